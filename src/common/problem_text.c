/* A problem's sentences in the reader's language, made from its code and
 * arguments (see problem_text.h). English readers get the core's own text,
 * so the English output stays what the library writes. */
#include "common/problem_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/coach.h"
#include "common/i18n.h"
#include "common/notation.h"
#include "fenkit/core.h"

static void put(char *out, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Formats into out (cap bytes, zero-terminated, cut short). */
static void put(char *out, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, cap, fmt, ap);
    va_end(ap);
}

int problem_text_english(void) {
    /* i18n_init and the server's srv_lang_begin both name the chosen
     * catalog in LANGUAGE. */
    const char *lang = getenv("LANGUAGE");
    return !lang || !*lang || strncmp(lang, "en", 2) == 0;
}

const char *problem_severity_name(fk_severity severity) {
    switch (severity) {
    case FK_SEV_NOTE: return _("note");
    case FK_SEV_WARNING: return _("warning");
    default: return _("error");
    }
}

const char *problem_field_name(fk_field field) {
    switch (field) {
    case FK_FIELD_PLACEMENT: return _("placement field");
    case FK_FIELD_SIDE: return _("side field");
    case FK_FIELD_CASTLING: return _("castling field");
    case FK_FIELD_EP: return _("en passant field");
    case FK_FIELD_HALFMOVE: return _("halfmove field");
    case FK_FIELD_FULLMOVE: return _("fullmove field");
    default: return _("position");
    }
}

/* A square's name (0..63) written into name. */
static const char *sq(long long square, char name[3]) {
    if (square < 0 || square > 63) return "?";
    fk_square_name((fk_square)square, name);
    return name;
}

/* "white" or "black" as an adjective ("a white pawn"). */
static const char *color_adj(int c) { return c == FK_WHITE ? _("white") : _("black"); }

/* The squares of bb, "e1, e8", into out. */
static const char *squares_list(fk_bitboard bb, char *out, size_t cap) {
    size_t len = 0;
    out[0] = '\0';
    for (; bb && len + 5 < cap; bb &= bb - 1) {
        char name[3];
        len += (size_t)snprintf(out + len, cap - len, "%s%s", len ? ", " : "",
                                sq(__builtin_ctzll(bb), name));
    }
    return out;
}

/* The men of the arguments ("the queen on e2 and the knight on f3"), as the
 * core's message names them, into out. */
static const char *men_list(const fk_problem_args *a, char *out, size_t cap) {
    size_t len = 0;
    out[0] = '\0';
    int i = 0;
    for (fk_bitboard bb = a->others; bb && i < 8 && len + 1 < cap; bb &= bb - 1, i++) {
        char name[3], one[64];
        const char *sep = !i ? "" : (bb & (bb - 1)) ? _(", ") : _(" and ");
        put(one, sizeof one, _("%1$s on %2$s"), coach_men(FK_MAKE_PIECE(FK_WHITE, a->men[i]), 1, 0),
            sq(__builtin_ctzll(bb), name));
        len += (size_t)snprintf(out + len, cap - len, "%s%s", sep, one);
    }
    return out;
}

/* A rank counted from the top of the placement (0 is rank 8), as people
 * say it: "rank 7", past the eighth "rank 9 from the top". */
static const char *rank_name(long long index, char *out, size_t cap) {
    if (index >= 0 && index < 8)
        put(out, cap, _("rank %d"), (int)(8 - index));
    else
        put(out, cap, _("rank %lld from the top"), index + 1);
    return out;
}

/* Makes a sentence's first letter upper case, when it is a plain one. */
static void capital(char *text) {
    if (text[0] >= 'a' && text[0] <= 'z') text[0] = (char)(text[0] - 'a' + 'A');
}

/* A move counter's problem (the halfmove clock's or the fullmove
 * number's, by its field). */
