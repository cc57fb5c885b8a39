/* Terminal boards: the position drawn as text, ranks top to bottom, with
 * coordinates, in Unicode chess symbols or letters, with or without ANSI
 * colours. */
#include <string.h>

#include "fenkit/render.h"

/* Where the drawing goes: it counts every byte it was asked to write, so
 * the caller learns the length it needed even when buf was too small. */
typedef struct {
    char *buf;
    size_t cap;
    size_t len;
} text_sink;

/* Appends n bytes (as much as fits; the count always grows by n). */
static void sink_put(text_sink *s, const char *text, size_t n) {
    if (s->len < s->cap) {
        size_t room = s->cap - s->len;
        memcpy(s->buf + s->len, text, n < room ? n : room);
    }
    s->len += n;
}

/* Appends a zero-terminated string. */
static void sink_puts(text_sink *s, const char *text) { sink_put(s, text, strlen(text)); }

/* Unicode chess symbols by fk_piece: outline for White, filled for Black,
 * and a middle dot for an empty square. */
static const char *const outline_glyphs[FK_PIECE_COUNT] = {
    "\xc2\xb7",     "\xe2\x99\x99", "\xe2\x99\x98", "\xe2\x99\x97", "\xe2\x99\x96",
    "\xe2\x99\x95", "\xe2\x99\x94", "\xe2\x99\x9f", "\xe2\x99\x9e", "\xe2\x99\x9d",
    "\xe2\x99\x9c", "\xe2\x99\x9b", "\xe2\x99\x9a"};

/* ANSI sequences for colour mode: 256-colour backgrounds for the light,
 * dark and marked squares, and foregrounds for the two sides. */
#define ANSI_LIGHT_BG "\x1b[48;5;180m"
#define ANSI_DARK_BG "\x1b[48;5;137m"
#define ANSI_MARKED_BG "\x1b[48;5;167m"
#define ANSI_WHITE_FG "\x1b[1;38;5;231m"
#define ANSI_BLACK_FG "\x1b[22;38;5;16m"
#define ANSI_RESET "\x1b[0m"

/* Writes the glyph of one square's content. In colour mode both sides use
 * the filled symbols, told apart by their colour, which reads better on a
 * coloured square than an outline. */
static void put_glyph(text_sink *s, fk_piece piece, const fk_text_options *opts) {
    if (opts->ascii) {
        char letter = piece == FK_EMPTY ? (opts->color ? ' ' : '.') : fk_piece_to_char(piece);
        sink_put(s, &letter, 1);
        return;
    }
    if (piece == FK_EMPTY) {
        sink_puts(s, opts->color ? " " : outline_glyphs[FK_EMPTY]);
        return;
    }
    if (opts->color) piece = FK_MAKE_PIECE(FK_BLACK, FK_PIECE_KIND(piece));
    sink_puts(s, outline_glyphs[piece]);
}

/* Writes one square, three columns wide. Without colour a marked square is
 * framed in brackets; with colour it gets its own background. */
static void put_square(text_sink *s, const fk_position *pos, fk_square sq,
                       const fk_text_options *opts) {
    fk_piece piece = fk_position_at(pos, sq);
    int marked = (opts->marked & FK_BIT(sq)) != 0;
    if (opts->color) {
        sink_puts(s, marked ? ANSI_MARKED_BG
                            : fk_square_is_light(sq) ? ANSI_LIGHT_BG : ANSI_DARK_BG);
        if (piece != FK_EMPTY)
            sink_puts(s, FK_PIECE_COLOR(piece) == FK_WHITE ? ANSI_WHITE_FG : ANSI_BLACK_FG);
        sink_put(s, " ", 1);
        put_glyph(s, piece, opts);
        sink_put(s, " ", 1);
        return;
    }
    sink_put(s, marked ? "[" : " ", 1);
    put_glyph(s, piece, opts);
    sink_put(s, marked ? "]" : " ", 1);
}

size_t fk_render_text(const fk_position *pos, const fk_text_options *opts, char *buf,
                      size_t cap) {
    static const fk_text_options defaults = {0, 0, 0, 0};
    if (!opts) opts = &defaults;
    text_sink s = {buf, cap, 0};
    /* Row 0 is the top of the drawing: rank 8 normally, rank 1 flipped; the
     * files run a..h left to right normally, h..a flipped. */
    for (int row = 0; row < 8; row++) {
        int rank = opts->flip ? row : 7 - row;
        char label[3] = {(char)('1' + rank), ' ', '\0'};
        sink_puts(&s, label);
        for (int col = 0; col < 8; col++) {
            int file = opts->flip ? 7 - col : col;
            put_square(&s, pos, FK_SQUARE(file, rank), opts);
        }
        if (opts->color) sink_puts(&s, ANSI_RESET);
        sink_put(&s, "\n", 1);
    }
    sink_puts(&s, "  ");
    for (int col = 0; col < 8; col++) {
        char label[4] = {' ', (char)('a' + (opts->flip ? 7 - col : col)), ' ', '\0'};
        sink_puts(&s, label);
    }
    sink_put(&s, "\n", 1);
    if (cap) buf[s.len < cap ? s.len : cap - 1] = '\0';
    return s.len;
}
