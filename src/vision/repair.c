/* The repair of a scanned board that breaks the rules (its least
 * certain squares take other readings until it is lawful) and the
 * weighing of its material against how common it is in games. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

/* Problems the picture can cause and a different reading can cure: the
 * repair mends these. */
static int is_repairable(fk_problem_code code) {
    switch (code) {
    case FK_PROB_NO_KING:
    case FK_PROB_TOO_MANY_KINGS:
    case FK_PROB_PAWN_BACK_RANK:
    case FK_PROB_TOO_MANY_PAWNS:
    case FK_PROB_TOO_MANY_PIECES:
    case FK_PROB_TOO_MANY_PROMOTED: return 1;
    default: return 0;
    }
}

/* The problems above and what no game reaches though every man could
 * stand where he is: a check no move gives (two checkers that cannot both
 * have been uncovered, a pawn checking from his starting square), and
 * pawns on files that take more captures than the other side has men
 * missing. The checks are judged with the side in check to move
 * (board_breaks()): the picture does not show whose turn it is, and the
 * FEN is written so (build_fen()). The repair mends these too, falling
 * back to is_repairable() alone when a dozen changes cannot; the weighing
 * brings none of them in, so that a small printed diagram's queen is not
 * weighed into a pawn no capture explains. Both kings in check and three
 * checkers are not counted: ending them takes changes the readings do
 * not support. */
static int is_unreachable(fk_problem_code code) {
    switch (code) {
    case FK_PROB_IMPOSSIBLE_CHECK:
    case FK_PROB_PAWN_STRUCTURE: return 1;
    default: return is_repairable(code);
    }
}

/* How many men a side has beyond what a game allows: beyond sixteen men,
 * beyond eight pawns, and pieces beyond the starting set that its missing
 * pawns cannot have promoted into; a second bishop on one square colour
 * is such a piece (a king misread as a bishop beside his own bishop). */
static int side_excess(const fk_position *pos, fk_color c) {
    static const int originals[FK_KIND_COUNT] = {8, 2, 2, 2, 1, 1};
    int count[FK_KIND_COUNT] = {0}, men = 0, promoted = 0;
    for (int k = FK_PAWN; k < FK_KING; k++)
        for (fk_bitboard b = pos->by_color[c] & pos->by_kind[k]; b; b &= b - 1)
            count[k]++, men++;
    for (int k = FK_KNIGHT; k < FK_KING; k++)
        if (k != FK_BISHOP && count[k] > originals[k]) promoted += count[k] - originals[k];
    fk_bitboard bishops = pos->by_color[c] & pos->by_kind[FK_BISHOP];
    int light = 0;
    for (fk_bitboard b = bishops & FK_LIGHT_SQUARES; b; b &= b - 1)
        light++;
    int dark = count[FK_BISHOP] - light;
    promoted += (light > 1 ? light - 1 : 0) + (dark > 1 ? dark - 1 : 0);
    int missing = count[FK_PAWN] < 8 ? 8 - count[FK_PAWN] : 0;
    men += 1; /* the king, or the one it should have */
    return (men > 16 ? men - 16 : 0) + (count[FK_PAWN] > 8 ? count[FK_PAWN] - 8 : 0) +
           (promoted > missing ? promoted - missing : 0);
}

/* How far the board is from breaking no rule a repair can mend: the
 * squares each repairable error involves (at least one per error), so
 * that five kings of a side count more than two and every king taken away
 * is progress; but the material a side has beyond a game's counts one per
 * man too many, from side_excess, not from the problems' squares: the
 * check reports only the first of a side's material problems, and a
 * change that turned a black man white seemed to mend two promoted
 * knights by hiding them behind a seventeenth white man. 0 when none is
 * broken. */
