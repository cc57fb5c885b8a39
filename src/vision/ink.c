/* Men's colours from their ink: a black man covers more of his square
 * with dark ink than the white man of his kind, which tells the colour of
 * a man the network reads in both colours. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tell.h"

/* The share of a crop's inner pixels (a tenth of the side in from each
 * edge) darker than `below`: how much of its square a man's ink covers. */
static double ink_share(const uint8_t *crop, int side, int below) {
    int lo = side / 10, hi = side - side / 10, n = 0;
    for (int y = lo; y < hi; y++)
        for (int x = lo; x < hi; x++)
            n += crop[y * side + x] < below;
    return (double)n / ((hi - lo) * (hi - lo));
}

/* ink_share() of a crop on a hatched square: of the inner pixels whose
 * ground is `below` or lighter, the share darker; -1 where the hatching
 * leaves none. */
static double laid_ink(const uint8_t *crop, const uint8_t *ground, int side, int below) {
    int lo = side / 10, hi = side - side / 10, n = 0, bare = 0;
    for (int y = lo; y < hi; y++)
        for (int x = lo; x < hi; x++)
            if (ground[y * side + x] >= below) bare++, n += crop[y * side + x] < below;
    return bare ? (double)n / bare : -1;
}

/* Fills ink[] with every cell's ink_share below half the grey of the
 * board's darker squares (the median ground of each colour's 32 cells,
 * the lower). On a printed board whose darker squares are hatched
 * (fk_laid_of()) and lighter ones flat, the hatched cells' ink is read where
 * the hatching leaves the paper bare (laid_ink()), below a third of the
 * paper's grey (on a board drawn flat, half the dark squares' grey comes
 * to about that); a hatched cell whose ground was not worked out gets -1.
 * Returns 0, leaving ink[] unset, on any other board (the darker colour
 * neither drawn flat, PLAIN, nor hatched beside a flat one). A printed
 * diagram's kings and men then take their colours from their ink as on
 * boards drawn flat. A higher bar counts a white man's shading as ink; a
 * lower one counts less of the men's ink and tells fewer apart. */
int fk_cell_inks(const drawings *d, double ink[64]) {
    int median[2];
    for (int c = 0; c < 2; c++) {
        int count[256] = {0}, seen = 0, g = 0;
        for (int i = 0; i < 64; i++)
            if (fk_cell_colour(i) == c) count[d->ground[i]]++;
        while (g < 255 && (seen += count[g]) <= 16)
            g++;
        median[c] = g;
    }
    int dark = median[1] < median[0];
    size_t area = (size_t)d->side * d->side;
    if (d->flat[dark]) {
        for (int i = 0; i < 64; i++)
            ink[i] = ink_share(d->crops + i * area, d->side, median[dark] / 2);
        return 1;
    }
    int hatched = 0;
    for (int i = 0; i < 64 && !hatched; i++)
        hatched = fk_cell_colour(i) == dark && fk_laid_of(d, i);
    if (!d->flat[!dark] || !hatched) return 0;
    int below = median[!dark] / 3;
    for (int i = 0; i < 64; i++)
        ink[i] = fk_cell_colour(i) != dark ? ink_share(d->crops + i * area, d->side, below)
                 : fk_laid_of(d, i)
                     ? laid_ink(d->crops + i * area, d->grounds + i * area, d->side, below)
                     : -1;
    return 1;
}

/* The kings' colours from their ink. A black man covers more of its
 * square with ink darker than half the dark squares' grey than the white
 * man of its kind, on flat squares as the scanner cuts them; on hatched
 * squares the hatching is ink too. This serves a design whose white king
 * has a cream fill, which the network reads in the other king's colour.
 * So when exactly two cells are read as kings, their ink is known
 * (fk_cell_inks) and one king shows INK_APART more ink than the other,
 * the inkier is taken as Black's king and the other as White's, if the
 * network gives each of them that colour's king KING_FLOOR or more and
 * makes its readings as they stand no more than KING_ODDS times likelier. */
#define INK_APART 0.02
#define KING_FLOOR 0.1f
#define KING_ODDS 20.0
int fk_colour_kings(const double ink[64], const float (*probs)[FK_PIECE_COUNT],
                    fk_piece picture[64], told_apart told[64], int n) {
    int king[2], kings = 0;
    for (int i = 0; i < 64; i++)
        if (picture[i] != FK_EMPTY && FK_PIECE_KIND(picture[i]) == FK_KING) {
            if (kings == 2) return n;
            king[kings++] = i;
        }
    if (kings < 2) return n;
    for (int k = 0; k < n; k++)
        if (told[k].cell == king[0] || told[k].cell == king[1]) return n;
    if (ink[king[0]] < 0 || ink[king[1]] < 0 || fabs(ink[king[0]] - ink[king[1]]) < INK_APART)
        return n;
    int black = ink[king[0]] > ink[king[1]] ? king[0] : king[1];
    int white = black == king[0] ? king[1] : king[0];
    if ((picture[white] == FK_WK && picture[black] == FK_BK) || probs[white][FK_WK] < KING_FLOOR ||
        probs[black][FK_BK] < KING_FLOOR)
        return n;
    double odds = log(probs[white][FK_WK]) + log(probs[black][FK_BK]) -
                  log(probs[white][picture[white]]) - log(probs[black][picture[black]]);
    if (odds < -log(KING_ODDS)) return n;
    const int cell[2] = {white, black};
    const fk_piece now[2] = {FK_WK, FK_BK};
    for (int k = 0; k < 2; k++) {
        if (picture[cell[k]] == now[k]) continue;
        int c = cell[k];
        fk_told_take(told, &n, picture, probs, c, cell[1 - k], TOLD_INK, now[k]);
    }
    return n;
}

