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

void fk_scan_note(fk_scan_result *r, const char *fmt, ...) {
    if (r->note_count >= FK_SCAN_MAX_NOTES) return;
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
        fk_scan_note(r,
                     "%s to move, as the picture marks %s's last move, %s-%s (use --side to say "
                     "otherwise)",
                     side == FK_WHITE ? "White" : "Black", side == FK_WHITE ? "Black" : "White",
                     from, to);
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
                r,
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
            fk_scan_note(r,
                         "%s to move, as the dots mark the moves of %s (use --side to say "
                         "otherwise)",
                         side == FK_WHITE ? "White" : "Black",
                         man[0]             ? man
                         : side == FK_WHITE ? "a white man"
                                            : "a black man");
        } else
            fk_scan_note(r, "White to move was assumed (the picture does not show it; use --side)");
    }
    if (o->castling_mode == FK_SCAN_CASTLING_NONE) {
        strcpy(castling, "-");
    } else if (o->castling_mode == FK_SCAN_CASTLING_GIVEN) {
        snprintf(castling, sizeof castling, "%s", o->castling);
    } else {
        castling_guess(board, castling);
        if (strcmp(castling, "-") != 0)
            fk_scan_note(
                r,
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
        fk_scan_note(r, "castling field '%s' could not be used; '-' written instead", castling);
        snprintf(text, sizeof text, "%s %c - - 0 1", placement, side == FK_WHITE ? 'w' : 'b');
        fk_problems_clear(&r->problems);
        fk_fen_parse(text, strlen(text), FK_FEN_STRICT, &r->position, &r->problems);
    }
    fk_position_check(&r->position, &r->problems);
    fk_fen_write(&r->position, FK_EP_LEGAL, r->fen, sizeof r->fen);
}

/* A square read with less than LOOK_AGAIN is read again in nine more
 * views of its crop and the ten readings averaged: the crop mirrored left
 * to right (the network was trained on mirrored crops as well, and every
 * man is its own mirror image), and the crop and its mirror moved a pixel
 * left, right, up and down (a grid that falls a fraction of a pixel off).
 * One view of a man the network never saw (a piece set outside training,
 * a printed diagram) is often unsure in a way the others are not: on make
 * eval-scan this took printed diagrams read wholly right from 72.7% to
 * 86.4% and held-out piece sets from 66.7% to 73.3%, and made no real
 * picture worse. Reading every square again changed nothing more than
 * 0.98 does; 0.95 gained less, and 17 views no more than 9. */