static void counter_text(const fk_problem *p, char *msg, size_t mc, char *fix, size_t fc) {
    const fk_problem_args *a = &p->args;
    int half = p->field == FK_FIELD_HALFMOVE;
    switch (a->variant) {
    case 1:
        put(msg, mc,
            half ? _("The halfmove clock cannot be negative (%s).")
                 : _("The fullmove number cannot be negative (%s)."),
            a->quote);
        put(fix, fc, "%s", _("Write 0 or a larger whole number."));
        break;
    case 2:
        put(msg, mc,
            half ? _("The halfmove clock %s is too large.")
                 : _("The fullmove number %s is too large."),
            a->quote);
        put(fix, fc, "%s", _("A counter has at most 6 digits (no game lasts 9,000 moves)."));
        break;
    case 3:
        put(msg, mc,
            half ? _("The halfmove clock is '%s', not a number.")
                 : _("The fullmove number is '%s', not a number."),
            a->quote);
        put(fix, fc, _("Write %lld."), a->n[0]);
        break;
    case 4:
        put(msg, mc,
            half ? _("The halfmove clock %s has a leading zero.")
                 : _("The fullmove number %s has a leading zero."),
            a->quote);
        put(fix, fc, _("Write %lld."), a->n[0]);
        break;
    case 5:
        put(msg, mc,
            half ? _("The halfmove clock is '%1$s', not a number; read as %2$lld.")
                 : _("The fullmove number is '%1$s', not a number; read as %2$lld."),
            a->quote, a->n[0]);
        put(fix, fc, _("Write %lld."), a->n[0]);
        break;
    default:
        put(msg, mc,
            half ? _("The halfmove clock '%s' is not a number.")
                 : _("The fullmove number '%s' is not a number."),
            a->quote);
        put(fix, fc, "%s", _("Write a whole number, like 0 or 1."));
    }
}

/* The reading problems of the whole text and of the fields after the
 * placement; 0 when the code has none here. */
