/* Attack tables: leapers from small tables, sliders through magic
 * bitboards. Everything is built once, on first use, and read-only after. */
#include <pthread.h>
#include <stdatomic.h>

#include "bitboard.h"

fk_attack_tables core_tables;

/* 102,400 rook and 5,248 bishop entries: the sum over squares of
 * 2^(relevant occupancy bits). */
static fk_bitboard rook_slots[102400];
static fk_bitboard bishop_slots[5248];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
/* Set once the tables are built, so that every later call costs one load
 * instead of a pthread_once call. */
static atomic_int tables_ready;

static const int diag_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int orth_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

/* The squares a leaper on sq reaches with the given steps. */
static fk_bitboard leaper(fk_square sq, const int (*steps)[2], int count) {
    fk_bitboard bb = 0;
    for (int i = 0; i < count; i++) {
        int f = FK_FILE_OF(sq) + steps[i][0], r = FK_RANK_OF(sq) + steps[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) bb |= FK_BIT(FK_SQUARE(f, r));
    }
    return bb;
}

/* Slider attacks by walking the four rays, square by square: the plain
 * reference for the empty-board and line tables (slider_attacks below
 * does the same faster for the magic tables). */
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

/* The rays from every square in each of the four orthogonal and the four
 * diagonal directions (the order of orth_dirs and diag_dirs), built first
 * so that the magic tables can be filled quickly. */
static fk_bitboard orth_rays[4][64], diag_rays[4][64];

/* The squares from sq outwards in one direction, up to the board's edge. */
static fk_bitboard ray(fk_square sq, const int dir[2]) {
    fk_bitboard bb = 0;
    int f = FK_FILE_OF(sq) + dir[0], r = FK_RANK_OF(sq) + dir[1];
    for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += dir[0], r += dir[1]) bb |= FK_BIT(FK_SQUARE(f, r));
    return bb;
}

/* The same as ray_attacks, from the rays: along each one, the squares up
 * to the first occupied one, which is the nearest set bit (the lowest on a
 * ray that goes up the board, the highest on one that goes down). */
static fk_bitboard slider_attacks(fk_square sq, fk_bitboard occupied, const int (*dirs)[2],
                                  const fk_bitboard (*rays)[64]) {
    fk_bitboard bb = 0;
    for (int d = 0; d < 4; d++) {
        fk_bitboard r = rays[d][sq], blockers = r & occupied;
        if (blockers) {
            int up = dirs[d][0] + 8 * dirs[d][1] > 0;
            fk_square first = up ? fk_lsb(blockers) : 63 - __builtin_clzll(blockers);
            r &= ~rays[d][first];
        }
        bb |= r;
    }
    return bb;
}

/* The occupancy bits that matter to a slider on sq: its rays without the
 * board edge they run into. */
