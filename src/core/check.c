/* Position checks: every way a position can break the rules of chess, each
 * reported with its code, severity, message, fix and squares. On a valid
 * position every rule is a handful of bit operations; text is formatted only
 * when a problem is found. */
#include <stdarg.h>
#include <string.h>

#include "bitboard.h"
#include "fenkit/check.h"
#include "fenkit/moves.h"
#include "fen_tail.h"
#include "problems.h"

#define RANK_BB(r) ((fk_bitboard)0xFF << (8 * (r)))
#define FILE_BB(f) ((fk_bitboard)0x0101010101010101 << (f))

/* Keeps a rare check out of check_rules, whose usual path keeps its
 * registers that way. */
#if defined(__GNUC__)
#define OUT_OF_LINE __attribute__((noinline))
#else
#define OUT_OF_LINE
#endif

static const char *const color_title[2] = {"White", "Black"};
static const char *const color_word[2] = {"white", "black"};
static const char *const kind_word[FK_KIND_COUNT] = {"pawn", "knight", "bishop",
                                                     "rook", "queen", "king"};

/* The number of squares in bb. Without the POPCNT instruction the builtin
 * calls a library function, slower than counting bits in parallel. */
static inline int popcount(fk_bitboard bb) {
#if defined(__POPCNT__)
    return __builtin_popcountll(bb);
#else
    bb -= (bb >> 1) & 0x5555555555555555ULL;
    bb = (bb & 0x3333333333333333ULL) + ((bb >> 2) & 0x3333333333333333ULL);
    bb = (bb + (bb >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((bb * 0x0101010101010101ULL) >> 56);
#endif
}
static inline fk_square lowest(fk_bitboard bb) { return (fk_square)__builtin_ctzll(bb); }

/* 1 when bb holds more than n squares (n small), without counting them. */
static inline int more_than(fk_bitboard bb, int n) {
    while (n-- > 0) bb &= bb - 1;
    return bb != 0;
}

/* The rank index (0..7) that is `color`'s n-th rank counted from its own side
 * (n = 0 is its back rank). */
static inline int relative_rank(fk_color color, int n) { return color == FK_WHITE ? n : 7 - n; }

/* One step forward for a pawn of `color`, as a square offset. */
static inline int forward(fk_color color) { return color == FK_WHITE ? 8 : -8; }

static inline fk_bitboard pieces_of(const fk_position *pos, fk_color color, fk_kind kind) {
    return pos->by_color[color] & pos->by_kind[kind];
}

/* fk_position_king, inline: the square of color's (lowest) king, or
 * FK_NO_SQUARE. */
static inline fk_square king_of(const fk_position *pos, fk_color color) {
    fk_bitboard kings = pieces_of(pos, color, FK_KING);
    return kings ? lowest(kings) : FK_NO_SQUARE;
}

/* Writes the names of the squares of bb, comma separated, into out (cap
 * bytes; the squares that do not fit are left out). */
static const char *squares_text(fk_bitboard bb, char *out, size_t cap) {
    size_t len = 0;
    out[0] = '\0';
    for (; bb && len + 5 < cap; bb &= bb - 1) {
        if (len) {
            out[len++] = ',';
            out[len++] = ' ';
        }
        fk_square_name(lowest(bb), out + len);
        len += 2;
    }
    return out;
}

/* Writes "the queen on e2, the knight on f3" for the pieces on bb. */
static const char *pieces_text(const fk_position *pos, fk_bitboard bb, char *out, size_t cap) {
    size_t len = 0;
    out[0] = '\0';
    for (; bb && len + 24 < cap; bb &= bb - 1) {
        fk_square sq = lowest(bb);
        char name[3];
        fk_square_name(sq, name);
        const char *sep = !len ? "" : (bb & (bb - 1)) ? ", " : " and ";
        len += core_format(out + len, cap - len, "%sthe %s on %s", sep,
                           kind_word[FK_PIECE_KIND(pos->board[sq])], name);
    }
    return out;
}

/* The FEN fields a rule's verdict rests on, as a mask of 1 << fk_field. */
static unsigned fields_judged(fk_problem_code code) {
    enum {
        SIDE = 1u << FK_FIELD_SIDE,
        CASTLING = 1u << FK_FIELD_CASTLING,
        EP = 1u << FK_FIELD_EP,
        HALFMOVE = 1u << FK_FIELD_HALFMOVE,
        FULLMOVE = 1u << FK_FIELD_FULLMOVE
    };
    switch (code) {
    case FK_PROB_OPPONENT_IN_CHECK:
    case FK_PROB_TOO_MANY_CHECKERS:
    case FK_PROB_IMPOSSIBLE_CHECK: return SIDE;
    case FK_PROB_CASTLING_NO_KING:
    case FK_PROB_CASTLING_NO_ROOK:
    case FK_PROB_CASTLING_SIDE: return CASTLING;
    case FK_PROB_EP_HALFMOVE: return EP | SIDE | HALFMOVE;
    case FK_PROB_EP_RANK:
    case FK_PROB_EP_NO_PAWN:
    case FK_PROB_EP_OCCUPIED:
    case FK_PROB_EP_ORIGIN_OCCUPIED:
    case FK_PROB_EP_CHECK:
    case FK_PROB_EP_NO_CAPTURE: return EP | SIDE;
    case FK_PROB_FULLMOVE_ZERO: return FULLMOVE;
    case FK_PROB_HALFMOVE_RANGE: return HALFMOVE | FULLMOVE | SIDE;
    /* Their fix is a whole FEN, which must not carry a stand-in value. */
    case FK_PROB_UPSIDE_DOWN:
    case FK_PROB_COLORS_SWAPPED: return SIDE | CASTLING | EP | HALFMOVE | FULLMOVE;
    default: return 0; /* the board alone */
    }
}

/* Where the checks report to: the caller's list, a count of the errors found
 * (kept apart from the list, which may be full), and the fields the reader
 * could not read (as fields_judged gives them), whose rules' problems
 * fk_fen_validate drops. */
typedef struct {
    fk_problems *list;
    int errors;
    unsigned unread;
} report;

/* When a problem of `code` will be dropped (its verdict rests on an unread
 * field), takes its place in the list and counts it as add() would, but
 * writes no message, and returns 1; the place keeps the list's order and
 * what a full list drops the same. Returns 0 otherwise. */
static int unjudged(report *out, fk_problem_code code, fk_severity sev, fk_field field,
                    fk_bitboard squares) {
    if (!(fields_judged(code) & out->unread)) return 0;
    out->errors += sev == FK_SEV_ERROR;
    core_problems_next(out->list, code, sev, field, -1, squares);
    return 1;
}

static fk_problem *add(report *out, fk_problem_code code, fk_severity sev, fk_field field,
                       fk_bitboard squares, const char *fix, const char *fmt, ...)
    FK_PRINTF_LIKE(7, 8);

/* Adds a problem found by the checker (no byte offset: fk_fen_validate adds
 * the field's offset when it knows the text). Returns it, for its
 * arguments, or NULL when it was not written. */
static fk_problem *add(report *out, fk_problem_code code, fk_severity sev, fk_field field,
                       fk_bitboard squares, const char *fix, const char *fmt, ...) {
    if (unjudged(out, code, sev, field, squares)) return NULL;
    out->errors += sev == FK_SEV_ERROR;
    fk_problem *p = core_problems_next(out->list, code, sev, field, -1, squares);
    if (!p) return NULL;
    va_list ap;
    va_start(ap, fmt);
    core_vformat(p->message, sizeof p->message, fmt, ap);
    va_end(ap);
    if (fix) core_copy_text(p->fix, sizeof p->fix, fix);
    return p;
}

/* Fills the arguments of p (when it was written): the wording, the side,
 * and up to four numbers or squares. */
static void set_args(fk_problem *p, int variant, int color, long long n0, long long n1,
                     long long n2, long long n3) {
    if (!p) return;
    p->args.variant = (unsigned char)variant;
    p->args.color = (unsigned char)color;
    p->args.n[0] = n0;
    p->args.n[1] = n1;
    p->args.n[2] = n2;
    p->args.n[3] = n3;
}

/* Names the men on bb (as they stand in pos) in p's arguments, as
 * pieces_text names them in its message. */
static void set_men(fk_problem *p, const fk_position *pos, fk_bitboard bb) {
    if (!p) return;
    p->args.others = bb;
    for (int i = 0; bb && i < 8; bb &= bb - 1, i++)
        p->args.men[i] = (unsigned char)FK_PIECE_KIND(pos->board[lowest(bb)]);
}

/* Keeps the text a message quotes in p's arguments. */
static void set_quote(fk_problem *p, const char *text) {
    if (p) core_copy_text(p->args.quote, sizeof p->args.quote, text);
}

/* ---- kings ------------------------------------------------------------ */

/* Reports missing and extra kings. Returns 1 when each side has exactly one.
 * Their messages are put together here, not formatted: mutated FENs lose
 * or gain kings often. */
OUT_OF_LINE static int check_kings(const fk_position *pos, report *out) {
    int ok = 1;
    for (int c = FK_WHITE; c <= FK_BLACK; c++) {
        fk_bitboard kings = pieces_of(pos, (fk_color)c, FK_KING);
        if (kings && !more_than(kings, 1)) continue;
        ok = 0;
        out->errors++;
        fk_problem *p =
            core_problems_next(out->list, kings ? FK_PROB_TOO_MANY_KINGS : FK_PROB_NO_KING,
                               FK_SEV_ERROR, FK_FIELD_PLACEMENT, -1, kings);
        if (!p) continue;
        set_args(p, 0, c, popcount(kings), 0, 0, 0);
        char *m = fk_put_text(p->message, color_title[c]), *f;
        if (!kings) {
            /* "White has no king; each side needs exactly one." */
            memcpy(m, " has no king; each side needs exactly one.",
                   sizeof " has no king; each side needs exactly one.");
            /* "Put the white king on the board (it starts on e1)." */
            f = fk_put_text(fk_put_text(p->fix, "Put the "), color_word[c]);
            memcpy(f, c == FK_WHITE ? " king on the board (it starts on e1)."
                                    : " king on the board (it starts on e8).",
                   sizeof " king on the board (it starts on e1).");
        } else {
            /* "White has 2 kings (e1, e8); each side has exactly one." */
            char where[64];
            m = fen_put_uint(fk_put_text(m, " has "), (uint32_t)popcount(kings));
            m = fk_put_text(fk_put_text(m, " kings ("), squares_text(kings, where, sizeof where));
            memcpy(m, "); each side has exactly one.", sizeof "); each side has exactly one.");
            /* "Keep one white king and remove the others." */
            f = fk_put_text(fk_put_text(p->fix, "Keep one "), color_word[c]);
            memcpy(f, " king and remove the others.", sizeof " king and remove the others.");
        }
    }
    return ok;
}

/* ---- checks ----------------------------------------------------------- */

/* The men of colour `by` attacking sq, like fk_attackers_to but straight from
 * the tables (built by fk_position_check), skipping the slider lookups when
 * no slider of `by` shares a line with sq. */
static inline fk_bitboard attackers(const fk_position *pos, fk_square sq, fk_color by,
                                    fk_bitboard occupied) {
    const fk_attack_tables *t = &core_tables;
    fk_bitboard them = pos->by_color[by];
    fk_bitboard diag = (pos->by_kind[FK_BISHOP] | pos->by_kind[FK_QUEEN]) & them;
    fk_bitboard orth = (pos->by_kind[FK_ROOK] | pos->by_kind[FK_QUEEN]) & them;
    fk_bitboard hits = ((t->pawn[!by][sq] & pos->by_kind[FK_PAWN]) |
                        (t->knight[sq] & pos->by_kind[FK_KNIGHT]) |
                        (t->king[sq] & pos->by_kind[FK_KING])) & them;
    if (diag & t->bishop_empty[sq]) hits |= fk_bishop_att(sq, occupied) & diag;
    if (orth & t->rook_empty[sq]) hits |= fk_rook_att(sq, occupied) & orth;
    return hits;
}

static inline int is_slider(fk_kind kind) {
    return kind == FK_BISHOP || kind == FK_ROOK || kind == FK_QUEEN;
}

/* The squares the piece of `color` now on sq could have come from in one
 * move: by its own kind of move, or as a pawn promoting on sq. */
static fk_bitboard arrival_origins(const fk_position *pos, fk_square sq, fk_color color) {
    fk_bitboard occupied = fk_position_occupied(pos);
    fk_bitboard behind_diagonals = fk_pawn_attacks((fk_color)!color, sq);
    fk_bitboard origins = 0;
    int back = sq - forward(color);
    switch (FK_PIECE_KIND(pos->board[sq])) {
    case FK_PAWN:
        origins = behind_diagonals;
        if (back >= 0 && back < 64) origins |= FK_BIT(back);
        break;
    case FK_KNIGHT: origins = fk_knight_attacks(sq); break;
    case FK_BISHOP: origins = fk_bishop_attacks(sq, occupied); break;
    case FK_ROOK: origins = fk_rook_attacks(sq, occupied); break;
    case FK_QUEEN: origins = fk_queen_attacks(sq, occupied); break;
    default: origins = fk_king_attacks(sq); break;
    }
    if (FK_PIECE_KIND(pos->board[sq]) != FK_PAWN && FK_RANK_OF(sq) == relative_rank(color, 7))
        origins |= behind_diagonals | FK_BIT(back);
    return origins;
}

/* 1 when one move of `color` could give check to the king on `king` from
 * both a and b: one of them moved (or was promoted) and uncovered the other,
 * or an en passant capture uncovered two sliders at once. */
static int double_check_possible(const fk_position *pos, fk_square king, fk_color color,
                                 fk_square a, fk_square b) {
    fk_bitboard gap_a = is_slider(FK_PIECE_KIND(pos->board[a])) ? fk_between(a, king) : 0;
    fk_bitboard gap_b = is_slider(FK_PIECE_KIND(pos->board[b])) ? fk_between(b, king) : 0;
    if (gap_b && (arrival_origins(pos, a, color) & gap_b)) return 1;
    if (gap_a && (arrival_origins(pos, b, color) & gap_a)) return 1;
    /* Chess960 castling moves king and rook at once: the rook may check and
     * the king's departure from the back rank uncover a slider. */
    fk_bitboard back_rank = RANK_BB(relative_rank(color, 0));
    if (pos->chess960) {
        if (FK_PIECE_KIND(pos->board[a]) == FK_ROOK && (FK_BIT(a) & back_rank) &&
            (gap_b & back_rank))
            return 1;
        if (FK_PIECE_KIND(pos->board[b]) == FK_ROOK && (FK_BIT(b) & back_rank) &&
            (gap_a & back_rank))
            return 1;
    }
    /* En passant empties two squares: the capturing pawn's origin and the
     * captured pawn's square; each may have blocked one of the lines. */
    if (gap_a && gap_b) {
        fk_bitboard pawns = pieces_of(pos, color, FK_PAWN) & RANK_BB(relative_rank(color, 5));
        for (; pawns; pawns &= pawns - 1) {
            fk_square to = lowest(pawns), captured = to - forward(color);
            fk_bitboard froms = fk_pawn_attacks((fk_color)!color, to);
            for (; froms; froms &= froms - 1) {
                fk_bitboard vacated = FK_BIT(captured) | FK_BIT(lowest(froms));
                if ((gap_a & vacated) && (gap_b & vacated)) return 1;
            }
        }
    }
    return 0;
}

/* Reports the side not to move standing in check, more than two checkers,
 * and checks that no single move could have given. */
static void check_checks(const fk_position *pos, report *out) {
    fk_color us = (fk_color)pos->side, them = (fk_color)!pos->side;
    fk_bitboard occupied = fk_position_occupied(pos);
    fk_square their_king = king_of(pos, them);
    fk_bitboard attackers_now = attackers(pos, their_king, us, occupied);
    char text[160], fix[200], name[3];
    if (attackers_now && !unjudged(out, FK_PROB_OPPONENT_IN_CHECK, FK_SEV_ERROR, FK_FIELD_SIDE,
                                   attackers_now | FK_BIT(their_king))) {
        fk_square_name(their_king, name);
        core_format(fix, sizeof fix,
                    "If it is %s's turn, set the side to move to '%c'; otherwise take away the "
                    "check.",
                    color_title[them], them == FK_WHITE ? 'w' : 'b');
        fk_problem *p =
            add(out, FK_PROB_OPPONENT_IN_CHECK, FK_SEV_ERROR, FK_FIELD_SIDE,
                attackers_now | FK_BIT(their_king), fix,
                "%s's king on %s is in check from %s, but it is %s's turn: %s's last move would "
                "have left its own king in check.",
                color_title[them], name, pieces_text(pos, attackers_now, text, sizeof text),
                color_title[us], color_title[them]);
        set_args(p, 0, them, their_king, 0, 0, 0);
        set_men(p, pos, attackers_now);
    }

    fk_square our_king = king_of(pos, us);
    fk_bitboard checkers = attackers(pos, our_king, them, occupied);
    if (!checkers) return;
    fk_square_name(our_king, name);
    if (popcount(checkers) > 2) {
        fk_problem *p =
            add(out, FK_PROB_TOO_MANY_CHECKERS, FK_SEV_ERROR, FK_FIELD_PLACEMENT,
                checkers | FK_BIT(our_king), "Remove the pieces that cannot all be giving check.",
                "%s's king on %s is in check from %d pieces (%s); one move gives at most two "
                "checks.",
                color_title[us], name, popcount(checkers),
                pieces_text(pos, checkers, text, sizeof text));
        set_args(p, 0, us, our_king, popcount(checkers), 0, 0);
        set_men(p, pos, checkers);
        return;
    }
    /* A pawn still on its starting rank has never moved, and nothing can
     * uncover a pawn's check, so its check was there before the last move. */
    fk_bitboard unmoved = checkers & pos->by_kind[FK_PAWN] & RANK_BB(relative_rank(them, 1));
    if (unmoved) {
        fk_problem *p = add(
            out, FK_PROB_IMPOSSIBLE_CHECK, FK_SEV_ERROR, FK_FIELD_PLACEMENT,
            unmoved | FK_BIT(our_king),
            "Move the pawn or the king so that the pawn does not give check.",
            "%s's king on %s is in check from %s, which has never moved: the check would "
            "already have stood before %s's last move.",
            color_title[us], name, pieces_text(pos, unmoved, text, sizeof text), color_title[them]);
        set_args(p, 0, us, our_king, 0, 0, 0);
        set_men(p, pos, unmoved);
        return;
    }
    if (popcount(checkers) == 2) {
        fk_square a = lowest(checkers), b = lowest(checkers & (checkers - 1));
        if (double_check_possible(pos, our_king, them, a, b)) return;
        const char *why = fk_line(a, b) & FK_BIT(our_king)
                              ? "they stand on one line through the king, so neither can "
                                "have uncovered the other"
                              : "neither could have moved away to uncover the other's check";
        fk_problem *p =
            add(out, FK_PROB_IMPOSSIBLE_CHECK, FK_SEV_ERROR, FK_FIELD_PLACEMENT,
                checkers | FK_BIT(our_king), "Remove or move one of the two checking pieces.",
                "%s's king on %s is in double check from %s, which no single move can give: %s.",
                color_title[us], name, pieces_text(pos, checkers, text, sizeof text), why);
        set_args(p, fk_line(a, b) & FK_BIT(our_king) ? 1 : 2, us, our_king, 0, 0, 0);
        set_men(p, pos, checkers);
    }
}

/* ---- material --------------------------------------------------------- */

/* Reports more pieces than color's missing pawns could have promoted into,
 * counting bishops by square colour. Returns 1 when it reported one. */
static int check_promotions(const fk_position *pos, fk_color c, report *out) {
    int missing = 8 - popcount(pieces_of(pos, c, FK_PAWN));
    char fix[200], where[200];
    static const int originals[FK_KIND_COUNT] = {8, 2, 2, 2, 1, 1};
    int promoted = 0;
    fk_bitboard extra_kinds = 0;
    for (int k = FK_KNIGHT; k <= FK_QUEEN; k++) {
        int extra = popcount(pieces_of(pos, c, (fk_kind)k)) - originals[k];
        if (extra > 0) {
            promoted += extra;
            extra_kinds |= pieces_of(pos, c, (fk_kind)k);
        }
    }
    if (promoted > missing) {
        core_format(fix, sizeof fix, "Remove %d of the extra %s pieces, or %d %s pawns.",
                    promoted - missing, color_word[c], promoted - missing, color_word[c]);
        set_args(add(out, FK_PROB_TOO_MANY_PROMOTED, FK_SEV_ERROR, FK_FIELD_PLACEMENT, extra_kinds,
                     fix,
                     "%s has %d pieces beyond the starting set but only %d pawn%s missing to "
                     "have promoted into them.",
                     color_title[c], promoted, missing, missing == 1 ? " is" : "s are"),
                 0, c, promoted, missing, 0, 0);
        return 1;
    }
    /* A side starts with one bishop on each square colour; a second on the
     * same colour is a promotion too. */
    fk_bitboard bishops = pieces_of(pos, c, FK_BISHOP);
    int light = popcount(bishops & FK_LIGHT_SQUARES);
    int dark = popcount(bishops & ~FK_LIGHT_SQUARES);
    int bishop_extra = (light > 1 ? light - 1 : 0) + (dark > 1 ? dark - 1 : 0);
    int plain_extra = popcount(bishops) > 2 ? popcount(bishops) - 2 : 0;
    if (promoted - plain_extra + bishop_extra > missing) {
        fk_bitboard same = light > 1 ? bishops & FK_LIGHT_SQUARES : bishops & ~FK_LIGHT_SQUARES;
        core_format(fix, sizeof fix, "Remove a %s bishop from the %s squares, or a %s pawn.",
                    color_word[c], light > 1 ? "light" : "dark", color_word[c]);
        set_args(add(out, FK_PROB_BISHOP_COLORS, FK_SEV_ERROR, FK_FIELD_PLACEMENT, same, fix,
                     "%s has %d bishops on %s squares (%s); all but one must be promoted pawns, "
                     "and with its other pieces that needs more than the %d missing pawn%s.",
                     color_title[c], light > 1 ? light : dark, light > 1 ? "light" : "dark",
                     squares_text(same, where, sizeof where), missing, missing == 1 ? "" : "s"),
                 light > 1 ? 0 : 1, c, light > 1 ? light : dark, missing, 0, 0);
        return 1;
    }
    return 0;
}

/* The files (bit f for file f) that hold a square of bb. */
static inline unsigned file_set(fk_bitboard bb) {
    bb |= bb >> 32;
    bb |= bb >> 16;
    bb |= bb >> 8;
    return (unsigned)bb & 0xFF;
}

/* The pawns standing on files that hold more than one of them. */
static fk_bitboard crowded_files(fk_bitboard pawns) {
    /* The squares below some pawn, in three doubling steps; a pawn among
     * them has another above it on its file. */
    fk_bitboard below = pawns >> 8;
    below |= below >> 8;
    below |= below >> 16;
    below |= below >> 32;
    fk_bitboard lower = pawns & below;
    if (!lower) return 0;
    return pawns & (FILE_BB(0) * file_set(lower));
}

/* The fewest captures a side's pawns need to stand on their files, each pawn
 * starting on a file of its own and changing file only by capturing. */
static int pawn_file_captures(fk_bitboard pawns) {
    int files[8], count = 0;
    for (int f = 0; f < 8; f++)
        for (fk_bitboard bb = pawns & FILE_BB(f); bb && count < 8; bb &= bb - 1) files[count++] = f;
    /* Pawns and starting files are both in file order, so the cheapest
     * matching keeps that order: best[i][j] matches the first i pawns with
     * starting files among the first j, and j - i never exceeds the number
     * of files left over. */
    int slack = 8 - count, best[9][9];
    for (int j = 0; j <= slack; j++) best[0][j] = 0;
    for (int i = 1; i <= count; i++) {
        for (int j = i; j <= i + slack; j++) {
            int step = files[i - 1] - (j - 1);
            int take = best[i - 1][j - 1] + (step < 0 ? -step : step);
            best[i][j] = j > i && best[i][j - 1] < take ? best[i][j - 1] : take;
        }
    }
    return best[count][8];
}

/* Like pawn_file_captures, for a side that also has promoted bishops (light
 * and dark beyond one of each): each came from a pawn that reached a
 * promotion square of its colour, which needs a capture when its starting
 * file's promotion square has the other colour. Pawns, bishops' pawns and
 * starting files are matched in one pass over the files. */
static int promotion_captures(fk_bitboard pawns, fk_color c, int light, int dark) {
    enum { INF = 1 << 20 };
    int files[8], count = 0;
    for (int f = 0; f < 8; f++)
        for (fk_bitboard bb = pawns & FILE_BB(f); bb && count < 8; bb &= bb - 1) files[count++] = f;
    if (count + light + dark > 8) return INF; /* reported as too many promoted */
    /* Two tables that take turns, best (up to the files before f) and next
     * (up to f): swapped, not copied, after each file. Before file f at
     * most f pawns are matched, and fewer than count - (8 - f) can no
     * longer all be: only the rows between are kept up. */
    int tables[2][9][9][9];
    int(*best)[9][9] = tables[0], (*next)[9][9] = tables[1];
    for (int t = 0; t < 2; t++)
        for (int i = 0; i <= count; i++)
            for (int l = 0; l <= light; l++)
                for (int d = 0; d <= dark; d++) tables[t][i][l][d] = INF;
    best[0][0][0] = 0;
    for (int f = 0; f < 8; f++) {
        int lands_light = (FK_BIT(FK_SQUARE(f, relative_rank(c, 7))) & FK_LIGHT_SQUARES) != 0;
        int low = count - (8 - f) > 0 ? count - (8 - f) : 0, high = f < count ? f : count;
        for (int i = low; i <= high + (high < count); i++)
            for (int l = 0; l <= light; l++)
                for (int d = 0; d <= dark; d++) next[i][l][d] = best[i][l][d];
        for (int i = low; i <= high; i++)
            for (int l = 0; l <= light; l++)
                for (int d = 0; d <= dark; d++) {
                    int cost = best[i][l][d];
                    if (cost >= INF) continue;
                    if (i < count) {
                        int step = files[i] - f, via = cost + (step < 0 ? -step : step);
                        if (via < next[i + 1][l][d]) next[i + 1][l][d] = via;
                    }
                    if (l < light && cost + !lands_light < next[i][l + 1][d])
                        next[i][l + 1][d] = cost + !lands_light;
                    if (d < dark && cost + lands_light < next[i][l][d + 1])
                        next[i][l][d + 1] = cost + lands_light;
                }
        int(*done)[9][9] = next;
        next = best;
        best = done;
    }
    return best[count][light][dark];
}

static void count_material(const fk_position *pos, fk_color c, fk_bitboard crowded, int beyond,
                           report *out);

/* Reports, for side c, too many pawns or men, more promoted pieces than
 * missing pawns allow, bishops of one square colour beyond that, and pawn
 * files that need more captures than the opponent has lost men. The usual
 * case is settled here, inline: no file with two pawns (so at most 8
 * pawns, and no capture needed), no piece beyond the starting set and at
 * most one king, which leaves at most 16 men; anything else is counted by
 * count_material. */
static inline void check_material(const fk_position *pos, fk_color c, report *out) {
    fk_bitboard crowded = crowded_files(pieces_of(pos, c, FK_PAWN));
    fk_bitboard bishops = pieces_of(pos, c, FK_BISHOP);
    /* Pieces beyond the starting set: only promotions bring them. */
    int beyond = more_than(pieces_of(pos, c, FK_QUEEN), 1) |
                 more_than(pieces_of(pos, c, FK_ROOK), 2) |
                 more_than(pieces_of(pos, c, FK_KNIGHT), 2) |
                 more_than(bishops & FK_LIGHT_SQUARES, 1) |
                 more_than(bishops & ~FK_LIGHT_SQUARES, 1);
    if (crowded | (fk_bitboard)beyond | (fk_bitboard)more_than(pieces_of(pos, c, FK_KING), 1))
        count_material(pos, c, crowded, beyond, out);
}

/* check_material's closer look, for a side whose material is unusual. */
static void count_material(const fk_position *pos, fk_color c, fk_bitboard crowded, int beyond,
                           report *out) {
    const int nmen[2] = {popcount(pos->by_color[FK_WHITE]), popcount(pos->by_color[FK_BLACK])};
    fk_bitboard men = pos->by_color[c];
    fk_bitboard pawns = pieces_of(pos, c, FK_PAWN);
    fk_bitboard bishops = pieces_of(pos, c, FK_BISHOP);
    int npawns = crowded ? popcount(pawns) : 0;
    char fix[200], where[200];
    if (npawns > 8) {
        core_format(fix, sizeof fix, "Remove %d of the %s pawns.", npawns - 8, color_word[c]);
        set_args(add(out, FK_PROB_TOO_MANY_PAWNS, FK_SEV_ERROR, FK_FIELD_PLACEMENT, pawns, fix,
                     "%s has %d pawns; a side starts with 8 and never gains any.", color_title[c],
                     npawns),
                 0, c, npawns, 0, 0, 0);
        return;
    }
    if (nmen[c] > 16) {
        core_format(fix, sizeof fix, "Remove %d %s men.", nmen[c] - 16, color_word[c]);
        set_args(add(out, FK_PROB_TOO_MANY_PIECES, FK_SEV_ERROR, FK_FIELD_PLACEMENT, men, fix,
                     "%s has %d men on the board; a side starts with 16 and never gains any.",
                     color_title[c], nmen[c]),
                 0, c, nmen[c], 0, 0, 0);
        return;
    }
    if (beyond && check_promotions(pos, c, out)) return;
    /* (An opponent with more than 16 men is reported on its own.) */
    int lost = 16 - nmen[!c];
    if (lost < 0) return;
    /* Promoted bishops: those beyond one on each square colour. */
    fk_bitboard on_light = bishops & FK_LIGHT_SQUARES, on_dark = bishops & ~FK_LIGHT_SQUARES;
    int light = more_than(on_light, 1) ? popcount(on_light) - 1 : 0;
    int dark = more_than(on_dark, 1) ? popcount(on_dark) - 1 : 0;
    if (!light && !dark) {
        /* Keeping one pawn on each of its files and sending every other to
         * a free file of its own (there are enough: at most 8 pawns) costs
         * at most 7 captures a pawn, so when that many men are lost no
         * closer count is needed. */
        unsigned files = file_set(pawns);
        int extra = popcount(pawns) - popcount(files);
        if (7 * extra <= lost) return;
        /* With one file holding two pawns, moving each pawn between it and
         * the nearest free file over by one file is a way of costing that
         * distance in captures: the usual doubled pawn needs no count. */
        if (extra == 1) {
            unsigned doubled = (unsigned)__builtin_ctz(file_set(crowded));
            unsigned free = ~files & 0xFF, above = free >> doubled;
            unsigned below = free & ((1u << doubled) - 1);
            int up = above ? __builtin_ctz(above) : 8;
            int down = below ? (int)doubled - (31 - __builtin_clz(below)) : 8;
            if ((up < down ? up : down) <= lost) return;
        }
    }
    int needed = light || dark ? promotion_captures(pawns, c, light, dark)
                 : crowded     ? pawn_file_captures(pawns)
                               : 0;
    if (needed <= lost) return;
    fk_bitboard shown = crowded ? crowded : pawns;
    if (light || dark) {
        shown = pawns | (light ? on_light : 0) | (dark ? on_dark : 0);
        core_format(fix, sizeof fix, "Remove a %s pawn or a promoted bishop, or remove %s men.",
                    color_word[c], color_word[!c]);
    } else {
        core_format(fix, sizeof fix,
                    "Move or remove %s pawns so fewer share a file, or remove "
                    "%s men.",
                    color_word[c], color_word[!c]);
    }
    fk_problem *p = add(
        out, FK_PROB_PAWN_STRUCTURE, FK_SEV_ERROR, FK_FIELD_PLACEMENT, shown, fix,
        "%s's pawns (%s) need at least %d captures to stand on these files%s, but %s has lost "
        "only %d men.",
        color_title[c], squares_text(crowded ? crowded : pawns, where, sizeof where), needed,
        light || dark ? " and to have promoted into the extra bishops" : "", color_title[!c], lost);
    set_args(p, light || dark, c, needed, lost, 0, 0);
    if (p) p->args.others = crowded ? crowded : pawns;
}

/* Reports pawns on the first or last rank, where no pawn can stand. */
static void check_pawn_ranks(const fk_position *pos, report *out) {
    fk_bitboard stuck = pos->by_kind[FK_PAWN] & (RANK_BB(0) | RANK_BB(7));
    if (!stuck) return;
    char where[200];
    add(out, FK_PROB_PAWN_BACK_RANK, FK_SEV_ERROR, FK_FIELD_PLACEMENT, stuck,
        "Remove these pawns, or replace each with the piece it promoted to.",
        "Pawn%s on %s: a pawn never stands on the first or last rank (it starts on the "
        "second and promotes on the last).", popcount(stuck) > 1 ? "s" : "",
        squares_text(stuck, where, sizeof where));
}

/* ---- castling --------------------------------------------------------- */

/* The letter of the castling right on rook square sq, as a FEN writes it. */
static char castling_letter(const fk_position *pos, fk_square sq, fk_color c) {
    char letter = (char)('a' + FK_FILE_OF(sq));
    if (pos->castling_style != FK_CASTLING_SHREDDER) {
        if (FK_FILE_OF(sq) == 7) letter = 'k';
        if (FK_FILE_OF(sq) == 0) letter = 'q';
    }
    return c == FK_WHITE ? (char)(letter - 'a' + 'A') : letter;
}

/* Writes color's castling letters into out ("KQ"). */
static const char *castling_letters(const fk_position *pos, fk_bitboard rights, fk_color c,
                                    char out[9]) {
    int n = 0;
    for (fk_square sq = 63; sq >= 0; sq--) /* king side first, as FENs write them */
        if (rights & FK_BIT(sq)) out[n++] = castling_letter(pos, sq, c);
    out[n] = '\0';
    return out;
}

/* Reports castling rights that cannot be: no rook on the right's square, the
 * king off its square, or two rights on one side of the king. */
static void check_castling(const fk_position *pos, fk_color c, report *out) {
    fk_bitboard back = RANK_BB(relative_rank(c, 0));
    fk_bitboard rights = pos->castling & back;
    if (!rights) return;
    char fix[200], letters[9], name[3], rook_name[3];
    fk_bitboard rooks = pieces_of(pos, c, FK_ROOK);
    for (fk_bitboard bb = rights & ~rooks; bb; bb &= bb - 1) {
        fk_square sq = lowest(bb);
        if (unjudged(out, FK_PROB_CASTLING_NO_ROOK, FK_SEV_ERROR, FK_FIELD_CASTLING, FK_BIT(sq)))
            continue;
        char letter = castling_letter(pos, sq, c);
        fk_square_name(sq, rook_name);
        core_format(fix, sizeof fix, "Remove '%c' from the castling field, or put a %s rook on %s.",
                    letter, color_word[c], rook_name);
        fk_problem *p =
            add(out, FK_PROB_CASTLING_NO_ROOK, FK_SEV_ERROR, FK_FIELD_CASTLING, FK_BIT(sq), fix,
                "The castling right '%c' needs a %s rook on %s, but %s.", letter, color_word[c],
                rook_name, pos->board[sq] ? "another piece stands there" : "the square is empty");
        set_args(p, pos->board[sq] != 0, c, sq, 0, 0, 0);
        set_quote(p, (char[2]){letter, '\0'});
    }
    fk_square king = king_of(pos, c);
    fk_square home = pos->chess960 ? king : FK_SQUARE(4, relative_rank(c, 0));
    int king_ok = king != FK_NO_SQUARE && king == home && (FK_BIT(king) & back) &&
                  FK_FILE_OF(king) > 0 && FK_FILE_OF(king) < 7;
    if (!king_ok) {
        if (unjudged(out, FK_PROB_CASTLING_NO_KING, FK_SEV_ERROR, FK_FIELD_CASTLING,
                     rights | (king != FK_NO_SQUARE ? FK_BIT(king) : 0)))
            return;
        castling_letters(pos, rights, c, letters);
        if (king != FK_NO_SQUARE) fk_square_name(king, name);
        core_format(fix, sizeof fix, "Remove '%s' from the castling field%s.", letters,
                    pos->chess960   ? ""
                    : c == FK_WHITE ? ", or put the king back on e1"
                                    : ", or put the king back on e8");
        fk_problem *p = add(out, FK_PROB_CASTLING_NO_KING, FK_SEV_ERROR, FK_FIELD_CASTLING,
                            rights | (king != FK_NO_SQUARE ? FK_BIT(king) : 0), fix,
                            "%s has castling rights '%s' but its king %s%s%s.", color_title[c],
                            letters, king == FK_NO_SQUARE ? "is missing" : "stands on ",
                            king == FK_NO_SQUARE ? "" : name,
                            king == FK_NO_SQUARE ? ""
                            : pos->chess960      ? ", not between two rooks of its back rank"
                            : c == FK_WHITE      ? ", not on e1"
                                                 : ", not on e8");
        set_args(p, king == FK_NO_SQUARE ? 0 : pos->chess960 ? 2 : 1, c, king, pos->chess960, 0, 0);
        set_quote(p, letters);
        return;
    }
    fk_bitboard west = rights & (FK_BIT(king) - 1), east = rights & ~(FK_BIT(king) - 1);
    fk_bitboard corners = FK_BIT(relative_rank(c, 0) * 8) | FK_BIT(relative_rank(c, 0) * 8 + 7);
    if (more_than(west, 1) || more_than(east, 1)) {
        castling_letters(pos, rights, c, letters);
        core_format(fix, sizeof fix, "Keep at most one castling right on each side of the %s king.",
                    color_word[c]);
        fk_problem *p = add(
            out, FK_PROB_CASTLING_SIDE, FK_SEV_ERROR, FK_FIELD_CASTLING, rights | FK_BIT(king), fix,
            "%s has two castling rights ('%s') on the same side of its king; a king "
            "castles with one rook on each side.",
            color_title[c], letters);
        set_args(p, 0, c, 0, 0, 0, 0);
        set_quote(p, letters);
    } else if (!pos->chess960 && (rights & ~corners)) {
        castling_letters(pos, rights, c, letters);
        fk_problem *p =
            add(out, FK_PROB_CASTLING_SIDE, FK_SEV_ERROR, FK_FIELD_CASTLING, rights & ~corners,
                "Remove those letters, or read the position as Chess960.",
                "%s's castling rights '%s' name a rook off the corner squares; in standard chess "
                "only the rooks that start on the a- and h-files castle.",
                color_title[c], letters);
        set_args(p, 1, c, 0, 0, 0, 0);
        set_quote(p, letters);
    }
}

/* ---- en passant ------------------------------------------------------- */

/* Reports an en passant square that cannot follow a double pawn push: wrong
 * rank, no pawn that just moved, occupied squares, a check it contradicts.
 * `kings_ok` says whether check tests make sense. */
static void check_en_passant(const fk_position *pos, int kings_ok, report *out) {
    if (pos->ep_square == FK_NO_SQUARE) return;
    fk_square ep = pos->ep_square;
    fk_color us = (fk_color)pos->side, them = (fk_color)!pos->side;
    char name[3], pawn_name[3], from_name[3], fix[200];
    fk_square_name(ep, name);
    int want = relative_rank(them, 2);
    if (FK_RANK_OF(ep) != want) {
        core_format(fix, sizeof fix, "Write '-' as the en passant square, or a square on rank %d.",
                    want + 1);
        set_args(add(out, FK_PROB_EP_RANK, FK_SEV_ERROR, FK_FIELD_EP, FK_BIT(ep), fix,
                     "The en passant square %s is on rank %d; with %s to move it must be on "
                     "rank %d, the square a %s pawn skipped with its two-square move.",
                     name, FK_RANK_OF(ep) + 1, color_title[us], want + 1, color_word[them]),
                 0, us, ep, want + 1, 0, 0);
        return;
    }
    fk_square pushed = ep + forward(them), origin = ep - forward(them);
    fk_square_name(pushed, pawn_name);
    fk_square_name(origin, from_name);
    int broken = 0;
    if (pos->board[pushed] != FK_MAKE_PIECE(them, FK_PAWN)) {
        core_format(fix, sizeof fix,
                    "Write '-' as the en passant square, or put the %s pawn on %s.",
                    color_word[them], pawn_name);
        set_args(add(out, FK_PROB_EP_NO_PAWN, FK_SEV_ERROR, FK_FIELD_EP,
                     FK_BIT(ep) | FK_BIT(pushed), fix,
                     "The en passant square %s says a %s pawn just moved %s-%s, but no %s pawn "
                     "stands on %s.",
                     name, color_word[them], from_name, pawn_name, color_word[them], pawn_name),
                 0, them, ep, origin, pushed, 0);
        broken = 1;
    }
    if (pos->board[ep]) {
        set_args(add(out, FK_PROB_EP_OCCUPIED, FK_SEV_ERROR, FK_FIELD_EP, FK_BIT(ep),
                     "Write '-' as the en passant square, or clear the square.",
                     "The en passant square %s is occupied; the pawn that moved two squares has "
                     "just passed over it, so it must be empty.",
                     name),
                 0, them, ep, 0, 0, 0);
        broken = 1;
    }
    if (pos->board[origin]) {
        set_args(add(out, FK_PROB_EP_ORIGIN_OCCUPIED, FK_SEV_ERROR, FK_FIELD_EP, FK_BIT(origin),
                     "Write '-' as the en passant square, or clear the square the pawn came "
                     "from.",
                     "The en passant square %s says a %s pawn just left %s, but %s is occupied.",
                     name, color_word[them], from_name, from_name),
                 0, them, ep, origin, 0, 0);
        broken = 1;
    }
    if (pos->halfmove != 0) {
        core_format(fix, sizeof fix,
                    "Set the halfmove clock to 0, or write '-' as the en passant "
                    "square.");
        set_args(add(out, FK_PROB_EP_HALFMOVE, FK_SEV_WARNING, FK_FIELD_HALFMOVE, FK_BIT(ep), fix,
                     "The en passant square %s says the last move was a pawn move, which resets "
                     "the halfmove clock to 0, but the clock is %u.",
                     name, (unsigned)pos->halfmove),
                 0, them, ep, pos->halfmove, 0, 0);
    }
    if (broken || !kings_ok) return;
    /* Undo the double push: if our king was attacked then, it was in check
     * while the other side was to move, and the push cannot have happened. */
    fk_position before = *pos;
    fk_position_remove(&before, pushed);
    fk_position_put(&before, origin, FK_MAKE_PIECE(them, FK_PAWN));
    fk_square king = king_of(pos, us);
    fk_bitboard was = attackers(&before, king, them, fk_position_occupied(&before));
    if (was) {
        char text[160], king_name[3];
        fk_square_name(king, king_name);
        fk_problem *p = add(
            out, FK_PROB_EP_CHECK, FK_SEV_ERROR, FK_FIELD_EP, FK_BIT(ep) | FK_BIT(king) | was,
            "Write '-' as the en passant square, or change the pieces giving check.",
            "The en passant square %s says %s's last move was %s-%s, but before it %s's king on "
            "%s would already have been in check from %s.",
            name, color_title[them], from_name, pawn_name, color_title[us], king_name,
            pieces_text(&before, was, text, sizeof text));
        set_args(p, 0, them, ep, origin, pushed, king);
        set_men(p, &before, was);
        return;
    }
    if (!fk_position_ep_capturable(pos)) {
        set_args(add(out, FK_PROB_EP_NO_CAPTURE, FK_SEV_NOTE, FK_FIELD_EP, FK_BIT(ep),
                     "Write '-' if you want the form most programs write (en passant only when "
                     "a capture is legal).",
                     "The en passant square %s is correct, but no %s pawn can take en passant "
                     "there.",
                     name, color_word[us]),
                 0, us, ep, 0, 0, 0);
    }
}

/* ---- counters --------------------------------------------------------- */

/* Reports a fullmove number of 0 and a halfmove clock above the plies the
 * fullmove number says were played. */
static void check_counters(const fk_position *pos, report *out) {
    if (pos->fullmove == 0) {
        add(out, FK_PROB_FULLMOVE_ZERO, FK_SEV_ERROR, FK_FIELD_FULLMOVE, 0,
            "Set the fullmove number to 1 (or to the move the game is at).",
            "The fullmove number is 0; it starts at 1 and only grows.");
        return;
    }
    uint64_t played = 2 * (uint64_t)(pos->fullmove - 1) + pos->side;
    if (pos->halfmove > played &&
        !unjudged(out, FK_PROB_HALFMOVE_RANGE, FK_SEV_WARNING, FK_FIELD_HALFMOVE, 0)) {
        char fix[200];
        core_format(fix, sizeof fix,
                    "Set the halfmove clock to at most %llu, or raise the "
                    "fullmove number.",
                    (unsigned long long)played);
        set_args(add(out, FK_PROB_HALFMOVE_RANGE, FK_SEV_WARNING, FK_FIELD_HALFMOVE, 0, fix,
                     "The halfmove clock is %u, but at move %u with %s to move only %llu "
                     "half-moves have been played.",
                     (unsigned)pos->halfmove, (unsigned)pos->fullmove, color_title[pos->side],
                     (unsigned long long)played),
                 0, pos->side, pos->halfmove, pos->fullmove, (long long)played, 0);
    }
}

/* ---- typing mistakes -------------------------------------------------- */

static void check_rules(const fk_position *pos, report *out);

/* Builds pos with its board turned upside down (flip) or with the colours of
 * all men swapped; every other field stays as it was typed. */
static void retype(const fk_position *pos, int flip, fk_position *fixed) {
    *fixed = *pos;
    memset(fixed->board, 0, sizeof fixed->board);
    fixed->by_color[0] = fixed->by_color[1] = 0;
    memset(fixed->by_kind, 0, sizeof fixed->by_kind);
    for (fk_bitboard bb = fk_position_occupied(pos); bb; bb &= bb - 1) {
        fk_square sq = lowest(bb);
        fk_piece p = (fk_piece)pos->board[sq];
        if (flip)
            fk_position_put(fixed, sq ^ 56, p);
        else
            fk_position_put(fixed, sq, FK_MAKE_PIECE(!FK_PIECE_COLOR(p), FK_PIECE_KIND(p)));
    }
}

/* Warns when the board looks typed upside down (rank 1 first) or with upper
 * and lower case swapped: the armies stand on each other's sides. Both typos
 * look alike on the board, so each is offered when its correction reads as a
 * better position; the fix holds the corrected FEN. */
static void offer_retyped(const fk_position *pos, int errors_before, fk_bitboard reversed,
                          report *out);

/* Pawns count on their sixth or seventh rank as reversed (see
 * offer_retyped); this inline test lets almost every position pass at once,
 * as fewer than three reversed pawns are not enough. */
static inline void check_typos(const fk_position *pos, int errors_before, report *out) {
    fk_bitboard wp = pieces_of(pos, FK_WHITE, FK_PAWN), bp = pieces_of(pos, FK_BLACK, FK_PAWN);
    fk_bitboard reversed = (wp & (RANK_BB(5) | RANK_BB(6))) | (bp & (RANK_BB(1) | RANK_BB(2)));
    if (more_than(reversed, 2)) offer_retyped(pos, errors_before, reversed, out);
}

/* check_typos's closer look, given the reversed pawns. */
static void offer_retyped(const fk_position *pos, int errors_before, fk_bitboard reversed,
                          report *out) {
    /* Pawns count on their third rank or nearer home as placed normally, on
     * their sixth or seventh as reversed; kings on their first two ranks or
     * last two. Five reversed and no normal one: no real game of 99,383
     * positions comes within two of that. */
    fk_bitboard wp = pieces_of(pos, FK_WHITE, FK_PAWN), bp = pieces_of(pos, FK_BLACK, FK_PAWN);
    fk_bitboard wk = pieces_of(pos, FK_WHITE, FK_KING), bk = pieces_of(pos, FK_BLACK, FK_KING);
    fk_bitboard low = RANK_BB(0) | RANK_BB(1), high = RANK_BB(6) | RANK_BB(7);
    fk_bitboard normal = (wp & (RANK_BB(1) | RANK_BB(2))) | (bp & (RANK_BB(5) | RANK_BB(6))) |
                         (wk & low) | (bk & high);
    fk_bitboard marked = reversed | (wk & high) | (bk & low);
    if (normal || !more_than(marked, 4)) return;

    fk_position fixed[2];
    char fen[2][FK_FEN_MAX];
    int better[2];
    for (int flip = 0; flip < 2; flip++) {
        fk_problems scratch;
        fk_problems_clear(&scratch);
        report quiet = {&scratch, 0, 0};
        retype(pos, flip, &fixed[flip]);
        check_rules(&fixed[flip], &quiet);
        better[flip] = quiet.errors == 0 || quiet.errors < errors_before;
        fk_fen_write(&fixed[flip], FK_EP_ALWAYS, fen[flip], sizeof fen[flip]);
    }
    int same = memcmp(fixed[0].board, fixed[1].board, 64) == 0;
    if (better[1]) {
        fk_problem *p =
            add(out, FK_PROB_UPSIDE_DOWN, FK_SEV_WARNING, FK_FIELD_PLACEMENT, marked, fen[1],
                "The board looks upside down: White's pawns and king stand on Black's side of the "
                "board and Black's on White's, as when rank 1 is typed first%s.",
                same ? " (or with upper and lower case swapped: both corrections agree)" : "");
        set_args(p, same, 0, 0, 0, 0, 0);
    }
    if (better[0] && !(same && better[1])) {
        add(out, FK_PROB_COLORS_SWAPPED, FK_SEV_WARNING, FK_FIELD_PLACEMENT, marked, fen[0],
            "The colours look swapped: the upper-case (White) pawns and king stand on Black's "
            "side of the board and the lower-case on White's, as when the case is mixed up.");
    }
}

/* ---- entry points ------------------------------------------------------ */

/* Every rule check except the typo detection (which calls this on its
 * corrected boards). */
static void check_rules(const fk_position *pos, report *out) {
    /* The checks that find nothing in most positions are called only when
     * a test of a few instructions says they might: one king each, a king
     * attacked, some castling right, an en passant square. */
    fk_bitboard white_king = pieces_of(pos, FK_WHITE, FK_KING);
    fk_bitboard black_king = pieces_of(pos, FK_BLACK, FK_KING);
    int kings_ok = (white_king && !more_than(white_king, 1) && black_king &&
                    !more_than(black_king, 1)) || check_kings(pos, out);
    if (kings_ok) {
        fk_bitboard occupied = fk_position_occupied(pos);
        fk_color us = (fk_color)pos->side, them = (fk_color)!pos->side;
        if (attackers(pos, king_of(pos, them), us, occupied) |
            attackers(pos, king_of(pos, us), them, occupied))
            check_checks(pos, out);
    }
    check_pawn_ranks(pos, out);
    for (int c = FK_WHITE; c <= FK_BLACK; c++) check_material(pos, (fk_color)c, out);
    if (pos->castling)
        for (int c = FK_WHITE; c <= FK_BLACK; c++) check_castling(pos, (fk_color)c, out);
    if (pos->ep_square != FK_NO_SQUARE) check_en_passant(pos, kings_ok, out);
    check_counters(pos, out);
}

/* fk_position_check, for fk_fen_validate: problems whose verdict rests on
 * the `unread` fields are only counted, not written (it drops them). */
static fk_status check_position(const fk_position *pos, fk_problems *problems, unsigned unread) {
    report out = {problems, 0, unread};
    fk_problems_repair(problems);
    core_attacks_init();
    int first = problems->count;
    check_rules(pos, &out);
    int typos = problems->count;
    check_typos(pos, out.errors, &out);
    /* A typing mistake explains the errors it causes: list it before them. */
    for (int i = typos; i < problems->count; i++, first++) {
        fk_problem moved = problems->items[i];
        memmove(&problems->items[first + 1], &problems->items[first],
                (size_t)(i - first) * sizeof moved);
        problems->items[first] = moved;
    }
    return out.errors ? FK_ERR_INVALID : FK_OK;
}

fk_status fk_position_check(const fk_position *pos, fk_problems *problems) {
    fk_problems unwanted;
    if (!problems) {
        problems = &unwanted;
        fk_problems_clear(problems);
    }
    return check_position(pos, problems, 0);
}

/* The byte offset where field `field` (0 = placement) starts in text, or -1. */
static int field_offset(const char *text, size_t len, fk_field field) {
    /* 1 for the bytes between fields; one look-up a byte. */
    static const uint8_t between[256] = {[' '] = 1, ['\t'] = 1, ['_'] = 1};
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t')) i++;
    for (int f = 0; f < (int)field; f++) {
        while (i < len && !between[s[i]]) i++;
        while (i < len && between[s[i]]) i++;
    }
    return i < len ? (int)i : -1;
}

fk_status fk_fen_validate(const char *text, size_t len, unsigned flags, fk_position *pos,
                          fk_problems *problems) {
    fk_problems unwanted;
    if (!problems) problems = &unwanted;
    fk_status st = fk_fen_parse(text, len, flags, pos, problems);
    int first = 0; /* fk_fen_parse started the list afresh */
    /* Check the rules only when the board itself was read. */
    unsigned unread = 0;
    for (int i = first; i < problems->count; i++) {
        const fk_problem *p = &problems->items[i];
        if (p->severity != FK_SEV_ERROR) continue;
        if (p->field == FK_FIELD_PLACEMENT || p->field == FK_FIELD_NONE)
            return st == FK_OK ? FK_ERR_SYNTAX : st;
        unread |= 1u << p->field;
    }
    int checked = problems->count, kept = checked;
    fk_status rules = check_position(pos, problems, unread);
    /* A field the reader could not read holds a stand-in value: the reader
     * has reported it, and no rule is judged on it. */
    for (int i = checked; i < problems->count; i++) {
        fk_problem *p = &problems->items[i];
        if (fields_judged(p->code) & unread) continue;
        if (p->offset < 0 && p->field != FK_FIELD_NONE) p->offset = field_offset(text, len, p->field);
        if (kept != i) problems->items[kept] = *p;
        kept++;
    }
    problems->count = kept;
    return st != FK_OK ? st : rules;
}