static int board_breaks(const fk_position *pos, int (*counts)(fk_problem_code)) {
    fk_problems list;
    fk_problems_clear(&list);
    fk_position judged = *pos;
    judged.side = fk_position_in_check(pos, FK_BLACK) && !fk_position_in_check(pos, FK_WHITE)
                      ? FK_BLACK
                      : FK_WHITE;
    fk_position_check(&judged, &list);
    int n = 0;
    for (int i = 0; i < list.count; i++) {
        const fk_problem *p = &list.items[i];
        if (p->severity != FK_SEV_ERROR || !counts(p->code)) continue;
        if (p->code == FK_PROB_TOO_MANY_PAWNS || p->code == FK_PROB_TOO_MANY_PIECES ||
            p->code == FK_PROB_TOO_MANY_PROMOTED)
            continue;
        int squares = 0;
        for (fk_bitboard b = p->squares; b; b &= b - 1)
            squares++;
        n += squares > 1 ? squares : 1;
    }
    return n + side_excess(pos, FK_WHITE) + side_excess(pos, FK_BLACK);
}

/* A reading this sure is what the picture shows, lawful or not: a picture
 * that shows an unlawful board, such as two kings of one colour, keeps it,
 * and the position check names the second king instead. */
#define BEYOND_REPAIR 0.99f
enum { MAX_CHANGES = 12 }; /* the repair's changes at most */

/* Sets square sq of pos to piece (FK_EMPTY: clears it). */
static void set_square(fk_position *pos, fk_square sq, fk_piece piece) {
    fk_position_remove(pos, sq);
    if (piece != FK_EMPTY) fk_position_put(pos, sq, piece);
}

/* What taking square sq as `now` instead of its reading `was` costs the
 * readings (in nats). */
static double change_cost(const float probs[64][FK_PIECE_COUNT], fk_square sq, fk_piece was,
                          int now) {
    return log(probs[sq][was] + 1e-9) - log(probs[sq][now] + 1e-9);
}

/* Whether the repair may take square sq, read as `was`, as class c: not a
 * reading of BEYOND_REPAIR or more, a class the network gives 1e-4 or
 * more, no pawn on the top or bottom rank. */
static int may_take(const float probs[64][FK_PIECE_COUNT], fk_square sq, fk_piece was, int c) {
    if (c == (int)was || probs[sq][was] >= BEYOND_REPAIR || probs[sq][c] < 1e-4) return 0;
    return !((c == FK_WP || c == FK_BP) && (FK_RANK_OF(sq) == 0 || FK_RANK_OF(sq) == 7));
}

/* The probability a board costs against the readings of read (the sum, over
 * the squares where they differ, of the log of the reading given up over
 * the one taken). */
static double reading_cost(const fk_position *read, const fk_position *board,
                           const float probs[64][FK_PIECE_COUNT]) {
    double cost = 0;
    for (fk_square sq = 0; sq < 64; sq++) {
        fk_piece was = fk_position_at(read, sq), now = fk_position_at(board, sq);
        if (was != now) cost += change_cost(probs, sq, was, now);
    }
    return cost;
}

/* The starting position, where the repair's board (changed from read at
 * where[0..n)) costs the readings more: every change the repair makes
 * mends a break, and the start may need changes that mend none on their
 * own, as on a photo of a screen showing the start whose king and a
 * bishop are misread. Returns the number of changes, where and was (64
 * entries) rewritten and *taken set to 1 when the start is taken. */
static int likelier_start(const fk_position *read, const float probs[64][FK_PIECE_COUNT],
                          fk_position *board, fk_square where[], fk_piece was[], int n,
                          int *taken) {
    fk_position start;
    fk_position_startpos(&start);
    start.castling = read->castling; /* the placement alone is taken */
    if (reading_cost(read, &start, probs) >= reading_cost(read, board, probs)) return n;
    n = 0;
    for (fk_square sq = 0; sq < 64; sq++)
        if (fk_position_at(read, sq) != fk_position_at(&start, sq)) {
            where[n] = sq;
            was[n++] = fk_position_at(read, sq);
        }
    *board = start;
    *taken = 1;
    return n;
}

/* The cheapest repair: a search over sets of changes, each of which
 * mends at least one break, the cheapest set first, for a lawful board
 * cheaper than `bound`. A set costs the readings it gives up over those it
 * takes (reading_cost()) and REPAIR_CHANGE more for each change. The
 * greedy repair's first change mends most, and a man read as the other
 * colour's king, taken as the missing king, mends two breaks at once where
 * two changes may cost the readings less. Returns the number of changes,
 * in where[] and now[] (the men taken), or -1 when none is found within
 * REPAIR_TRIALS boards checked (enough for the hardest boards seen, a few
 * milliseconds). */
