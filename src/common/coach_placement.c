/* The placement read aloud rank by rank, as a coach reads it: runs grouped,
 * home ranks and empty ranks named, digits read as counts of empty squares,
 * and a rank that does not add up to eight counted aloud. */
#include <stdarg.h>
#include <string.h>

#include "common/coach.h"
#include "common/i18n.h"

/* Men named with their colour, one and many, indexed by fk_piece. */
static const char *const men_colored[FK_PIECE_COUNT][2] = {{"", ""},
                                                           {NP_("a white pawn", "white pawns")},
                                                           {NP_("a white knight", "white knights")},
                                                           {NP_("a white bishop", "white bishops")},
                                                           {NP_("a white rook", "white rooks")},
                                                           {NP_("a white queen", "white queens")},
                                                           {NP_("the white king", "white kings")},
                                                           {NP_("a black pawn", "black pawns")},
                                                           {NP_("a black knight", "black knights")},
                                                           {NP_("a black bishop", "black bishops")},
                                                           {NP_("a black rook", "black rooks")},
                                                           {NP_("a black queen", "black queens")},
                                                           {NP_("the black king", "black kings")}};

/* Men named by kind only, where the colour was just said; by fk_kind. */
static const char *const men_plain[FK_KIND_COUNT][2] = {
    {NP_("a pawn", "pawns")}, {NP_("a knight", "knights")}, {NP_("a bishop", "bishops")},
    {NP_("a rook", "rooks")}, {NP_("a queen", "queens")},   {NP_("the king", "kings")}};

static const char *const number_words[10] = {N_("zero"),  N_("one"),  N_("two"), N_("three"),
                                             N_("four"),  N_("five"), N_("six"), N_("seven"),
                                             N_("eight"), N_("nine")};

const char *coach_men(fk_piece piece, int n, int with_color) {
    if (piece == FK_EMPTY || piece >= FK_PIECE_COUNT) return "";
    const char *const *pair = with_color ? men_colored[piece] : men_plain[FK_PIECE_KIND(piece)];
    return P_(pair[0], pair[1], n);
}

const char *coach_color(fk_color c) { return c == FK_WHITE ? _("White") : _("Black"); }

const char *coach_number(int n, char *buf, size_t cap) {
    if (n >= 0 && n < 10)
        snprintf(buf, cap, "%s", _(number_words[n]));
    else
        snprintf(buf, cap, "%d", n);
    return buf;
}

/* Text written so far into a fixed buffer, truncated at its end. */
typedef struct {
    char *buf;
    size_t cap, len;
} line;

