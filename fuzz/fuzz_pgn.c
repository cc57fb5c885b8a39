/* libFuzzer target for the PGN reader and writer. Any bytes are read,
 * strict and lenient, with and without variations, handed out in chunks of
 * varying size; every game that starts must end, every error must have a
 * place, every position must write a FEN that reads back to it (and the
 * reader's own FEN writer must agree with fk_fen_write), and every
 * game read without error must write as PGN and read back to the same
 * final position. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/core.h"

typedef struct {
    const uint8_t *data;
    size_t size, pos, chunk;
} input;

static size_t read_input(void *ctx, char *buf, size_t cap) {
    input *in = ctx;
    size_t n = in->size - in->pos;
    if (n > cap) n = cap;
    if (n > in->chunk) n = in->chunk;
    memcpy(buf, in->data + in->pos, n);
    in->pos += n;
    return n;
}

typedef struct {
    char text[1 << 16];
    size_t len;
} sink;

static int write_sink(void *ctx, const char *text, size_t len) {
    sink *s = ctx;
    if (s->len + len >= sizeof s->text) return -1;
    memcpy(s->text + s->len, text, len);
    s->len += len;
    return 0;
}

/* Requires that pos writes a FEN that reads back to the same position. */
static void require_fen_round_trip(const fk_position *pos) {
    char fen[FK_FEN_MAX];
    size_t len = fk_fen_write(pos, FK_EP_ALWAYS, fen, sizeof fen);
    if (len == 0) abort();
    fk_position again;
    fk_problems problems;
    fk_problems_clear(&problems);
    if (fk_fen_parse(fen, len, pos->chess960 ? FK_FEN_CHESS960 : FK_FEN_STRICT, &again,
                     &problems) != FK_OK)
        abort();
    if (!fk_position_equal(pos, &again)) abort();
}

/* Requires that the reader's own FEN of its current position (kept rank
 * by rank from one position to the next) is fk_fen_write's, in both en
 * passant conventions. */
static void require_reader_fen(fk_pgn_reader *r, const fk_position *pos) {
    for (int ep = FK_EP_LEGAL; ep <= FK_EP_ALWAYS; ep++) {
        char want[FK_FEN_MAX], got[FK_FEN_MAX];
        size_t want_len = fk_fen_write(pos, (fk_ep_mode)ep, want, sizeof want);
        size_t got_len = fk_pgn_reader_fen(r, (fk_ep_mode)ep, got, sizeof got);
        if (got_len != want_len || memcmp(got, want, want_len + 1) != 0) abort();
    }
}

/* Reads the text written for one game and returns its final position. */
static fk_position read_back(const sink *s) {
    input in = {(const uint8_t *)s->text, s->len, 0, s->len ? s->len : 1};
    fk_pgn_reader *r = fk_pgn_reader_create(read_input, &in, FK_PGN_STRICT);
    if (!r) abort();
    fk_position last;
    fk_pgn_event ev;
    int games = 0;
    while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
        if (ev == FK_PGN_ERROR) abort();
        if (ev == FK_PGN_GAME) games++;
        if (ev == FK_PGN_GAME || ev == FK_PGN_PLY) last = fk_pgn_reader_ply(r)->pos;
    }
    if (games != 1) abort();
    fk_pgn_reader_free(r);
    return last;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const unsigned modes[] = {0,
                                     FK_PGN_STRICT,
                                     FK_PGN_VARIATIONS,
                                     FK_PGN_STRICT | FK_PGN_VARIATIONS,
                                     FK_PGN_ANNOTATIONS,
                                     FK_PGN_VARIATIONS | FK_PGN_ANNOTATIONS};
    static sink out;
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        input in = {data, size, 0, size ? 1 + (size_t)data[0] % 7 * (m + 1) : 1};
        fk_pgn_reader *r = fk_pgn_reader_create(read_input, &in, modes[m]);
        if (!r) abort();
        const fk_pgn_game *game = fk_pgn_reader_game(r);
        const fk_pgn_ply *ply = fk_pgn_reader_ply(r);
        long ends = 0, errors = 0;
        int open = 0, writing = 0;
        fk_pgn_writer w;
        fk_pgn_event ev;
        while ((ev = fk_pgn_next(r)) != FK_PGN_END) {
            switch (ev) {
            case FK_PGN_GAME:
                if (open) abort();
                open = 1;
                require_fen_round_trip(&ply->pos);
                require_reader_fen(r, &ply->pos);
                if (ply->ply != 0) abort();
                out.len = 0;
                writing = fk_pgn_writer_begin(&w, write_sink, &out, &game->start, game->tags,
                                              game->tag_count) == FK_OK;
                break;
            case FK_PGN_PLY:
                if (!open || ply->repetition < 1 || ply->ply < 1) abort();
                require_fen_round_trip(&ply->pos);
                require_reader_fen(r, &ply->pos);
                if (ply->depth == 0 && writing) {
                    if (ply->san[0] == '-')
                        writing = 0; /* a null move cannot be written */
                    else
                        writing = fk_pgn_writer_move(&w, ply->move) == FK_OK;
                }
                if (modes[m] & FK_PGN_ANNOTATIONS) {
                    /* what the reader gathered is a string of bounded size,
                     * and written as a comment and NAGs it still reads back */
                    if (!ply->comment || strlen(ply->comment) > FK_PGN_COMMENT_MAX ||
                        ply->nag_count < 0 || ply->nag_count > 8)
                        abort();
                    if (ply->depth == 0 && writing) {
                        for (int i = 0; i < ply->nag_count; i++)
                            fk_pgn_writer_nag(&w, ply->nags[i]);
                        if (ply->comment[0]) fk_pgn_writer_comment(&w, ply->comment);
                    }
                }
                break;
            case FK_PGN_ERROR: {
                const fk_pgn_error *e = fk_pgn_reader_error(r);
                if (e->line < 1 || e->column < 1 || e->offset > size || !e->message[0]) abort();
                errors++;
                break;
            }
            case FK_PGN_GAME_END:
                ends++;
                if (open && !game->has_error && writing && fk_pgn_writer_end(&w) == FK_OK) {
                    fk_position back = read_back(&out);
                    if (!fk_position_equal(&back, &w.pos)) abort();
                }
                open = 0;
                break;
            default: abort();
            }
        }
        fk_pgn_stats stats = fk_pgn_reader_stats(r);
        if (stats.games != ends || stats.errors != errors || stats.bytes != size) abort();
        fk_pgn_reader_free(r);
    }
    return 0;
}
