/* The scanner's notes worded again from their codes and arguments, in the
 * reader's language; English readers get the scanner's own sentences. */
#include "common/scan_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/coach.h"
#include "common/i18n.h"
#include "common/problem_text.h"

/* Formats into out (cap bytes, zero-terminated, cut short). */
static void put(char *out, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, cap, fmt, ap);
    va_end(ap);
}

/* Appends to out (cap bytes). */
static void append(char *out, size_t cap, const char *text) {
    size_t n = strlen(out);
    if (n < cap) snprintf(out + n, cap - n, "%s", text);
}

const char *scan_man_name(fk_piece piece) {
    if (problem_text_english()) return piece == FK_EMPTY ? "empty" : fk_piece_name(piece);
    return piece == FK_EMPTY ? _("empty") : coach_men(piece, 1, 1);
}

/* A chance as a percentage: whole percents, or tenths below 1%, as the
 * scanner writes it. */
static const char *percent(double p, char out[16]) {
    if (p >= 0.01 || p < 0.0005)
        snprintf(out, 16, "%.0f%%", 100 * p);
    else
        snprintf(out, 16, "%.1f%%", 100 * p);
    return out;
}

/* The note of a man told apart (FK_NOTE_TOLD). */
static void told(const fk_scan_note_args *a, char *out, size_t cap) {
    char sq[3], other[3], was_p[16], now_p[16];
    fk_square_name(a->sq[0], sq);
    fk_square_name(a->sq[1], other);
    percent(a->value[0], was_p);
    percent(a->value[1], now_p);
    const char *was = scan_man_name(a->men[0]), *taken = scan_man_name(a->men[1]);
    switch (a->variant) {
    case FK_TOLD_KING_INK:
        put(out, cap,
            a->men[1] == FK_BK ? _("%1$s and %2$s hold the two kings and %1$s is drawn darker, so "
                                   "it was taken as %3$s (%4$s), not %5$s (%6$s)")
                               : _("%1$s and %2$s hold the two kings and %1$s is drawn lighter, "
                                   "so it was taken as %3$s (%4$s), not %5$s (%6$s)"),
            sq, other, taken, now_p, was, was_p);
        break;
    case FK_TOLD_INK_LIKE:
    case FK_TOLD_INK_DARKER:
    case FK_TOLD_INK_LIGHTER:
        put(out, cap,
            a->variant == FK_TOLD_INK_LIKE
                ? _("%1$s is inked like %2$s, so it was taken as %3$s (%4$s), not %5$s (%6$s)")
            : a->variant == FK_TOLD_INK_DARKER
                ? _("%1$s is inked darker than %2$s, so it was taken as %3$s (%4$s), not %5$s "
                    "(%6$s)")
                : _("%1$s is inked lighter than %2$s, so it was taken as %3$s (%4$s), not %5$s "
                    "(%6$s)"),
            sq, other, taken, now_p, was, was_p);
        break;
    case FK_TOLD_SET_LIKE:
        put(out, cap,
            _("%1$s is drawn like %2$s; with the board's men read as one set, it was taken as "
              "%3$s (%4$s), not %5$s (%6$s)"),
            sq, other, taken, now_p, was, was_p);
        break;
    case FK_TOLD_SET:
        put(out, cap,
            _("with the board's men read as one set, %1$s and the men drawn like it were taken "
              "as %2$s (%3$s), not %4$s (%5$s)"),
            sq, taken, now_p, was, was_p);
        break;
    case FK_TOLD_TWIN:
        put(out, cap,
            _("%1$s is drawn like %2$s, so it is no king: taken as %3$s (%4$s), not %5$s (%6$s)"),
            sq, other, taken, now_p, was, was_p);
        break;
    case FK_TOLD_ALONG:
        put(out, cap,
            _("%1$s is drawn like %2$s, so it was taken as %3$s (%4$s) too, not as %5$s (%6$s)"),
            sq, other, taken, now_p, was, was_p);
        break;
    case FK_TOLD_LIKE:
    case FK_TOLD_ALSO:
        put(out, cap,
            a->variant == FK_TOLD_LIKE
                ? _("%1$s is drawn unlike the sure %2$s and like %3$s, so it was taken as %4$s "
                    "(%5$s), not %6$s (%7$s)")
                : _("%1$s, on a hatched square, is drawn unlike the sure %2$s as %3$s is, so it "
                    "was taken as %4$s (%5$s) too, not as %6$s (%7$s)"),
            sq, coach_men(a->men[0], 2, 1), other, taken, now_p, was, was_p);
        break;
    default:
        put(out, cap,
            _("%1$s and %2$s were both read as %3$s but are drawn differently; %1$s (%4$s) was "
              "taken as %5$s (%6$s)"),
            sq, other, was, was_p, taken, now_p);
        append(out, cap,
               a->n == 1   ? _(", the likeliest man no square was read as")
               : a->n == 2 ? _(", as no light square shows one")
               : a->n == 3 ? _(", as no dark square shows one")
                           : "");
    }
}

