/* fenkit scan --game: pictures as moments of one game, in order. Each
 * picture's position is chosen among the legal successors of the last
 * (fk_game_successors), several lines of the game kept side by side; a
 * picture that fits none is reported and skipped; the game is written as
 * PGN. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fenkit/fenkit.h"
#include "fenkit/vision.h"
#include "json.h"
#include "scan_game.h"

/* Plies a picture may be ahead of the last one read. */
enum { PLIES_MOST = 3 };

typedef struct {
    char *text;
    size_t len, cap;
} text_buffer;

static int buffer_write(void *ctx, const char *text, size_t len) {
    text_buffer *b = ctx;
    if (b->len + len + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 4096) + len;
        char *grown = realloc(b->text, cap);
        if (!grown) return -1;
        b->text = grown;
        b->cap = cap;
    }
    memcpy(b->text + b->len, text, len);
    b->len += len;
    b->text[b->len] = '\0';
    return 0;
}

/* Scans one picture; returns its status, with why set on failure. */
static fk_status scan_picture(const char *path, const fk_scan_options *opts, fk_scan_result *r,
                              const char **why, fk_error *err) {
    size_t len;
    *why = NULL;
    unsigned char *data = cli_read_all(path, &len, why);
    if (!data) return FK_ERR_IO;
    fk_status s = fk_scan_bytes(data, len, opts, r, err);
    free(data);
    if (s != FK_OK) *why = err->message;
    return s;
}

static void json_skipped(const char *image, const char *why) {
    fputs("{\"image\":", stdout);
    cli_json_cstring(stdout, image);
    fputs(",\"skipped\":true,\"why\":", stdout);
    cli_json_cstring(stdout, why);
    fputs("}\n", stdout);
}

/* The picture's JSON line: its FEN, the moves that lead to it from the
 * last picture read, and how sure the choice is. */
static void json_step(const char *image, const fk_position *before, const fk_game_step *step) {
    char fen[FK_FEN_MAX], san[16];
    fk_fen_write(&step->position, FK_EP_LEGAL, fen, sizeof fen);
    fputs("{\"image\":", stdout);
    cli_json_cstring(stdout, image);
    fputs(",\"fen\":", stdout);
    cli_json_cstring(stdout, fen);
    fputs(",\"moves\":[", stdout);
    fk_position pos = *before;
    for (int k = 0; k < step->plies; k++) {
        fk_move_to_san(&pos, step->moves[k], san, sizeof san);
        fk_move_make(&pos, step->moves[k]);
        if (k) fputc(',', stdout);
        cli_json_cstring(stdout, san);
    }
    printf("],\"confidence\":%.4f,\"misfits\":%d}\n", step->confidence, step->misfits);
}

/* Readings of the game kept side by side: a picture is read as each
 * line's best successors, and the BEAM lines that fit all pictures so far
 * best go on, so that a picture misread early (a ply too many) can be
 * outvoted by the pictures after it. */
enum { BEAM = 12 };

/* What one line of the game made of one picture. */
typedef struct {
    fk_game_step step; /* its plies, confidence and misfits */
    int skipped;       /* the picture was skipped (the reason is the game's) */
} picture_read;

typedef struct {
    fk_position pos;     /* the position the line has reached */
    double score;        /* the sum of its steps' scores */
    picture_read *reads; /* one a picture */
} game_line;

/* A successor of a line, before the best are kept. */
typedef struct {
    int parent;
    fk_game_step step;
    double score;
} candidate;

/* Makes the best candidates, one a position and at most BEAM, the new
 * lines (into `next`, whose reads have room for n pictures); picture i is
 * the one just read. Returns how many. */
static int keep_best(candidate *cand, int ncand, const game_line *lines, game_line *next, int i,
                     int n) {
    int kept = 0;
    while (kept < BEAM) {
        int best = -1;
        for (int c = 0; c < ncand; c++)
            if (cand[c].parent >= 0 && (best < 0 || cand[c].score > cand[best].score)) best = c;
        if (best < 0) break;
        const fk_position *pos = &cand[best].step.position;
        int twin = 0;
        for (int k = 0; k < kept && !twin; k++)
            twin = memcmp(next[k].pos.board, pos->board, 64) == 0 && next[k].pos.side == pos->side;
        if (!twin) {
            memcpy(next[kept].reads, lines[cand[best].parent].reads,
                   sizeof(picture_read) * (size_t)n);
            next[kept].reads[i] = (picture_read){.step = cand[best].step};
            next[kept].pos = *pos;
            next[kept].score = cand[best].score;
            kept++;
        }
        cand[best].parent = -1;
    }
    return kept;
}

/* Writes the game of the best line: a JSON line a picture (with json)
 * and the PGN. */