static void add(line *l, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void add(line *l, const char *fmt, ...) {
    if (l->len >= l->cap) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(l->buf + l->len, l->cap - l->len, fmt, ap);
    va_end(ap);
    if (n > 0) l->len += (size_t)n;
    if (l->len >= l->cap) l->len = l->cap - 1;
}

/* A square's name, or words saying it lies past the h-file. */
static const char *square(int file, int rank, char name[3]) {
    if (file > 7 || rank < 1 || rank > 8) return _("off the board");
    fk_square_name(FK_SQUARE(file, rank - 1), name);
    return name;
}

/* Appends one stretch of the rank's text: "black pawns on a7 and b7", "c7
 * empty". `color` is the colour last named in this rank (-1 for none) and
 * is updated. */
static void add_stretch(line *l, const fk_stretch *s, const char *text, int rank, int *color) {
    char first[3], last[3], word[16];
    switch (s->kind) {
    case FK_STRETCH_MEN: {
        int c = FK_PIECE_COLOR(s->piece);
        const char *men = coach_men((fk_piece)s->piece, s->count, c != *color);
        *color = c;
        const char *from = square(s->file, rank, first);
        const char *to = square(s->file + s->count - 1, rank, last);
        if (s->count == 1)
            add(l, _("%1$s on %2$s"), men, from);
        else if (s->count == 2)
            add(l, _("%1$s on %2$s and %3$s"), men, from, to);
        else
            add(l, _("%1$s on %2$s to %3$s"), men, from, to);
        break;
    }
    case FK_STRETCH_EMPTY:
        if (s->count == 1 && s->file < 8)
            add(l, _("%s empty"), square(s->file, rank, first));
        else
            add(l, P_("%s empty square", "%s empty squares", s->count),
                coach_number(s->count, word, sizeof word));
        break;
    default: {
        /* the byte itself, so the reader sees which one */
        unsigned char ch = (unsigned char)text[s->offset];
        if (ch >= 0x20 && ch < 0x7f)
            snprintf(word, sizeof word, "%c", ch);
        else
            snprintf(word, sizeof word, "\\x%02x", ch);
        add(l, _("'%s' is neither a piece letter nor a digit"), word);
        break;
    }
    }
}

void coach_rank(char *buf, size_t cap, const char *text, const fk_rank_reading *r) {
    line l = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    char reading[2048], shown[64], word[16];
    line body = {reading, sizeof reading, 0};
    reading[0] = '\0';
    int color = -1;
    for (int i = 0; i < r->count; i++) {
        if (i) add(&body, "%s", _(", "));
        add_stretch(&body, &r->stretches[i], text, r->rank, &color);
    }
    if (r->dropped) add(&body, "%s…", _(", "));
    snprintf(shown, sizeof shown, "%.*s", r->length > 60 ? 60 : r->length, text);
    if (r->length == 0) {
        add(&l, _("(nothing): rank %d has no text, not even a digit"), r->rank);
        return;
    }
    if (r->rank < 1) {
        add(&l, _("%1$s: a rank after the eighth (a board has eight): %2$s"), shown, reading);
        return;
    }
    if (r->squares < 8) {
        add(&l,
            P_("%1$s: rank %2$d adds up to %3$d square, %4$s short of eight: %5$s",
               "%1$s: rank %2$d adds up to %3$d squares, %4$s short of eight: %5$s", r->squares),
            shown, r->rank, r->squares, coach_number(8 - r->squares, word, sizeof word), reading);
        return;
    }
    if (r->squares > 8) {
        add(&l, _("%1$s: rank %2$d adds up to %3$d squares, %4$s too many: %5$s"), shown, r->rank,
            r->squares, coach_number(r->squares - 8, word, sizeof word), reading);
        return;
    }
    switch (r->kind) {
    case FK_RANK_EMPTY: add(&l, _("%1$s: rank %2$d is empty"), shown, r->rank); break;
    case FK_RANK_HOME_PIECES:
        add(&l, "%s: ", shown);
        add(&l,
            r->color == FK_WHITE ? _("rank %d, all white pieces still at home")
                                 : _("rank %d, all black pieces still at home"),
            r->rank);
        break;
    case FK_RANK_HOME_PAWNS:
        add(&l, "%s: ", shown);
        add(&l,
            r->color == FK_WHITE ? _("rank %d, all white pawns still at home")
                                 : _("rank %d, all black pawns still at home"),
            r->rank);
        break;
    default: add(&l, _("%1$s: rank %2$d, %3$s"), shown, r->rank, reading);
    }
}

int coach_placement(FILE *out, const char *fen, size_t len, const char *indent) {
    fk_rank_reading ranks[10];
    int n = fk_placement_read(fen, len, ranks, 10);
    int wrong = 0;
    for (int i = 0; i < n && i < 10; i++) {
        const fk_rank_reading *r = &ranks[i];
        char said[4096];
        coach_rank(said, sizeof said, fen + r->offset, r);
        fprintf(out, "%s%s\n", indent, said);
        wrong += r->squares != 8 || r->bad || r->rank < 1;
    }
    if (n > 10) fprintf(out, "%s…\n", indent);
    if (n < 8) {
        wrong += 8 - n;
        fprintf(out, "%s", indent);
        fprintf(out,
                P_("The placement holds %d rank, not eight: a '/' ends each of the first seven.",
                   "The placement holds %d ranks, not eight: a '/' ends each of the first seven.",
                   n),
                n);
        fputc('\n', out);
    }
    return wrong;
}