enum { REPAIR_STATES = 4096, REPAIR_TRIALS = 20000 };
/* What a change costs beyond its readings (in nats): a repair of more
 * changes must be that much likelier a change. Lower, and a repair
 * scatters changes over several unsure men where one likelier change
 * would do; higher, and a board that needs two changes keeps a cheaper
 * wrong one. Photos of physical boards, with many unsure men, are the
 * ones hurt by a lower cost. */
#define REPAIR_CHANGE 2.0
typedef struct {
    double cost;
    int breaks, count;
    uint64_t key; /* of the set of changes, whatever their order */
    fk_square where[MAX_CHANGES];
    fk_piece now[MAX_CHANGES];
} repair_state;

static uint64_t change_key(fk_square sq, int piece) {
    uint64_t z = (uint64_t)(sq * FK_PIECE_COUNT + piece + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Min-heap of state indices by cost. */
static void heap_push(int *heap, int *n, const repair_state *pool, int s) {
    int i = (*n)++;
    heap[i] = s;
    while (i > 0 && pool[heap[(i - 1) / 2]].cost > pool[heap[i]].cost) {
        int up = (i - 1) / 2, t = heap[up];
        heap[up] = heap[i];
        heap[i] = t;
        i = up;
    }
}

static int heap_pop(int *heap, int *n, const repair_state *pool) {
    int top = heap[0], i = 0;
    heap[0] = heap[--*n];
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < *n && pool[heap[l]].cost < pool[heap[m]].cost) m = l;
        if (r < *n && pool[heap[r]].cost < pool[heap[m]].cost) m = r;
        if (m == i) break;
        int t = heap[m];
        heap[m] = heap[i];
        heap[i] = t;
        i = m;
    }
    return top;
}

static int cheapest_repair(const fk_position *read, const float probs[64][FK_PIECE_COUNT],
                           int (*counts)(fk_problem_code), double bound, fk_square where[],
                           fk_piece now[]) {
    repair_state *pool = malloc(sizeof(repair_state) * REPAIR_STATES);
    int *heap = malloc(sizeof(int) * REPAIR_STATES);
    uint64_t *seen = calloc(2 * REPAIR_STATES, sizeof(uint64_t));
    int found = -1;
    if (!pool || !heap || !seen) goto done;
    int states = 1, open = 0, trials = 0;
    pool[0] = (repair_state){.breaks = board_breaks(read, counts)};
    heap_push(heap, &open, pool, 0);
    while (open > 0 && trials < REPAIR_TRIALS) {
        repair_state at = pool[heap_pop(heap, &open, pool)];
        if (at.cost >= bound) break;
        if (at.breaks == 0) {
            for (int k = 0; k < at.count; k++)
                where[k] = at.where[k], now[k] = at.now[k];
            found = at.count;
            break;
        }
        if (at.count == MAX_CHANGES) continue;
        fk_position board = *read;
        fk_bitboard changed = 0;
        for (int k = 0; k < at.count; k++) {
            set_square(&board, at.where[k], at.now[k]);
            changed |= FK_BIT(at.where[k]);
        }
        for (fk_square sq = 0; sq < 64 && trials < REPAIR_TRIALS; sq++) {
            fk_piece was = fk_position_at(read, sq);
            if (changed & FK_BIT(sq)) continue;
            for (int c = 0; c < FK_PIECE_COUNT; c++) {
                if (!may_take(probs, sq, was, c)) continue;
                double cost = at.cost + REPAIR_CHANGE + change_cost(probs, sq, was, c);
                if (cost >= bound) continue;
                uint64_t key = at.key ^ change_key(sq, c);
                size_t slot = key % (2 * REPAIR_STATES);
                while (seen[slot] && seen[slot] != key)
                    slot = (slot + 1) % (2 * REPAIR_STATES);
                if (seen[slot]) continue;
                fk_position trial = board;
                set_square(&trial, sq, (fk_piece)c);
                trials++;
                int b = board_breaks(&trial, counts);
                if (b >= at.breaks || states == REPAIR_STATES) continue;
                seen[slot] = key;
                repair_state next = at;
                next.cost = cost;
                next.breaks = b;
                next.key = key;
                next.where[next.count] = sq;
                next.now[next.count++] = (fk_piece)c;
                pool[states] = next;
                heap_push(heap, &open, pool, states++);
            }
        }
    }
done:
    free(pool);
    free(heap);
    free(seen);
    return found;
}

