/* Internal to the core: the attack tables and the inline lookups the move
 * generator uses on its hot path. Callers must run core_attacks_init() once
 * before reading the tables (the public attack functions do it for them). */
#ifndef FENKIT_CORE_BITBOARD_H
#define FENKIT_CORE_BITBOARD_H

#include "fenkit/position.h"

#if defined(__GNUC__)
#define FK_INLINE static inline __attribute__((always_inline))
#else
#define FK_INLINE static inline
#endif

/* One square's slider lookup: the relevant occupancy mask, the magic
 * multiplier, the shift and the slice of the shared attack table. */
typedef struct {
    fk_bitboard mask;
    fk_bitboard magic;
    const fk_bitboard *attacks;
    unsigned shift;
} fk_magic;

/* Every table, computed once by core_attacks_init and const after that. */
typedef struct {
    fk_magic rook[64];
    fk_magic bishop[64];
    fk_bitboard knight[64];
    fk_bitboard king[64];
    fk_bitboard pawn[2][64];
    fk_bitboard between[64][64];
    fk_bitboard line[64][64];
    fk_bitboard rook_empty[64];   /* rook attacks on an empty board */
    fk_bitboard bishop_empty[64]; /* bishop attacks on an empty board */
} fk_attack_tables;

extern fk_attack_tables core_tables;

/* Builds the tables the first time it is called (thread-safe). */
void core_attacks_init(void);

/* Sliders index their tables with PEXT when the build targets BMI2 (for
 * example -march=native on a CPU that has it), else with magic numbers.
 * The choice is made at build time. */
#if defined(__BMI2__) && !defined(FENKIT_NO_PEXT)
#include <immintrin.h>
#define FK_USE_PEXT 1
#endif

/* The attack set of the slider described by m, given the occupancy. */
FK_INLINE fk_bitboard fk_slider(const fk_magic *m, fk_bitboard occupied) {
#ifdef FK_USE_PEXT
    return m->attacks[_pext_u64(occupied, m->mask)];
#else
    return m->attacks[((occupied & m->mask) * m->magic) >> m->shift];
#endif
}
/* Rook and bishop attacks from sq (tables must be built). */
FK_INLINE fk_bitboard fk_rook_att(fk_square sq, fk_bitboard occupied) {
    return fk_slider(&core_tables.rook[sq], occupied);
}
FK_INLINE fk_bitboard fk_bishop_att(fk_square sq, fk_bitboard occupied) {
    return fk_slider(&core_tables.bishop[sq], occupied);
}
/* Number of squares in b, and the lowest square of a non-empty b. */
FK_INLINE int fk_popcount(fk_bitboard b) { return __builtin_popcountll(b); }
FK_INLINE fk_square fk_lsb(fk_bitboard b) { return (fk_square)__builtin_ctzll(b); }

#endif
