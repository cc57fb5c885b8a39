/* The scan pipeline: locate, cut, classify, orient, then build the FEN with
 * its doubts, repairing a position that breaks the rules with the
 * next-best readings of its least certain squares. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tell.h"

void fk_scan_options_default(fk_scan_options *opts) {
    memset(opts, 0, sizeof *opts);
    opts->bottom = FK_BOTTOM_AUTO;
    opts->side = -1;
    opts->castling_mode = FK_SCAN_CASTLING_AUTO;
    opts->threshold = fk_scan_default_threshold();
}

int fk_scan_stopped(const fk_scan_options *opts, fk_error *err) {
    if (!opts || !opts->stop || !opts->stop(opts->stop_ctx)) return 0;
    fk_vision_fail(err, FK_ERR_STOPPED, "the scan was stopped at the caller's request");
    return 1;
}

void fk_scan_note(fk_scan_result *r, const fk_scan_note_args *args, const char *fmt, ...) {
    if (r->note_count >= FK_SCAN_MAX_NOTES) return;
    r->note_args[r->note_count] = args ? *args : (fk_scan_note_args){.code = FK_NOTE_TEXT};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->notes[r->note_count++], sizeof r->notes[0], fmt, ap);
    va_end(ap);
}

/* Castling rights whose king and rook stand on their home squares. */
static void castling_guess(const fk_position *pos, char *out) {
    char *p = out;
    for (int color = 0; color < 2; color++) {
        int rank = color == FK_WHITE ? 0 : 7;
        if (fk_position_at(pos, FK_SQUARE(4, rank)) != FK_MAKE_PIECE(color, FK_KING)) continue;
        fk_piece rook = FK_MAKE_PIECE(color, FK_ROOK);
        if (fk_position_at(pos, FK_SQUARE(7, rank)) == rook) *p++ = color ? 'k' : 'K';
        if (fk_position_at(pos, FK_SQUARE(0, rank)) == rook) *p++ = color ? 'q' : 'Q';
    }
    if (p == out) *p++ = '-';
    *p = '\0';
}

/* Fills the FEN fields the picture cannot show and writes the FEN. */
static void build_fen(const fk_position *board, fk_bitboard tinted, const fk_scan_options *o,
                      fk_scan_result *r) {
    char placement[80], castling[8], text[FK_FEN_MAX + 16], ep[3] = "-";
    fk_fen_write_placement(board, placement, sizeof placement);
    /* The square of a man picked up is tinted too, beside the last move's,
     * and so may the men he can take be. */
    fk_square picked;
    fk_bitboard takes;
    int picked_side = fk_picked_man(board, r->move_dots, &picked, &takes);
    if (picked != FK_NO_SQUARE) tinted &= ~FK_BIT(picked);
    int side = o->side, seen = fk_last_move_seen(board, tinted, r);
    r->side_from = side >= 0 ? FK_SIDE_GIVEN : FK_SIDE_ASSUMED;
    if (!seen && takes) seen = fk_last_move_seen(board, tinted & ~takes, r);
    fk_piece moved = seen ? fk_position_at(board, r->last_to) : FK_EMPTY;
    if (side < 0 && seen) {
        char from[3], to[3];
        fk_square_name(r->last_from, from);
        fk_square_name(r->last_to, to);
        side = !FK_PIECE_COLOR(moved);
        r->side_from = FK_SIDE_LAST_MOVE;
        fk_scan_note(
            r,
            &(fk_scan_note_args){
                .code = FK_NOTE_SIDE_LAST_MOVE, .color = side, .sq = {r->last_from, r->last_to}},
            "%s to move, as the picture marks %s's last move, %s-%s (use --side to say "
            "otherwise)",
            side == FK_WHITE ? "White" : "Black", side == FK_WHITE ? "Black" : "White", from, to);
    } else if (side < 0) {
        /* A picture does not show whose turn it is, unless a king is in
         * check: then its side must be to move. */
        int white = fk_position_in_check(board, FK_WHITE), black = fk_position_in_check(board, FK_BLACK);
        /* a man hidden under a panel may block the check */
        if (r->covered) white = black = 0;
        side = black && !white ? FK_BLACK : FK_WHITE;
        if (white != black) {
            r->side_from = FK_SIDE_CHECK;
            fk_scan_note(
                r, &(fk_scan_note_args){.code = FK_NOTE_SIDE_CHECK, .color = side},
                "%s to move, as its king is in check (the picture does not show whose turn it "
                "is; use --side)",
                side == FK_WHITE ? "White" : "Black");
        } else if (picked_side >= 0) {
            /* A man is picked up to be moved: his side's turn. */
            side = picked_side;
            r->side_from = FK_SIDE_DOTS;
            char man[40] = "", name[3];
            if (picked != FK_NO_SQUARE) {
                fk_square_name(picked, name);
                snprintf(man, sizeof man, "the %s on %s",
                         fk_piece_name(fk_position_at(board, picked)), name);
            }
            fk_scan_note(
                r,
                &(fk_scan_note_args){
                    .code = FK_NOTE_SIDE_DOTS,
                    .color = side,
                    .sq = {picked},
                    .men = {picked != FK_NO_SQUARE ? fk_position_at(board, picked) : FK_EMPTY}},
                "%s to move, as the dots mark the moves of %s (use --side to say "
                "otherwise)",
                side == FK_WHITE ? "White" : "Black",
                man[0]             ? man
                : side == FK_WHITE ? "a white man"
                                   : "a black man");
        } else
            fk_scan_note(r, &(fk_scan_note_args){.code = FK_NOTE_SIDE_ASSUMED, .color = FK_WHITE},
                         "White to move was assumed (the picture does not show it; use --side)");
    }
    if (o->castling_mode == FK_SCAN_CASTLING_NONE) {
        strcpy(castling, "-");
    } else if (o->castling_mode == FK_SCAN_CASTLING_GIVEN) {
        snprintf(castling, sizeof castling, "%s", o->castling);
    } else {
        castling_guess(board, castling);
        fk_scan_note_args a = {.code = FK_NOTE_CASTLING_GUESSED};
        snprintf(a.quote, sizeof a.quote, "%s", castling);
        if (strcmp(castling, "-") != 0)
            fk_scan_note(
                r, &a,
                "castling rights %s were guessed from kings and rooks on their home squares; "
                "the picture cannot prove them",
                castling);
    }
    /* A pawn's double step, the other side to move: the square it passed
     * is the en passant square (written only where a capture is legal). */
    if (seen && FK_PIECE_KIND(moved) == FK_PAWN && side != (int)FK_PIECE_COLOR(moved) &&
        abs(r->last_to - r->last_from) == 16)
        fk_square_name((r->last_from + r->last_to) / 2, ep);
    snprintf(text, sizeof text, "%s %c %s %s 0 1", placement, side == FK_WHITE ? 'w' : 'b',
             castling, ep);
    fk_problems_clear(&r->problems);
    if (fk_fen_parse(text, strlen(text), FK_FEN_STRICT, &r->position, &r->problems) != FK_OK) {
        /* Only a bad explicit castling field can fail here: drop it. */
        fk_scan_note_args a = {.code = FK_NOTE_CASTLING_DROPPED};
        snprintf(a.quote, sizeof a.quote, "%s", castling);
        fk_scan_note(r, &a, "castling field '%s' could not be used; '-' written instead", castling);
        snprintf(text, sizeof text, "%s %c - - 0 1", placement, side == FK_WHITE ? 'w' : 'b');
        fk_problems_clear(&r->problems);
        fk_fen_parse(text, strlen(text), FK_FEN_STRICT, &r->position, &r->problems);
    }
    fk_position_check(&r->position, &r->problems);
    fk_fen_write(&r->position, FK_EP_LEGAL, r->fen, sizeof r->fen);
}

