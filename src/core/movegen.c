/* Legal move generation: pin masks and check-evasion masks, so every move
 * written out is legal and needs no test after making it. The same code
 * counts moves without writing them, for perft's last ply. */
#include <assert.h>

#include "rules.h"

/* Writes (or only counts, when out is NULL) one move per target. */
FK_INLINE void emit_targets(fk_move *out, int *n, fk_square from, fk_bitboard targets,
                            fk_bitboard enemies) {
    if (!out) {
        *n += fk_popcount(targets);
        return;
    }
    for (; targets; targets &= targets - 1) {
        fk_square to = fk_lsb(targets);
        out[(*n)++] = (fk_move){(uint8_t)from, (uint8_t)to, 0,
                                (enemies & FK_BIT(to)) ? FK_MOVE_CAPTURE : 0};
    }
}

/* One pawn move, as four moves when it reaches the last rank. */
FK_INLINE void emit_pawn(fk_move *out, int *n, fk_square from, fk_square to, uint8_t flags) {
    if (FK_RANK_OF(to) == 0 || FK_RANK_OF(to) == 7) {
        static const uint8_t kinds[4] = {FK_QUEEN, FK_ROOK, FK_BISHOP, FK_KNIGHT};
        for (int i = 0; i < 4; i++) out[(*n)++] = (fk_move){(uint8_t)from, (uint8_t)to, kinds[i], flags};
    } else {
        out[(*n)++] = (fk_move){(uint8_t)from, (uint8_t)to, 0, flags};
    }
}

/* Pawn moves of one shape (a push, a double push or a capture to one side)
 * given as the set of target squares and the step from origin to target. */
FK_INLINE void emit_pawn_set(fk_move *out, int *n, fk_bitboard targets, int delta,
                             fk_bitboard last_rank, uint8_t flags) {
    if (!out) {
        *n += fk_popcount(targets & ~last_rank) + 4 * fk_popcount(targets & last_rank);
        return;
    }
    for (; targets; targets &= targets - 1) {
        fk_square to = fk_lsb(targets);
        emit_pawn(out, n, to - delta, to, flags);
    }
}

/* The pieces of the side to move that are pinned to its king. */
FK_INLINE fk_bitboard pinned_pieces(const fk_position *pos, fk_square king, int us,
                                    fk_bitboard occupied) {
    const fk_bitboard *k = pos->by_kind;
    fk_bitboard snipers = ((core_tables.rook_empty[king] & (k[FK_ROOK] | k[FK_QUEEN])) |
                           (core_tables.bishop_empty[king] & (k[FK_BISHOP] | k[FK_QUEEN]))) &
                          pos->by_color[!us];
    fk_bitboard pinned = 0;
    for (; snipers; snipers &= snipers - 1) {
        fk_bitboard between = core_tables.between[king][fk_lsb(snipers)] & occupied;
        if (between && !(between & (between - 1))) pinned |= between;
    }
    return pinned & pos->by_color[us];
}

/* 1 when the side to move may capture en passant with the pawn on `from`:
 * the board after the capture, with both pawns gone, leaves its king safe.
 * This covers pins along the rank, diagonal pins and checks. */
FK_INLINE int ep_is_legal(const fk_position *pos, fk_square king, fk_square from,
                          fk_square captured, fk_bitboard occupied) {
    int us = pos->side;
    if (king == FK_NO_SQUARE) return 1;
    fk_bitboard after = (occupied ^ FK_BIT(from) ^ FK_BIT(captured)) | FK_BIT(pos->ep_square);
    return !(fk_attackers(pos, king, !us, after) & ~FK_BIT(captured));
}

/* The square of the pawn an en passant capture would take, or FK_NO_SQUARE
 * when the position's en passant square cannot be used at all. */
FK_INLINE fk_square ep_victim(const fk_position *pos) {
    int us = pos->side;
    fk_square ep = pos->ep_square;
    if (ep >= 64 || FK_RANK_OF(ep) != (us ? 2 : 5)) return FK_NO_SQUARE;
    fk_square victim = ep - fk_pawn_step(us);
    if (pos->board[victim] != FK_MAKE_PIECE(!us, FK_PAWN) || pos->board[ep] != FK_EMPTY)
        return FK_NO_SQUARE;
    return victim;
}

/* Castling moves (king takes own rook), for standard chess and Chess960:
 * the squares both pieces cross are empty, and no square the king crosses
 * or lands on is attacked once the castling rook has left. */
