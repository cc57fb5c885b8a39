/* Attack tables. Leapers come from tables built once; sliders walk rays.
 * (Simple first version: the move generator replaces the sliders with
 * magic bitboards.) */
#include <pthread.h>

#include "fenkit/position.h"

static fk_bitboard knight_table[64], king_table[64], pawn_table[2][64];
static fk_bitboard between_table[64][64], line_table[64][64];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static fk_bitboard leaper(fk_square sq, const int (*steps)[2], int count) {
    fk_bitboard bb = 0;
    for (int i = 0; i < count; i++) {
        int f = FK_FILE_OF(sq) + steps[i][0], r = FK_RANK_OF(sq) + steps[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) bb |= FK_BIT(FK_SQUARE(f, r));
    }
    return bb;
}

static fk_bitboard ray_attacks(fk_square sq, fk_bitboard occupied, const int (*dirs)[2]) {
    fk_bitboard bb = 0;
    for (int d = 0; d < 4; d++) {
        int f = FK_FILE_OF(sq), r = FK_RANK_OF(sq);
        for (;;) {
            f += dirs[d][0];
            r += dirs[d][1];
            if (f < 0 || f > 7 || r < 0 || r > 7) break;
            bb |= FK_BIT(FK_SQUARE(f, r));
            if (occupied & FK_BIT(FK_SQUARE(f, r))) break;
        }
    }
    return bb;
}

static const int diag_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int orth_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

static void build_tables(void) {
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int wpawn[2][2] = {{-1, 1}, {1, 1}}, bpawn[2][2] = {{-1, -1}, {1, -1}};
    for (fk_square sq = 0; sq < 64; sq++) {
        knight_table[sq] = leaper(sq, knight, 8);
        king_table[sq] = leaper(sq, king, 8);
        pawn_table[FK_WHITE][sq] = leaper(sq, wpawn, 2);
        pawn_table[FK_BLACK][sq] = leaper(sq, bpawn, 2);
    }
    for (fk_square a = 0; a < 64; a++) {
        for (fk_square b = 0; b < 64; b++) {
            if (a == b) continue;
            fk_bitboard bb = FK_BIT(b);
            if (ray_attacks(a, 0, orth_dirs) & bb) {
                line_table[a][b] = (ray_attacks(a, 0, orth_dirs) & ray_attacks(b, 0, orth_dirs)) |
                                   FK_BIT(a) | FK_BIT(b);
                between_table[a][b] = ray_attacks(a, bb, orth_dirs) & ray_attacks(b, FK_BIT(a), orth_dirs);
            } else if (ray_attacks(a, 0, diag_dirs) & bb) {
                line_table[a][b] = (ray_attacks(a, 0, diag_dirs) & ray_attacks(b, 0, diag_dirs)) |
                                   FK_BIT(a) | FK_BIT(b);
                between_table[a][b] = ray_attacks(a, bb, diag_dirs) & ray_attacks(b, FK_BIT(a), diag_dirs);
            }
        }
    }
}

static inline void init(void) { pthread_once(&tables_once, build_tables); }

fk_bitboard fk_knight_attacks(fk_square sq) { init(); return knight_table[sq]; }
fk_bitboard fk_king_attacks(fk_square sq) { init(); return king_table[sq]; }
fk_bitboard fk_pawn_attacks(fk_color color, fk_square sq) { init(); return pawn_table[color][sq]; }
fk_bitboard fk_bishop_attacks(fk_square sq, fk_bitboard occupied) { return ray_attacks(sq, occupied, diag_dirs); }
fk_bitboard fk_rook_attacks(fk_square sq, fk_bitboard occupied) { return ray_attacks(sq, occupied, orth_dirs); }
fk_bitboard fk_queen_attacks(fk_square sq, fk_bitboard occupied) {
    return fk_bishop_attacks(sq, occupied) | fk_rook_attacks(sq, occupied);
}
fk_bitboard fk_between(fk_square a, fk_square b) { init(); return between_table[a][b]; }
fk_bitboard fk_line(fk_square a, fk_square b) { init(); return line_table[a][b]; }