/* A square read with less than LOOK_AGAIN is read again in nine more
 * views of its crop and the ten readings averaged: the crop mirrored left
 * to right (every man is his own mirror image), and the crop and its
 * mirror moved a pixel each way (a grid that falls a fraction of a pixel
 * off). One view of a man the network never saw (a design outside
 * training, a printed diagram) is often unsure in a way the others are
 * not. */
#define LOOK_AGAIN 0.98f
/* At most this many squares a picture are read again, the least sure
 * first: each costs nine readings, and a board of thirty unsure squares
 * would cost four boards' worth. */
#define LOOK_MOST 8
enum { VIEWS = 9 };
static const struct {
    int mirror, dx, dy;
} view[VIEWS] = {{1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1},
                 {1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}};

/* Writes view v of the side x side crop src into dst (edge pixels repeated
 * where the shift leaves the crop). */
static void crop_view(const uint8_t *src, int side, int v, uint8_t *dst) {
    for (int y = 0; y < side; y++) {
        int sy = y + view[v].dy;
        sy = sy < 0 ? 0 : sy >= side ? side - 1 : sy;
        for (int x = 0; x < side; x++) {
            int sx = x + view[v].dx;
            sx = sx < 0 ? 0 : sx >= side ? side - 1 : sx;
            if (view[v].mirror) sx = side - 1 - sx;
            dst[y * side + x] = src[sy * side + sx];
        }
    }
}

typedef struct {
    float top; /* the best class's probability */
    int cell;
} unsure_cell;

static int least_sure_first(const void *a, const void *b) {
    float x = ((const unsure_cell *)a)->top, y = ((const unsure_cell *)b)->top;
    return (x > y) - (x < y);
}

/* Reads the unsure squares again (see LOOK_AGAIN), the LOOK_MOST least
 * sure of them; probs (13 a crop, 64 crops in picture order) is updated in
 * place. Out of memory, the first readings stand. */
static void look_again(const fk_model *model, const uint8_t *crops, int side,
                       float (*probs)[FK_PIECE_COUNT]) {
    unsure_cell unsure[64];
    int n = 0;
    for (int i = 0; i < 64; i++) {
        float top = 0;
        for (int c = 0; c < FK_PIECE_COUNT; c++)
            if (probs[i][c] > top) top = probs[i][c];
        if (top < LOOK_AGAIN) {
            unsure[n].top = top;
            unsure[n++].cell = i;
        }
    }
    if (n == 0) return;
    qsort(unsure, (size_t)n, sizeof unsure[0], least_sure_first);
    if (n > LOOK_MOST) n = LOOK_MOST;
    int cells[LOOK_MOST];
    for (int k = 0; k < n; k++) cells[k] = unsure[k].cell;
    size_t area = (size_t)side * side;
    uint8_t *views = malloc(VIEWS * n * area);
    float(*again)[FK_PIECE_COUNT] = malloc(sizeof(float) * VIEWS * n * FK_PIECE_COUNT);
    if (views && again) {
        for (int v = 0; v < VIEWS; v++)
            for (int k = 0; k < n; k++)
                crop_view(crops + cells[k] * area, side, v, views + (v * n + k) * area);
        if (fk_model_classify(model, views, VIEWS * n, &again[0][0]) == FK_OK)
            for (int k = 0; k < n; k++)
                for (int c = 0; c < FK_PIECE_COUNT; c++) {
                    float sum = probs[cells[k]][c];
                    for (int v = 0; v < VIEWS; v++) sum += again[v * n + k][c];
                    probs[cells[k]][c] = sum / (VIEWS + 1);
                }
    }
    free(views);
    free(again);
}