static fk_bitboard relevant_mask(fk_square sq, const int (*dirs)[2]) {
    fk_bitboard bb = 0;
    for (int d = 0; d < 4; d++) {
        int f = FK_FILE_OF(sq) + dirs[d][0], r = FK_RANK_OF(sq) + dirs[d][1];
        /* Stop before the last square of the ray: nothing lies beyond it. */
        while (f + dirs[d][0] >= 0 && f + dirs[d][0] < 8 && r + dirs[d][1] >= 0 &&
               r + dirs[d][1] < 8) {
            bb |= FK_BIT(FK_SQUARE(f, r));
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return bb;
}

/* Multipliers found once by find_magic below (same seed, same search) and
 * stored, so that start-up only fills the tables; each is verified while
 * filling, and searched again should it ever fail. */
static const fk_bitboard rook_magics[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL,
    0x0880100008000480ULL, 0x4200100420080200ULL, 0x8100020100080400ULL,
    0x0200040110886200ULL, 0x0200008040220411ULL, 0x0404800084400220ULL,
    0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL,
    0x0442000102105084ULL, 0x9080010020804100ULL, 0x0040404000201009ULL,
    0x0000808010002009ULL, 0x2200090021d00100ULL, 0x0008008008040080ULL,
    0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL,
    0x1000100080080080ULL, 0x0050500500080100ULL, 0x0000020080040080ULL,
    0x0c10010400420810ULL, 0x1040008200005104ULL, 0x01808240088004a0ULL,
    0x0882804004802000ULL, 0x0880402001001100ULL, 0x2000210409001000ULL,
    0x2000480131001500ULL, 0x0000800400800200ULL, 0x000002380c001003ULL,
    0x4600084882000431ULL, 0x0080002000504000ULL, 0x0300500020004002ULL,
    0x0040408200220011ULL, 0x0010040008004040ULL, 0x0000080004008080ULL,
    0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL,
    0x0801100280080480ULL, 0x0242009008200600ULL, 0x1002000489500200ULL,
    0x0040800200010080ULL, 0x0091800041000080ULL, 0x0000209300488001ULL,
    0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL,
    0x4000002840840112ULL,
};
static const fk_bitboard bishop_magics[64] = {
    0x20c0090901061081ULL, 0x0024040094030104ULL, 0x8210810200290200ULL,
    0x0011040484620000ULL, 0x0081104002221000ULL, 0x0009012011001350ULL,
    0x0081010802400380ULL, 0x0000420210010408ULL, 0x0008105002280050ULL,
    0x0001028484040044ULL, 0x2a00880810408804ULL, 0x7020022282000100ULL,
    0x0084040420100a50ULL, 0x000401010840e000ULL, 0x2020020210420888ULL,
    0x0008084202012010ULL, 0x2010400810018800ULL, 0x0445122008020840ULL,
    0x0804100808002008ULL, 0x0008002104110100ULL, 0x0061005820080800ULL,
    0x2001000200820100ULL, 0x480c210084010800ULL, 0x3004442500480420ULL,
    0x1010102240048100ULL, 0x00182009084220a3ULL, 0x8803090a10004205ULL,
    0x0208080040202020ULL, 0x000c044084010040ULL, 0x00a1010002004106ULL,
    0x6008210020640202ULL, 0x1600902112860801ULL, 0x00042008c1220200ULL,
    0x010c042002440140ULL, 0x5022080200040820ULL, 0x0402004042940100ULL,
    0x0860108400008020ULL, 0x000c080022021000ULL, 0x0264080652822100ULL,
    0x4005031221010401ULL, 0x0004502410008400ULL, 0x000500b010a20400ULL,
    0x0415094050080800ULL, 0x080000201800a104ULL, 0x4022a80304000110ULL,
    0x4012140802028020ULL, 0x40200104010100a0ULL, 0x12810806008b0c41ULL,
    0x0020441008080000ULL, 0x2002120084045420ULL, 0x0704020062080002ULL,
    0x0000001084040001ULL, 0x0322200891240200ULL, 0xf040200210024800ULL,
    0x0140824832008042ULL, 0x000210020a004602ULL, 0x0083042805141020ULL,
    0x002c12009a011000ULL, 0x0041a00044140400ULL, 0x00004004020a0202ULL,
    0x0000140010020210ULL, 0x2864160811012200ULL, 0x2060080841082a17ULL,
    0xa010041108003100ULL,
};

/* A small deterministic generator (xorshift64*) for the magic search, so
 * every run builds the same tables. */
static fk_bitboard next_random(fk_bitboard *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

/* Finds a magic for sq by trial: a multiplier that maps every subset of the
 * mask to a slot without two subsets with different attacks colliding.
 * Tries `stored` first. Fills `slots` (2^bits entries) and returns the
 * next free slot. With PEXT, the slot is the subset's bits gathered, and
 * no search is needed. */
static fk_bitboard *find_magic(fk_magic *m, fk_square sq, const int (*dirs)[2],
                               const fk_bitboard (*rays)[64], fk_bitboard *slots,
                               fk_bitboard stored, fk_bitboard *seed) {
    fk_bitboard occupancy[4096], reference[4096];
    unsigned epoch[4096] = {0};
    m->mask = relevant_mask(sq, dirs);
    int bits = fk_popcount(m->mask), size = 0;
    m->shift = (unsigned)(64 - bits);
    m->attacks = slots;
    /* Carry-Rippler: walk every subset of the mask. */
    fk_bitboard subset = 0;
    do {
        occupancy[size] = subset;
        reference[size] = slider_attacks(sq, subset, dirs, rays);
        size++;
        subset = (subset - m->mask) & m->mask;
    } while (subset);
#ifdef FK_USE_PEXT
    (void)stored;
    (void)seed;
    (void)epoch;
    for (int i = 0; i < size; i++) slots[_pext_u64(occupancy[i], m->mask)] = reference[i];
    return slots + size;
#endif
    for (unsigned attempt = 1;; attempt++) {
        if (attempt == 1 && stored) {
            m->magic = stored;
        } else {
            do {
                m->magic = next_random(seed) & next_random(seed) & next_random(seed);
            } while (fk_popcount((m->mask * m->magic) >> 56) < 6);
        }
        int i = 0;
        for (; i < size; i++) {
            unsigned idx = (unsigned)(((occupancy[i] & m->mask) * m->magic) >> m->shift);
            if (epoch[idx] < attempt) {
                epoch[idx] = attempt;
                slots[idx] = reference[i];
            } else if (slots[idx] != reference[i]) {
                break;
            }
        }
        if (i == size) break;
    }
    return slots + size;
}

/* Builds every table; run once through pthread_once. */
static void build_tables(void) {
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int pawn_steps[2][2][2] = {{{-1, 1}, {1, 1}}, {{-1, -1}, {1, -1}}};
    fk_attack_tables *t = &core_tables;
    fk_bitboard seed = 0x9E3779B97F4A7C15ULL;
    fk_bitboard *rook_next = rook_slots, *bishop_next = bishop_slots;
    for (fk_square sq = 0; sq < 64; sq++) {
        for (int d = 0; d < 4; d++) {
            orth_rays[d][sq] = ray(sq, orth_dirs[d]);
            diag_rays[d][sq] = ray(sq, diag_dirs[d]);
        }
    }
    for (fk_square sq = 0; sq < 64; sq++) {
        t->knight[sq] = leaper(sq, knight, 8);
        t->king[sq] = leaper(sq, king, 8);
        for (int c = 0; c < 2; c++) t->pawn[c][sq] = leaper(sq, pawn_steps[c], 2);
        t->rook_empty[sq] = ray_attacks(sq, 0, orth_dirs);
        t->bishop_empty[sq] = ray_attacks(sq, 0, diag_dirs);
        rook_next = find_magic(&t->rook[sq], sq, orth_dirs, (const fk_bitboard(*)[64])orth_rays,
                               rook_next, rook_magics[sq], &seed);
        bishop_next = find_magic(&t->bishop[sq], sq, diag_dirs, (const fk_bitboard(*)[64])diag_rays,
                                 bishop_next, bishop_magics[sq], &seed);
    }
    for (fk_square a = 0; a < 64; a++) {
        for (fk_square b = 0; b < 64; b++) {
            if (a == b) continue;
            const int(*dirs)[2] = NULL;
            if (t->rook_empty[a] & FK_BIT(b))
                dirs = orth_dirs;
            else if (t->bishop_empty[a] & FK_BIT(b))
                dirs = diag_dirs;
            if (!dirs) continue;
            t->line[a][b] = (ray_attacks(a, 0, dirs) & ray_attacks(b, 0, dirs)) | FK_BIT(a) | FK_BIT(b);
            t->between[a][b] = ray_attacks(a, FK_BIT(b), dirs) & ray_attacks(b, FK_BIT(a), dirs);
        }
    }
}

void core_attacks_init(void) {
    if (atomic_load_explicit(&tables_ready, memory_order_acquire)) return;
    pthread_once(&tables_once, build_tables);
    atomic_store_explicit(&tables_ready, 1, memory_order_release);
}

fk_bitboard fk_knight_attacks(fk_square sq) {
    core_attacks_init();
    return core_tables.knight[sq];
}
fk_bitboard fk_king_attacks(fk_square sq) {
    core_attacks_init();
    return core_tables.king[sq];
}
fk_bitboard fk_pawn_attacks(fk_color color, fk_square sq) {
    core_attacks_init();
    return core_tables.pawn[color][sq];
}
fk_bitboard fk_bishop_attacks(fk_square sq, fk_bitboard occupied) {
    core_attacks_init();
    return fk_bishop_att(sq, occupied);
}
fk_bitboard fk_rook_attacks(fk_square sq, fk_bitboard occupied) {
    core_attacks_init();
    return fk_rook_att(sq, occupied);
}
fk_bitboard fk_queen_attacks(fk_square sq, fk_bitboard occupied) {
    core_attacks_init();
    return fk_bishop_att(sq, occupied) | fk_rook_att(sq, occupied);
}
fk_bitboard fk_piece_attacks(fk_piece piece, fk_square sq, fk_bitboard occupied) {
    if (piece == FK_EMPTY) return 0;
    switch (FK_PIECE_KIND(piece)) {
    case FK_PAWN: return fk_pawn_attacks(FK_PIECE_COLOR(piece), sq);
    case FK_KNIGHT: return fk_knight_attacks(sq);
    case FK_BISHOP: return fk_bishop_attacks(sq, occupied);
    case FK_ROOK: return fk_rook_attacks(sq, occupied);
    case FK_QUEEN: return fk_queen_attacks(sq, occupied);
    default: return fk_king_attacks(sq);
    }
}
fk_bitboard fk_between(fk_square a, fk_square b) {
    core_attacks_init();
    return core_tables.between[a][b];
}
fk_bitboard fk_line(fk_square a, fk_square b) {
    core_attacks_init();
    return core_tables.line[a][b];
}