/* The lawful board the fewest and likeliest changes make of pos, judged
 * by the problems `counts` names: into board, the changes in where[] and
 * their first readings in was[]. Returns how many, or -1 when a dozen
 * changes cannot make it lawful. */
static int lawful_board(const fk_position *pos, const float probs[64][FK_PIECE_COUNT],
                        int (*counts)(fk_problem_code), fk_position *out, fk_square where[],
                        fk_piece was[]) {
    fk_position board = *pos;
    int breaks = board_breaks(&board, counts), changes = 0;
    fk_bitboard changed = 0; /* each square changes once at most */
    /* Each step makes the one change that mends most, and of those the one
     * that costs least probability: of five kings read on one side, the
     * four least sure become their next readings, one at a time. */
    while (breaks > 0 && changes < MAX_CHANGES) {
        int best_sq = -1, best_breaks = breaks;
        fk_piece best_piece = FK_EMPTY;
        double best_cost = 1e9;
        for (fk_square sq = 0; sq < 64; sq++) {
            fk_piece now = fk_position_at(&board, sq);
            for (int c = 0; c < FK_PIECE_COUNT && !(changed & FK_BIT(sq)); c++) {
                if (!may_take(probs, sq, now, c)) continue;
                fk_position trial = board;
                set_square(&trial, sq, (fk_piece)c);
                int b = board_breaks(&trial, counts);
                double cost = change_cost(probs, sq, now, c);
                if (b < best_breaks || (b == best_breaks && b < breaks && cost < best_cost)) {
                    best_breaks = b;
                    best_cost = cost;
                    best_sq = sq;
                    best_piece = (fk_piece)c;
                }
            }
        }
        if (best_sq < 0) break;
        changed |= FK_BIT(best_sq);
        where[changes] = (fk_square)best_sq;
        was[changes++] = fk_position_at(&board, best_sq);
        set_square(&board, best_sq, best_piece);
        breaks = best_breaks;
    }
    if (breaks > 0) return -1;
    /* The greedy repair's board bounds the search for a cheaper one. */
    fk_piece taken[MAX_CHANGES];
    int cheaper = cheapest_repair(pos, probs, counts,
                                  reading_cost(pos, &board, probs) + REPAIR_CHANGE * changes - 1e-6,
                                  where, taken);
    if (cheaper >= 0) {
        board = *pos;
        for (int k = 0; k < cheaper; k++) {
            was[k] = fk_position_at(pos, where[k]);
            set_square(&board, where[k], taken[k]);
        }
        changes = cheaper;
    }
    *out = board;
    return changes;
}

void fk_scan_repair(fk_position *pos, const float probs[64][FK_PIECE_COUNT], fk_scan_result *r) {
    fk_position board;
    fk_square where[64]; /* MAX_CHANGES, or the squares likelier_start() changes */
    fk_piece was[64];
    int changes = lawful_board(pos, probs, is_unreachable, &board, where, was);
    if (changes < 0) changes = lawful_board(pos, probs, is_repairable, &board, where, was);
    /* A board that a dozen changes cannot make lawful is no misreading of
     * a game (a composed or random board): it is kept as read. */
    if (changes < 0) return;
    int start = 0;
    changes = likelier_start(pos, probs, &board, where, was, changes, &start);
    if (start)
        fk_scan_note(r, &(fk_scan_note_args){.code = FK_NOTE_START},
                     "the board was taken as the starting position: the readings make it likelier "
                     "than the lawful board the repair found otherwise");
    for (int i = 0; i < changes; i++) {
        char name[3];
        fk_square sq = where[i];
        fk_piece now = fk_position_at(&board, sq);
        fk_square_name(sq, name);
        fk_scan_note(
            r,
            &(fk_scan_note_args){.code = FK_NOTE_REPAIRED,
                                 .sq = {sq},
                                 .men = {was[i], now},
                                 .value = {probs[sq][was[i]], probs[sq][now]}},
            "repaired %s: read as %s (%.0f%%), taken as %s (%.0f%%) to keep the position legal",
            name, was[i] == FK_EMPTY ? "empty" : fk_piece_name(was[i]), 100 * probs[sq][was[i]],
            now == FK_EMPTY ? "empty" : fk_piece_name(now), 100 * probs[sq][now]);
        r->repaired |= FK_BIT(sq);
    }
    *pos = board;
}