/* A crop whose pixels, its outermost ring left out, lie within FLAT grey
 * levels of one another shows a single flat colour. Every man is drawn
 * with an outline, so such a square of a digital board is empty without
 * asking the network, which saves reading half the squares of a
 * screenshot (training/eval_flat.py measures the test). */
#define FLAT 2

/* The grey levels a crop spans, its outermost ring left out. */
static int crop_spread(const uint8_t *crop, int side) {
    int lo = 255, hi = 0;
    for (int y = 1; y < side - 1; y++)
        for (int x = 1; x < side - 1; x++) {
            int v = crop[y * side + x];
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    return hi - lo;
}

int fk_crop_is_flat(const uint8_t *crop, int side) { return crop_spread(crop, side) <= FLAT; }

/* A square colour is drawn flat, for the steps that compare men, when a
 * crop of it spans PLAIN grey levels or fewer (its outermost ring left
 * out): an empty square drawn in one grey, give or take the ringing of a
 * screenshot saved as JPEG, which fk_crop_is_flat()'s bar is too strict
 * for. Higher, and the grain of a photographed screen passes too. */
#define PLAIN 12

int fk_crop_is_plain(const uint8_t *crop, int side) { return crop_spread(crop, side) <= PLAIN; }

/* Reads the 64 crops: flat ones are empty for sure, the rest go through
 * the network together. */
static fk_status read_squares(const fk_model *model, const uint8_t *crops, int side,
                              float (*probs)[FK_PIECE_COUNT]) {
    size_t area = (size_t)side * side;
    int cells[64], n = 0;
    for (int i = 0; i < 64; i++) {
        if (fk_crop_is_flat(crops + i * area, side)) {
            memset(probs[i], 0, sizeof probs[i]);
            probs[i][FK_EMPTY] = 1;
        } else {
            cells[n++] = i;
        }
    }
    if (n == 0) return FK_OK;
    uint8_t *packed = malloc(n * area);
    float(*read)[FK_PIECE_COUNT] = malloc(sizeof(float) * n * FK_PIECE_COUNT);
    fk_status s = FK_ERR_NOMEM;
    if (packed && read) {
        for (int k = 0; k < n; k++) memcpy(packed + k * area, crops + cells[k] * area, area);
        s = fk_model_classify(model, packed, n, &read[0][0]);
        for (int k = 0; s == FK_OK && k < n; k++) memcpy(probs[cells[k]], read[k], sizeof read[k]);
    }
    free(packed);
    free(read);
    return s;
}

/* A photographed page under dim light stays dim once its light is evened
 * out (fk_crops_even_light()), and faint men on hatched squares there read
 * as empty. On a board whose light squares were evened to under
 * DIM_PAPER, the squares are read a second time with every pixel scaled so
 * that the brightest light grey becomes PAPER_WHITE, as paper shows in good
 * light, and each square's readings are the mean of the two: the brightened
 * readings alone would overturn close calls on photos of screens that the
 * first reading got right. */
#define DIM_PAPER 200
#define PAPER_WHITE 235.0

/* Reads the crops again brightened (see DIM_PAPER), `top` their brightest
 * light grey, and averages the readings into probs. Out of memory, the
 * first readings stand. */
static void read_brighter(const fk_model *model, const uint8_t *crops, int side, double top,
                          float (*probs)[FK_PIECE_COUNT]) {
    size_t area = (size_t)side * side;
    uint8_t *bright = malloc(64 * area);
    float(*again)[FK_PIECE_COUNT] = malloc(sizeof(float) * 64 * FK_PIECE_COUNT);
    if (bright && again) {
        for (size_t k = 0; k < 64 * area; k++) {
            double v = crops[k] * PAPER_WHITE / top;
            bright[k] = (uint8_t)(v > 255 ? 255 : v + 0.5);
        }
        if (read_squares(model, bright, side, again) == FK_OK) {
            look_again(model, bright, side, again);
            for (int i = 0; i < 64; i++)
                for (int c = 0; c < FK_PIECE_COUNT; c++)
                    probs[i][c] = (probs[i][c] + again[i][c]) / 2;
        }
    }
    free(bright);
    free(again);
}

/* Says when the board was found turned or at a slant (corners that make no
 * upright rectangle): its squares were read straightened. */
static void note_slant(fk_scan_result *r) {
    const fk_point *c = r->board.corners;
    if (fk_quad_is_upright(c)) return;
    double top = atan2(c[1].y - c[0].y, c[1].x - c[0].x), foot = atan2(c[2].y - c[3].y, c[2].x - c[3].x);
    double degrees = (top + foot) / 2 * 180 / 3.14159265358979323846;
    if (fabs(degrees) >= 1)
        fk_scan_note(
            r, &(fk_scan_note_args){.code = FK_NOTE_TURNED, .value = {degrees}},
            "the board is turned %.0f degree%s %s in the picture; it was straightened to read it",
            fabs(degrees), fabs(degrees) < 1.5 ? "" : "s",
            degrees > 0 ? "clockwise" : "anticlockwise");
    else
        fk_scan_note(r, &(fk_scan_note_args){.code = FK_NOTE_SLANT},
                     "the board is seen at a slant in the picture; it was straightened to read it");
}

/* A square read as empty with less than this holds a man for sure. */
#define SURE_MAN 0.1f

/* Men read no surer than this on average are tried turned a quarter, a
 * half and three quarters; a turn is taken when its men read TURN_GAIN
 * surer, and at least TURN_SURE: drawn men turned upright read surely.
 * Upright men of a design the network never saw read unsurely too, but
 * turned they read worse still; the men of a real set seen from above
 * read a little surer one way or another by chance, never surely. */
#define TURN_LOOK_BELOW 0.85
#define TURN_GAIN 0.12
#define TURN_SURE 0.8
/* Upside down, the men of some designs drawn lit from above read surer
 * by chance to a network that never saw them: a half turn needs its men
 * read this surely. */
#define TURN_SURE_HALF 0.9
#define TURN_MEN_MOST 16

/* A side x side crop turned a quarter clockwise. */
static void quarter_clockwise(const uint8_t *src, int side, uint8_t *dst) {
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) dst[y * side + x] = src[(side - 1 - x) * side + y];
}

