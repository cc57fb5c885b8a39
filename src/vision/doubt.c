/* How likely each square of a scan is read right, and so which squares a
 * person must check. The network's own probability is not that: on piece
 * designs it never saw it is often sure and wrong, and a square changed by
 * the later steps (men told apart, the repair) no longer has a network
 * probability of its own. So the chance that a square is wrong is a
 * logistic function of a few things known at the end of a scan, fitted by
 * training/calibrate_doubt.py on boards drawn in designs the model was not
 * trained on. */
#include <math.h>
#include <string.h>

#include "doubt_weights.h"
#include "vision.h"

/* A crop seen coarsely: the means of its blocks of BLOCK x BLOCK pixels,
 * the outer ring of blocks left out (where the next square and the grid's
 * error show). Coarse, so that hatching and noise average out. */
#define BLOCK 4
#define COARSE_MOST 64

static int coarse(const uint8_t *crop, int side, double out[COARSE_MOST]) {
    int n = side / BLOCK, k = 0;
    for (int by = 1; by < n - 1; by++)
        for (int bx = 1; bx < n - 1 && k < COARSE_MOST; bx++) {
            double sum = 0;
            for (int y = by * BLOCK; y < (by + 1) * BLOCK; y++)
                for (int x = bx * BLOCK; x < (bx + 1) * BLOCK; x++)
                    sum += crop[y * side + x];
            out[k++] = sum / (BLOCK * BLOCK);
        }
    return k;
}

void fk_crops_oddness(const uint8_t *crops, int side, const fk_piece picture[64], double odd[64]) {
    double seen[64][COARSE_MOST];
    double lo = 255, hi = 0;
    int k = 0;
    for (int i = 0; i < 64; i++) {
        k = coarse(crops + (size_t)i * side * side, side, seen[i]);
        for (int j = 0; j < k; j++) {
            if (seen[i][j] < lo) lo = seen[i][j];
            if (seen[i][j] > hi) hi = seen[i][j];
        }
    }
    /* differences are told against the board's own range of greys */
    double range = hi - lo > 16 ? hi - lo : 16;
    for (int i = 0; i < 64; i++) {
        odd[i] = -1;
        for (int j = 0; j < 64; j++) {
            if (j == i || picture[j] != picture[i] || fk_cell_colour(j) != fk_cell_colour(i))
                continue;
            double d = 0;
            for (int m = 0; m < k; m++)
                d += fabs(seen[i][m] - seen[j][m]);
            d /= k * range;
            if (odd[i] < 0 || d < odd[i]) odd[i] = d;
        }
    }
}

/* The features, in the order of the weights (calibrate_doubt.py computes
 * the same from the JSON):
 * - the log of the network's probability for the man read, and how far it
 *   stands above the likeliest other reading (log ratio);
 * - whether a later step changed the square, and that times the ratio (a
 *   change goes against the network on purpose);
 * - whether it is read empty, and that times the first (empty squares are
 *   read far more surely than men);
 * - how unsure the network was of the board's men on average (a design it
 *   never saw makes every man less sure);
 * - how unlike the crop is to its nearest peer (log), whether it has none,
 *   and the first for an empty square: a board draws men of one kind, and
 *   its empty squares, alike. */
#define DOUBT_FEATURES 10
static const double DOUBT_WEIGHTS_OF[DOUBT_FEATURES] = DOUBT_WEIGHTS;
static const double BOARD_WEIGHTS_OF[2] = BOARD_WEIGHTS;

/* The lowest probability a square is reckoned with: below it the network's
 * figure says no more than "unlikely". */
#define DOUBT_FLOOR 1e-4f

/* The least unlikeness told apart from none: twins differ by noise. */
#define UNLIKE_FLOOR 0.002

static double log_of(float p) { return log(p > DOUBT_FLOOR ? p : DOUBT_FLOOR); }

static double logistic(double z) { return 1 / (1 + exp(-z)); }

double fk_scan_default_threshold(void) { return DOUBT_THRESHOLD; }

/* A side without a king has it somewhere among its men, read as another
 * man: the KING_SUSPECTS squares the network gives its king likeliest are
 * the ones to check. */
#define KING_SUSPECTS 2