/* How often a side has 0 to 8 pawns in positions of real games, and with
 * each pawn count how often it has 0, 1 or 2 knights, bishops, rooks and
 * queens, counted by training/material_prior.py over the positions of a
 * set of real games. A side's pieces are counted with its pawns because
 * they go together: a side with all eight pawns almost always has both
 * rooks, where over all positions one rook is only a little rarer than
 * two, so a missing rook read as empty at near even odds is weighed back
 * in. Anything rarer than MATERIAL_FLOOR counts as that (a third rook, a
 * second queen: promotions happen). */
#define MATERIAL_FLOOR 0.002
/* A change must make the material at least this much likelier (log of 16
 * times): the kinds are counted one by one given the pawns, so small
 * ratios between them say little, and random boards (a game's pawns with
 * no game's pieces) are weighed wrongly the more the table's shares lean.
 * Lower, and random placements are weighed into game-like material. */
#define MATERIAL_MARGIN 2.773
static const double pawn_share[9] = {0.0141, 0.0278, 0.0510, 0.0759, 0.1139,
                                     0.1597, 0.2351, 0.2287, 0.0939};
/* [pawns][knights, bishops, rooks, queens][0, 1, 2 of them] */
static const double piece_share[9][4][3] = {
    {{.7762, .2151, .0087}, {.7772, .2174, .0054}, {.3522, .6177, .0301}, {.8674, .1302, .0017}},
    {{.7678, .2215, .0107}, {.7267, .2616, .0116}, {.3515, .5971, .0515}, {.8688, .1294, .0017}},
    {{.7354, .2508, .0138}, {.6605, .3163, .0232}, {.3405, .5733, .0863}, {.8252, .1733, .0016}},
    {{.6623, .3113, .0265}, {.5799, .3762, .0440}, {.2932, .5394, .1675}, {.7259, .2728, .0013}},
    {{.5817, .3681, .0502}, {.4709, .4398, .0893}, {.2208, .4968, .2824}, {.5886, .4107, .0006}},
    {{.4505, .4496, .0999}, {.3669, .4710, .1621}, {.1477, .4019, .4504}, {.4454, .5545, .0001}},
    {{.2752, .4863, .2385}, {.2148, .4470, .3382}, {.0696, .2271, .7033}, {.2755, .7245, .0001}},
    {{.1216, .4154, .4631}, {.1137, .3499, .5364}, {.0208, .0756, .9036}, {.1238, .8762, .0000}},
    {{.0311, .2519, .7170}, {.0505, .2551, .6944}, {.0007, .0047, .9946}, {.0233, .9767, .0000}},
};

/* log(share), or of MATERIAL_FLOOR when the share is rarer. */
static double log_share(double share) {
    return log(share > MATERIAL_FLOOR ? share : MATERIAL_FLOOR);
}

/* Log-likelihood of the board's material (kings aside) under those shares.
 * The first man beyond the counts the table has (a third bishop, a ninth
 * pawn) is MATERIAL_FLOOR, each more one ten times rarer than the one
 * before: six bishops and four pawns are then likelier as five and five,
 * step by step, and a row of pawns read as bishops is weighed back one at
 * a time (with one floor for any number, no single step gained). A side
 * with more than eight pawns is counted with the shares of eight. */
static double material_weight(const fk_position *pos) {
    double sum = 0;
    for (int color = 0; color < 2; color++) {
        int pawns = 0;
        for (fk_bitboard b = pos->by_color[color] & pos->by_kind[FK_PAWN]; b; b &= b - 1)
            pawns++;
        sum += log_share(pawns <= 8 ? pawn_share[pawns] : 0);
        if (pawns > 9) sum += (pawns - 9) * log(0.1);
        const double(*given)[3] = piece_share[pawns <= 8 ? pawns : 8];
        for (int kind = FK_KNIGHT; kind < FK_KING; kind++) {
            int n = 0;
            for (fk_bitboard b = pos->by_color[color] & pos->by_kind[kind]; b; b &= b - 1)
                n++;
            sum += log_share(n <= 2 ? given[kind - FK_KNIGHT][n] : 0);
            if (n > 3) sum += (n - 3) * log(0.1);
        }
    }
    return sum;
}