/* How surely the network reads men in n readings: the mean of each one's
 * likeliest man (empty left out); the readings are probs[cells[k]], or
 * probs[k] where cells is NULL. */
static double men_sureness(const float (*probs)[FK_PIECE_COUNT], const int *cells, int n) {
    double sum = 0;
    for (int k = 0; k < n; k++) {
        const float *p = probs[cells ? cells[k] : k];
        float best = 0;
        for (int c = 1; c < FK_PIECE_COUNT; c++) best = p[c] > best ? p[c] : best;
        sum += best;
    }
    return n ? sum / n : 1;
}

/* How many quarter turns clockwise make the men upright (0 when they are,
 * or cannot be told). */
static int quarter_turns(const fk_model *model, const uint8_t *crops, int side,
                         const float (*probs)[FK_PIECE_COUNT]) {
    int cells[TURN_MEN_MOST], n = 0;
    for (int i = 0; i < 64 && n < TURN_MEN_MOST; i++)
        if (probs[i][FK_EMPTY] < 0.5f) cells[n++] = i;
    if (n < 3) return 0;
    double best = men_sureness(probs, cells, n);
    if (best >= TURN_LOOK_BELOW) return 0;
    size_t area = (size_t)side * side;
    uint8_t *turned = malloc(n * area * 2);
    float(*read)[FK_PIECE_COUNT] = malloc(sizeof(float) * n * FK_PIECE_COUNT);
    int chosen = 0;
    if (turned && read) {
        uint8_t *spare = turned + n * area;
        for (int k = 0; k < n; k++) memcpy(turned + k * area, crops + cells[k] * area, area);
        double upright_sureness = best;
        for (int t = 1; t <= 3; t++) {
            for (int k = 0; k < n; k++) {
                quarter_clockwise(turned + k * area, side, spare);
                memcpy(turned + k * area, spare, area);
            }
            if (fk_model_classify(model, turned, n, &read[0][0]) != FK_OK) break;
            double sure = men_sureness((const float(*)[FK_PIECE_COUNT])read, NULL, n);
            if (sure > best && sure >= upright_sureness + TURN_GAIN &&
                sure >= (t == 2 ? TURN_SURE_HALF : TURN_SURE))
                best = sure, chosen = t;
        }
    }
    free(turned);
    free(read);
    return chosen;
}

/* A printed diagram without coordinates is taken with White at the bottom
 * as sure as this: the printing convention, which a page may break. Only
 * pawns at least PAWNS_SURE sure the other way (several files with a
 * white pawn above a black one) turn it. */
#define PRINTED_WHITE_BOTTOM 0.95
#define PAWNS_SURE 0.99

/* What a scan of one board knows as it goes, from one step to the next. */
typedef struct {
    const fk_image *image;
    const fk_scan_options *opts;
    const fk_model *model;
    fk_scan_result *out;
    int side;                         /* of a crop */
    uint8_t *crops;                   /* the 64 crops and room for tell.c's work */
    float (*probs)[FK_PIECE_COUNT];   /* the network's readings, by picture cell */
    uint64_t *rows;                   /* tell.c's comparisons */
    fk_light lit;                     /* the light evened out over the board */
    int evened;
    fk_arrow_seen arrows[FK_ARROWS_MOST];
    int arrow_count;
    fk_bitboard arrowed, covered, partly, dotted, tinted; /* cells */
    fk_bitboard alike[64], inked, unlike, twins;          /* cells */
    double odd[64];                   /* fk_crops_oddness() */
    int printed;                      /* a printed diagram: hatched squares */
    fk_piece picture[64];             /* the men read, by picture cell */
    told_apart told[64];              /* men told apart, and how */
    int told_count;
    drawings drawn;
    hatching hatch;
    int shaped[64], found;
    const char *how;                  /* where the side at the bottom came from */
    fk_scan_note_bottom how_by;       /* the same, as a code */
    int notes_at_cut;                 /* notes before the board was cut */
} reading;

/* Find: where the board is in the picture. */
static fk_status find_board(reading *r, fk_error *err) {
    fk_scan_result *out = r->out;
    fk_status s = FK_OK;
    if (r->opts->board)
        out->board = *r->opts->board;
    else if ((s = fk_board_locate(r->image, &out->board, err)) != FK_OK)
        return s;
    if (r->image->turned) {
        int t = r->image->turned;
        fk_scan_note(
            out, &(fk_scan_note_args){.code = FK_NOTE_EXIF, .n = t},
            "the picture is stored %s (EXIF orientation %d); it was read as a viewer shows it",
            t == 6 || t == 8   ? "turned a quarter"
            : t == 5 || t == 7 ? "mirrored and turned a quarter"
            : t == 3           ? "upside down"
                               : "mirrored",
            t);
    }
    note_slant(out);
    r->notes_at_cut = out->note_count;
    return FK_OK;
}