/* A man or two read wrong breaks the rules on a few squares: a pawn on
 * the last rank, a king missing or one too many, a king in check that
 * cannot be. A picture drawn unlawfully on purpose (a random placement, a
 * chart of the men) breaks them on many, with kings by the handful, and
 * is read as it is drawn: at more than BROKEN_FEW squares named, nothing
 * is listed for the rules. */
#define BROKEN_FEW 8

/* Whether a rule names the few squares a misread man breaks it on, not a
 * whole side's men (too many pieces or pawns, impossible pawn chains). */
static int names_the_man(fk_problem_code code) {
    return code == FK_PROB_NO_KING || code == FK_PROB_TOO_MANY_KINGS ||
           code == FK_PROB_OPPONENT_IN_CHECK || code == FK_PROB_TOO_MANY_CHECKERS ||
           code == FK_PROB_IMPOSSIBLE_CHECK || code == FK_PROB_PAWN_BACK_RANK;
}

/* A board read so that it breaks a rule of chess has a square read wrong
 * however sure each square looks, as boards drawn in a design the model
 * never saw show (a king read as a pawn at 99%, on the last rank): the
 * squares the rule names are listed. */
static void list_broken_rules(fk_scan_result *r) {
    fk_bitboard named = 0;
    fk_piece missing[2];
    int kings_missing = 0;
    for (int k = 0; k < r->problems.count; k++) {
        const fk_problem *p = &r->problems.items[k];
        if (p->severity != FK_SEV_ERROR || p->field != FK_FIELD_PLACEMENT ||
            !names_the_man(p->code))
            continue;
        named |= p->squares | p->args.others;
        if (p->code == FK_PROB_NO_KING && kings_missing < 2)
            missing[kings_missing++] = FK_MAKE_PIECE(p->args.color, FK_KING);
    }
    if (__builtin_popcountll(named) > BROKEN_FEW) return;
    r->uncertain |= named;
    for (int m = 0; m < kings_missing; m++)
        for (int n = 0; n < KING_SUSPECTS; n++) {
            int best = -1;
            for (int sq = 0; sq < 64; sq++)
                if (!(r->uncertain >> sq & 1) &&
                    (best < 0 || r->probs[sq][missing[m]] > r->probs[best][missing[m]]))
                    best = sq;
            if (best >= 0) r->uncertain |= FK_BIT(best);
        }
}

void fk_scan_weigh_doubt(fk_scan_result *r, double threshold) {
    double unsure = 0;
    int men = 0;
    for (int sq = 0; sq < 64; sq++)
        if (r->squares[sq].piece != FK_EMPTY) unsure += 1 - r->squares[sq].prob, men++;
    if (men) unsure /= men;
    double bottom = r->bottom_given ? 1 : r->bottom_confidence, squares = 0;
    for (int sq = 0; sq < 64; sq++) {
        fk_square_reading *s = &r->squares[sq];
        if (r->covered & FK_BIT(sq)) {
            s->right = 0;
            r->uncertain |= FK_BIT(sq);
            continue;
        }
        double lp = log_of(s->read_prob);
        double gap = lp - log_of(s->other_prob);
        double changed = r->repaired >> sq & 1, empty = s->read == FK_EMPTY;
        int alone = s->unlike < 0;
        double unlike = alone ? 0 : log((s->unlike + UNLIKE_FLOOR) / UNLIKE_FLOOR);
        const double x[DOUBT_FEATURES] = {
            lp,     gap,    changed,       empty,          empty * lp,
            unsure, unlike, (double)alone, empty * unlike, changed * gap};
        double z = DOUBT_BIAS;
        for (int k = 0; k < DOUBT_FEATURES; k++)
            z += DOUBT_WEIGHTS_OF[k] * x[k];
        s->right = (float)(1 - logistic(z));
        if (s->right < threshold) r->uncertain |= FK_BIT(sq);
        squares += log(s->right > 1e-9f ? s->right : 1e-9);
    }
    list_broken_rules(r);
    /* The squares' chances are not independent (a design the model
     * misreads misreads several men): the board's is fitted on their sum. */
    r->board_right = r->covered
                         ? 0
                         : logistic(BOARD_BIAS + BOARD_WEIGHTS_OF[0] * squares +
                                    BOARD_WEIGHTS_OF[1] * log(bottom > 1e-9 ? bottom : 1e-9));
    r->doubt =
        r->uncertain != 0 || (!r->bottom_given && r->bottom_confidence < FK_SCAN_SURE_BOTTOM);
}