/* After any repair: a square read with less than FK_WEIGH_BELOW takes its
 * runner-up when that makes the whole more likely (not where `unlike`
 * says its outline rules the runner-up out: fk_outline_vetoes()), the readings'
 * probabilities times how common the material is in games. A white queen
 * read as a second black queen becomes white again; a sure reading is
 * never touched, nor a king, a repaired square or a board that breaks the
 * rules, and the material alone must gain MATERIAL_MARGIN. Men drawn
 * alike (alike[sq], when given) move together: all of them take the
 * runner-up or none does, so a man the picture shows again elsewhere,
 * read surely there or with another runner-up, stays; one at a time,
 * men read right in a random placement (three white rooks) would be
 * weighed into the commoner material. Four steps at most. */
void fk_scan_weigh_material(fk_position *pos, const fk_bitboard *alike, fk_bitboard inked,
                            fk_bitboard unlike, fk_scan_result *r) {
    if (board_breaks(pos, is_repairable) > 0) return;
    for (int step = 0; step < 4; step++) {
        double base = material_weight(pos), best_gain = 0;
        int unreachable = board_breaks(pos, is_unreachable);
        fk_bitboard best = 0;
        for (fk_square sq = 0; sq < 64; sq++) {
            const fk_square_reading *rd = &r->squares[sq];
            if (rd->prob >= FK_WEIGH_BELOW || (r->repaired & FK_BIT(sq))) continue;
            if (FK_PIECE_KIND(rd->piece) == FK_KING || FK_PIECE_KIND(rd->second) == FK_KING)
                continue;
            if ((inked & FK_BIT(sq)) && rd->second != FK_EMPTY &&
                FK_PIECE_KIND(rd->second) == FK_PIECE_KIND(rd->piece))
                continue;
            if (unlike & FK_BIT(sq)) continue;
            fk_bitboard group = FK_BIT(sq) | (alike ? alike[sq] : 0);
            fk_position trial = *pos;
            double gain = 0;
            int fits = 1;
            for (fk_bitboard g = group; g && fits; g &= g - 1) {
                fk_square m = (fk_square)__builtin_ctzll(g);
                const fk_square_reading *mr = &r->squares[m];
                fits = mr->prob < FK_WEIGH_BELOW && !(r->repaired & FK_BIT(m)) &&
                       mr->piece == rd->piece && mr->second == rd->second &&
                       fk_position_at(pos, m) == rd->piece;
                set_square(&trial, m, rd->second);
                gain += log(mr->second_prob + 1e-9) - log(mr->prob + 1e-9);
            }
            if (!fits) continue;
            double odds = material_weight(&trial) - base;
            gain += odds;
            if (odds > MATERIAL_MARGIN && gain > best_gain &&
                board_breaks(&trial, is_repairable) == 0 &&
                board_breaks(&trial, is_unreachable) <= unreachable) {
                best_gain = gain;
                best = group;
            }
        }
        if (!best) return;
        for (fk_bitboard g = best; g; g &= g - 1) {
            fk_square m = (fk_square)__builtin_ctzll(g);
            const fk_square_reading *rd = &r->squares[m];
            set_square(pos, m, rd->second);
            r->repaired |= FK_BIT(m);
            char name[3];
            fk_square_name(m, name);
            fk_scan_note(
                r,
                &(fk_scan_note_args){.code = FK_NOTE_WEIGHED,
                                     .sq = {m},
                                     .men = {rd->piece, rd->second},
                                     .value = {rd->prob, rd->second_prob}},
                "weighed %s: read as %s (%.0f%%), taken as %s (%.0f%%), the likelier material",
                name, rd->piece == FK_EMPTY ? "empty" : fk_piece_name(rd->piece), 100 * rd->prob,
                rd->second == FK_EMPTY ? "empty" : fk_piece_name(rd->second),
                100 * rd->second_prob);
        }
    }
}
