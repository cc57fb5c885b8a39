/* Reading a digital board as one piece set: every man of a kind is drawn
 * alike, and men of different kinds are drawn unlike. The men are
 * gathered into groups of like drawings. Where the reading so far is at
 * odds with one set (one drawing read as two men, two unlike drawings
 * read as one man), the groups involved are labelled anew, all at once:
 * the likeliest labelling by the network's readings of all their
 * members, where groups drawn unlike take different men, a king stands
 * alone, no pawn stands on the top or bottom row, each side keeps a
 * game's material, and every piece beyond the starting set costs, as
 * promotions are rare. It mends what square-by-square reading cannot
 * see, such as a design whose pawns read half as bishops beside its real
 * bishops. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tell.h"

/* Two men are drawn alike at JOIN or more by fk_drawn_alike(): on a
 * board drawn by a program, like men compare near 1 on either square
 * colour. A group holds only men every pair of which is JOIN_LEAST alike,
 * so that a chain of near likenesses does not join two kinds. */
#define JOIN 0.93
#define JOIN_LEAST 0.85
/* Squares drawn smaller than this lose the detail that tells men apart
 * (a king from a queen, a pawn from a bishop's foot): shrunk, unlike men
 * compare as alike as like ones. */
#define SET_FINE_PX 24
/* Groups whose likest pair compares under APART are different men. */
#define APART 0.6
/* Readings under this count as this (log of 0 is no evidence). */
#define SET_FLOOR 1e-4f
/* What a piece beyond a side's starting set costs the labelling, as a
 * log-likelihood: promotions are rare in games, and a labelling that makes
 * five bishops of a drawing the network reads nearly as well as pawns is
 * the wrong one. */
#define PROMOTED_COST 3.0
/* The search gives up (and changes nothing) after so many labellings. */
#define SET_VISITS 200000
#define MAX_GROUPS 32

typedef struct {
    int n;                /* groups */
    int size[MAX_GROUPS]; /* men in each */
    int edge[MAX_GROUPS]; /* a member on the top or bottom row */
    double score[MAX_GROUPS][FK_PIECE_COUNT];
    int order[MAX_GROUPS][FK_PIECE_COUNT]; /* labels, likeliest first */
    unsigned char apart[MAX_GROUPS][MAX_GROUPS];
    double rest[MAX_GROUPS + 1]; /* best possible score of groups k.. */
    int label[MAX_GROUPS], best[MAX_GROUPS];
    double best_score;
    long visits;
} labelling;

/* A man on the top or bottom row is no pawn, so he joins no group with
 * a man the network gives a pawn MAYBE_PAWN or more: a design whose
 * bishop is drawn nearly like its pawn would otherwise turn its pawns
 * into something else. */
#define MAYBE_PAWN 0.1f
static int edge_man(int cell) { return cell / 8 == 0 || cell / 8 == 7; }
static int maybe_pawn(const float reading[FK_PIECE_COUNT]) {
    return reading[FK_WP] >= MAYBE_PAWN || reading[FK_BP] >= MAYBE_PAWN;
}

/* Whether a side's men, counted by kind, fit a game: at most one king,
 * eight pawns, sixteen men, and no more pieces beyond the starting set
 * than missing pawns could have promoted into. Bishops are not told by
 * square colour here: the repair does that with the whole board. */
static const int originals[FK_KIND_COUNT] = {8, 2, 2, 2, 1, 1}; /* a side's men at the start */

static int fits_game(const int count[FK_KIND_COUNT]) {
    int men = 0, promoted = 0;
    for (int k = 0; k < FK_KIND_COUNT; k++) {
        men += count[k];
        if (k != FK_PAWN && k != FK_KING && count[k] > originals[k])
            promoted += count[k] - originals[k];
    }
    return count[FK_KING] <= 1 && count[FK_PAWN] <= 8 && men <= 16 &&
           promoted <= 8 - count[FK_PAWN];
}

/* Depth-first over the groups, likeliest labels first, cut where even the
 * best labels for the groups left cannot beat the best labelling found. */