FK_INLINE void gen_castling(const fk_position *pos, fk_move *out, int *n, fk_square king,
                            fk_bitboard occupied) {
    int us = pos->side;
    fk_bitboard rooks = pos->castling & pos->by_color[us] & pos->by_kind[FK_ROOK] & fk_back_rank(us);
    if (!rooks || !(fk_back_rank(us) & FK_BIT(king))) return;
    fk_square base = fk_back_base(us);
    for (; rooks; rooks &= rooks - 1) {
        fk_square rook = fk_lsb(rooks);
        int kingside = rook > king;
        fk_square king_to = base + (kingside ? 6 : 2), rook_to = base + (kingside ? 5 : 3);
        fk_bitboard king_path = core_tables.between[king][king_to] | FK_BIT(king_to);
        fk_bitboard crossed = king_path | core_tables.between[rook][rook_to] | FK_BIT(rook_to);
        if (crossed & occupied & ~FK_BIT(king) & ~FK_BIT(rook)) continue;
        fk_bitboard without_rook = occupied ^ FK_BIT(rook);
        int safe = 1;
        for (fk_bitboard path = king_path; path && safe; path &= path - 1)
            safe = !fk_attackers(pos, fk_lsb(path), !us, without_rook);
        if (!safe) continue;
        if (out)
            out[*n] = (fk_move){(uint8_t)king, (uint8_t)rook, 0, FK_MOVE_CASTLE};
        (*n)++;
    }
}

/* Pawn moves. Free pawns go in bulk, by shifting sets; pinned pawns one by
 * one, kept on the line through their king. */
FK_INLINE void gen_pawns(const fk_position *pos, fk_move *out, int *n, fk_square king,
                         fk_bitboard pinned, fk_bitboard mask, fk_bitboard occupied) {
    int us = pos->side, up = fk_pawn_step(us);
    fk_bitboard enemies = pos->by_color[!us], empty = ~occupied;
    fk_bitboard pawns = pos->by_color[us] & pos->by_kind[FK_PAWN];
    fk_bitboard last_rank = fk_back_rank(!us);
    fk_bitboard third_rank = fk_shift(fk_back_rank(us), 2 * up);
    fk_bitboard free = pawns & ~pinned;
    fk_bitboard single = fk_shift(free, up) & empty;
    fk_bitboard twice = fk_shift(single & third_rank, up) & empty & mask;
    emit_pawn_set(out, n, single & mask, up, last_rank, 0);
    emit_pawn_set(out, n, twice, 2 * up, 0, FK_MOVE_DOUBLE_PUSH);
    emit_pawn_set(out, n, fk_shift(free & ~FK_FILE_A, up - 1) & enemies & mask, up - 1,
                  last_rank, FK_MOVE_CAPTURE);
    emit_pawn_set(out, n, fk_shift(free & ~FK_FILE_H, up + 1) & enemies & mask, up + 1,
                  last_rank, FK_MOVE_CAPTURE);
    for (fk_bitboard p = pawns & pinned; p; p &= p - 1) {
        fk_square from = fk_lsb(p);
        fk_bitboard stay = core_tables.line[king][from] & mask;
        fk_bitboard push = fk_shift(FK_BIT(from), up) & empty;
        push |= fk_shift(push & third_rank, up) & empty;
        fk_bitboard targets = (push | (core_tables.pawn[us][from] & enemies)) & stay;
        if (!out) {
            *n += fk_popcount(targets & ~last_rank) + 4 * fk_popcount(targets & last_rank);
            continue;
        }
        for (; targets; targets &= targets - 1) {
            fk_square to = fk_lsb(targets);
            uint8_t flags = (enemies & FK_BIT(to)) ? FK_MOVE_CAPTURE
                            : (to - from == 2 * up) ? FK_MOVE_DOUBLE_PUSH : 0;
            emit_pawn(out, n, from, to, flags);
        }
    }
    fk_square victim = ep_victim(pos);
    if (victim == FK_NO_SQUARE) return;
    fk_square ep = pos->ep_square;
    for (fk_bitboard p = core_tables.pawn[!us][ep] & pawns; p; p &= p - 1) {
        fk_square from = fk_lsb(p);
        if (!ep_is_legal(pos, king, from, victim, occupied)) continue;
        if (out)
            out[*n] = (fk_move){(uint8_t)from, (uint8_t)ep, 0,
                                FK_MOVE_CAPTURE | FK_MOVE_EN_PASSANT};
        (*n)++;
    }
}

/* Generates (out != NULL) or counts (out == NULL) every legal move. A side
 * without a king has no legal moves. */
