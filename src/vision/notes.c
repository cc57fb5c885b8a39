/* What a scan did to a board, in words: the notes of fk_scan_result that
 * tell a person which arrows were read through, which squares a panel
 * hides or dots mark, and which men were told apart. */
#include <stdio.h>
#include <string.h>

#include "tell.h"
#include "vision.h"

/* Writes a probability as a percentage for a note: whole percents, or
 * tenths below 1% ("0.3%"), so that a small chance does not read "0%". */
static void percent(double p, char out[16]) {
    if (p >= 0.01 || p < 0.0005)
        snprintf(out, 16, "%.0f%%", 100 * p);
    else
        snprintf(out, 16, "%.1f%%", 100 * p);
}

void fk_note_arrows(fk_scan_result *out, const fk_arrow_seen *arrows, int count) {
    /* in one note (a board may show eight): tail to head */
    out->arrow_count = count;
    char named[FK_ARROWS_MOST * 12 + 1] = "";
    for (int k = 0; k < count; k++) {
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
    if (count && arrows[0].hidden)
        fk_scan_note(
            out,
            &(fk_scan_note_args){.code = FK_NOTE_ARROWS_GREY, .n = arrows[0].hidden == 2 ? 2 : 1},
            "arrows are drawn over the board in the grey of its %s squares; where they "
            "show, the squares were read through them",
            arrows[0].hidden == 2 ? "dark" : "light");
    else if (count)
        fk_scan_note(out, &(fk_scan_note_args){.code = FK_NOTE_ARROWS, .n = count},
                     "%s drawn over the board %s read through: %s",
                     count == 1 ? "an arrow" : "arrows", count == 1 ? "was" : "were", named);
}

void fk_note_covered(fk_scan_result *out, int partly) {
    /* a rectangle by its corners, else a count */
    fk_bitboard c = out->covered;
    if (!c) return;
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
    fk_scan_note_args a = {.code = FK_NOTE_COVERED,
                           .sq = {(fk_square)lo, (fk_square)hi},
                           .n = __builtin_popcountll(c),
                           .value = {partly ? 1 : 0}};
    if (files * ranks == __builtin_popcountll(c))
        snprintf(what, sizeof what, "the squares from %s to %s", from, to);
    else {
        snprintf(what, sizeof what, "%d squares", __builtin_popcountll(c));
        a.variant = 1;
    }
    fk_scan_note(out, &a,
                 "something drawn over the board hides %s: read as empty, but men may stand "
                 "there%s",
                 what, partly ? "; its edge reaches into the squares around them" : "");
}

void fk_note_dots(fk_scan_result *out) {
    fk_bitboard dots = out->move_dots;
    if (!dots) return;
    char named[64 * 4 + 1] = "";
    for (fk_bitboard b = dots; b; b &= b - 1) {
        char name[3];
        fk_square_name((fk_square)__builtin_ctzll(b), name);
        snprintf(named + strlen(named), sizeof named - strlen(named), "%s%s",
                 named[0] ? ", " : "", name);
    }
    int several = (dots & (dots - 1)) != 0;
    fk_scan_note(out, &(fk_scan_note_args){.code = FK_NOTE_DOTS},
                 "%s marked with a dot as a picked-up man's %s, and read empty: %s",
                 several ? "squares are" : "a square is", several ? "moves" : "move", named);
}

/* Which wording (fk_scan_note_told) the note of a man told apart takes. */
static int told_variant(const told_apart *t, const fk_piece picture[64], fk_piece now) {
    switch (t->how) {
    case TOLD_INK:
        if (FK_PIECE_KIND(now) == FK_KING) return FK_TOLD_KING_INK;
        return picture[t->other] == now          ? FK_TOLD_INK_LIKE
               : FK_PIECE_COLOR(now) == FK_BLACK ? FK_TOLD_INK_DARKER
                                                 : FK_TOLD_INK_LIGHTER;
    case TOLD_SET: return t->other != t->cell ? FK_TOLD_SET_LIKE : FK_TOLD_SET;
    case TOLD_TWIN: return FK_TOLD_TWIN;
    case TOLD_ALONG: return FK_TOLD_ALONG;
    case TOLD_LIKE: return FK_TOLD_LIKE;
    case TOLD_ALSO: return FK_TOLD_ALSO;
    default: return FK_TOLD_APART;
    }
}

void fk_note_told(fk_scan_result *out, const fk_piece picture[64], const fk_piece best[64],
                  const told_apart *told, int count) {
    for (int k = 0; k < count; k++) {
        const told_apart *t = &told[k];
        fk_square sq = fk_cell_square(t->cell, out->white_bottom);
        fk_piece now = picture[t->cell];
        char name[3], other[3];
        fk_square_name(sq, name);
        fk_square_name(fk_cell_square(t->other, out->white_bottom), other);
        char was_p[16], now_p[16];
        percent(t->was_prob, was_p);
        percent(t->now_prob, now_p);
        out->repaired |= FK_BIT(sq);
        const char *taken = now == FK_EMPTY ? "empty" : fk_piece_name(now);
        const char *was = fk_piece_name(t->was);
        fk_scan_note_args a = {.code = FK_NOTE_TOLD,
                               .sq = {sq, fk_cell_square(t->other, out->white_bottom)},
                               .men = {t->was, now},
                               .variant = told_variant(t, picture, now),
                               .value = {t->was_prob, t->now_prob}};
        if (t->how == TOLD_INK && FK_PIECE_KIND(now) == FK_KING)
            fk_scan_note(
                out, &a,
                "%s and %s hold the two kings and %s is drawn %s, so it was taken as %s (%s), "
                "not %s (%s)",
                name, other, name, now == FK_BK ? "darker" : "lighter", taken, now_p, was, was_p);
        else if (t->how == TOLD_INK) {
            const char *how_inked = picture[t->other] == now             ? "like"
                                    : FK_PIECE_COLOR(now) == FK_BLACK ? "darker than"
                                                                      : "lighter than";
            fk_scan_note(out, &a, "%s is inked %s %s, so it was taken as %s (%s), not %s (%s)",
                         name, how_inked, other, taken, now_p, was, was_p);
        } else if (t->how == TOLD_SET && t->other != t->cell)
            fk_scan_note(out, &a,
                         "%s is drawn like %s; with the board's men read as one set, it was taken "
                         "as %s (%s), not %s (%s)",
                         name, other, taken, now_p, was, was_p);
        else if (t->how == TOLD_SET)
            fk_scan_note(out, &a,
                         "with the board's men read as one set, %s and the men drawn like it were "
                         "taken as %s (%s), not %s (%s)",
                         name, taken, now_p, was, was_p);
        else if (t->how == TOLD_TWIN)
            fk_scan_note(out, &a,
                         "%s is drawn like %s, so it is no king: taken as %s (%s), not %s (%s)",
                         name, other, taken, now_p, was, was_p);
        else if (t->how == TOLD_ALONG)
            fk_scan_note(out, &a,
                         "%s is drawn like %s, so it was taken as %s (%s) too, not as %s (%s)",
                         name, other, taken, now_p, was, was_p);
        else if (t->how == TOLD_LIKE || t->how == TOLD_ALSO)
            fk_scan_note(
                out, &a,
                t->how == TOLD_LIKE
                    ? "%s is drawn unlike the sure %ss and like %s, so it was taken as %s (%s), "
                      "not %s (%s)"
                    : "%s, on a hatched square, is drawn unlike the sure %ss as %s is, so it was "
                      "taken as %s (%s) too, not as %s (%s)",
                name, was, other, taken, now_p, was, was_p);
        else {
            /* A bishop may have been read on the other square colour. */
            int shown = 0;
            for (int j = 0; j < 64; j++)
                shown |= best[j] == now && fk_cell_colour(j) != fk_cell_colour(t->cell);
            const char *why = "";
            if (t->how == TOLD_UNSEEN) {
                why = !shown                          ? ", the likeliest man no square was read as"
                      : FK_BIT(sq) & FK_LIGHT_SQUARES ? ", as no light square shows one"
                                                      : ", as no dark square shows one";
                a.n = !shown ? 1 : FK_BIT(sq) & FK_LIGHT_SQUARES ? 2 : 3;
            }
            fk_scan_note(out, &a,
                         "%s and %s were both read as %s but are drawn differently; %s (%s) was "
                         "taken as %s (%s)%s",
                         name, other, was, name, was_p, taken, now_p, why);
        }
    }
}
