/* What changed between two positions, in the reader's language: the men
 * that moved, appeared or vanished with the rank texts that show it, each
 * other field, and the moves that lead from one to the other. */
#include <string.h>

#include "common/coach.h"
#include "common/i18n.h"

/* The six fields of pos as FEN writes them (en passant always written). */
typedef struct {
    char text[FK_FEN_MAX];
    const char *field[6];
    const char *rank[8]; /* rank texts, rank 8 first, each zero-terminated */
} fen_fields;

static void split(const fk_position *pos, fen_fields *f) {
    fk_fen_write(pos, FK_EP_ALWAYS, f->text, sizeof f->text);
    char *p = f->text;
    for (int i = 0; i < 6; i++) {
        f->field[i] = p;
        p += strcspn(p, " ");
        if (*p) *p++ = '\0';
    }
    p = f->text;
    for (int i = 0; i < 8; i++) {
        f->rank[i] = p;
        p += strcspn(p, "/");
        if (*p) *p++ = '\0';
    }
}

const char *coach_line_san(const fk_position *from, const fk_move *moves, int plies, char *buf,
                           size_t cap) {
    fk_position pos = *from;
    size_t len = 0;
    if (cap) buf[0] = '\0';
    for (int i = 0; i < plies && len < cap; i++) {
        char san[16];
        fk_move_to_san(&pos, moves[i], san, sizeof san);
        const char *sep = i ? " " : "";
        int n;
        if (pos.side == FK_WHITE)
            n = snprintf(buf + len, cap - len, "%s%u.%s", sep, pos.fullmove, san);
        else if (i == 0)
            n = snprintf(buf + len, cap - len, "%u...%s", pos.fullmove, san);
        else
            n = snprintf(buf + len, cap - len, " %s", san);
        if (n > 0) len += (size_t)n;
        fk_move_make(&pos, moves[i]);
    }
    return buf;
}

/* Appends ", rank N: OLD to NEW" for the rank of square sq, unless that
 * rank was shown already (its bit in *shown). */
static size_t rank_texts(char *buf, size_t cap, int sq, const fen_fields *a, const fen_fields *b,
                         unsigned *shown) {
    if (sq == FK_NO_SQUARE || cap == 0) return 0;
    int rank = FK_RANK_OF(sq);
    if (*shown & (1u << rank)) return 0;
    int n = snprintf(buf, cap, "%s", *shown ? _("; ") : "");
    *shown |= 1u << rank;
    if (n < 0 || (size_t)n >= cap) return cap - 1;
    int m = snprintf(buf + n, cap - (size_t)n, _("rank %1$d: %2$s became %3$s"), rank + 1,
                     a->rank[7 - rank], b->rank[7 - rank]);
    return m < 0 ? (size_t)n : (size_t)(n + m);
}

void coach_man_change(char *buf, size_t cap, const fk_man_change *c, const fk_position *a,
                      const fk_position *b) {
    fen_fields fa, fb;
    split(a, &fa);
    split(b, &fb);
    char from[3], to[3], ranks[256];
    fk_square_name(c->from, from);
    fk_square_name(c->to, to);
    const char *men = coach_men((fk_piece)c->piece, 1, 1);
    unsigned shown = 0;
    size_t n = rank_texts(ranks, sizeof ranks, c->from, &fa, &fb, &shown);
    rank_texts(ranks + n, sizeof ranks - n, c->to, &fa, &fb, &shown);
    if (c->kind == FK_MAN_MOVED)
        snprintf(buf, cap, _("%1$s went from %2$s to %3$s (%4$s)"), men, from, to, ranks);
    else if (c->kind == FK_MAN_APPEARED)
        snprintf(buf, cap, _("%1$s appeared on %2$s (%3$s)"), men, to, ranks);
    else
        snprintf(buf, cap, _("%1$s on %2$s is gone (%3$s)"), men, from, ranks);
}

/* Writes one field's line: "Label: OLD, now NEW" or "Label: unchanged (X)". */
static void field_line(FILE *out, const char *label, const char *old, const char *now) {
    if (strcmp(old, now) == 0)
        fprintf(out, _("%1$s: unchanged (%2$s)"), label, old);
    else
        fprintf(out, _("%1$s: %2$s, now %3$s"), label, old, now);
    fputc('\n', out);
}

void coach_diff(FILE *out, const fk_position *a, const fk_position *b, const fk_lines *lines) {
    fen_fields fa, fb;
    split(a, &fa);
    split(b, &fb);
    fk_position_diff d;
    fk_position_compare(a, b, &d);
    if (d.count == 0)
        fprintf(out, "%s\n", _("Men: the same on both boards"));
    else
        fprintf(out, "%s\n", _("Men:"));
    for (int i = 0; i < d.count; i++) {
        char said[512];
        coach_man_change(said, sizeof said, &d.changes[i], a, b);
        fprintf(out, "  %s\n", said);
    }
    field_line(out, _("Side to move"), coach_color((fk_color)a->side),
               coach_color((fk_color)b->side));
    field_line(out, _("Castling rights"), fa.field[2], fb.field[2]);
    char ep_a[3], ep_b[3];
    fk_square_name(a->ep_square, ep_a);
    fk_square_name(b->ep_square, ep_b);
    field_line(out, _("En passant"), a->ep_square == FK_NO_SQUARE ? _("none") : ep_a,
               b->ep_square == FK_NO_SQUARE ? _("none") : ep_b);
    field_line(out, _("Halfmove clock"), fa.field[4], fb.field[4]);
    field_line(out, _("Fullmove number"), fa.field[5], fb.field[5]);
    if (!lines) return;
    if (lines->plies == 0) {
        fprintf(out, "%s\n",
                _("Moves: none; the men, the side to move and the rights are already the same"));
    } else if (lines->plies < 0) {
        fprintf(out, "%s\n",
                _("Moves: no line of up to three half-moves leads from the first position to "
                  "the second"));
    } else {
        fprintf(out, "%s ", _("Moves:"));
        for (int i = 0; i < lines->count; i++) {
            char san[128];
            coach_line_san(a, lines->moves[i], lines->plies, san, sizeof san);
            fprintf(out, "%s%s", i ? _(", or ") : "", san);
        }
        if (lines->more)
            fprintf(out, P_(", and %d more line", ", and %d more lines", lines->more), lines->more);
        fputc('\n', out);
    }
}
