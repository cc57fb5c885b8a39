/* Following a game through pictures: the next position is the legal
 * successor of the last one (a few plies on, or none) that the squares'
 * readings fit best. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

/* A square's probability is floored at FLOOR, so that one square seen
 * wrong (a hand, a shadow) costs a bounded amount, not the position. */
#define FLOOR 0.001
/* Each ply costs PLY_COST in log probability: of two successors that fit
 * alike, the one fewer plies on is taken. */
#define PLY_COST 8.0
/* Seen from above, men of a real set are told apart by colour far more
 * surely than by kind, and a game's history knows their kinds: a square
 * weighs the chance of its colour (empty, white, black) fully and that of
 * the kind within it by KIND_WEIGHT. */
#define KIND_WEIGHT 0.3
/* A square whose man's colour has a probability under MISFIT contradicts
 * the position; a successor with more than MISFITS_MOST such squares does
 * not fit the picture. */
#define MISFIT 0.02
#define MISFITS_MOST 5

/* A square changed between two pictures when its 8 x 8 look moved by
 * about CHANGE_AT grey levels on average (each look's own mean taken
 * out, for the light); CHANGE_SPREAD is how sharp the step is. A man
 * moved changes his squares nearly always; a square left alone often
 * changes too (a hand, a leaning neighbour), so only a move where nothing
 * changed is penalised fully, and a change without a move by UNMOVED. */
#define CHANGE_AT 7.0
#define CHANGE_SPREAD 1.5
#define CHANGE_FLOOR 0.01
#define UNMOVED 0.5

enum { TABLE_BITS = 18 };

typedef struct {
    double logp[64][FK_PIECE_COUNT];
    double moved[64], kept[64]; /* log weights of a square changed or not by a successor */
    const fk_position *from;
    fk_game_step *best; /* the k best so far, best first */
    int k, found;
    uint64_t *seen; /* hashes of positions weighed, open addressing */
    double total;   /* sum of exp(score - best) over positions weighed */
    double top;
} follow;

static uint64_t position_hash(const fk_position *pos) {
    uint64_t h = 1469598103934665603ull ^ (uint64_t)pos->side;
    for (int sq = 0; sq < 64; sq++)
        h = (h ^ (uint64_t)fk_position_at(pos, sq)) * 1099511628211ull;
    return h | 1; /* 0 marks a free slot */
}

/* 1 the first time a position is met. */
static int first_visit(follow *f, const fk_position *pos) {
    uint64_t h = position_hash(pos), mask = (1u << TABLE_BITS) - 1;
    for (uint64_t i = h & mask;; i = (i + 1) & mask) {
        if (f->seen[i] == h) return 0;
        if (!f->seen[i]) {
            f->seen[i] = h;
            return 1;
        }
    }
}

static void weigh(follow *f, const fk_position *pos, const fk_move *moves, int plies) {
    double score = -PLY_COST * plies;
    for (int sq = 0; sq < 64; sq++) {
        fk_piece now = fk_position_at(pos, sq);
        score +=
            f->logp[sq][now] + (now != fk_position_at(f->from, sq) ? f->moved[sq] : f->kept[sq]);
    }
    /* the sum of exp(score) kept relative to the best so far */
    if (score > f->top) {
        f->total = f->total * exp(f->top - score) + 1;
        f->top = score;
    } else {
        f->total += exp(score - f->top);
    }
    if (f->found == f->k && score <= f->best[f->k - 1].score) return;
    int at = f->found < f->k ? f->found++ : f->k - 1;
    for (; at > 0 && f->best[at - 1].score < score; at--)
        f->best[at] = f->best[at - 1];
    fk_game_step *step = &f->best[at];
    *step = (fk_game_step){.position = *pos, .plies = plies, .score = score};
    memcpy(step->moves, moves, sizeof(fk_move) * plies);
}

static void walk(follow *f, const fk_position *pos, fk_move *moves, int plies, int most) {
    weigh(f, pos, moves, plies);
    if (plies == most) return;
    fk_movelist *list = malloc(sizeof *list);
    if (!list) return;
    fk_moves_generate(pos, list);
    for (int k = 0; k < list->count; k++) {
        fk_position next = *pos;
        fk_move_make(&next, list->moves[k]);
        if (!first_visit(f, &next)) continue;
        moves[plies] = list->moves[k];
        walk(f, &next, moves, plies + 1, most);
    }
    free(list);
}

/* The probability of the colour of man c (or of empty) in one reading. */
static double colour_prob(const float *p, fk_piece c) {
    if (c == FK_EMPTY) return p[FK_EMPTY];
    double sum = 0;
    for (int k = 0; k < 6; k++)
        sum += p[FK_MAKE_PIECE(FK_PIECE_COLOR(c), k)];
    return sum;
}

int fk_game_misfits(const fk_position *pos, const float probs[64][FK_PIECE_COUNT]) {
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        n += colour_prob(probs[sq], fk_position_at(pos, sq)) < MISFIT;
    return n;
}

void fk_game_changes(const uint8_t before[64][64], const uint8_t now[64][64], float changed[64]) {
    for (int sq = 0; sq < 64; sq++) {
        double a = 0, b = 0, d = 0;
        for (int k = 0; k < 64; k++)
            a += before[sq][k], b += now[sq][k];
        for (int k = 0; k < 64; k++)
            d += fabs(now[sq][k] - b / 64 - (before[sq][k] - a / 64));
        changed[sq] = (float)(1 / (1 + exp(-(d / 64 - CHANGE_AT) / CHANGE_SPREAD)));
    }
}

int fk_game_successors(const fk_position *from, const float probs[64][FK_PIECE_COUNT],
                       const float changed[64], int most, fk_game_step *out, int k) {
    if (most < 0) most = 0;
    if (most > FK_GAME_MAX_PLIES) most = FK_GAME_MAX_PLIES;
    follow *f = calloc(1, sizeof *f);
    uint64_t *seen = f ? calloc((size_t)1 << TABLE_BITS, sizeof *seen) : NULL;
    if (!seen || k < 1) {
        free(seen);
        free(f);
        return -1;
    }
    f->seen = seen;
    f->best = out;
    f->k = k;
    f->top = -INFINITY;
    for (int sq = 0; sq < 64; sq++)
        for (int c = 0; c < FK_PIECE_COUNT; c++) {
            double colour = fmax(colour_prob(probs[sq], (fk_piece)c), FLOOR);
            f->logp[sq][c] = log(colour) + KIND_WEIGHT * log(fmax(probs[sq][c] / colour, FLOOR));
        }
    f->from = from;
    for (int sq = 0; sq < 64 && changed; sq++) {
        f->moved[sq] = log(fmax(changed[sq], CHANGE_FLOOR));
        f->kept[sq] = log(1 - UNMOVED * changed[sq]);
    }
    fk_move moves[FK_GAME_MAX_PLIES];
    first_visit(f, from);
    walk(f, from, moves, 0, most);
    for (int i = 0; i < f->found; i++) {
        out[i].confidence = exp(out[i].score - f->top) / f->total;
        out[i].misfits = fk_game_misfits(&out[i].position, probs);
        out[i].fits = out[i].misfits <= MISFITS_MOST;
    }
    int found = f->found;
    free(seen);
    free(f);
    return found;
}

fk_status fk_game_next(const fk_position *from, const float probs[64][FK_PIECE_COUNT],
                       const float changed[64], int most, fk_game_step *out) {
    return fk_game_successors(from, probs, changed, most, out, 1) == 1 ? FK_OK : FK_ERR_NOMEM;
}