/* Cut: the board into 64 crops, with what is drawn over the squares
 * (a panel, uneven light, a picked-up man's dots, arrows) found and, where
 * it can be, taken out. */
static fk_status cut_board(reading *r, fk_error *err) {
    int side = r->side;
    if (!r->crops || !r->probs || fk_board_cut(r->image, &r->out->board, side, r->crops) != FK_OK)
        return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the squares");
    uint8_t *crops = r->crops;
    r->arrowed = r->partly = 0;
    r->lit = (fk_light){{0}, 0, 0};
    /* A panel over the board is looked for first: on a board drawn by a
     * program, whose light needs no evening (the panel's cells, taken for
     * light squares, made a fit of greys 60 to 301 once). */
    r->covered = fk_covered_cells(crops, side, &r->partly);
    r->evened = !r->covered && fk_crops_even_light(crops, side, &r->lit);
    if (r->evened)
        fk_scan_note(
            r->out,
            &(fk_scan_note_args){.code = FK_NOTE_UNEVEN_LIGHT, .value = {r->lit.lo, r->lit.hi}},
            "the light falls unevenly on the board (its light squares from grey %.0f "
            "to %.0f); it was evened out to read it",
            r->lit.lo, r->lit.hi);
    r->dotted = fk_move_dots_remove(crops, side) & ~r->covered;
    r->arrow_count = fk_arrows_remove(crops, side, r->arrows, &r->arrowed);
    return FK_OK;
}

/* A learnt set reads each crop as it is and moved a pixel each way (the
 * shifted views of look_again), and averages the five readings: the grid
 * of a photo falls a little differently on each picture. */
enum { SET_VIEWS = 5 };

static fk_status read_with_set(reading *r, fk_error *err) {
    size_t area = (size_t)r->side * r->side;
    uint8_t *views = malloc(SET_VIEWS * 64 * area);
    float(*read)[FK_PIECE_COUNT] = malloc(sizeof(float) * SET_VIEWS * 64 * FK_PIECE_COUNT);
    fk_status s = views && read ? FK_OK : FK_ERR_NOMEM;
    if (s == FK_OK) {
        memcpy(views, r->crops, 64 * area);
        /* view 0 of look_again is the mirror image, which the set never saw */
        for (int v = 1; v < SET_VIEWS; v++)
            for (int i = 0; i < 64; i++)
                crop_view(r->crops + i * area, r->side, v, views + ((size_t)v * 64 + i) * area);
        s = fk_set_classify(r->opts->set, r->model, views, SET_VIEWS * 64, &read[0][0]);
    }
    for (int i = 0; s == FK_OK && i < 64; i++)
        for (int c = 0; c < FK_PIECE_COUNT; c++) {
            float sum = 0;
            for (int v = 0; v < SET_VIEWS; v++) sum += read[v * 64 + i][c];
            r->probs[i][c] = sum / SET_VIEWS;
        }
    free(views);
    free(read);
    return s == FK_OK ? s : fk_vision_fail(err, s, "out of memory reading the squares");
}

/* The network's readings of the crops: once, again for the least sure
 * squares, and brighter for a board in dim light. */
static fk_status read_crops(reading *r, fk_error *err) {
    if (r->opts->set) return read_with_set(r, err);
    if (read_squares(r->model, r->crops, r->side, r->probs) != FK_OK)
        return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the squares");
    look_again(r->model, r->crops, r->side, r->probs);
    if (r->evened && r->lit.hi < DIM_PAPER)
        read_brighter(r->model, r->crops, r->side, r->lit.hi, r->probs);
    return FK_OK;
}

/* Read: the men of the board's cells, as the network sees them and as the
 * drawings tell them apart. */
