/* Random plausible positions for training data: a seeded generator, short
 * random games from the start (with fenkit's legal move generator), and
 * placed endgames and scatterings. */
#include <string.h>

#include "fenkit/check.h"
#include "fenkit/moves.h"
#include "fenkit/render.h"

/* splitmix64: spreads one seed over the generator's four words. */
static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void fk_rng_seed(fk_rng *rng, uint64_t seed) {
    for (int i = 0; i < 4; i++) rng->s[i] = splitmix(&seed);
}

/* Rotates x left by k bits. */
static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t fk_rng_next(fk_rng *rng) {
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

int fk_rng_below(fk_rng *rng, int n) {
    return n <= 1 ? 0 : (int)((fk_rng_next(rng) >> 11) % (uint64_t)n);
}

double fk_rng_unit(fk_rng *rng) { return (double)(fk_rng_next(rng) >> 11) / 9007199254740992.0; }

const char *fk_random_kind_name(fk_random_kind kind) {
    static const char *const names[] = {"opening", "middlegame", "endgame", "placement"};
    return kind >= 0 && kind < FK_RANDOM_KIND_COUNT ? names[kind] : "?";
}

/* ---- random games ---------------------------------------------------- */

/* Plays `plies` random legal moves from the start (fenkit's move
 * generator). A capture is taken with probability `greed` when one exists;
 * promotions are to a queen, to another piece one time in ten. Stops early
 * at mate or stalemate. The last move is the king's own squares for a
 * castle. */
static void random_game(fk_rng *rng, fk_position *pos, int plies, double greed,
                        fk_square *last_from, fk_square *last_to) {
    fk_movelist list;
    fk_move moves[FK_MAX_MOVES], captures[FK_MAX_MOVES];
    fk_position_startpos(pos);
    for (int ply = 0; ply < plies; ply++) {
        int n = fk_moves_generate(pos, &list), count = 0, ncaptures = 0;
        int under = fk_rng_below(rng, 10) == 0;
        for (int i = 0; i < n; i++) {
            fk_move m = list.moves[i];
            if (m.promotion && (m.promotion == FK_QUEEN) == under) continue;
            moves[count++] = m;
            if (m.flags & FK_MOVE_CAPTURE) captures[ncaptures++] = m;
        }
        if (count == 0) break;
        fk_move m = ncaptures && fk_rng_unit(rng) < greed ? captures[fk_rng_below(rng, ncaptures)]
                                                           : moves[fk_rng_below(rng, count)];
        fk_move_make(pos, m);
        if (last_from) *last_from = m.from;
        if (last_to)
            *last_to = m.flags & FK_MOVE_CASTLE
                           ? FK_SQUARE(m.to > m.from ? 6 : 2, FK_RANK_OF(m.from))
                           : m.to;
    }
}

/* ---- placed positions -------------------------------------------------- */

/* A random empty square in ranks lo..hi (inclusive), or FK_NO_SQUARE. */
static fk_square empty_square(fk_rng *rng, const fk_position *pos, int lo, int hi) {
    for (int tries = 0; tries < 200; tries++) {
        fk_square sq = FK_SQUARE(fk_rng_below(rng, 8), lo + fk_rng_below(rng, hi - lo + 1));
        if (fk_position_at(pos, sq) == FK_EMPTY) return sq;
    }
    return FK_NO_SQUARE;
}

/* Puts piece on a random empty square its kind may stand on. */
static void scatter(fk_rng *rng, fk_position *pos, fk_piece piece) {
    int pawn = FK_PIECE_KIND(piece) == FK_PAWN;
    fk_square sq = empty_square(rng, pos, pawn ? 1 : 0, pawn ? 6 : 7);
    if (sq != FK_NO_SQUARE) fk_position_put(pos, sq, piece);
}

/* Both kings, not next to each other. */
static void place_kings(fk_rng *rng, fk_position *pos) {
    fk_square wk = FK_SQUARE(fk_rng_below(rng, 8), fk_rng_below(rng, 8));
    fk_position_put(pos, wk, FK_WK);
    fk_square bk;
    do bk = FK_SQUARE(fk_rng_below(rng, 8), fk_rng_below(rng, 8));
    while (bk == wk || (fk_king_attacks(wk) & FK_BIT(bk)));
    fk_position_put(pos, bk, FK_BK);
}

/* An endgame: per side 0..6 pawns (a pawn's rank leans toward its own
 * side) and a few pieces, rooks and minor pieces most often. */
static void place_endgame(fk_rng *rng, fk_position *pos) {
    static const fk_kind pieces[] = {FK_ROOK, FK_ROOK, FK_ROOK, FK_KNIGHT, FK_BISHOP,
                                     FK_BISHOP, FK_KNIGHT, FK_QUEEN};
    place_kings(rng, pos);
    for (int c = 0; c < 2; c++) {
        int pawns = fk_rng_below(rng, 7), extra = fk_rng_below(rng, 4);
        for (int i = 0; i < pawns; i++) {
            int lean = fk_rng_below(rng, 4) + fk_rng_below(rng, 3); /* 0..5 ranks advanced */
            int rank = c == FK_WHITE ? 1 + lean : 6 - lean;
            fk_square sq = empty_square(rng, pos, rank, rank);
            if (sq != FK_NO_SQUARE) fk_position_put(pos, sq, FK_MAKE_PIECE(c, FK_PAWN));
        }
        for (int i = 0; i < extra; i++)
            scatter(rng, pos, FK_MAKE_PIECE(c, pieces[fk_rng_below(rng, 8)]));
    }
}

/* Anything goes: 0..30 more pieces of any kind anywhere they may stand,
 * at most 16 a side and 8 pawns a side. */
static void place_anything(fk_rng *rng, fk_position *pos) {
    place_kings(rng, pos);
    int extra = fk_rng_below(rng, 31);
    for (int i = 0; i < extra; i++) {
        fk_color c = (fk_color)fk_rng_below(rng, 2);
        if (__builtin_popcountll(pos->by_color[c]) >= 16) c = (fk_color)!c;
        fk_kind kind = (fk_kind)fk_rng_below(rng, 5);
        if (kind == FK_PAWN && __builtin_popcountll(fk_position_pieces(pos, FK_MAKE_PIECE(c, FK_PAWN))) >= 8)
            kind = (fk_kind)(1 + fk_rng_below(rng, 4));
        scatter(rng, pos, FK_MAKE_PIECE(c, kind));
    }
}

void fk_random_position(fk_rng *rng, fk_random_kind kind, fk_position *pos,
                        fk_square *last_from, fk_square *last_to) {
    if (last_from) *last_from = FK_NO_SQUARE;
    if (last_to) *last_to = FK_NO_SQUARE;
    if (kind == FK_RANDOM_OPENING) {
        random_game(rng, pos, 4 + fk_rng_below(rng, 17), 0.15, last_from, last_to);
        return;
    }
    if (kind == FK_RANDOM_MIDDLEGAME) {
        random_game(rng, pos, 20 + fk_rng_below(rng, 41), 0.3, last_from, last_to);
        return;
    }
    for (;;) {
        fk_position_clear(pos);
        if (kind == FK_RANDOM_ENDGAME)
            place_endgame(rng, pos);
        else
            place_anything(rng, pos);
        pos->side = (uint8_t)fk_rng_below(rng, 2);
        pos->fullmove = 20 + (uint32_t)fk_rng_below(rng, 40);
        /* Keep only positions a game could reach, as far as the rules
         * checker can tell (checks that no move gives, too many
         * promotions...). */
        fk_problems problems;
        fk_problems_clear(&problems);
        if (fk_position_check(pos, &problems) == FK_OK) return;
    }
}