static int tail_text(const fk_problem *p, char *msg, size_t mc, char *fix, size_t fc) {
    const fk_problem_args *a = &p->args;
    /* What is missing when only the first n fields were given. */
    static const char *const missing[] = {
        NULL,
        N_("The FEN has 1 field, needs 6: side to move, castling, en passant, halfmove clock and "
           "fullmove number are missing."),
        N_("The FEN has 2 fields, needs 6: castling, en passant, halfmove clock and fullmove "
           "number are missing."),
        N_("The FEN has 3 fields, needs 6: en passant, halfmove clock and fullmove number are "
           "missing."),
        N_("The FEN has 4 fields, needs 6: halfmove clock and fullmove number are missing."),
        N_("The FEN has 5 fields, needs 6: fullmove number is missing.")};
    /* The field missing before a token that belongs to a later one. */
    static const char *const missing_before[] = {
        NULL,
        N_("The side to move field is missing before '%s'."),
        N_("The castling field is missing before '%s'."),
        N_("The en passant field is missing before '%s'."),
        N_("The halfmove clock field is missing before '%s'."),
        N_("The fullmove number field is missing before '%s'.")};
    switch (p->code) {
    case FK_PROB_EMPTY_INPUT:
        put(msg, mc, "%s",
            a->variant ? _("The text holds only white space, no FEN.")
                       : _("The text is empty, no FEN."));
        put(fix, fc, _("Give a FEN like %s."),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        break;
    case FK_PROB_MISSING_FIELD:
        if (a->n[0] < 1 || a->n[0] > 5) return 0;
        if (a->variant) {
            put(msg, mc, _(missing_before[a->n[0]]), a->quote);
            put(fix, fc, "%s",
                a->n[0] == FK_FIELD_SIDE ? _("Write w or b after the placement.") : "");
        } else {
            put(msg, mc, "%s", _(missing[a->n[0]]));
            put(fix, fc, "%s",
                a->n[0] == FK_FIELD_SIDE
                    ? _("Add ' w' or ' b' after the placement: who is to move?")
                    : _("A FEN has six fields: placement, side, castling, en passant, halfmove and "
                        "fullmove."));
        }
        break;
    case FK_PROB_EXTRA_FIELD:
        put(msg, mc, _("There is text after the six fields: '%s'."), a->quote);
        put(fix, fc, "%s", _("Remove everything after the fullmove number."));
        break;
    case FK_PROB_BAD_SIDE:
        if (a->variant) {
            char lower = a->color == FK_BLACK ? 'b' : 'w';
            put(msg, mc, _("The side to move is written in lower case: '%1$c', not '%2$c'."), lower,
                lower - 'a' + 'A');
            put(fix, fc, _("Write %c."), lower);
        } else {
            put(msg, mc, _("'%s' is not a side to move."), a->quote);
            put(fix, fc, "%s", _("Write w for White to move or b for Black to move."));
        }
        break;
    case FK_PROB_BAD_CASTLING:
        if (a->variant == 1) {
            put(msg, mc, "%s", _("'-' in the castling field must stand alone."));
            put(fix, fc, "%s", _("Write - alone for no castling rights, or only the letters."));
        } else if (a->variant == 2) {
            put(msg, mc, "%s", _("The castling field is a Unicode dash, not the ASCII '-'."));
            put(fix, fc, "%s", _("Write -."));
        } else {
            put(msg, mc, _("'%s' is not a castling letter."), a->quote);
            put(fix, fc, "%s", _("Use K Q k q, or the rook's file (A-H, a-h) for Chess960."));
        }
        break;
    case FK_PROB_BAD_EP:
        switch (a->variant) {
        case 1:
            put(msg, mc, _("The en passant square must be on rank 3 or 6, not %s."), a->quote);
            put(fix, fc, "%s", _("Write the square the pawn passed over, or - for none."));
            break;
        case 2:
            put(msg, mc, _("There is no square %s on the board."), a->quote);
            put(fix, fc, "%s", _("Files are a to h and ranks 1 to 8; write - for none."));
            break;
        case 3: {
            char lower[3] = {(char)(a->quote[0] - 'A' + 'a'), a->quote[1], '\0'};
            put(msg, mc, _("The en passant square is written in lower case: %1$s, not %2$s."),
                lower, a->quote);
            put(fix, fc, _("Write %s."), lower);
            break;
        }
        case 4:
            put(msg, mc, "%s", _("The en passant field is a Unicode dash, not the ASCII '-'."));
            put(fix, fc, "%s", _("Write -."));
            break;
        default:
            put(msg, mc, _("'%s' is not an en passant square."), a->quote);
            put(fix, fc, "%s",
                _("Write the square the pawn passed over (like e3), or - for none."));
        }
        break;
    case FK_PROB_BAD_HALFMOVE:
    case FK_PROB_BAD_FULLMOVE: counter_text(p, msg, mc, fix, fc); break;
    case FK_PROB_NONSTANDARD:
        /* What tolerant mode reads and notes is said as strict mode's
         * error would say it, where the reader kept its arguments. */
        if ((p->field == FK_FIELD_HALFMOVE || p->field == FK_FIELD_FULLMOVE) &&
            (a->variant == 4 || a->variant == 5)) {
            counter_text(p, msg, mc, fix, fc);
        } else if ((p->field == FK_FIELD_CASTLING && a->variant == 2) ||
                   (p->field == FK_FIELD_EP && a->variant == 4)) {
            put(msg, mc, "%s",
                p->field == FK_FIELD_EP
                    ? _("The en passant field is a Unicode dash, not the ASCII '-'.")
                    : _("The castling field is a Unicode dash, not the ASCII '-'."));
            put(fix, fc, "%s", _("Write -."));
        } else if (p->field == FK_FIELD_CASTLING && a->variant == 3) {
            /* quote: the rights as given, a NUL, then as a FEN writes them */
            const char *usual = a->quote + strlen(a->quote) + 1;
            put(msg, mc, _("Castling rights '%1$s' are usually written '%2$s'."), a->quote, usual);
            put(fix, fc, _("Write %s."), usual);
        } else if (notation_text(p, msg, mc)) {
            put(fix, fc, "%s", p->fix); /* the FEN in FEN's letters */
        } else {
            return 0;
        }
        break;
    case FK_PROB_WHITESPACE: {
        static const char *const what[] = {N_("There is white space before the FEN."),
                                           N_("There is white space after the FEN."),
                                           N_("Fields are separated by more than one space."),
                                           N_("Fields are separated by a tab."),
                                           N_("Fields are separated by '_'."),
                                           N_("Fields are separated by a line break.")};
        if (a->variant > 5) return 0;
        put(msg, mc, "%s", _(what[a->variant]));
        put(fix, fc, "%s",
            a->variant ? _("Separate the six fields with single spaces.")
                       : _("Remove the white space before the FEN."));
        break;
    }
    case FK_PROB_FIELDS_FILLED:
        put(msg, mc, "%s",
            a->variant ? _("The en passant field is missing; read as -.")
                       : _("The castling and en passant fields are missing; read as -."));
        fix[0] = '\0';
        break;
    case FK_PROB_COUNTERS_FILLED:
        put(msg, mc, "%s",
            a->variant ? _("The fullmove number is missing; read as 1.")
                       : _("The move counters are missing; read as 0 1."));
        fix[0] = '\0';
        break;
    default: return 0;
    }
    return 1;
}

/* The reading problems' sentences; 0 when the code has none here. */
static int reading_text(const fk_problem *p, char *msg, size_t mc, char *fix, size_t fc) {
    const fk_problem_args *a = &p->args;
    char rank[64];
    switch (p->code) {
    case FK_PROB_RANK_LENGTH:
        put(msg, mc,
            P_("%1$s has %2$lld square, needs 8.", "%1$s has %2$lld squares, needs 8.", a->n[1]),
            rank_name(a->n[0], rank, sizeof rank), a->n[1]);
        put(fix, fc, "%s", _("The pieces and the digits of empty squares in a rank add up to 8."));
        break;
    case FK_PROB_BAD_DIGIT:
        rank_name(a->n[0], rank, sizeof rank);
        if (a->variant == 1) {
            put(msg, mc, _("%s has the digit 9: a rank has only 8 squares."), rank);
            put(fix, fc, "%s", _("Write 8 for a whole empty rank."));
        } else if (a->variant == 2) {
            put(msg, mc, _("%s has the digit 0: a digit counts empty squares, 1 to 8."), rank);
            put(fix, fc, "%s", _("Remove the 0."));
        } else {
            put(msg, mc,
                _("%1$s has two digits in a row ('%2$s'): empty squares are one digit, 1 to 8."),
                rank, a->quote);
            if (a->n[1] >= 1 && a->n[1] <= 8)
                put(fix, fc, _("Write %lld."), a->n[1]);
            else
                put(fix, fc, "%s", _("Write the empty squares as one digit, 1 to 8."));
        }
        break;
    case FK_PROB_BAD_PIECE:
        rank_name(a->n[0], rank, sizeof rank);
        if (a->variant)
            put(msg, mc,
                _("'%1$s' in %2$s is not a piece letter (is the space before the side to move "
                  "missing?)."),
                a->quote, rank);
        else
            put(msg, mc, _("'%1$s' in %2$s is not a piece letter."), a->quote, rank);
        put(fix, fc, "%s", _("Use K Q R B N P, upper case for White, lower case for Black."));
        break;
    case FK_PROB_RANK_COUNT:
        if (a->variant) {
            put(msg, mc, "%s", _("The piece placement ends with '/'."));
            put(fix, fc, "%s", _("Remove the last '/'."));
        } else {
            put(msg, mc,
                P_("There is %lld rank, a board has 8.", "There are %lld ranks, a board has 8.",
                   a->n[0]),
                a->n[0]);
            put(fix, fc, "%s", _("A board has 8 ranks separated by 7 '/'."));
        }
        break;
    default: return tail_text(p, msg, mc, fix, fc);
    }
    capital(msg);
    return 1;
}

/* The kings', checks' and material's sentences; 0 when the code has none
 * here. */
static int board_text(const fk_problem *p, char *msg, size_t mc, char *fix, size_t fc) {
    const fk_problem_args *a = &p->args;
    const char *side = coach_color((fk_color)a->color);
    const char *other = coach_color((fk_color)!a->color);
    const char *adj = color_adj(a->color);
    char k[3], men[160], where[200];
    switch (p->code) {
    case FK_PROB_NO_KING:
        put(msg, mc, _("%s has no king; each side needs exactly one."), side);
        put(fix, fc, "%s",
            a->color == FK_WHITE ? _("Put the white king on the board (it starts on e1).")
                                 : _("Put the black king on the board (it starts on e8)."));
        break;
    case FK_PROB_TOO_MANY_KINGS:
        put(msg, mc, _("%1$s has %2$lld kings (%3$s); each side has exactly one."), side, a->n[0],
            squares_list(p->squares, where, sizeof where));
        put(fix, fc, "%s",
            a->color == FK_WHITE ? _("Keep one white king and remove the others.")
                                 : _("Keep one black king and remove the others."));
        break;
    case FK_PROB_OPPONENT_IN_CHECK:
        put(msg, mc,
            _("%1$s's king on %2$s is in check from %3$s, but it is %4$s's turn: %1$s's last "
              "move would have left its own king in check."),
            side, sq(a->n[0], k), men_list(a, men, sizeof men), other);
        put(fix, fc,
            _("If it is %1$s's turn, set the side to move to '%2$c'; otherwise take away the "
              "check."),
            side, a->color == FK_WHITE ? 'w' : 'b');
        break;
    case FK_PROB_TOO_MANY_CHECKERS:
        put(msg, mc,
            _("%1$s's king on %2$s is in check from %3$lld pieces (%4$s); one move gives at most "
              "two checks."),
            side, sq(a->n[0], k), a->n[1], men_list(a, men, sizeof men));
        put(fix, fc, "%s", _("Remove the pieces that cannot all be giving check."));
        break;
    case FK_PROB_IMPOSSIBLE_CHECK:
        if (a->variant == 0) {
            put(msg, mc,
                _("%1$s's king on %2$s is in check from %3$s, which has never moved: the check "
                  "would already have stood before %4$s's last move."),
                side, sq(a->n[0], k), men_list(a, men, sizeof men), other);
            put(fix, fc, "%s",
                _("Move the pawn or the king so that the pawn does not give check."));
        } else {
            put(msg, mc,
                a->variant == 1
                    ? _("%1$s's king on %2$s is in double check from %3$s, which no single move "
                        "can give: they stand on one line through the king, so neither can have "
                        "uncovered the other.")
                    : _("%1$s's king on %2$s is in double check from %3$s, which no single move "
                        "can give: neither could have moved away to uncover the other's check."),
                side, sq(a->n[0], k), men_list(a, men, sizeof men));
            put(fix, fc, "%s", _("Remove or move one of the two checking pieces."));
        }
        break;
    case FK_PROB_TOO_MANY_PROMOTED:
        put(msg, mc,
            P_("%1$s has %2$lld pieces beyond the starting set but only %3$lld pawn is missing "
               "to have promoted into them.",
               "%1$s has %2$lld pieces beyond the starting set but only %3$lld pawns are "
               "missing to have promoted into them.",
               a->n[1]),
            side, a->n[0], a->n[1]);
        put(fix, fc, _("Remove %1$lld of the extra %2$s pieces, or %1$lld %2$s pawns."),
            a->n[0] - a->n[1], adj);
        break;
    case FK_PROB_BISHOP_COLORS:
        put(msg, mc,
            a->variant == 0
                ? P_("%1$s has %2$lld bishops on light squares (%3$s); all but one must be "
                     "promoted pawns, and with its other pieces that needs more than the %4$lld "
                     "missing pawn.",
                     "%1$s has %2$lld bishops on light squares (%3$s); all but one must be "
                     "promoted pawns, and with its other pieces that needs more than the %4$lld "
                     "missing pawns.",
                     a->n[1])
                : P_("%1$s has %2$lld bishops on dark squares (%3$s); all but one must be "
                     "promoted pawns, and with its other pieces that needs more than the %4$lld "
                     "missing pawn.",
                     "%1$s has %2$lld bishops on dark squares (%3$s); all but one must be "
                     "promoted pawns, and with its other pieces that needs more than the %4$lld "
                     "missing pawns.",
                     a->n[1]),
            side, a->n[0], squares_list(p->squares, where, sizeof where), a->n[1]);
        put(fix, fc,
            a->variant == 0 ? _("Remove a %1$s bishop from the light squares, or a %1$s pawn.")
                            : _("Remove a %1$s bishop from the dark squares, or a %1$s pawn."),
            adj);
        break;
    case FK_PROB_TOO_MANY_PAWNS:
        put(msg, mc, _("%1$s has %2$lld pawns; a side starts with 8 and never gains any."), side,
            a->n[0]);
        put(fix, fc, _("Remove %1$lld of the %2$s pawns."), a->n[0] - 8, adj);
        break;
    case FK_PROB_TOO_MANY_PIECES:
        put(msg, mc,
            _("%1$s has %2$lld men on the board; a side starts with 16 and never gains any."), side,
            a->n[0]);
        put(fix, fc, _("Remove %1$lld %2$s men."), a->n[0] - 16, adj);
        break;
    case FK_PROB_PAWN_STRUCTURE:
        put(msg, mc,
            a->variant
                ? _("%1$s's pawns (%2$s) need at least %3$lld captures to stand on these files "
                    "and to have promoted into the extra bishops, but %4$s has lost only %5$lld "
                    "men.")
                : _("%1$s's pawns (%2$s) need at least %3$lld captures to stand on these files, "
                    "but %4$s has lost only %5$lld men."),
            side, squares_list(a->others, where, sizeof where), a->n[0], other, a->n[1]);
        put(fix, fc,
            a->variant ? _("Remove a %1$s pawn or a promoted bishop, or remove %2$s men.")
                       : _("Move or remove %1$s pawns so fewer share a file, or remove %2$s men."),
            adj, color_adj(!a->color));
        break;
    case FK_PROB_PAWN_BACK_RANK: {
        int n = __builtin_popcountll(p->squares);
        put(msg, mc,
            P_("Pawn on %s: a pawn never stands on the first or last rank (it starts on the "
               "second and promotes on the last).",
               "Pawns on %s: a pawn never stands on the first or last rank (it starts on the "
               "second and promotes on the last).",
               n),
            squares_list(p->squares, where, sizeof where));
        put(fix, fc, "%s", _("Remove these pawns, or replace each with the piece it promoted to."));
        break;
    }
    default: return 0;
    }
    return 1;
}

/* The castling, en passant and counters' sentences; 0 when the code has
 * none here. */
static int field_text(const fk_problem *p, char *msg, size_t mc, char *fix, size_t fc) {
    const fk_problem_args *a = &p->args;
    const char *side = coach_color((fk_color)a->color);
    const char *other = coach_color((fk_color)!a->color);
    const char *adj = color_adj(a->color);
    char s0[3], s1[3], s2[3], s3[3], men[160];
    switch (p->code) {
    case FK_PROB_CASTLING_NO_ROOK:
        put(msg, mc,
            a->variant ? _("The castling right '%1$s' needs a %2$s rook on %3$s, but another "
                           "piece stands there.")
                       : _("The castling right '%1$s' needs a %2$s rook on %3$s, but the square "
                           "is empty."),
            a->quote, adj, sq(a->n[0], s0));
        put(fix, fc, _("Remove '%1$s' from the castling field, or put a %2$s rook on %3$s."),
            a->quote, adj, sq(a->n[0], s0));
        break;
    case FK_PROB_CASTLING_NO_KING: {
        const char *home = a->color == FK_WHITE ? "e1" : "e8";
        if (a->variant == 0)
            put(msg, mc, _("%1$s has castling rights '%2$s' but its king is missing."), side,
                a->quote);
        else if (a->variant == 1)
            put(msg, mc,
                _("%1$s has castling rights '%2$s' but its king stands on %3$s, not on %4$s."),
                side, a->quote, sq(a->n[0], s0), home);
        else
            put(msg, mc,
                _("%1$s has castling rights '%2$s' but its king stands on %3$s, not between two "
                  "rooks of its back rank."),
                side, a->quote, sq(a->n[0], s0));
        if (a->n[1])
            put(fix, fc, _("Remove '%s' from the castling field."), a->quote);
        else
            put(fix, fc, _("Remove '%1$s' from the castling field, or put the king back on %2$s."),
                a->quote, home);
        break;
    }
    case FK_PROB_CASTLING_SIDE:
        if (a->variant == 0) {
            put(msg, mc,
                _("%1$s has two castling rights ('%2$s') on the same side of its king; a king "
                  "castles with one rook on each side."),
                side, a->quote);
            put(fix, fc, _("Keep at most one castling right on each side of the %s king."), adj);
        } else {
            put(msg, mc,
                _("%1$s's castling rights '%2$s' name a rook off the corner squares; in standard "
                  "chess only the rooks that start on the a- and h-files castle."),
                side, a->quote);
            put(fix, fc, "%s", _("Remove those letters, or read the position as Chess960."));
        }
        break;
    case FK_PROB_EP_RANK:
        put(msg, mc,
            _("The en passant square %1$s is on rank %2$lld; with %3$s to move it must be on "
              "rank %4$lld, the square a %5$s pawn skipped with its two-square move."),
            sq(a->n[0], s0), a->n[0] / 8 + 1, side, a->n[1], color_adj(!a->color));
        put(fix, fc, _("Write '-' as the en passant square, or a square on rank %lld."), a->n[1]);
        break;
    case FK_PROB_EP_NO_PAWN:
        put(msg, mc,
            _("The en passant square %1$s says a %2$s pawn just moved %3$s-%4$s, but no %2$s pawn "
              "stands on %4$s."),
            sq(a->n[0], s0), adj, sq(a->n[1], s1), sq(a->n[2], s2));
        put(fix, fc, _("Write '-' as the en passant square, or put the %1$s pawn on %2$s."), adj,
            sq(a->n[2], s2));
        break;
    case FK_PROB_EP_OCCUPIED:
        put(msg, mc,
            _("The en passant square %s is occupied; the pawn that moved two squares has just "
              "passed over it, so it must be empty."),
            sq(a->n[0], s0));
        put(fix, fc, "%s", _("Write '-' as the en passant square, or clear the square."));
        break;
    case FK_PROB_EP_ORIGIN_OCCUPIED:
        put(msg, mc,
            _("The en passant square %1$s says a %2$s pawn just left %3$s, but %3$s is occupied."),
            sq(a->n[0], s0), adj, sq(a->n[1], s1));
        put(fix, fc, "%s",
            _("Write '-' as the en passant square, or clear the square the pawn came from."));
        break;
    case FK_PROB_EP_HALFMOVE:
        put(msg, mc,
            _("The en passant square %1$s says the last move was a pawn move, which resets the "
              "halfmove clock to 0, but the clock is %2$lld."),
            sq(a->n[0], s0), a->n[1]);
        put(fix, fc, "%s",
            _("Set the halfmove clock to 0, or write '-' as the en passant square."));
        break;
    case FK_PROB_EP_CHECK:
        put(msg, mc,
            _("The en passant square %1$s says %2$s's last move was %3$s-%4$s, but before it "
              "%5$s's king on %6$s would already have been in check from %7$s."),
            sq(a->n[0], s0), side, sq(a->n[1], s1), sq(a->n[2], s2), other, sq(a->n[3], s3),
            men_list(a, men, sizeof men));
        put(fix, fc, "%s",
            _("Write '-' as the en passant square, or change the pieces giving check."));
        break;
    case FK_PROB_EP_NO_CAPTURE:
        put(msg, mc,
            _("The en passant square %1$s is correct, but no %2$s pawn can take en passant "
              "there."),
            sq(a->n[0], s0), adj);
        put(fix, fc, "%s",
            _("Write '-' if you want the form most programs write (en passant only when a "
              "capture is legal)."));
        break;
    case FK_PROB_FULLMOVE_ZERO:
        put(msg, mc, "%s", _("The fullmove number is 0; it starts at 1 and only grows."));
        put(fix, fc, "%s", _("Set the fullmove number to 1 (or to the move the game is at)."));
        break;
    case FK_PROB_HALFMOVE_RANGE:
        put(msg, mc,
            _("The halfmove clock is %1$lld, but at move %2$lld with %3$s to move only %4$lld "
              "half-moves have been played."),
            a->n[0], a->n[1], side, a->n[2]);
        put(fix, fc, _("Set the halfmove clock to at most %lld, or raise the fullmove number."),
            a->n[2]);
        break;
    case FK_PROB_UPSIDE_DOWN:
        put(msg, mc,
            a->variant ? _("The board looks upside down: White's pawns and king stand on Black's "
                           "side of the board and Black's on White's, as when rank 1 is typed "
                           "first (or with upper and lower case swapped: both corrections "
                           "agree).")
                       : _("The board looks upside down: White's pawns and king stand on Black's "
                           "side of the board and Black's on White's, as when rank 1 is typed "
                           "first."));
        put(fix, fc, "%s", p->fix); /* the corrected FEN */
        break;
    case FK_PROB_COLORS_SWAPPED:
        put(msg, mc, "%s",
            _("The colours look swapped: the upper-case (White) pawns and king stand on Black's "
              "side of the board and the lower-case on White's, as when the case is mixed up."));
        put(fix, fc, "%s", p->fix);
        break;
    default: return 0;
    }
    return 1;
}

void problem_text(const fk_problem *p, char *msg, size_t msg_cap, char *fix, size_t fix_cap) {
    if (problem_text_english() || p->args.variant == FK_ARGS_NONE ||
        !(reading_text(p, msg, msg_cap, fix, fix_cap) ||
          board_text(p, msg, msg_cap, fix, fix_cap) || field_text(p, msg, msg_cap, fix, fix_cap))) {
        /* No wording of its own here (or no arguments to make one): the
         * core's English says it. */
        put(msg, msg_cap, "%s", p->message);
        put(fix, fix_cap, "%s", p->fix);
    }
}
