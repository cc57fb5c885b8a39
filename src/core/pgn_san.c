/* The fast path for SAN, used by fk_move_parse_san and the PGN reader.
 * Almost every move people and programs write is an ordinary one in
 * standard form; those are found from attack tables and a pin test instead
 * of a list of every legal move, which makes reading them several times
 * faster. Anything else goes to the reader that lists the legal moves
 * (core_san_parse_listed), which also words the errors. */
#include <string.h>

#include "pgn_san.h"
#include "rules.h"

static const char piece_letter[FK_KIND_COUNT] = {'P', 'N', 'B', 'R', 'Q', 'K'};

/* The piece kind of an upper-case SAN letter, or -1. */
static int kind_of(char c) {
    switch (c) {
    case 'N': return FK_KNIGHT;
    case 'B': return FK_BISHOP;
    case 'R': return FK_ROOK;
    case 'Q': return FK_QUEEN;
    case 'K': return FK_KING;
    default: return -1;
    }
}

/* The pieces of `pieces` (all of one kind) that reach `to`. Sliders are
 * found from the empty-board rays and the squares between, which stay in
 * cache (see fk_attackers_near). */
static fk_bitboard reach(int kind, fk_square to, fk_bitboard pieces, fk_bitboard occupied) {
    switch (kind) {
    case FK_KNIGHT: return core_tables.knight[to] & pieces;
    case FK_BISHOP: return fk_clear_lines(core_tables.bishop_empty[to] & pieces, to, occupied);
    case FK_ROOK: return fk_clear_lines(core_tables.rook_empty[to] & pieces, to, occupied);
    case FK_QUEEN:
        return fk_clear_lines((core_tables.bishop_empty[to] | core_tables.rook_empty[to]) & pieces,
                              to, occupied);
    default: return core_tables.king[to] & pieces;
    }
}

/* 1 when moving the piece on `from` to `to` (capturing what stands there;
 * not en passant, not castling) leaves the mover's king (on `king`, with
 * the squares on its lines in king_lines) unattacked. */
FK_INLINE int king_safe_at(const fk_position *pos, int in_check, fk_square king,
                           fk_bitboard king_lines, fk_square from, fk_square to) {
    /* Out of check, only a piece on a line with its king can be pinned. */
    if (!in_check && from != king && !(king_lines & FK_BIT(from))) return 1;
    if (king == from) king = to;
    fk_bitboard occupied = (fk_position_occupied(pos) & ~FK_BIT(from)) | FK_BIT(to);
    return (fk_attackers_near(pos, king, !pos->side, occupied) & ~FK_BIT(to)) == 0;
}

/* king_safe_at for the king of the side to move (0 when it has none). */
FK_INLINE int king_safe(const fk_position *pos, int in_check, fk_square from, fk_square to) {
    fk_bitboard kings = pos->by_color[pos->side] & pos->by_kind[FK_KING];
    if (!kings) return 0;
    fk_square king = fk_lsb(kings);
    return king_safe_at(pos, in_check, king,
                        core_tables.rook_empty[king] | core_tables.bishop_empty[king], from, to);
}

/* The square named by two characters ("e4"), or FK_NO_SQUARE: the
 * library's reader, inlined on this path. */
FK_INLINE fk_square square_at(const char *text) {
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return FK_NO_SQUARE;
    return (fk_square)FK_SQUARE(text[0] - 'a', text[1] - '1');
}

/* Writes the target square and the promotion; returns the new length. */
static size_t put_target(char *san, size_t n, fk_square to, int promotion) {
    san[n++] = (char)('a' + FK_FILE_OF(to));
    san[n++] = (char)('1' + FK_RANK_OF(to));
    if (promotion) {
        san[n++] = '=';
        san[n++] = piece_letter[promotion];
    }
    san[n] = '\0';
    return n;
}

/* A pawn move: "e4", "exd5", "e8=Q", "exd8=N". */
static int pawn_move(const fk_position *pos, int in_check, const char *s, size_t n,
                     fk_move *move, char *san) {
    fk_color us = (fk_color)pos->side;
    int step = us == FK_WHITE ? 8 : -8;
    int promotion = 0;
    if (n >= 4 && s[n - 2] == '=') {
        promotion = kind_of(s[n - 1]);
        if (promotion < FK_KNIGHT || promotion > FK_QUEEN) return 0;
        n -= 2;
    }
    int capture = n == 4 && s[1] == 'x';
    if (!(n == 2 || capture)) return 0;
    fk_square to = square_at(s + n - 2);
    if (to == FK_NO_SQUARE) return 0;
    int last_rank = us == FK_WHITE ? 7 : 0;
    if ((FK_RANK_OF(to) == last_rank) != (promotion != 0)) return 0;
    fk_piece pawn = FK_MAKE_PIECE(us, FK_PAWN);
    fk_piece target = fk_position_at(pos, to);
    fk_square from;
    if (capture) {
        int file = s[0] - 'a', delta = file - FK_FILE_OF(to);
        if (file < 0 || file > 7 || (delta != 1 && delta != -1)) return 0;
        /* an empty target is en passant (or wrong): the full reader */
        if (target == FK_EMPTY || fk_color_of(target) == (int)us) return 0;
        from = to - step + delta;
    } else {
        if (s[0] != (char)('a' + FK_FILE_OF(to)) || target != FK_EMPTY) return 0;
        from = to - step;
        int double_rank = us == FK_WHITE ? 3 : 4;
        if (from < 0 || from > 63) return 0;
        if (fk_position_at(pos, from) == FK_EMPTY && FK_RANK_OF(to) == double_rank) from -= step;
    }
    if (from < 0 || from > 63 || fk_position_at(pos, from) != pawn) return 0;
    if (!king_safe(pos, in_check, from, to)) return 0;
    /* the generator's flags, so that the move is the one it would list */
    uint8_t flags = capture ? FK_MOVE_CAPTURE : (to - from == 2 * step) ? FK_MOVE_DOUBLE_PUSH : 0;
    *move = (fk_move){(uint8_t)from, (uint8_t)to, (uint8_t)promotion, flags};
    size_t k = 0;
    if (capture) {
        san[k++] = s[0];
        san[k++] = 'x';
    }
    put_target(san, k, to, promotion);
    return 1;
}