static fk_status read_men(reading *r, fk_error *err) {
    fk_scan_result *out = r->out;
    int side = r->side;
    fk_status s = read_crops(r, err);
    if (s != FK_OK) return s;
    /* A diagram photographed sideways or upside down: its men, turned
     * back, read more surely. The board is cut again from its own top
     * left corner, and read again. */
    int turn = quarter_turns(r->model, r->crops, side, (const float(*)[FK_PIECE_COUNT])r->probs);
    if (turn) {
        fk_point was[4];
        memcpy(was, out->board.corners, sizeof was);
        for (int k = 0; k < 4; k++) out->board.corners[k] = was[(k + 4 - turn) % 4];
        out->note_count = r->notes_at_cut;
        fk_scan_note(out,
                     &(fk_scan_note_args){.code = FK_NOTE_DIAGRAM_TURNED, .n = turn == 2 ? 2 : 1},
                     "the diagram is turned %s in the picture; it was read turned back",
                     turn == 2 ? "upside down" : "a quarter");
        if ((s = cut_board(r, err)) != FK_OK || (s = read_crops(r, err)) != FK_OK) return s;
    }
    float(*probs)[FK_PIECE_COUNT] = r->probs;
    /* A panel shows no man: where the network is sure of men on more than
     * a quarter of its cells, they are men that fill their squares' edges
     * (a block of queens). Else what it covers shows the panel, and no man
     * can be seen there. */
    int sure_men = 0;
    for (fk_bitboard b = r->covered; b; b &= b - 1)
        sure_men += probs[__builtin_ctzll(b)][FK_EMPTY] < SURE_MAN;
    if (4 * sure_men > __builtin_popcountll(r->covered)) r->covered = r->partly = 0;
    for (fk_bitboard b = r->covered; b; b &= b - 1) {
        memset(probs[__builtin_ctzll(b)], 0, sizeof probs[0]);
        probs[__builtin_ctzll(b)][FK_EMPTY] = 1;
    }
    if (r->opts->debug_dir &&
        (s = fk_scan_debug_write(r->opts->debug_dir, r->image, &out->board, r->crops, side, err)) !=
            FK_OK)
        return s;
    r->rows = malloc(sizeof(uint64_t) * 64 * 64);
    if (!r->rows) return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the squares");
    drawings *drawn = &r->drawn;
    fk_drawings_init(drawn, r->crops, side, r->crops + (size_t)64 * side * side, r->shaped,
                     &r->found, r->rows, &r->hatch, r->arrowed);
    /* the panel is no tint */
    r->tinted = fk_tinted_cells(drawn->ground, r->covered);
    if (__builtin_popcountll(r->tinted) != 2) {
        fk_bitboard yellow = fk_tinted_in_colour(r->image, &out->board);
        if (__builtin_popcountll(yellow) == 2) r->tinted = yellow;
    }
    const float(*readings)[FK_PIECE_COUNT] = (const float(*)[FK_PIECE_COUNT])probs;
    r->told_count = fk_read_picture(drawn, readings, r->picture, r->told);
    double ink[64];
    if (fk_cell_inks(drawn, ink)) {
        r->told_count = fk_colour_kings(ink, readings, r->picture, r->told, r->told_count);
        r->told_count =
            fk_colour_men(ink, readings, r->picture, r->told, r->told_count, &r->inked);
    }
    const fk_point *corner = out->board.corners;
    double square_px = hypot(corner[1].x - corner[0].x, corner[1].y - corner[0].y) / 8;
    r->told_count = fk_read_as_set(drawn, readings, square_px, r->picture, r->told, r->told_count);
    fk_alike_men(drawn, readings, r->picture, r->alike);
    r->unlike = fk_outline_vetoes(drawn, readings, r->picture);
    r->twins = fk_twinned_men(drawn, readings, r->picture, r->told, &r->told_count);
    fk_crops_oddness(r->crops, side, r->picture, r->odd);
    /* whether its dark or light squares are hatched: a printed diagram */
    fk_laid_of(drawn, 0);
    fk_laid_of(drawn, 1);
    r->printed = r->hatch.hatched[0] == 1 || r->hatch.hatched[1] == 1;
    return FK_OK;
}

/* Orient: which side is at the bottom of the picture. */
static fk_status orient_board(reading *r, fk_error *err) {
    (void)err;
    fk_scan_result *out = r->out;
    const fk_piece *picture = r->picture;
    r->how = "from the coordinates";
    r->how_by = FK_BOTTOM_BY_COORDINATES;
    if (r->opts->bottom != FK_BOTTOM_AUTO) {
        out->white_bottom = r->opts->bottom == FK_BOTTOM_WHITE;
        out->bottom_confidence = 1;
        out->bottom_given = 1;
        return FK_OK;
    }
    if (r->opts->set) {
        /* a set is learnt from one camera's view of the board */
        out->white_bottom = fk_set_white_bottom(r->opts->set);
        out->bottom_confidence = 1;
        r->how = "as in the picture the piece set was learnt from";
        r->how_by = FK_BOTTOM_BY_SET;
        return FK_OK;
    }
    /* Labels decide, unless there are none or the position leaves no
     * doubt (page text beside a diagram can pass for labels); a random
     * placement or an endgame of far-advanced pawns can make the position
     * look 90% sure the wrong way round. */
    double by_position;
    int position = r->printed ? fk_orient_by_pawns(picture, &by_position)
                              : fk_orient_guess(picture, &by_position);
    int stepped = fk_orient_from_marked_step(picture, r->tinted);
    out->white_bottom =
        fk_orient_from_labels(r->image, &out->board, picture, &out->bottom_confidence);
    /* Labels are read against fixed amounts of ink: where the light falls
     * off, those on the dark side fall short of them. With the light
     * evened out over the picture too, they are read again. */
    fk_image even = {0};
    if (out->white_bottom < 0 && r->evened &&
        fk_picture_even_light(r->image, &out->board, &r->lit, &even) == FK_OK)
        out->white_bottom =
            fk_orient_from_labels(&even, &out->board, picture, &out->bottom_confidence);
    fk_image_free(&even);
    if (out->white_bottom < 0 && stepped >= 0 && (stepped == position || by_position < 0.99)) {
        /* A pawn's marked step shows which way his side plays (unless the
         * position leaves no doubt: the marks were no move). */
        out->white_bottom = stepped;
        out->bottom_confidence = 0.99;
        r->how = "from the pawn's step marked as the last move";
        r->how_by = FK_BOTTOM_BY_STEP;
    } else if (out->white_bottom < 0 && r->printed && (position || by_position < PAWNS_SURE)) {
        /* Books and magazines print White at the bottom unless they say
         * otherwise (with coordinates), or a game's pawns show it. */
        out->white_bottom = 1;
        out->bottom_confidence = PRINTED_WHITE_BOTTOM;
        r->how = "as printed diagrams are drawn, with White at the bottom";
        r->how_by = FK_BOTTOM_BY_PRINTING;
    } else if (out->white_bottom < 0 || (out->white_bottom != position && by_position >= 0.99)) {
        out->white_bottom = position;
        out->bottom_confidence = by_position;
        r->how = r->printed ? "from the pawns" : "from the pawns and kings";
        r->how_by = r->printed ? FK_BOTTOM_BY_PAWNS : FK_BOTTOM_BY_PAWNS_KINGS;
    }
    return FK_OK;
}