static void search(labelling *l, int k, double so_far, int count[2][FK_KIND_COUNT]) {
    if (++l->visits > SET_VISITS) return;
    if (so_far + l->rest[k] <= l->best_score) return;
    if (k == l->n) {
        l->best_score = so_far;
        memcpy(l->best, l->label, sizeof l->best);
        return;
    }
    for (int i = 0; i < FK_PIECE_COUNT - 1; i++) {
        int c = l->order[k][i];
        double s = l->score[k][c];
        if (s == -INFINITY || so_far + s + l->rest[k + 1] <= l->best_score) break;
        fk_color colour = FK_PIECE_COLOR(c);
        fk_kind kind = FK_PIECE_KIND(c);
        if (kind == FK_KING && l->size[k] > 1) continue;
        int clash = 0;
        for (int j = 0; j < k && !clash; j++)
            clash = l->apart[k][j] && l->label[j] == c;
        if (clash) continue;
        int before = count[colour][kind] - originals[kind];
        count[colour][kind] += l->size[k];
        int after = count[colour][kind] - originals[kind];
        double cost = kind == FK_PAWN || kind == FK_KING
                          ? 0
                          : PROMOTED_COST * ((after > 0 ? after : 0) - (before > 0 ? before : 0));
        if (fits_game(count[colour])) {
            l->label[k] = c;
            search(l, k + 1, so_far + s - cost, count);
        }
        count[colour][kind] -= l->size[k];
        if (l->visits > SET_VISITS) return;
    }
}

/* Labels of group k ordered by score, likeliest first. */
static void order_labels(labelling *l, int k) {
    int m = 0;
    for (int c = 1; c < FK_PIECE_COUNT; c++) {
        int at = m++;
        while (at > 0 && l->score[k][l->order[k][at - 1]] < l->score[k][c]) {
            l->order[k][at] = l->order[k][at - 1];
            at--;
        }
        l->order[k][at] = c;
    }
}