/* The squares of a bitboard named, "c3, e3". */
static void square_list(fk_bitboard squares, char *out, size_t cap) {
    out[0] = '\0';
    for (fk_bitboard b = squares; b; b &= b - 1) {
        char name[3];
        fk_square_name((fk_square)__builtin_ctzll(b), name);
        if (out[0]) append(out, cap, ", ");
        append(out, cap, name);
    }
}

/* The note of a code without arguments beyond a side, said in one sentence. */
static const char *plain(int code) {
    switch (code) {
    case FK_NOTE_SIDE_ASSUMED:
        return _("White to move was assumed (the picture does not show it; use --side)");
    case FK_NOTE_SLANT:
        return _("the board is seen at a slant in the picture; it was straightened to read it");
    case FK_NOTE_START:
        return _("the board was taken as the starting position: the readings make it likelier "
                 "than the lawful board the repair found otherwise");
    default: return NULL;
    }
}

const char *scan_note_text(const fk_scan_result *r, int i, char *buf, size_t cap) {
    const fk_scan_note_args *a = &r->note_args[i];
    if (problem_text_english() || a->code == FK_NOTE_TEXT) return r->notes[i];
    char s0[3], s1[3], list[FK_SCAN_MAX_ARROWS * 24 + 1];
    fk_square_name(a->sq[0], s0);
    fk_square_name(a->sq[1], s1);
    const char *side = coach_color((fk_color)a->color);
    if (plain(a->code)) {
        put(buf, cap, "%s", plain(a->code));
        return buf;
    }
    switch (a->code) {
    case FK_NOTE_SIDE_LAST_MOVE:
        put(buf, cap,
            _("%1$s to move, as the picture marks %2$s's last move, %3$s-%4$s (use --side to say "
              "otherwise)"),
            side, coach_color((fk_color)!a->color), s0, s1);
        break;
    case FK_NOTE_SIDE_CHECK:
        put(buf, cap,
            _("%s to move, as its king is in check (the picture does not show whose turn it is; "
              "use --side)"),
            side);
        break;
    case FK_NOTE_SIDE_DOTS:
        if (a->men[0] == FK_EMPTY)
            put(buf, cap,
                _("%s to move, as the dots mark the moves of one of its men (use --side to say "
                  "otherwise)"),
                side);
        else
            put(buf, cap,
                _("%1$s to move, as the dots mark the moves of %2$s on %3$s (use --side to say "
                  "otherwise)"),
                side, coach_men(a->men[0], 1, 1), s0);
        break;
    case FK_NOTE_CASTLING_GUESSED:
        put(buf, cap,
            _("castling rights %s were guessed from kings and rooks on their home squares; the "
              "picture cannot prove them"),
            a->quote);
        break;
    case FK_NOTE_CASTLING_DROPPED:
        put(buf, cap, _("castling field '%s' could not be used; '-' written instead"), a->quote);
        break;
    case FK_NOTE_EXIF:
        put(buf, cap,
            _("the picture is stored %1$s (EXIF orientation %2$d); it was read as a viewer "
              "shows it"),
            a->n == 6 || a->n == 8   ? _("turned a quarter")
            : a->n == 5 || a->n == 7 ? _("mirrored and turned a quarter")
            : a->n == 3              ? _("upside down")
                                     : _("mirrored"),
            a->n);
        break;
    case FK_NOTE_TURNED: {
        double degrees = a->value[0] < 0 ? -a->value[0] : a->value[0];
        int many = degrees < 1.5 ? 1 : 2;
        put(buf, cap,
            a->value[0] > 0 ? P_("the board is turned %.0f degree clockwise in the picture; it "
                                 "was straightened to read it",
                                 "the board is turned %.0f degrees clockwise in the picture; it "
                                 "was straightened to read it",
                                 many)
                            : P_("the board is turned %.0f degree anticlockwise in the picture; "
                                 "it was straightened to read it",
                                 "the board is turned %.0f degrees anticlockwise in the picture; "
                                 "it was straightened to read it",
                                 many),
            degrees);
        break;
    }
    case FK_NOTE_UNEVEN_LIGHT:
        put(buf, cap,
            _("the light falls unevenly on the board (its light squares from grey %1$.0f to "
              "%2$.0f); it was evened out to read it"),
            a->value[0], a->value[1]);
        break;
    case FK_NOTE_DIAGRAM_TURNED:
        put(buf, cap, "%s",
            a->n == 2 ? _("the diagram is turned upside down in the picture; it was read turned "
                          "back")
                      : _("the diagram is turned a quarter in the picture; it was read turned "
                          "back"));
        break;
    case FK_NOTE_BOTTOM: {
        static const char *const how[] = {
            N_("from the coordinates"),
            N_("from the pawn's step marked as the last move"),
            N_("as printed diagrams are drawn, with White at the bottom"),
            N_("from the pawns"),
            N_("from the pawns and kings"),
            N_("as in the picture the piece set was learnt from")};
        int v = a->variant >= 0 && a->variant < 6 ? a->variant : 0;
        put(buf, cap, _("%1$s is at the bottom (%2$s, %3$.0f%% sure; use --bottom to say)"), side,
            _(how[v]), 100 * a->value[0]);
        break;
    }
    case FK_NOTE_ARROWS_GREY:
        put(buf, cap, "%s",
            a->n == 2 ? _("arrows are drawn over the board in the grey of its dark squares; "
                          "where they show, the squares were read through them")
                      : _("arrows are drawn over the board in the grey of its light squares; "
                          "where they show, the squares were read through them"));
        break;
    case FK_NOTE_ARROWS:
        list[0] = '\0';
        for (int k = 0; k < r->arrow_count && k < FK_SCAN_MAX_ARROWS; k++) {
            char from[3], to[3], one[24];
            if (r->arrows[k].from == FK_NO_SQUARE) continue;
            fk_square_name(r->arrows[k].from, from);
            fk_square_name(r->arrows[k].to, to);
            put(one, sizeof one, _("%1$s to %2$s"), from, to);
            if (list[0]) append(list, sizeof list, ", ");
            append(list, sizeof list, one);
        }
        put(buf, cap,
            P_("an arrow drawn over the board was read through: %s",
               "arrows drawn over the board were read through: %s", a->n),
            list);
        break;
    case FK_NOTE_COVERED:
        if (a->variant == 1)
            put(buf, cap,
                P_("something drawn over the board hides %d square: read as empty, but men may "
                   "stand there",
                   "something drawn over the board hides %d squares: read as empty, but men may "
                   "stand there",
                   a->n),
                a->n);
        else
            put(buf, cap,
                _("something drawn over the board hides the squares from %1$s to %2$s: read as "
                  "empty, but men may stand there"),
                s0, s1);
        if (a->value[0] > 0) append(buf, cap, _("; its edge reaches into the squares around them"));
        break;
    case FK_NOTE_DOTS: {
        char named[64 * 4 + 1];
        square_list(r->move_dots, named, sizeof named);
        put(buf, cap,
            P_("a square is marked with a dot as a picked-up man's move, and read empty: %s",
               "squares are marked with a dot as a picked-up man's moves, and read empty: %s",
               __builtin_popcountll(r->move_dots)),
            named);
        break;
    }
    case FK_NOTE_TOLD: told(a, buf, cap); break;
    case FK_NOTE_REPAIRED:
    case FK_NOTE_WEIGHED:
        put(buf, cap,
            a->code == FK_NOTE_REPAIRED
                ? _("repaired %1$s: read as %2$s (%3$.0f%%), taken as %4$s (%5$.0f%%) to keep the "
                    "position legal")
                : _("weighed %1$s: read as %2$s (%3$.0f%%), taken as %4$s (%5$.0f%%), the likelier "
                    "material"),
            s0, scan_man_name(a->men[0]), 100 * a->value[0], scan_man_name(a->men[1]),
            100 * a->value[1]);
        break;
    case FK_NOTE_BOARDS:
        put(buf, cap,
            a->variant ? P_("the picture shows %d board; the largest is cut off by the picture's "
                            "edge, so this one was read (use --all to read every board)",
                            "the picture shows %d boards; the largest is cut off by the picture's "
                            "edge, so this one was read (use --all to read every board)",
                            a->n)
                       : P_("the picture shows %d board; the largest is empty, so this one was "
                            "read (use --all to read every board)",
                            "the picture shows %d boards; the largest is empty, so this one was "
                            "read (use --all to read every board)",
                            a->n),
            a->n);
        break;
    default: return r->notes[i];
    }
    return buf;
}