/* The cells of a set, as squares. */
static fk_bitboard squares_of(fk_bitboard cells, int white_bottom) {
    fk_bitboard out = 0;
    for (fk_bitboard b = cells; b; b &= b - 1)
        out |= FK_BIT(fk_cell_square(__builtin_ctzll(b), white_bottom));
    return out;
}

/* Build: the position from the men read, repaired where the rules say it
 * cannot be, the FEN, what was done in words, and how likely each square
 * is read right. */
static fk_status build_position(reading *r, fk_error *err) {
    (void)err;
    fk_scan_result *out = r->out;
    int wb = out->white_bottom;
    /* Readings by square (each square's best, as the network gave it), and
     * the board as read (men told apart changed). */
    fk_piece best[64];
    memcpy(best, r->picture, sizeof best);
    for (int k = 0; k < r->told_count; k++) best[r->told[k].cell] = r->told[k].was;
    float by_square[64][FK_PIECE_COUNT];
    fk_position board;
    fk_position_clear(&board);
    for (int i = 0; i < 64; i++) {
        const float *p = r->probs[i];
        fk_square sq = fk_cell_square(i, wb);
        memcpy(by_square[sq], p, sizeof by_square[sq]);
        memcpy(out->probs[sq], p, sizeof out->probs[sq]);
        /* a twin is no king, but a king read surely stays one */
        if ((r->twins >> i & 1) && FK_PIECE_KIND(r->picture[i]) != FK_KING)
            by_square[sq][FK_MAKE_PIECE(FK_PIECE_COLOR(r->picture[i]), FK_KING)] = 0;
        fk_square_reading *rd = &out->squares[sq];
        rd->piece = best[i];
        rd->prob = p[best[i]];
        rd->unlike = (float)r->odd[i];
        int second = best[i] == 0 ? 1 : 0;
        for (int c = 0; c < FK_PIECE_COUNT; c++)
            if (c != (int)best[i] && p[c] > p[second]) second = c;
        rd->second = (fk_piece)second;
        rd->second_prob = p[second];
        if (r->picture[i] != FK_EMPTY) fk_position_put(&board, sq, r->picture[i]);
    }
    out->covered = squares_of(r->covered, wb);
    /* each square's crop shrunk to 8 x 8, for comparing pictures of a game */
    for (int i = 0, side = r->side, cell = side / 8; i < 64; i++)
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 8; x++) {
                int sum = 0;
                for (int dy = 0; dy < cell; dy++)
                    for (int dx = 0; dx < cell; dx++)
                        sum += r->crops[(size_t)i * side * side + (y * cell + dy) * side + x * cell + dx];
                out->looks[fk_cell_square(i, wb)][y * 8 + x] = (uint8_t)(sum / (cell * cell));
            }
    out->uncertain |= squares_of(r->covered | r->partly, wb);
    out->move_dots = squares_of(r->dotted, wb);
    if (!out->bottom_given)
        fk_scan_note(out,
                     &(fk_scan_note_args){.code = FK_NOTE_BOTTOM,
                                          .variant = r->how_by,
                                          .color = wb ? FK_WHITE : FK_BLACK,
                                          .value = {out->bottom_confidence}},
                     "%s is at the bottom (%s, %.0f%% sure; use --bottom to say)",
                     wb ? "White" : "Black", r->how, 100 * out->bottom_confidence);
    fk_note_arrows(out, r->arrows, r->arrow_count);
    fk_note_covered(out, __builtin_popcountll(r->partly));
    fk_note_dots(out);
    fk_note_told(out, r->picture, best, r->told, r->told_count);
    fk_scan_repair(&board, (const float(*)[FK_PIECE_COUNT])by_square, out);
    fk_bitboard alike[64] = {0}; /* by square */
    for (int i = 0; i < 64; i++) alike[fk_cell_square(i, wb)] = squares_of(r->alike[i], wb);
    fk_scan_weigh_material(&board, alike, squares_of(r->inked, wb), squares_of(r->unlike, wb),
                           out);
    build_fen(&board, squares_of(r->tinted, wb), r->opts, out);
    for (fk_square sq = 0; sq < 64; sq++) {
        fk_square_reading *rd = &out->squares[sq];
        rd->read = fk_position_at(&out->position, sq);
        rd->read_prob = by_square[sq][rd->read];
        rd->other_prob = 0;
        for (int c = 0; c < FK_PIECE_COUNT; c++)
            if (c != (int)rd->read && by_square[sq][c] > rd->other_prob)
                rd->other_prob = by_square[sq][c];
    }
    fk_scan_weigh_doubt(out, r->opts->threshold);
    return FK_OK;
}

/* The steps of reading one board, in order. */
static const struct {
    const char *step;
    fk_status (*run)(reading *, fk_error *);
} STEPS[] = {{"find", find_board},
             {"cut", cut_board},
             {"read", read_men},
             {"orient", orient_board},
             {"build", build_position}};