/* Castling written "O-O" or "O-O-O": found among the legal castling
 * moves, at most one to each side. */
static int castling_move(const fk_position *pos, const char *s, size_t n, fk_move *move,
                         char *san) {
    int kingside = n == 3 && s[1] == '-' && s[2] == 'O';
    if (!kingside && !(n == 5 && s[1] == '-' && s[2] == 'O' && s[3] == '-' && s[4] == 'O'))
        return 0;
    fk_move castles[2];
    int count = core_moves_castling(pos, castles);
    for (int i = 0; i < count; i++) {
        fk_move m = castles[i];
        if ((m.to > m.from) == kingside) {
            *move = m;
            for (size_t k = 0; k < n; k++) san[k] = s[k];
            san[n] = '\0';
            return 1;
        }
    }
    return 0;
}

int pgn_san_fast(const fk_position *pos, int in_check, const char *text, size_t len,
                 fk_move *move, char *san) {
    while (len > 0 && (text[len - 1] == '+' || text[len - 1] == '#')) len--;
    if (len < 2 || len > 7) return 0;
    if (text[0] == 'O') return castling_move(pos, text, len, move, san);
    if (text[0] >= 'a' && text[0] <= 'h') return pawn_move(pos, in_check, text, len, move, san);
    int kind = kind_of(text[0]);
    if (kind < 0 || len < 3) return 0;
    fk_square to = square_at(text + len - 2);
    if (to == FK_NO_SQUARE) return 0;
    int want_file = -1, want_rank = -1;
    for (size_t i = 1; i < len - 2; i++) {
        char c = text[i];
        if (c >= 'a' && c <= 'h' && want_file < 0 && want_rank < 0)
            want_file = c - 'a';
        else if (c >= '1' && c <= '8' && want_rank < 0)
            want_rank = c - '1';
        else if (!(c == 'x' && i == len - 3))
            return 0;
    }
    fk_color us = (fk_color)pos->side;
    fk_piece target = fk_position_at(pos, to);
    if (target != FK_EMPTY && fk_color_of(target) == (int)us) return 0;
    fk_piece piece = FK_MAKE_PIECE(us, kind);
    fk_bitboard kings = pos->by_color[us] & pos->by_kind[FK_KING];
    if (!kings) return 0;
    fk_square king = fk_lsb(kings); /* looked up once for all candidates */
    fk_bitboard king_lines = core_tables.rook_empty[king] | core_tables.bishop_empty[king];
    fk_bitboard legal = 0;
    for (fk_bitboard c = reach(kind, to, fk_position_pieces(pos, piece), fk_position_occupied(pos));
         c; c &= c - 1) {
        fk_square from = __builtin_ctzll(c);
        if (king_safe_at(pos, in_check, king, king_lines, from, to)) legal |= FK_BIT(from);
    }
    fk_bitboard named = legal;
    for (fk_bitboard c = legal; c; c &= c - 1) {
        fk_square from = __builtin_ctzll(c);
        if ((want_file >= 0 && FK_FILE_OF(from) != want_file) ||
            (want_rank >= 0 && FK_RANK_OF(from) != want_rank))
            named &= ~FK_BIT(from);
    }
    if (named == 0 || (named & (named - 1))) return 0;
    fk_square from = __builtin_ctzll(named);
    *move = (fk_move){(uint8_t)from, (uint8_t)to, 0, target != FK_EMPTY ? FK_MOVE_CAPTURE : 0};

    /* Standard SAN names the file, else the rank, else both, when another
     * piece of the same kind could legally go to the same square. */
    size_t k = 0;
    san[k++] = piece_letter[kind];
    fk_bitboard others = legal & ~named;
    if (others) {
        int same_file = 0, same_rank = 0;
        for (; others; others &= others - 1) {
            fk_square o = __builtin_ctzll(others);
            same_file |= FK_FILE_OF(o) == FK_FILE_OF(from);
            same_rank |= FK_RANK_OF(o) == FK_RANK_OF(from);
        }
        if (!same_file || same_rank) san[k++] = (char)('a' + FK_FILE_OF(from));
        if (same_file) san[k++] = (char)('1' + FK_RANK_OF(from));
    }
    if (target != FK_EMPTY) san[k++] = 'x';
    put_target(san, k, to, 0);
    return 1;
}

void pgn_san_mark_check(const fk_position *after, char *san) {
    size_t n = strlen(san);
    /* A king with a safe square to step to is not mated: that settles most
     * checks without counting the moves. */
    int us = after->side, escapes = 0;
    fk_bitboard kings = after->by_color[us] & after->by_kind[FK_KING];
    if (kings) {
        fk_square king = fk_lsb(kings);
        fk_bitboard without_king = fk_position_occupied(after) & ~kings;
        for (fk_bitboard to = core_tables.king[king] & ~after->by_color[us]; to && !escapes;
             to &= to - 1)
            escapes = !fk_attackers_near(after, fk_lsb(to), !us, without_king);
    }
    san[n] = escapes || core_moves_count(after) ? '+' : '#';
    san[n + 1] = '\0';
}