/* What fk_colour_men() and board_ink_agrees() ask of ink (see fk_colour_men()). */
#define INK_UNSURE 0.9f
#define INK_SURE 0.95f
#define INK_CROSS 0.08
#define INK_SAME 0.04
#define INK_KIND 0.6f

/* Whether cell w's ink confirms the colour of its reading when no sure
 * man of its kind shows one (fk_colour_men()): the board's sure men of every
 * kind (INK_SURE) must part by colour, the lightest black one showing
 * INK_CROSS more ink than the inkiest white one, and w's ink must lie in
 * the quarter of that gap beside its reading's colour. Confirming only:
 * some designs ink a white man of one kind as heavily as a black man of
 * another, so ink across kinds may not change a colour. It keeps the
 * material weighing from turning an unsure man of a design the network
 * never saw into the other colour. */
static int board_ink_agrees(const double ink[64], const float (*probs)[FK_PIECE_COUNT],
                            const fk_piece picture[64], const int changed[64], int w) {
    double white = -1, black = 2;
    for (int o = 0; o < 64; o++) {
        if (o == w || changed[o] || picture[o] == FK_EMPTY || ink[o] < 0 ||
            probs[o][picture[o]] < INK_SURE)
            continue;
        if (FK_PIECE_COLOR(picture[o]) == FK_BLACK)
            black = fmin(black, ink[o]);
        else
            white = fmax(white, ink[o]);
    }
    double gap = black - white;
    if (white < 0 || black > 1 || gap < INK_CROSS) return 0;
    return FK_PIECE_COLOR(picture[w]) == FK_BLACK ? ink[w] >= black - gap / 4
                                                  : ink[w] <= white + gap / 4;
}

/* Every other man's colour from its ink against sure men of its kind:
 * a black man is the inkier of a white and black pair of one kind, while
 * two men of one kind and colour come close. So a man read with less
 * than INK_UNSURE, whose network gives its kind in the other colour
 * KING_FLOOR or more and the two colours of its kind INK_KIND together
 * (only its colour is in doubt, not its kind), is compared with the men
 * of its kind read with INK_SURE or more: nearer the mean ink of the
 * sure black ones than of the sure white ones, it is black; with sure men
 * of one colour only, INK_CROSS more ink than theirs makes it black
 * (less, white), and within INK_SAME it is their colour. A change is kept
 * when the network makes the reading it had no more than KING_ODDS times
 * likelier. Without INK_KIND, men whose kind is in doubt too would change
 * colour and become repaired squares no later step weighs. The men whose
 * reading the ink confirms, by men of their kind or, with none sure, by
 * the board's (board_ink_agrees()), are marked in *confirmed: the
 * material weighing does not give them their kind's other colour. */
int fk_colour_men(const double ink[64], const float (*probs)[FK_PIECE_COUNT], fk_piece picture[64],
                  told_apart told[64], int n, fk_bitboard *confirmed) {
    int changed[64] = {0};
    for (int k = 0; k < n; k++)
        changed[told[k].cell] = 1;
    int m = n;
    for (int w = 0; w < 64; w++) {
        fk_piece x = picture[w];
        if (x == FK_EMPTY || changed[w] || FK_PIECE_KIND(x) == FK_KING ||
            probs[w][x] >= INK_UNSURE || ink[w] < 0)
            continue;
        fk_kind kind = FK_PIECE_KIND(x);
        fk_piece other = FK_MAKE_PIECE(!FK_PIECE_COLOR(x), kind);
        if (probs[w][other] < KING_FLOOR || probs[w][x] + probs[w][other] < INK_KIND) continue;
        double sum[2] = {0, 0};
        int count[2] = {0, 0}, ref[2] = {-1, -1};
        for (int o = 0; o < 64; o++) {
            if (o == w || changed[o] || picture[o] == FK_EMPTY || ink[o] < 0 ||
                FK_PIECE_KIND(picture[o]) != kind || probs[o][picture[o]] < INK_SURE)
                continue;
            int c = FK_PIECE_COLOR(picture[o]);
            sum[c] += ink[o];
            if (ref[c] < 0 || fabs(ink[o] - ink[w]) < fabs(ink[ref[c]] - ink[w])) ref[c] = o;
            count[c]++;
        }
        int black = -1; /* the colour its ink says: 1 black, 0 white, -1 cannot tell */
        if (count[0] && count[1]) {
            double mw = sum[0] / count[0], mb = sum[1] / count[1];
            if (mb > mw) black = fabs(ink[w] - mb) < fabs(ink[w] - mw);
        } else if (count[0]) {
            double gap = ink[w] - sum[0] / count[0];
            black = gap >= INK_CROSS ? 1 : fabs(gap) <= INK_SAME ? 0 : -1;
        } else if (count[1]) {
            double gap = sum[1] / count[1] - ink[w];
            black = gap >= INK_CROSS ? 0 : fabs(gap) <= INK_SAME ? 1 : -1;
        }
        if (black == (int)FK_PIECE_COLOR(x) ||
            (!count[0] && !count[1] && board_ink_agrees(ink, probs, picture, changed, w)))
            *confirmed |= FK_BIT(w);
        if (black < 0 || black == (int)FK_PIECE_COLOR(x) ||
            log(probs[w][x]) - log(probs[w][other]) > log(KING_ODDS))
            continue;
        int by = ref[black] >= 0 ? ref[black] : ref[!black];
        fk_told_take(told, &m, picture, probs, w, by, TOLD_INK, other);
    }
    return m;
}