/* Reads the board at opts->board, or the one the locator finds. */
static fk_status scan_board(const fk_image *image, const fk_scan_options *opts,
                            fk_scan_result *out, fk_error *err) {
    fk_scan_options defaults;
    if (!opts) {
        fk_scan_options_default(&defaults);
        opts = &defaults;
    }
    memset(out, 0, sizeof *out);
    out->last_from = out->last_to = FK_NO_SQUARE;
    out->width = image->width;
    out->height = image->height;
    const fk_model *model = opts->model ? opts->model : fk_model_builtin();
    if (!model) return fk_vision_fail(err, FK_ERR_NOMEM, "the built-in model could not be read");
    fk_status s = opts->set ? fk_set_check(opts->set, model, err) : FK_OK;
    if (s != FK_OK) return s;
    reading *r = calloc(1, sizeof *r);
    if (!r) return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the squares");
    r->image = image;
    r->opts = opts;
    r->model = model;
    r->out = out;
    r->side = fk_model_square_size(model);
    /* 64 crops, a 65th's room for fk_drawn_alike() to repaint into, 64
     * outlines (drawings, outline_of()) and 64 hatched grounds (fk_laid_of()) */
    r->crops = malloc((size_t)193 * r->side * r->side);
    r->probs = malloc(sizeof(float) * 64 * FK_PIECE_COUNT);
    for (size_t k = 0; k < sizeof STEPS / sizeof STEPS[0] && s == FK_OK; k++)
        s = fk_scan_stopped(opts, err) ? FK_ERR_STOPPED : STEPS[k].run(r, err);
    free(r->crops);
    free(r->probs);
    free(r->rows);
    free(r);
    return s;
}

fk_status fk_scan_crops(const fk_image *image, const fk_model *model, uint8_t *crops,
                        fk_board_location *where, fk_error *err) {
    fk_scan_options opts;
    fk_scan_options_default(&opts);
    int side = fk_model_square_size(model);
    fk_scan_result *out = calloc(1, sizeof *out);
    reading r = {.image = image, .opts = &opts, .model = model, .out = out, .side = side};
    r.crops = malloc((size_t)193 * side * side);
    r.probs = malloc(sizeof(float) * 64 * FK_PIECE_COUNT);
    fk_status s = out ? find_board(&r, err) : fk_vision_fail(err, FK_ERR_NOMEM, "out of memory");
    if (s == FK_OK) s = cut_board(&r, err);
    if (s == FK_OK) {
        memcpy(crops, r.crops, (size_t)64 * side * side);
        *where = out->board;
    }
    free(r.crops);
    free(r.probs);
    free(out);
    return s;
}

/* 1 when the board reaches past the picture's edge by more than a tenth
 * of a square: part of it is cut off. */
static int cut_off(const fk_scan_result *r) {
    const fk_point *c = r->board.corners;
    double square = hypot(c[1].x - c[0].x, c[1].y - c[0].y) / 8, margin = square / 10;
    for (int k = 0; k < 4; k++)
        if (c[k].x < -margin || c[k].y < -margin || c[k].x > r->width + margin ||
            c[k].y > r->height + margin)
            return 1;
    return 0;
}

static int men_on(const fk_scan_result *r) {
    int n = 0;
    for (int sq = 0; sq < 64; sq++) n += r->squares[sq].read != FK_EMPTY;
    return n;
}

/* How much a board is the one a person means, where a picture shows
 * several: a whole board before one cut off by the picture's edge, one
 * with men before an empty one, then the larger. */
static double meant(const fk_scan_result *r) {
    const fk_point *c = r->board.corners;
    double area = fabs((c[2].x - c[0].x) * (c[3].y - c[1].y) - (c[3].x - c[1].x) * (c[2].y - c[0].y)) / 2;
    return (cut_off(r) ? 0 : 2) + (men_on(r) ? 1 : 0) + area / (1 + (double)r->width * r->height);
}

fk_status fk_scan_image(const fk_image *image, const fk_scan_options *opts, fk_scan_result *out,
                        fk_error *err) {
    fk_status s = scan_board(image, opts, out, err);
    if (s != FK_OK || (opts && opts->board) || (men_on(out) && !cut_off(out))) return s;
    /* The largest clear board is empty or cut off: a screen may show a
     * game beside an empty board, or the picture cut a board in two. The
     * other boards are read too, and the one most likely meant is kept. */
    fk_scan_result *all = malloc(sizeof *all * FK_SCAN_MAX_BOARDS);
    int n = 0;
    fk_error ignored;
    if (!all ||
        (s = fk_scan_image_all(image, opts, all, FK_SCAN_MAX_BOARDS, &n, &ignored)) != FK_OK) {
        free(all);
        /* a stop asked for is the caller's answer; another failure leaves
         * the board already read */
        return s == FK_ERR_STOPPED ? fk_vision_fail(err, s, ignored.message) : FK_OK;
    }
    int best = -1;
    for (int k = 0; k < n; k++)
        if (meant(&all[k]) > meant(out) && (best < 0 || meant(&all[k]) > meant(&all[best]))) best = k;
    if (best >= 0) {
        int was_cut = cut_off(out);
        const char *why = was_cut ? "cut off by the picture's edge" : "empty";
        *out = all[best];
        fk_scan_note(out, &(fk_scan_note_args){.code = FK_NOTE_BOARDS, .n = n, .variant = was_cut},
                     "the picture shows %d boards; the largest is %s, so this one was read "
                     "(use --all to read every board)",
                     n, why);
    }
    free(all);
    return s;
}

fk_status fk_scan_bytes(const void *data, size_t len, const fk_scan_options *opts,
                        fk_scan_result *out, fk_error *err) {
    fk_image image;
    fk_status s = fk_image_decode(data, len, &image, err);
    if (s != FK_OK) {
        memset(out, 0, sizeof *out);
        return s;
    }
    s = fk_scan_stopped(opts, err) ? FK_ERR_STOPPED : fk_scan_image(&image, opts, out, err);
    fk_image_free(&image);
    return s;
}