int fk_read_as_set(const drawings *d, const float (*probs)[FK_PIECE_COUNT], double square_px,
                   fk_piece picture[64], told_apart told[64], int n) {
    /* Only a board drawn flat compares like men near 1 (a printed
     * diagram's hatching or a wood grain does not), and only a board
     * drawn large enough compares unlike men low. */
    if (!d->flat[0] || !d->flat[1] || square_px < SET_FINE_PX) return n;
    int men[64], m = 0;
    for (int i = 0; i < 64; i++)
        if (picture[i] != FK_EMPTY && !(d->arrowed >> i & 1)) men[m++] = i;
    if (m < 2) return n;
    /* like: drawn alike whatever the squares' colours (a high value can be
     * trusted); same: the crops as they are, on one square colour, where a
     * low value proves different men too; 2 on different colours. */
    float(*like)[64] = malloc(2 * sizeof(float[64][64]));
    if (!like) return n;
    float(*same)[64] = like + 64;
    for (int a = 0; a < m; a++) {
        like[a][a] = same[a][a] = 1;
        for (int b = a + 1; b < m; b++) {
            like[a][b] = like[b][a] = fk_drawn_alike(d, men[a], men[b]);
            same[a][b] = same[b][a] = fk_cell_colour(men[a]) == fk_cell_colour(men[b])
                                          ? fk_crops_alike(d, men[a], men[b])
                                          : 2;
        }
    }
    /* Groups by average likeness, joined likest first. */
    int group[64];
    for (int a = 0; a < m; a++)
        group[a] = a;
    for (;;) {
        double most = JOIN;
        int ga = -1, gb = -1;
        for (int x = 0; x < m; x++)
            for (int y = x + 1; y < m; y++) {
                if (group[x] != x || group[y] != y) continue; /* x, y: groups' first men */
                double sum = 0, least = 1;
                int pairs = 0;
                for (int i = 0; i < m; i++)
                    for (int j = 0; j < m; j++)
                        if (group[i] == x && group[j] == y) {
                            if ((edge_man(men[i]) && maybe_pawn(probs[men[j]])) ||
                                (edge_man(men[j]) && maybe_pawn(probs[men[i]])))
                                least = -1;
                            sum += like[i][j];
                            least = like[i][j] < least ? like[i][j] : least;
                            pairs++;
                        }
                if (least >= JOIN_LEAST && sum / pairs > most) {
                    most = sum / pairs;
                    ga = x;
                    gb = y;
                }
            }
        if (ga < 0) break;
        for (int i = 0; i < m; i++)
            if (group[i] == gb) group[i] = ga;
    }
    labelling *l = &(labelling){0};
    int index[64], joined = 0;
    for (int a = 0; a < m; a++)
        index[a] = -1;
    for (int a = 0; a < m; a++) {
        if (index[group[a]] < 0) {
            if (l->n == MAX_GROUPS) goto done;
            index[group[a]] = l->n++;
        }
        int g = index[group[a]];
        l->size[g]++;
        joined |= l->size[g] > 1;
        l->edge[g] |= edge_man(men[a]);
        for (int c = 1; c < FK_PIECE_COUNT; c++) {
            float p = probs[men[a]][c];
            l->score[g][c] += log(p > SET_FLOOR ? p : SET_FLOOR);
        }
    }
    if (!joined) goto done;
    /* Two groups are apart when some of their men share a square colour
     * and all such pairs look unlike, and no pair looks alike. */
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++) {
            int x = index[group[a]], y = index[group[b]];
            if (x == y) continue;
            if (like[a][b] >= APART || (same[a][b] <= 1 && same[a][b] >= APART))
                l->apart[x][y] = 2; /* alike somewhere */
            else if (same[a][b] <= 1 && l->apart[x][y] == 0)
                l->apart[x][y] = 1;
        }
    for (int x = 0; x < l->n; x++)
        for (int y = 0; y < l->n; y++)
            l->apart[x][y] = l->apart[x][y] == 1;
    /* Only groups the reading so far leaves at odds with one set are
     * labelled anew: men of one drawing read as different men, or a
     * drawing read as the same man as one drawn unlike it, or pawns on
     * an edge row. Every other group keeps its reading, which the steps
     * before may have told from the network's (by ink, by a kind no
     * square shows). */
    int read[MAX_GROUPS];
    for (int g = 0; g < l->n; g++)
        read[g] = -1;
    for (int a = 0; a < m; a++) {
        int g = index[group[a]];
        read[g] = read[g] == -1 || read[g] == (int)picture[men[a]] ? (int)picture[men[a]] : -2;
    }
    int any = 0;
    for (int g = 0; g < l->n; g++) {
        int odd = read[g] < 0 || (l->edge[g] && FK_PIECE_KIND(read[g]) == FK_PAWN);
        for (int h = 0; h < l->n && !odd; h++)
            odd = h != g && l->apart[g][h] && read[h] == read[g];
        any |= odd;
        if (l->edge[g]) l->score[g][FK_WP] = l->score[g][FK_BP] = -INFINITY;
        if (!odd)
            for (int c = 1; c < FK_PIECE_COUNT; c++)
                if (c != read[g]) l->score[g][c] = -INFINITY;
        order_labels(l, g);
    }
    if (!any) goto done;
    l->rest[l->n] = 0;
    for (int g = l->n - 1; g >= 0; g--)
        l->rest[g] = l->rest[g + 1] + l->score[g][l->order[g][0]];
    l->best_score = -INFINITY;
    int count[2][FK_KIND_COUNT] = {{0}};
    search(l, 0, 0, count);
    if (l->best_score == -INFINITY || l->visits > SET_VISITS) goto done;
    for (int a = 0; a < m && n < 64; a++) {
        int g = index[group[a]], cell = men[a];
        fk_piece now = (fk_piece)l->best[g];
        if (picture[cell] == now) continue;
        /* told from a member read so already, if any */
        int other = cell;
        for (int b = 0; b < m; b++)
            if (index[group[b]] == g && picture[men[b]] == now) other = men[b];
        fk_told_take(told, &n, picture, probs, cell, other, TOLD_SET, now);
    }
done:
    free(like);
    return n;
}