FK_INLINE int generate(const fk_position *pos, fk_move *out) {
    int us = pos->side, n = 0;
    const fk_bitboard *k = pos->by_kind;
    fk_bitboard own = pos->by_color[us], enemies = pos->by_color[!us];
    fk_bitboard occupied = own | enemies;
    fk_bitboard king_bb = own & k[FK_KING];
    if (!king_bb) return 0;
    fk_square king = fk_lsb(king_bb);
    fk_bitboard checkers = fk_attackers(pos, king, !us, occupied);

    /* The king steps to any square not attacked once it has left its own. */
    fk_bitboard without_king = occupied ^ FK_BIT(king);
    fk_bitboard steps = core_tables.king[king] & ~own, safe = 0;
    for (fk_bitboard s = steps; s; s &= s - 1)
        if (!fk_attackers(pos, fk_lsb(s), !us, without_king)) safe |= FK_BIT(fk_lsb(s));
    emit_targets(out, &n, king, safe, enemies);
    if (checkers & (checkers - 1)) return n; /* double check: only the king */

    /* Other pieces may only capture a lone checker or block its line. */
    fk_bitboard mask = checkers ? core_tables.between[king][fk_lsb(checkers)] | checkers : ~own;
    fk_bitboard pinned = pinned_pieces(pos, king, us, occupied);

    for (fk_bitboard b = own & k[FK_KNIGHT] & ~pinned; b; b &= b - 1) {
        fk_square from = fk_lsb(b);
        emit_targets(out, &n, from, core_tables.knight[from] & mask, enemies);
    }
    for (fk_bitboard b = own & (k[FK_BISHOP] | k[FK_QUEEN]); b; b &= b - 1) {
        fk_square from = fk_lsb(b);
        fk_bitboard t = fk_bishop_att(from, occupied) & mask;
        if (pinned & FK_BIT(from)) t &= core_tables.line[king][from];
        emit_targets(out, &n, from, t, enemies);
    }
    for (fk_bitboard b = own & (k[FK_ROOK] | k[FK_QUEEN]); b; b &= b - 1) {
        fk_square from = fk_lsb(b);
        fk_bitboard t = fk_rook_att(from, occupied) & mask;
        if (pinned & FK_BIT(from)) t &= core_tables.line[king][from];
        emit_targets(out, &n, from, t, enemies);
    }
    gen_pawns(pos, out, &n, king, pinned, mask, occupied);
    if (!checkers) gen_castling(pos, out, &n, king, occupied);
    return n;
}

int fk_moves_generate(const fk_position *pos, fk_movelist *list) {
    core_attacks_init();
    list->count = generate(pos, list->moves);
    return list->count;
}

int core_moves_count(const fk_position *pos) {
    core_attacks_init();
    return generate(pos, NULL);
}

int core_moves_castling(const fk_position *pos, fk_move out[2]) {
    core_attacks_init();
    int us = pos->side, n = 0;
    fk_bitboard occupied = fk_position_occupied(pos);
    fk_bitboard king_bb = pos->by_color[us] & pos->by_kind[FK_KING];
    if (!king_bb) return 0;
    fk_square king = fk_lsb(king_bb);
    if (fk_attackers_near(pos, king, !us, occupied)) return 0; /* no castling out of check */
    gen_castling(pos, out, &n, king, occupied);
    return n;
}

int fk_position_ep_capturable(const fk_position *pos) {
    core_attacks_init();
    fk_square victim = ep_victim(pos);
    if (victim == FK_NO_SQUARE) return 0;
    int us = pos->side;
    fk_bitboard own = pos->by_color[us];
    fk_bitboard occupied = own | pos->by_color[!us];
    fk_bitboard king_bb = own & pos->by_kind[FK_KING];
    fk_square king = king_bb ? fk_lsb(king_bb) : FK_NO_SQUARE;
    fk_bitboard pawns = own & pos->by_kind[FK_PAWN];
    for (fk_bitboard p = core_tables.pawn[!us][pos->ep_square] & pawns; p; p &= p - 1)
        if (ep_is_legal(pos, king, fk_lsb(p), victim, occupied)) return 1;
    return 0;
}

void fk_move_make(fk_position *pos, fk_move move) {
    assert(move.from < 64 && move.to < 64 && pos->board[move.from] != FK_EMPTY);
    fk_make(pos, move);
}

void fk_move_push(fk_position *pos, fk_move move, fk_undo *undo) {
    undo->before = *pos;
    undo->move = move;
    fk_move_make(pos, move);
}

fk_move fk_move_pop(fk_position *pos, const fk_undo *undo) {
    *pos = undo->before;
    return undo->move;
}

/* One level of perft: the moves are played, and the last ply is counted,
 * not played. `below` is the function for the next level, so that the
 * whole tree runs in one instruction set (see fk_perft). */
FK_INLINE uint64_t perft_level(const fk_position *pos, int depth,
                               uint64_t (*below)(const fk_position *, int)) {
    if (depth == 1) return (uint64_t)generate(pos, NULL);
    fk_move moves[FK_MAX_MOVES];
    int n = generate(pos, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        fk_position next = *pos;
        fk_make(&next, moves[i]);
        nodes += depth == 2 ? (uint64_t)generate(&next, NULL) : below(&next, depth - 1);
    }
    return nodes;
}

/* Perft for any x86-64 or other CPU. */
static uint64_t perft_generic(const fk_position *pos, int depth) {
    return perft_level(pos, depth, perft_generic);
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
#define FK_PERFT_POPCNT 1
/* The same, compiled for CPUs with the POPCNT instruction: counting moves
 * is mostly counting bits. */
__attribute__((target("popcnt"))) static uint64_t perft_popcnt(const fk_position *pos, int depth) {
    return perft_level(pos, depth, perft_popcnt);
}
#endif

uint64_t fk_perft(const fk_position *pos, int depth) {
    core_attacks_init();
    if (depth <= 0) return 1;
#ifdef FK_PERFT_POPCNT
    /* Chosen at each call from what the CPU says: no state is kept. */
    if (__builtin_cpu_supports("popcnt")) return perft_popcnt(pos, depth);
#endif
    return perft_generic(pos, depth);
}
