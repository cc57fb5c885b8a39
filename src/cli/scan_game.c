/* fenkit scan --game: pictures as moments of one game, in order. Each
 * picture's position is chosen among the legal successors of the last
 * (fk_game_next); a picture that fits none is reported and skipped; the
 * game is written as PGN. */
#include <errno.h>
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

/* The successor of pos that the picture read into r fits best, weighed
 * by where it changed since the picture whose looks are `before`. */
static fk_status next_step(const fk_position *pos, uint8_t before[64][64], const fk_scan_result *r,
                           fk_game_step *step) {
    float changed[64];
    fk_game_changes((const uint8_t(*)[64])before, r->looks, changed);
    return fk_game_next(pos, (const float(*)[FK_PIECE_COUNT])r->probs, changed, PLIES_MOST, step);
}

int scan_game(char **images, int n, const fk_scan_options *given, int json) {
    fk_scan_options opts = *given;
    fk_scan_result *r = malloc(sizeof *r);
    text_buffer pgn = {0};
    fk_pgn_writer writer;
    fk_position pos;
    int started = 0, skipped = 0;
    /* the looks of the last picture read: a move shows where they change */
    uint8_t last_looks[64][64];
    if (!r) return CLI_PROBLEMS;
    for (int i = 0; i < n; i++) {
        const char *image = strcmp(images[i], "-") == 0 ? "(standard input)" : images[i], *why;
        fk_error err = {0};
        char reason[600];
        fk_game_step step = {0};
        if (scan_picture(images[i], &opts, r, &why, &err) != FK_OK) {
            snprintf(reason, sizeof reason, "%.500s", why);
        } else if (!started) {
            /* The game starts from the starting position when the first
             * picture fits it, else from the position read. */
            fk_position start;
            fk_position_startpos(&start);
            fk_game_next(&start, (const float(*)[FK_PIECE_COUNT])r->probs, NULL, 0, &step);
            if (!step.fits) {
                step.position = r->position;
                step.misfits = fk_game_misfits(&r->position, (const float(*)[FK_PIECE_COUNT])r->probs);
                step.confidence = r->board_right;
            }
            pos = step.position;
            started = 1;
            /* later pictures are taken from where the first was */
            opts.bottom = r->white_bottom ? FK_BOTTOM_WHITE : FK_BOTTOM_BLACK;
            memcpy(last_looks, r->looks, sizeof last_looks);
            fk_pgn_writer_begin(&writer, buffer_write, &pgn, &pos, NULL, 0);
            if (json) json_step(image, &pos, &step);
            continue;
        } else if (next_step(&pos, last_looks, r, &step) != FK_OK) {
            snprintf(reason, sizeof reason, "out of memory");
        } else if (!step.fits) {
            snprintf(reason, sizeof reason,
                     "no position within %d plies of the last fits it (%d squares disagree; a "
                     "hand over the board?)",
                     PLIES_MOST, step.misfits);
        } else {
            if (json) json_step(image, &pos, &step);
            memcpy(last_looks, r->looks, sizeof last_looks);
            for (int k = 0; k < step.plies; k++) {
                fk_pgn_writer_move(&writer, step.moves[k]);
                fk_move_make(&pos, step.moves[k]);
            }
            continue;
        }
        skipped++;
        if (json)
            json_skipped(image, reason);
        else
            fprintf(stderr, "fenkit scan: %s: skipped: %s\n", image, reason);
        if (started) {
            char comment[300];
            const char *base = strrchr(image, '/');
            snprintf(comment, sizeof comment, "%.280s skipped", base ? base + 1 : image);
            fk_pgn_writer_comment(&writer, comment);
        }
    }
    free(r);
    if (!started) {
        if (!json) fprintf(stderr, "fenkit scan: no picture of the game could be read\n");
        free(pgn.text);
        return CLI_PROBLEMS;
    }
    fk_pgn_writer_end(&writer);
    if (json) {
        fputs("{\"pgn\":", stdout);
        cli_json_cstring(stdout, pgn.text ? pgn.text : "");
        printf(",\"pictures\":%d,\"skipped\":%d}\n", n, skipped);
    } else if (pgn.text) {
        fputs(pgn.text, stdout);
    }
    free(pgn.text);
    return CLI_OK;
}