#define LOOK_AGAIN 0.98f
/* At most this many squares a picture are read again, the least sure
 * first: each costs nine readings, and a picture of 30 unsure squares
 * would take 270 (four times the whole board). Printed diagrams read
 * wholly right 86.4% with 8, 87.9% with all. */
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
 * with an outline, so such a square is empty without asking the network
 * (on the benchmark's screenshots 25 of 64 squares are, and leaving them
 * out took cut, classify and FEN from 10-12 ms to about 6). Over make
 * eval-scan's 97 labelled screenshots, printed diagrams and photos of
 * screens and its 100 held-out renders, 3,852 of 8,395 empty squares
 * pass this test and none of the 4,213 holding a man does, at FLAT 2 or
 * at 20 (training/eval_flat.py). */
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
 * out): an empty square drawn in one grey, give or take the ringing of
 * JPEG. A screenshot saved as JPEG (quality 75) leaves empty squares
 * spanning 3 to 12 grey levels, none within fk_crop_is_flat()'s 2, and
 * then no outline, cross-colour comparison or ink had been used: of the
 * 400 held-out renders saved so, 25 read wrong as drawn, 21 with
 * PLAIN 12 (condal bishops, kingdom's kings), while the renders as PNG
 * and the real pictures read as before. At 8, 23; at 16 and 24, 21 too,
 * but a photo of a screen (cv_16) read a square worse. */
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
 * out (fk_crops_even_light()): cv_01's paper comes to grey 152 at best, and
 * a faint bishop on a hatched square there is read as an empty square. On
 * a board whose light squares were evened to under DIM_PAPER, the squares
 * are read a second time with every pixel scaled so that the brightest
 * light grey becomes PAPER_WHITE, as paper shows in good light, and each
 * square's readings are the mean of the two. cv_01 then reads wholly right,
 * and the printed diagrams of `make eval-scan` come to 98.5% of boards
 * (99.95% of squares). Taking the brightened readings alone reads the same
 * pages but loses cv_18, a photo of a screen whose two kings the network
 * reads as White's at 63% to 77% either way: which one the repair makes
 * Black's is a coin toss on so little, and the mean keeps the toss as it
 * fell. The real pictures read the same with the two readings weighed 0.3
 * to 0.7, and with DIM_PAPER from 170 to 256. No render of the comparison
 * sets is read twice: the seven evened (light.c) are at 217 or brighter. */
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

/* Writes a probability as a percentage for a note: whole percents, or
 * tenths below 1% ("0.3%"), so that a small chance does not read "0%". */
static void percent(double p, char out[16]) {
    if (p >= 0.01 || p < 0.0005)
        snprintf(out, 16, "%.0f%%", 100 * p);
    else
        snprintf(out, 16, "%.1f%%", 100 * p);
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
            r,
            "the board is turned %.0f degree%s %s in the picture; it was straightened to read it",
            fabs(degrees), fabs(degrees) < 1.5 ? "" : "s",
            degrees > 0 ? "clockwise" : "anticlockwise");
    else
        fk_scan_note(r,
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
#define TURN_MEN_MOST 16

/* A side x side crop turned a quarter clockwise. */
static void quarter_clockwise(const uint8_t *src, int side, uint8_t *dst) {
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) dst[y * side + x] = src[(side - 1 - x) * side + y];
}

/* How surely the network reads men in the cells: the mean of each cell's
 * likeliest man (empty left out). */
static double men_sureness(const float (*probs)[FK_PIECE_COUNT], int n) {
    double sum = 0;
    for (int k = 0; k < n; k++) {
        float best = 0;
        for (int c = 1; c < FK_PIECE_COUNT; c++) best = probs[k][c] > best ? probs[k][c] : best;
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
    float(*upright)[FK_PIECE_COUNT] = malloc(sizeof(float) * n * FK_PIECE_COUNT);
    if (!upright) return 0;
    for (int k = 0; k < n; k++) memcpy(upright[k], probs[cells[k]], sizeof upright[k]);
    double best = men_sureness((const float(*)[FK_PIECE_COUNT])upright, n);
    free(upright);
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
            double sure = men_sureness((const float(*)[FK_PIECE_COUNT])read, n);
            if (sure > best && sure >= upright_sureness + TURN_GAIN && sure >= TURN_SURE)
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
    fk_status s = FK_OK;
    if (opts->board)
        out->board = *opts->board;
    else if ((s = fk_board_locate(image, &out->board, err)) != FK_OK)
        return s;
    if (image->turned) {
        int t = image->turned;
        fk_scan_note(
            out, "the picture is stored %s (EXIF orientation %d); it was read as a viewer shows it",
            t == 6 || t == 8   ? "turned a quarter"
            : t == 5 || t == 7 ? "mirrored and turned a quarter"
            : t == 3           ? "upside down"
                               : "mirrored",
            t);
    }
    note_slant(out);

    int side = fk_model_square_size(model);
    /* 64 crops, a 65th's room for fk_drawn_alike() to repaint into, 64
     * outlines (drawings, outline_of()) and 64 hatched grounds (fk_laid_of()) */
    uint8_t *crops = malloc((size_t)193 * side * side);
    float(*probs)[FK_PIECE_COUNT] = malloc(sizeof(float) * 64 * FK_PIECE_COUNT);
    fk_arrow_seen arrows[FK_ARROWS_MOST];
    int arrow_count = 0, evened, cut, turn = 0, notes_before = out->note_count;
    fk_bitboard arrowed, partly_cell, covered_cell, dotted;
    fk_light lit;
    for (;;) {
        cut = crops && probs && fk_board_cut(image, &out->board, side, crops) == FK_OK;
        arrowed = 0; /* cells an arrow was taken out of */
        lit = (fk_light){{0}, 0, 0};
        /* A panel over the board is looked for first: on a board drawn by a
         * program, whose light needs no evening (the panel's cells, taken for
         * light squares, made a fit of greys 60 to 301 once). */
        partly_cell = 0;
        covered_cell = cut ? fk_covered_cells(crops, side, &partly_cell) : 0;
        evened = cut && !covered_cell && fk_crops_even_light(crops, side, &lit);
        if (evened)
            fk_scan_note(out,
                         "the light falls unevenly on the board (its light squares from grey %.0f "
                         "to %.0f); it was evened out to read it",
                         lit.lo, lit.hi);
        dotted = cut ? fk_move_dots_remove(crops, side) & ~covered_cell : 0;
        if (cut) arrow_count = fk_arrows_remove(crops, side, arrows, &arrowed);
        if (!cut || read_squares(model, crops, side, probs) != FK_OK) {
            free(crops);
            free(probs);
            return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the squares");
        }
        look_again(model, crops, side, probs);
        if (evened && lit.hi < DIM_PAPER) read_brighter(model, crops, side, lit.hi, probs);
        /* A diagram photographed sideways or upside down: its men, turned
         * back, read more surely. The board is cut again from its own top
         * left corner, and read again. */
        if (turn || !(turn = quarter_turns(model, crops, side, probs))) break;
        fk_point was[4];
        memcpy(was, out->board.corners, sizeof was);
        for (int k = 0; k < 4; k++) out->board.corners[k] = was[(k + 4 - turn) % 4];
        out->note_count = notes_before;
        fk_scan_note(out, "the diagram is turned %s in the picture; it was read turned back",
                     turn == 2 ? "upside down" : "a quarter");
    }
    /* A panel shows no man: where the network is sure of men on more than
     * a quarter of its cells, they are men that fill their squares' edges
     * (sixteen Millenia queens in a block, all sure; under the panels of
     * the measured set, at most one). Else what it covers shows the panel,
     * and no man can be seen there. */
    int sure_men = 0;
    for (fk_bitboard b = covered_cell; b; b &= b - 1)
        sure_men += probs[__builtin_ctzll(b)][FK_EMPTY] < SURE_MAN;
    if (4 * sure_men > __builtin_popcountll(covered_cell)) covered_cell = partly_cell = 0;
    for (fk_bitboard b = covered_cell; b; b &= b - 1) {
        memset(probs[__builtin_ctzll(b)], 0, sizeof probs[0]);
        probs[__builtin_ctzll(b)][FK_EMPTY] = 1;
    }
    if (opts->debug_dir) {
        s = fk_scan_debug_write(opts->debug_dir, image, &out->board, crops, side, err);
        if (s != FK_OK) {
            free(crops);
            free(probs);
            return s;
        }
    }

    /* Best class per picture cell, unlike men told apart, then which way
     * round the board is. */
    fk_piece picture[64];
    told_apart told[64];
    drawings drawn;
    int shaped[64], found;
    hatching hatch;
    uint64_t *rows = malloc(sizeof(uint64_t) * 64 * 64);
    if (!rows) {
        free(crops);
        free(probs);
        return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the squares");
    }
    fk_drawings_init(&drawn, crops, side, crops + (size_t)64 * side * side, shaped, &found, rows,
                     &hatch, arrowed);
    /* the panel is no tint */
    fk_bitboard tinted_cell = fk_tinted_cells(drawn.ground, covered_cell);
    if (__builtin_popcountll(tinted_cell) != 2) {
        fk_bitboard yellow = fk_tinted_in_colour(image, &out->board);
        if (__builtin_popcountll(yellow) == 2) tinted_cell = yellow;
    }
    const float(*readings)[FK_PIECE_COUNT] = (const float(*)[FK_PIECE_COUNT])probs;
    int told_count = fk_read_picture(&drawn, readings, picture, told);
    double ink[64];
    fk_bitboard inked_cells = 0; /* men whose colour their ink confirmed */
    if (fk_cell_inks(&drawn, ink)) {
        told_count = fk_colour_kings(ink, readings, picture, told, told_count);
        told_count = fk_colour_men(ink, readings, picture, told, told_count, &inked_cells);
    }
    fk_bitboard alike_cells_of[64];
    fk_alike_men(&drawn, readings, picture, alike_cells_of);
    fk_bitboard unlike_cells = fk_outline_vetoes(&drawn, readings, picture);
    fk_bitboard twin_cells = fk_twinned_men(&drawn, readings, picture, told, &told_count);
    double odd[64];
    fk_crops_oddness(crops, side, picture, odd);
    /* whether its dark or light squares are hatched: a printed diagram */
    fk_laid_of(&drawn, 0);
    fk_laid_of(&drawn, 1);
    int printed = hatch.hatched[0] == 1 || hatch.hatched[1] == 1;
    free(crops);
    free(rows);
    const char *how = "from the coordinates";
    if (opts->bottom == FK_BOTTOM_AUTO) {
        /* Labels decide, unless there are none or the position leaves no
         * doubt (page text beside a diagram can pass for labels); a random
         * placement or an endgame of far-advanced pawns can make the
         * position look 90% sure the wrong way round. */
        double by_position;
        int position = printed ? fk_orient_by_pawns(picture, &by_position)
                               : fk_orient_guess(picture, &by_position);
        int stepped = fk_orient_from_marked_step(picture, tinted_cell);
        out->white_bottom = fk_orient_from_labels(image, &out->board, picture,
                                                 &out->bottom_confidence);
        /* Labels are read against fixed amounts of ink: where the light
         * falls off, those on the dark side fall short of them. With the
         * light evened out over the picture too, they are read again. */
        fk_image even = {0};
        if (out->white_bottom < 0 && evened &&
            fk_picture_even_light(image, &out->board, &lit, &even) == FK_OK)
            out->white_bottom =
                fk_orient_from_labels(&even, &out->board, picture, &out->bottom_confidence);
        fk_image_free(&even);
        if (out->white_bottom < 0 && stepped >= 0 && (stepped == position || by_position < 0.99)) {
            /* A pawn's marked step shows which way his side plays (unless
             * the position leaves no doubt: the marks were no move). */
            out->white_bottom = stepped;
            out->bottom_confidence = 0.99;
            how = "from the pawn's step marked as the last move";
        } else if (out->white_bottom < 0 && printed && (position || by_position < PAWNS_SURE)) {
            /* Books and magazines print White at the bottom unless they
             * say otherwise (with coordinates), or a game's pawns show it. */
            out->white_bottom = 1;
            out->bottom_confidence = PRINTED_WHITE_BOTTOM;
            how = "as printed diagrams are drawn, with White at the bottom";
        } else if (out->white_bottom < 0 ||
                   (out->white_bottom != position && by_position >= 0.99)) {
            out->white_bottom = position;
            out->bottom_confidence = by_position;
            how = printed ? "from the pawns" : "from the pawns and kings";
        }
    } else {
        out->white_bottom = opts->bottom == FK_BOTTOM_WHITE;
        out->bottom_confidence = 1;
        out->bottom_given = 1;
    }

    /* Readings by square (each square's best, as the network gave it), and
     * the board as read (men told apart changed). */
    fk_piece best[64];
    memcpy(best, picture, sizeof best);
    for (int k = 0; k < told_count; k++) best[told[k].cell] = told[k].was;
    float by_square[64][FK_PIECE_COUNT];
    fk_position board;
    fk_position_clear(&board);
    for (int i = 0; i < 64; i++) {
        fk_square sq = fk_cell_square(i, out->white_bottom);
        memcpy(by_square[sq], probs[i], sizeof by_square[sq]);
        /* a twin is no king, but a king read surely stays one */
        if ((twin_cells >> i & 1) && FK_PIECE_KIND(picture[i]) != FK_KING)
            by_square[sq][FK_MAKE_PIECE(FK_PIECE_COLOR(picture[i]), FK_KING)] = 0;
        fk_square_reading *rd = &out->squares[sq];
        rd->piece = best[i];
        rd->prob = probs[i][best[i]];
        rd->unlike = (float)odd[i];
        int second = best[i] == 0 ? 1 : 0;
        for (int c = 0; c < FK_PIECE_COUNT; c++)
            if (c != (int)best[i] && probs[i][c] > probs[i][second]) second = c;
        rd->second = (fk_piece)second;
        rd->second_prob = probs[i][second];
        if (covered_cell >> i & 1) out->covered |= FK_BIT(sq);
        if ((covered_cell | partly_cell) >> i & 1) out->uncertain |= FK_BIT(sq);
        if (picture[i] != FK_EMPTY) fk_position_put(&board, sq, picture[i]);
    }
    free(probs);
    if (!out->bottom_given)
        fk_scan_note(out, "%s is at the bottom (%s, %.0f%% sure; use --bottom to say)",
                     out->white_bottom ? "White" : "Black", how, 100 * out->bottom_confidence);
    /* The arrows, in one note (a board may show eight): tail to head. */
    out->arrow_count = arrow_count;
    char named[FK_ARROWS_MOST * 12 + 1] = "";
    for (int k = 0; k < arrow_count; k++) {
        fk_square tail = fk_cell_square(arrows[k].from, out->white_bottom);
        fk_square head = fk_cell_square(arrows[k].to, out->white_bottom);
        out->arrows[k].from = arrows[k].hidden ? FK_NO_SQUARE : tail;
        out->arrows[k].to = arrows[k].hidden ? FK_NO_SQUARE : head;
        char from[3], to[3];
        fk_square_name(tail, from);
        fk_square_name(head, to);
        if (!arrows[k].hidden)
            snprintf(named + strlen(named), sizeof named - strlen(named), "%s%s to %s",
                     k ? ", " : "", from, to);
    }
    if (arrow_count && arrows[0].hidden)
        fk_scan_note(out,
                     "arrows are drawn over the board in the grey of its %s squares; where they "
                     "show, the squares were read through them",
                     arrows[0].hidden == 2 ? "dark" : "light");
    else if (arrow_count)
        fk_scan_note(out, "%s drawn over the board %s read through: %s",
                     arrow_count == 1 ? "an arrow" : "arrows", arrow_count == 1 ? "was" : "were",
                     named);
    /* The dots of a picked-up man's moves, in one note. */
    char dots[64 * 4 + 1] = "";
    for (fk_bitboard b = dotted; b; b &= b - 1)
        out->move_dots |= FK_BIT(fk_cell_square(__builtin_ctzll(b), out->white_bottom));
    for (fk_bitboard b = out->move_dots; b; b &= b - 1) {
        char name[3];
        fk_square_name((fk_square)__builtin_ctzll(b), name);
        snprintf(dots + strlen(dots), sizeof dots - strlen(dots), "%s%s", dots[0] ? ", " : "",
                 name);
    }
    /* The squares under a panel, in one note: a rectangle by its corners. */
    if (covered_cell) {
        fk_bitboard c = out->covered;
        int f0 = 7, f1 = 0, r0 = 7, r1 = 0;
        for (fk_bitboard b = c; b; b &= b - 1) {
            int sq = __builtin_ctzll(b);
            f0 = FK_FILE_OF(sq) < f0 ? FK_FILE_OF(sq) : f0;
            f1 = FK_FILE_OF(sq) > f1 ? FK_FILE_OF(sq) : f1;
            r0 = FK_RANK_OF(sq) < r0 ? FK_RANK_OF(sq) : r0;
            r1 = FK_RANK_OF(sq) > r1 ? FK_RANK_OF(sq) : r1;
        }
        int lo = FK_SQUARE(f0, r0), hi = FK_SQUARE(f1, r1);
        int files = f1 - f0 + 1, ranks = r1 - r0 + 1;
        char from[3], to[3], what[48];
        fk_square_name((fk_square)lo, from);
        fk_square_name((fk_square)hi, to);
        if (files * ranks == __builtin_popcountll(c))
            snprintf(what, sizeof what, "the squares from %s to %s", from, to);
        else
            snprintf(what, sizeof what, "%d squares", __builtin_popcountll(c));
        int partly = __builtin_popcountll(partly_cell);
        fk_scan_note(out,
                     "something drawn over the board hides %s: read as empty, but men may stand "
                     "there%s",
                     what, partly ? "; its edge reaches into the squares around them" : "");
    }
    if (dotted)
        fk_scan_note(out, "%s marked with a dot as a picked-up man's %s, and read empty: %s",
                     dotted & (dotted - 1) ? "squares are" : "a square is",
                     dotted & (dotted - 1) ? "moves" : "move", dots);
    for (int k = 0; k < told_count; k++) {
        fk_square sq = fk_cell_square(told[k].cell, out->white_bottom);
        fk_piece now = picture[told[k].cell];
        char name[3], other[3];
        fk_square_name(sq, name);
        fk_square_name(fk_cell_square(told[k].other, out->white_bottom), other);
        char was_p[16], now_p[16];
        percent(told[k].was_prob, was_p);
        percent(told[k].now_prob, now_p);
        out->repaired |= FK_BIT(sq);
        const char *taken = now == FK_EMPTY ? "empty" : fk_piece_name(now);
        if (told[k].how == TOLD_INK && FK_PIECE_KIND(now) == FK_KING)
            fk_scan_note(
                out,
                "%s and %s hold the two kings and %s is drawn %s, so it was taken as %s (%s), "
                "not %s (%s)",
                name, other, name, now == FK_BK ? "darker" : "lighter", taken, now_p,
                fk_piece_name(told[k].was), was_p);
        else if (told[k].how == TOLD_INK) {
            const char *how_inked = picture[told[k].other] == now        ? "like"
                                    : FK_PIECE_COLOR(now) == FK_BLACK ? "darker than"
                                                                      : "lighter than";
            fk_scan_note(out, "%s is inked %s %s, so it was taken as %s (%s), not %s (%s)", name,
                         how_inked, other, taken, now_p, fk_piece_name(told[k].was), was_p);
        } else if (told[k].how == TOLD_TWIN)
            fk_scan_note(out,
                         "%s is drawn like %s, so it is no king: taken as %s (%s), not %s (%s)",
                         name, other, taken, now_p, fk_piece_name(told[k].was), was_p);
        else if (told[k].how == TOLD_ALONG)
            fk_scan_note(out, "%s is drawn like %s, so it was taken as %s (%s) too, not as %s (%s)",
                         name, other, taken, now_p, fk_piece_name(told[k].was), was_p);
        else if (told[k].how == TOLD_LIKE || told[k].how == TOLD_ALSO)
            fk_scan_note(
                out,
                told[k].how == TOLD_LIKE
                    ? "%s is drawn unlike the sure %ss and like %s, so it was taken as %s (%s), "
                      "not %s (%s)"
                    : "%s, on a hatched square, is drawn unlike the sure %ss as %s is, so it was "
                      "taken as %s (%s) too, not as %s (%s)",
                name, fk_piece_name(told[k].was), other, taken, now_p, fk_piece_name(told[k].was),
                was_p);
        else {
            /* A bishop may have been read on the other square colour. */
            int shown = 0;
            for (int j = 0; j < 64; j++)
                shown |= best[j] == now && fk_cell_colour(j) != fk_cell_colour(told[k].cell);
            const char *why = "";
            if (told[k].how == TOLD_UNSEEN)
                why = !shown                          ? ", the likeliest man no square was read as"
                      : FK_BIT(sq) & FK_LIGHT_SQUARES ? ", as no light square shows one"
                                                      : ", as no dark square shows one";
            fk_scan_note(out,
                         "%s and %s were both read as %s but are drawn differently; %s (%s) was "
                         "taken as %s (%s)%s",
                         name, other, fk_piece_name(told[k].was), name, was_p, taken, now_p, why);
        }
    }
    fk_scan_repair(&board, (const float(*)[FK_PIECE_COUNT])by_square, out);
    fk_bitboard alike[64] = {0}; /* by square */
    for (int i = 0; i < 64; i++)
        for (fk_bitboard b = alike_cells_of[i]; b; b &= b - 1)
            alike[fk_cell_square(i, out->white_bottom)] |=
                FK_BIT(fk_cell_square(__builtin_ctzll(b), out->white_bottom));
    fk_bitboard inked = 0, unlike = 0;
    for (fk_bitboard b = inked_cells; b; b &= b - 1)
        inked |= FK_BIT(fk_cell_square(__builtin_ctzll(b), out->white_bottom));
    for (fk_bitboard b = unlike_cells; b; b &= b - 1)
        unlike |= FK_BIT(fk_cell_square(__builtin_ctzll(b), out->white_bottom));
    fk_scan_weigh_material(&board, alike, inked, unlike, out);
    fk_bitboard tinted = 0;
    for (fk_bitboard b = tinted_cell; b; b &= b - 1)
        tinted |= FK_BIT(fk_cell_square(__builtin_ctzll(b), out->white_bottom));
    build_fen(&board, tinted, opts, out);
    for (fk_square sq = 0; sq < 64; sq++) {
        fk_square_reading *rd = &out->squares[sq];
        rd->read = fk_position_at(&out->position, sq);
        rd->read_prob = by_square[sq][rd->read];
        rd->other_prob = 0;
        for (int c = 0; c < FK_PIECE_COUNT; c++)
            if (c != (int)rd->read && by_square[sq][c] > rd->other_prob)
                rd->other_prob = by_square[sq][c];
    }
    fk_scan_weigh_doubt(out, opts->threshold);
    return FK_OK;
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
    if (!all || fk_scan_image_all(image, opts, all, FK_SCAN_MAX_BOARDS, &n, &ignored) != FK_OK) {
        free(all);
        return s;
    }
    int best = -1;
    for (int k = 0; k < n; k++)
        if (meant(&all[k]) > meant(out) && (best < 0 || meant(&all[k]) > meant(&all[best]))) best = k;
    if (best >= 0) {
        const char *why = cut_off(out) ? "cut off by the picture's edge" : "empty";
        *out = all[best];
        fk_scan_note(out,
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
    s = fk_scan_image(&image, opts, out, err);
    fk_image_free(&image);
    return s;
}