static void write_game(char **images, int n, const fk_position *start, const game_line *line,
                       char (*reasons)[600], int json) {
    text_buffer pgn = {0};
    fk_pgn_writer writer;
    fk_position pos = *start;
    int skipped = 0, begun = 0;
    fk_pgn_writer_begin(&writer, buffer_write, &pgn, &pos, NULL, 0);
    for (int i = 0; i < n; i++) {
        const char *image = strcmp(images[i], "-") == 0 ? "(standard input)" : images[i];
        const picture_read *read = &line->reads[i];
        if (read->skipped) {
            skipped++;
            if (json)
                json_skipped(image, reasons[i]);
            else
                fprintf(stderr, "fenkit scan: %s: skipped: %s\n", image, reasons[i]);
            char comment[300];
            const char *base = strrchr(image, '/');
            snprintf(comment, sizeof comment, "%.280s skipped", base ? base + 1 : image);
            if (begun) fk_pgn_writer_comment(&writer, comment);
            continue;
        }
        begun = 1;
        if (json) json_step(image, &pos, &read->step);
        for (int k = 0; k < read->step.plies; k++) {
            fk_pgn_writer_move(&writer, read->step.moves[k]);
            fk_move_make(&pos, read->step.moves[k]);
        }
    }
    fk_pgn_writer_end(&writer);
    if (json) {
        fputs("{\"pgn\":", stdout);
        cli_json_cstring(stdout, pgn.text ? pgn.text : "");
        printf(",\"pictures\":%d,\"skipped\":%d}\n", n, skipped);
    } else if (pgn.text) {
        cli_flush_stdout();
        fputs(pgn.text, stdout);
    }
    free(pgn.text);
}

/* Reads picture i (scanned into r) as the next moment of every line;
 * returns the new number of lines, 0 when no successor of any fits it
 * (reason says why). */
static int follow_picture(game_line **lines, game_line **spare, int nlines, const fk_scan_result *r,
                          const float changed[64], int i, int n, char *reason, size_t cap) {
    candidate cand[BEAM * BEAM];
    fk_game_step steps[BEAM];
    int ncand = 0, best = -1;
    const float(*probs)[FK_PIECE_COUNT] = (const float(*)[FK_PIECE_COUNT])r->probs;
    for (int l = 0; l < nlines; l++) {
        int found = fk_game_successors(&(*lines)[l].pos, probs, changed, PLIES_MOST, steps, BEAM);
        for (int k = 0; k < found; k++) {
            if (best < 0 || (*lines)[l].score + steps[k].score > cand[best].score) best = ncand;
            cand[ncand++] = (candidate){l, steps[k], (*lines)[l].score + steps[k].score};
        }
    }
    if (best < 0 || !cand[best].step.fits) {
        snprintf(reason, cap,
                 "no position within %d plies of the last fits it (%d squares disagree; a hand "
                 "over the board?)",
                 PLIES_MOST, best < 0 ? 64 : cand[best].step.misfits);
        return 0;
    }
    for (int c = 0; c < ncand; c++)
        if (!cand[c].step.fits) cand[c].parent = -1;
    int kept = keep_best(cand, ncand, *lines, *spare, i, n);
    game_line *t = *lines;
    *lines = *spare;
    *spare = t;
    return kept;
}

int scan_game(char **images, int n, const fk_scan_options *given, int json) {
    fk_scan_options opts = *given;
    fk_scan_result *r = malloc(sizeof *r);
    char(*reasons)[600] = calloc((size_t)n, sizeof *reasons);
    picture_read *store = calloc((size_t)2 * BEAM * n, sizeof *store);
    game_line both[2][BEAM], *lines = both[0], *spare = both[1];
    fk_position start;
    int nlines = 0;
    /* the looks of the last picture read: a move shows where they change */
    uint8_t last_looks[64][64];
    if (!r || !reasons || !store) {
        free(r);
        free(reasons);
        free(store);
        fprintf(stderr, "fenkit scan: out of memory\n");
        return CLI_PROBLEMS;
    }
    for (int k = 0; k < 2 * BEAM; k++)
        both[k / BEAM][k % BEAM].reads = store + (size_t)k * n;
    for (int i = 0; i < n; i++) {
        const char *why;
        fk_error err = {0};
        const float(*probs)[FK_PIECE_COUNT] = (const float(*)[FK_PIECE_COUNT])r->probs;
        int read = scan_picture(images[i], &opts, r, &why, &err) == FK_OK;
        if (!read) {
            snprintf(reasons[i], sizeof reasons[i], "%.500s", why);
        } else if (!nlines) {
            /* The game starts from the starting position when the first
             * picture fits it, else from the position read. */
            fk_position_startpos(&start);
            fk_game_step *step = &lines[0].reads[i].step;
            fk_game_next(&start, probs, NULL, 0, step);
            if (!step->fits) {
                start = step->position = r->position;
                step->misfits = fk_game_misfits(&r->position, probs);
                step->confidence = r->board_right;
            }
            lines[0].pos = start;
            lines[0].score = 0;
            nlines = 1;
            /* later pictures are taken from where the first was */
            opts.bottom = r->white_bottom ? FK_BOTTOM_WHITE : FK_BOTTOM_BLACK;
            memcpy(last_looks, r->looks, sizeof last_looks);
            continue;
        } else {
            float changed[64];
            fk_game_changes((const uint8_t(*)[64])last_looks, (const uint8_t(*)[64])r->looks,
                            changed);
            int kept = follow_picture(&lines, &spare, nlines, r, changed, i, n, reasons[i],
                                      sizeof reasons[i]);
            if (kept) {
                nlines = kept;
                memcpy(last_looks, r->looks, sizeof last_looks);
                continue;
            }
        }
        /* skipped, by every line */
        for (int l = 0; l < (nlines ? nlines : 1); l++)
            lines[l].reads[i].skipped = 1;
    }
    free(r);
    int rc = CLI_OK;
    if (!nlines) {
        if (!json) fprintf(stderr, "fenkit scan: no picture of the game could be read\n");
        rc = CLI_PROBLEMS;
    } else {
        write_game(images, n, &start, &lines[0], reasons, json);
    }
    free(reasons);
    free(store);
    return rc;
}
