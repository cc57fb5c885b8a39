/* Comparing two positions: the men that moved, appeared or vanished, the
 * fields that differ, and the moves that lead from one to the other. */
#include <string.h>

#include "fenkit/diff.h"

/* Squares between a and b for a king: the distance used to pair a man's
 * old square with his new one. */
static int distance(int a, int b) {
    int df = FK_FILE_OF(a) - FK_FILE_OF(b), dr = FK_RANK_OF(a) - FK_RANK_OF(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

static int compare_changes(const fk_man_change *x, const fk_man_change *y) {
    int kx = x->from != FK_NO_SQUARE ? x->from : x->to;
    int ky = y->from != FK_NO_SQUARE ? y->from : y->to;
    return kx - ky;
}

void fk_position_compare(const fk_position *a, const fk_position *b, fk_position_diff *out) {
    memset(out, 0, sizeof *out);
    for (int p = FK_WP; p <= FK_BK; p++) {
        fk_bitboard left = 0, arrived = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (a->board[sq] == p && b->board[sq] != p) left |= FK_BIT(sq);
            if (b->board[sq] == p && a->board[sq] != p) arrived |= FK_BIT(sq);
        }
        /* pair the closest old and new squares first: one man's move */
        while (left && arrived) {
            int best = 99, from = 0, to = 0;
            for (fk_bitboard l = left; l; l &= l - 1)
                for (fk_bitboard r = arrived; r; r &= r - 1) {
                    int d = distance(__builtin_ctzll(l), __builtin_ctzll(r));
                    if (d < best) best = d, from = __builtin_ctzll(l), to = __builtin_ctzll(r);
                }
            out->changes[out->count++] =
                (fk_man_change){FK_MAN_MOVED, (uint8_t)p, (uint8_t)from, (uint8_t)to};
            left &= ~FK_BIT(from);
            arrived &= ~FK_BIT(to);
        }
        for (; left; left &= left - 1)
            out->changes[out->count++] = (fk_man_change){
                FK_MAN_VANISHED, (uint8_t)p, (uint8_t)__builtin_ctzll(left), FK_NO_SQUARE};
        for (; arrived; arrived &= arrived - 1)
            out->changes[out->count++] = (fk_man_change){FK_MAN_APPEARED, (uint8_t)p, FK_NO_SQUARE,
                                                         (uint8_t)__builtin_ctzll(arrived)};
    }
    /* board order reads better than piece order: a1 first, h8 last */
    for (int i = 1; i < out->count; i++)
        for (int j = i; j > 0 && compare_changes(&out->changes[j], &out->changes[j - 1]) < 0; j--) {
            fk_man_change t = out->changes[j];
            out->changes[j] = out->changes[j - 1];
            out->changes[j - 1] = t;
        }
    out->fields = (a->side != b->side ? FK_DIFF_SIDE : 0u) |
                  (a->castling != b->castling ? FK_DIFF_CASTLING : 0u) |
                  (a->ep_square != b->ep_square ? FK_DIFF_EN_PASSANT : 0u) |
                  (a->halfmove != b->halfmove ? FK_DIFF_HALFMOVE : 0u) |
                  (a->fullmove != b->fullmove ? FK_DIFF_FULLMOVE : 0u);
}

/* The en passant square only where a pawn can use it: the two conventions
 * of writing it then compare alike. */
static int usable_ep(const fk_position *pos) {
    return pos->ep_square != FK_NO_SQUARE && fk_position_ep_capturable(pos) ? pos->ep_square
                                                                            : FK_NO_SQUARE;
}

static int squares_apart(const fk_position *a, const fk_position *b) {
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        n += a->board[sq] != b->board[sq];
    return n;
}

static int alike(const fk_position *a, const fk_position *b) {
    return a->side == b->side && a->castling == b->castling &&
           memcmp(a->board, b->board, sizeof a->board) == 0 && usable_ep(a) == usable_ep(b);
}

typedef struct {
    const fk_position *target;
    fk_move line[FK_LINE_PLIES_MAX];
    fk_lines *out;
} search;

/* Tries every line of `left` more plies from pos. */
static void walk(search *s, const fk_position *pos, int done, int left) {
    if (left == 0) {
        if (!alike(pos, s->target)) return;
        if (s->out->count == FK_LINES_MAX) {
            s->out->more++;
            return;
        }
        memcpy(s->out->moves[s->out->count++], s->line, sizeof s->line);
        return;
    }
    /* a move changes at most four squares (castling) and never adds a man */
    if (squares_apart(pos, s->target) > 4 * left) return;
    if (__builtin_popcountll(s->target->by_color[0] | s->target->by_color[1]) >
        __builtin_popcountll(pos->by_color[0] | pos->by_color[1]))
        return;
    fk_movelist list;
    fk_moves_generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        fk_position next = *pos;
        fk_move_make(&next, list.moves[i]);
        s->line[done] = list.moves[i];
        walk(s, &next, done + 1, left - 1);
    }
}

int fk_moves_between(const fk_position *from, const fk_position *to, int max_plies, fk_lines *out) {
    memset(out, 0, sizeof *out);
    out->plies = -1;
    if (max_plies > FK_LINE_PLIES_MAX) max_plies = FK_LINE_PLIES_MAX;
    search s = {to, {{0}}, out};
    /* the side to move fixes whether the line is odd or even in length */
    for (int plies = from->side == to->side ? 0 : 1; plies <= max_plies; plies += 2) {
        walk(&s, from, 0, plies);
        if (out->count) {
            out->plies = plies;
            break;
        }
    }
    return out->plies;
}
