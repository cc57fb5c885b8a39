/* Arrows drawn over a board: an analysis board's or a lesson's, from the
 * centre of one square to the centre of another, a shaft and a head, in
 * a colour the squares and men show through. An arrowhead on an empty
 * square looks like a pawn to the classifier, and a pawn under a shaft
 * like a bishop, so the arrows are found and taken out of the crops
 * before the squares are read.
 *
 * Where an arrow of colour A and opacity a lies over grey u, the picture
 * shows a A + (1 - a) u, written c0 + k u here (k = 1 - a). Over bare
 * ground the arrow is c0 + k g for the square's grey g, so where it
 * crosses from a light square to a dark one both sides tell c0 and k;
 * every such crossing on the board votes for them. With them, a pixel
 * over bare ground is told by its grey alone, and a line from one
 * square's centre to another's that runs over such pixels (or men) and
 * never over bare ground is an arrow. Under it, ground is put back and a
 * man's grey recovered: u = (v - c0) / k. An arrow whose grey is near one
 * square colour's shows over the other colour only; its squares of that
 * colour then tell nothing either way. Boards of flat squares are looked
 * at, and printed diagrams whose one square colour is flat paper and the
 * other hatched: there each pixel of a hatched square has its own ground,
 * the hatching worked out from the crop's edge band (fk_hatch_ground()),
 * and the arrow's colour is told where it crosses from paper to the
 * hatching's ink. On grainy squares an arrow's grey is not one value. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

/* A pixel is the arrow over bare ground when within ARROW_NEAR grey levels
 * of c0 + k g, and bare ground within GROUND_NEAR of g. */
#define ARROW_NEAR 7
#define GROUND_NEAR 8
#define INK_MOST 40 /* the darkest greys of a man's ink (pixel_kind()) */
/* Crossings vote only where both sides differ this much from their
 * ground: the arrow must show. */
#define VOTE_APART 12
/* k = 1 - opacity: arrows GUIs draw are 0.4 (lichess) to 0.8 opaque;
 * nearly opaque ones hide what is under them, and fainter ones hardly
 * matter. */
#define K_LEAST 0.08
#define K_MOST 0.65
/* Seen over one square colour only, k comes from one side of a border
 * and is less sure: at least this (an arrow 85% opaque or less). */
#define K_ONE_SIDED 0.15
#define K_BINS 31 /* of 0.025 from K_LEAST */
/* Of a hatched square colour's 32 cells, at least so many must show
 * their hatching (fk_hatch_ground()) for arrows to be looked for. */
#define HATCHED_LEAST 16
#define C_BINS 43 /* of 6 grey levels from 0 */

typedef struct arrow arrow;

typedef struct {
    uint8_t *px; /* the board, 8 * side pixels a side, row by row */
    int w, side;
    int ground[64];
    /* on a board whose one square colour is hatched (a printed diagram):
     * each pixel's ground, the hatching worked out under the men
     * (fk_hatch_ground()), -1 on a hatched cell whose hatching was not;
     * NULL on a board drawn flat */
    const short *under;
    int hatched; /* that colour (fk_cell_colour()), -1 when none */
    double k, c0;
    int faint[2];      /* the arrow has the grey of this square colour's ground */
    const arrow *kept; /* the arrows found so far, whose shafts measuring */
    int kept_count;    /* another arrow stops at */
} board_view;

struct arrow {
    double sx, sy, tx, ty; /* the centres of the two end squares */
    double len, dx, dy;    /* length, and the unit vector from s to t */
    int s, t;
    int score;   /* on_axis(): 4 a sample over the arrow, -1 one over neither it nor ground */
    double half; /* the shaft's half width, pixels */
    double head_half[2], head_len[2]; /* the head at s (0) and at t (1); 0: none */
    double cap[2];                    /* where the shaft starts at an end without a head */
    int eared; /* its head found from ears alone, with men on both end squares */
};

static int cell_at(const board_view *b, int x, int y) { return (y / b->side) * 8 + x / b->side; }

/* The ground's grey at pixel (x, y): its square's, or on a hatched square
 * the hatching's there; -1 where that is not known. */
static int ground_at(const board_view *b, int x, int y) {
    return b->under ? b->under[(size_t)y * b->w + x] : b->ground[cell_at(b, x, y)];
}

/* 1: the arrow over bare ground, 0: bare ground, 2: something else (a man,
 * an edge, a label); -1 outside the board. */
static int pixel_kind(const board_view *b, int x, int y) {
    if (x < 0 || y < 0 || x >= b->w || y >= b->w) return -1;
    int cell = cell_at(b, x, y), v = b->px[y * b->w + x], g = ground_at(b, x, y);
    /* Where the arrow has the ground's grey, ground and arrow look the same. */
    if (g < 0 || b->faint[fk_cell_colour(cell)]) return 2;
    if (fabs(v - (b->c0 + b->k * g)) <= ARROW_NEAR) return 1;
    /* Ground, unless the arrow over a man's dark ink (grey INK_MOST or
     * less) shows the same grey: an orange arrow over a black pawn on a
     * dark green square. */
    if (abs(v - g) <= GROUND_NEAR &&
        (v < b->c0 - ARROW_NEAR || v > b->c0 + b->k * INK_MOST + ARROW_NEAR))
        return 0;
    return 2;
}

/* One crossing of a square border: a on the side of ground ga, bb on the
 * side of ground gb; a vote for (k, c0) when both differ from their
 * ground and the pair fits a see-through colour. */
static void vote(int a, int ga, int bb, int gb, int votes[K_BINS][C_BINS],
                 double sums[K_BINS][C_BINS][2], int one_sided) {
    if (ga < 0 || gb < 0 || abs(ga - gb) < 20) return;
    if (one_sided) {
        /* the arrow shows over a's side only: over b's it has b's grey */
        if (abs(a - ga) <= VOTE_APART || abs(bb - gb) > 2) return;
    } else if (abs(a - ga) <= VOTE_APART || abs(bb - gb) <= VOTE_APART)
        return;
    double k = (double)(a - bb) / (ga - gb), c0 = a - k * ga;
    if (k < K_LEAST || k > K_MOST || c0 < 0 || c0 >= 6 * C_BINS) return;
    int i = (int)((k - K_LEAST) / 0.025), j = (int)(c0 / 6);
    if (i >= K_BINS) i = K_BINS - 1;
    votes[i][j]++;
    sums[i][j][0] += k;
    sums[i][j][1] += c0;
}

/* The median ground of the squares of one colour (0: a8's). */
static double mid_ground(const board_view *b, int colour) {
    double g[32];
    int m = 0;
    for (int i = 0; i < 64; i++)
        if (fk_cell_colour(i) == colour) g[m++] = b->ground[i];
    return fk_median(g, m);
}

/* The see-through colours the arrows may have, from the square borders
 * they cross (each border pixel pair two pixels in from it): up to
 * COLOURS_MOST peaks of the votes, the strongest first (on a small board
 * drawn large, blurred men's edges can outvote an arrow), each with a
 * quarter of a square's side in votes or more (6 at least) and standing
 * out from the ground of one square colour at least; `faint` marks a
 * colour it does not stand out from. One-sided, the votes come from
 * borders where one side has its ground's grey (half a square's side in
 * votes, k K_ONE_SIDED or more), and the colour must have that grey over
 * one square colour. Returns how many. */
#define COLOURS_MOST 3
typedef struct {
    double k, c0;
    int faint[2];
} see_through;

static int find_colours(const board_view *b, see_through out[COLOURS_MOST], int one_sided) {
    int votes[K_BINS][C_BINS];
    double sums[K_BINS][C_BINS][2];
    memset(votes, 0, sizeof votes);
    memset(sums, 0, sizeof sums);
    const uint8_t *p = b->px;
    int w = b->w, s = b->side;
    for (int c = 1; c < 8; c++)
        for (int y = 0; y < w; y++) {
            int x = c * s;
            int l = p[y * w + x - 2], gl = ground_at(b, x - 2, y);
            int r = p[y * w + x + 1], gr = ground_at(b, x + 1, y);
            int u = p[(x - 2) * w + y], gu = ground_at(b, y, x - 2);
            int d = p[(x + 1) * w + y], gd = ground_at(b, y, x + 1);
            vote(l, gl, r, gr, votes, sums, one_sided);
            vote(u, gu, d, gd, votes, sums, one_sided);
            if (one_sided) {
                vote(r, gr, l, gl, votes, sums, 1);
                vote(d, gd, u, gu, votes, sums, 1);
            }
        }
    double mid[2] = {mid_ground(b, 0), mid_ground(b, 1)};
    int found = 0;
    for (int tries = 0; tries < 2 * COLOURS_MOST && found < COLOURS_MOST; tries++) {
        int best = 0, bi = 0, bj = 0;
        for (int i = 0; i < K_BINS; i++)
            for (int j = 0; j < C_BINS; j++) {
                int n = 0;
                for (int di = -1; di <= 1; di++)
                    for (int dj = -1; dj <= 1; dj++)
                        if (i + di >= 0 && i + di < K_BINS && j + dj >= 0 && j + dj < C_BINS)
                            n += votes[i + di][j + dj];
                if (n > best) best = n, bi = i, bj = j;
            }
        if (best < (one_sided ? s / 2 : s / 4 > 6 ? s / 4 : 6)) break;
        double n = 0, k = 0, c0 = 0;
        for (int di = -1; di <= 1; di++)
            for (int dj = -1; dj <= 1; dj++)
                if (bi + di >= 0 && bi + di < K_BINS && bj + dj >= 0 && bj + dj < C_BINS) {
                    n += votes[bi + di][bj + dj];
                    k += sums[bi + di][bj + dj][0];
                    c0 += sums[bi + di][bj + dj][1];
                    votes[bi + di][bj + dj] = 0;
                }
        see_through t = {k / n, c0 / n, {0, 0}};
        /* Over a square colour the arrow stands out from the ground or is
         * taken as faint there (pixel_kind() tells nothing on it); over
         * one colour at least it must stand out. One-sided, it has the
         * other colour's grey. */
        int shows[2];
        for (int c = 0; c < 2; c++) {
            shows[c] = fabs(t.c0 + t.k * mid[c] - mid[c]) >= 2 * ARROW_NEAR + 4;
            t.faint[c] = !shows[c];
        }
        /* Over hatching each pixel has its own ground: the arrow must show
         * over the flat colour, and is looked for over both. */
        if (b->hatched >= 0) shows[b->hatched] = t.faint[b->hatched] = 0;
        int hid = shows[0] ? 1 : 0; /* one-sided: the colour it does not show over */
        if (one_sided ? shows[0] != shows[1] && t.k >= K_ONE_SIDED &&
                            fabs(t.c0 + t.k * mid[hid] - mid[hid]) <= ARROW_NEAR
                      : shows[0] || shows[1])
            out[found++] = t;
    }
    return found;
}

static void arrow_between(const board_view *b, int s, int t, arrow *a) {
    memset(a, 0, sizeof *a);
    a->s = s;
    a->t = t;
    a->sx = (s % 8 + 0.5) * b->side;
    a->sy = (s / 8 + 0.5) * b->side;
    a->tx = (t % 8 + 0.5) * b->side;
    a->ty = (t / 8 + 0.5) * b->side;
    a->len = hypot(a->tx - a->sx, a->ty - a->sy);
    a->dx = (a->tx - a->sx) / a->len;
    a->dy = (a->ty - a->sy) / a->len;
}

/* The kind of the pixel at distance u along the arrow's axis and q across it. */
static int kind_on(const board_view *b, const arrow *a, double u, double q) {
    double x = a->sx + u * a->dx - q * a->dy, y = a->sy + u * a->dy + q * a->dx;
    return pixel_kind(b, (int)floor(x), (int)floor(y));
}

/* Whether the axis from s to t runs over an arrow: samples a pixel apart,
 * the end squares' inner parts left out (men stand there, the head and
 * the shaft's start differ between programs); each sample the arrow
 * (within a pixel across), bare ground, or neither (a man under the
 * arrow, or beside the axis). An arrow shows over ARROW_SHARE of them and
 * bare ground under GROUND_SHARE. Its score counts the samples on the
 * arrow, less a quarter of those of neither kind: of two axes over the
 * same arrow pixels, the one that runs on over men beyond the arrow's end
 * scores less. */
#define ARROW_SHARE 0.3
#define GROUND_SHARE 0.06
static int on_axis(const board_view *b, arrow *a) {
    int n = 0, hits = 0, bare = 0;
    for (double u = 0.3 * b->side; u <= a->len - 0.3 * b->side; u += 1, n++) {
        int k0 = kind_on(b, a, u, 0);
        if (k0 == 1 || kind_on(b, a, u, 1) == 1 || kind_on(b, a, u, -1) == 1)
            hits++;
        else if (k0 == 0)
            bare++;
    }
    a->score = 4 * hits - (n - hits - bare);
    return n > 0 && hits >= (b->side / 4 > 4 ? b->side / 4 : 4) && hits >= ARROW_SHARE * n &&
           bare <= GROUND_SHARE * n + 1;
}

/* Whether the point at distance u along a's axis and q across it lies on
 * the shaft of another arrow found so far (b->kept). */
static int on_other(const board_view *b, const arrow *a, double u, double q) {
    double x = a->sx + u * a->dx - q * a->dy, y = a->sy + u * a->dy + q * a->dx;
    for (int k = 0; k < b->kept_count; k++) {
        const arrow *o = &b->kept[k];
        if (o->s == a->s && o->t == a->t) continue;
        double px = x - o->sx, py = y - o->sy, ou = px * o->dx + py * o->dy;
        if (ou >= 0 && ou <= o->len && fabs(-px * o->dy + py * o->dx) <= o->half + 1.5) return 1;
    }
    return 0;
}

/* How far the arrow reaches across its axis at u, on the side sign: the
 * last step of half a pixel still over it (one step's gap allowed), up to
 * another arrow's shaft. */
static double reach(const board_view *b, const arrow *a, double u, int sign) {
    double last = 0;
    for (double q = 0.5; q < 0.45 * b->side; q += 0.5) {
        if (on_other(b, a, u, sign * q)) break;
        if (kind_on(b, a, u, sign * q) == 1)
            last = q;
        else if (q - last > 1)
            break;
    }
    return last;
}

static int by_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The shaft's half width: the reach across it where its axis is the
 * arrow over bare ground, away from both ends' centres (a head may lie
 * at either); the lower quartile, as a head can still reach in on an
 * arrow a square long. */
static void measure_shaft(const board_view *b, arrow *a) {
    double w[512];
    int n = 0;
    for (double u = 0.4 * b->side; u <= a->len - 0.4 * b->side && n < 512; u += 1)
        if (kind_on(b, a, u, 0) == 1) w[n++] = (reach(b, a, u, 1) + reach(b, a, u, -1)) / 2;
    if (n == 0) {
        a->half = 0.11 * b->side;
        return;
    }
    qsort(w, (size_t)n, sizeof w[0], by_double);
    a->half = w[n / 4];
}

/* The head at end e (0: at s, 1: at t), if any: along the axis from the
 * end's centre, up to three quarters of a square or half the arrow, the
 * arrow's reach across it on the narrower side; where that is widest,
 * HEAD_WIDER beyond the shaft's, lies the head's base. */
#define HEAD_WIDER 2.5
static void measure_head(const board_view *b, arrow *a, int e) {
    double widest = 0, base = 0, r[128];
    int n = 0;
    for (double d = 1; d <= fmin(0.75 * b->side, a->len / 2) && n < 128; d += 1, n++) {
        double u = e ? a->len - d : d;
        r[n] = fmin(reach(b, a, u, 1), reach(b, a, u, -1));
        widest = fmax(widest, r[n]);
    }
    if (widest < a->half + HEAD_WIDER) return;
    /* The base: the farthest from the tip of the widest reaches (the
     * sides of the head widen to it a pixel at a time). */
    for (int k = 0; k < n; k++)
        if (r[k] >= widest - 0.5) base = k + 1;
    a->head_half[e] = widest + 0.5;
    a->head_len[e] = base + 0.5;
}

/* A head over a man, at end e: the man hides its middle, but its corners
 * ("ears") show over the ground on both sides of the axis, beyond the
 * shaft. The farthest of them from the end's centre is the base, the
 * widest its half width. */
static void measure_ears(const board_view *b, arrow *a, int e) {
    double tipx = e ? a->tx : a->sx, tipy = e ? a->ty : a->sy, ux = e ? -a->dx : a->dx,
           uy = e ? -a->dy : a->dy;
    double r = fmin(0.75 * b->side, a->len / 2), far = 0, wide = 0;
    int side[2] = {0, 0};
    for (int y = (int)(tipy - r); y <= (int)(tipy + r); y++)
        for (int x = (int)(tipx - r); x <= (int)(tipx + r); x++) {
            double px = x + 0.5 - tipx, py = y + 0.5 - tipy;
            double d = px * ux + py * uy, q = px * uy - py * ux;
            if (d < 0 || d > r || fabs(q) <= a->half + 1.5 || fabs(q) > 0.45 * b->side ||
                pixel_kind(b, x, y) != 1 || on_other(b, a, e ? a->len - d : d, e ? q : -q))
                continue;
            side[q > 0]++;
            far = fmax(far, d);
            wide = fmax(wide, fabs(q));
        }
    if (side[0] < 2 || side[1] < 2 || wide < a->half + HEAD_WIDER) return;
    a->head_half[e] = wide + 0.5;
    a->head_len[e] = far + 0.5;
}

/* Where the shaft starts at an end without a head (0: at s, 1: at t): the
 * last bare ground on the axis within half a square of the end's centre,
 * a pixel on; 0 (the centre) when there is none: the shaft starts there,
 * or under the man on the square. */
static void measure_cap(const board_view *b, arrow *a, int e) {
    a->cap[e] = 0;
    for (double d = 0; d <= 0.5 * b->side; d += 0.5)
        if (kind_on(b, a, e ? a->len - d : d, 0) == 0) a->cap[e] = d + 1;
    /* A shaft that starts behind the centre (a rounded or square end):
     * as far back as the arrow's pixels go, a third of a square at most. */
    if (a->cap[e] == 0)
        for (double d = 0.5; d <= b->side / 3.0; d += 0.5) {
            if (kind_on(b, a, e ? a->len + d : -d, 0) != 1) break;
            a->cap[e] = -d;
        }
}

/* How far inside the arrow's outline the point at u along, q across lies:
 * > 0 inside, the margin in pixels. The shaft runs from end to end,
 * ending square at a cap (cap[]) where there is no head. */
static double inside(const arrow *a, double u, double q) {
    double aq = fabs(q), best = a->half + 0.5 - aq;
    best = fmin(best, u - (a->head_len[0] > 0 ? 0 : a->cap[0]) + 0.5);
    best = fmin(best, a->len - u - (a->head_len[1] > 0 ? 0 : a->cap[1]) + 0.5);
    for (int e = 0; e < 2; e++) {
        if (a->head_len[e] <= 0) continue;
        double d = e ? a->len - u : u;
        if (d < -0.5 || d > a->head_len[e] + 2) continue;
        double lim = a->head_half[e] * (d > 0 ? d : 0) / a->head_len[e] + 0.5;
        double m = fmin(lim - aq, a->head_len[e] + 0.5 - d); /* the base is an edge too */
        if (m > best) best = m;
    }
    return best;
}

/* Marks in cover[] the pixels inside arrow a (one more arrow over them)
 * and in edge[] those within a pixel and a half of its outline. */
static void outline(const board_view *b, const arrow *a, uint8_t *cover, uint8_t *edge) {
    double r = fmax(a->head_half[0], a->head_half[1]) + a->half + 3;
    int x0 = (int)(fmin(a->sx, a->tx) - r), x1 = (int)(fmax(a->sx, a->tx) + r);
    int y0 = (int)(fmin(a->sy, a->ty) - r), y1 = (int)(fmax(a->sy, a->ty) + r);
    for (int y = y0 < 0 ? 0 : y0; y <= y1 && y < b->w; y++)
        for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < b->w; x++) {
            double px = x + 0.5 - a->sx, py = y + 0.5 - a->sy;
            double in = inside(a, px * a->dx + py * a->dy, -px * a->dy + py * a->dx);
            size_t at = (size_t)y * b->w + x;
            if (in > 0 && cover[at] < 255) cover[at]++;
            if (in > -1.5 && in < 1.5) edge[at] = 1;
        }
}

/* Takes the arrows out of the board: a pixel under n of them shows
 * ground g as the arrow colour laid n times over it, and is put back to
 * g; a man's pixel is unblended n times. On an outline, a pixel between
 * the arrow over ground and the ground is the two blended, and is
 * ground. Returns the cells with a pixel changed. */
static fk_bitboard take_out(board_view *b, const uint8_t *cover, const uint8_t *edge) {
    fk_bitboard changed = 0;
    for (int y = 0; y < b->w; y++)
        for (int x = 0; x < b->w; x++) {
            size_t at = (size_t)y * b->w + x;
            if (!cover[at] && !edge[at]) continue;
            int g = ground_at(b, x, y);
            double v = b->px[at], over = g, less = g;
            if (g < 0) {
                /* no ground known: every pixel unblended */
                for (int n = 0; n < cover[at] && v >= b->c0 - 4 && v <= b->c0 + 255 * b->k + 4; n++)
                    v = (v - b->c0) / b->k;
                uint8_t was = b->px[at];
                if (cover[at]) b->px[at] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v + 0.5);
                if (b->px[at] != was) changed |= FK_BIT(cell_at(b, x, y));
                continue;
            }
            for (int n = 0; n < cover[at]; n++) {
                less = over;
                over = b->c0 + b->k * over;
            }
            double more = b->c0 + b->k * over;
            uint8_t was = b->px[at];
            if ((cover[at] && fabs(v - over) <= ARROW_NEAR) ||
                (edge[at] && v > fmin(less, more) - 3 && v < fmax(less, more) + 3)) {
                b->px[at] = (uint8_t)g;
            } else {
                for (int n = 0; n < cover[at]; n++) {
                    if (v < b->c0 - 4 || v > b->c0 + 255 * b->k + 4) break;
                    v = (v - b->c0) / b->k;
                }
                if (cover[at]) b->px[at] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v + 0.5);
            }
            if (b->px[at] != was) changed |= FK_BIT(cell_at(b, x, y));
        }
    return changed;
}

/* Whether most of a's samples on the arrow lie inside (or within two
 * pixels of) the outline of one already kept: a line from a square beside
 * an arrow's head runs over the head. */
static int explained(const board_view *b, const arrow *a, const arrow *kept, int n) {
    int in = 0, all = 0;
    for (double u = 0.3 * b->side; u <= a->len - 0.3 * b->side; u += 1) {
        if (kind_on(b, a, u, 0) != 1) continue;
        all++;
        double x = a->sx + u * a->dx, y = a->sy + u * a->dy;
        for (int k = 0; k < n; k++) {
            double px = x - kept[k].sx, py = y - kept[k].sy;
            if (inside(&kept[k], px * kept[k].dx + py * kept[k].dy,
                       -px * kept[k].dy + py * kept[k].dx) > -2) {
                in++;
                break;
            }
        }
    }
    return all == 0 || 2 * in >= all;
}

/* Measures a kept arrow's outline: shaft, head (one, the wider where both
 * ends look wide) and, at an end without a head, where the shaft starts. */
static void measure(const board_view *b, arrow *a) {
    a->eared = 0;
    measure_shaft(b, a);
    measure_head(b, a, 0);
    measure_head(b, a, 1);
    if (a->head_len[0] > 0 && a->head_len[1] > 0) {
        int narrow = a->head_half[0] < a->head_half[1] ? 0 : 1;
        a->head_half[narrow] = a->head_len[narrow] = 0;
    }
    for (int e = 0; e < 2; e++)
        if (a->head_len[e] <= 0) measure_cap(b, a, e);
    /* No head seen: at the end whose shaft does not start off the centre,
     * or at both ends when neither does (men on both squares); kept where
     * only one end shows ears. */
    if (a->head_len[0] <= 0 && a->head_len[1] <= 0) {
        if (a->cap[0] != a->cap[1])
            measure_ears(b, a, a->cap[0] > a->cap[1]);
        else {
            measure_ears(b, a, 0);
            measure_ears(b, a, 1);
            if (a->head_len[0] > 0 && a->head_len[1] > 0)
                a->head_half[0] = a->head_len[0] = a->head_half[1] = a->head_len[1] = 0;
            a->eared = a->head_len[0] > 0 || a->head_len[1] > 0;
        }
    }
}

/* A knight's move drawn bent, as some programs draw it: a leg of two
 * squares along a rank or file without a head, and one of one square at
 * a right angle whose head is the knight's square (or a leg of one, then
 * of two). Joined into one arrow in seen[], from the first leg's far end
 * to the head. Returns how many arrows are left. */
static int join_knight_arrows(arrow *a, fk_arrow_seen seen[], int n) {
    for (int i = 0; i < n; i++) {
        /* a leg whose "head" is only ears may be the bend's corner */
        if ((a[i].head_len[0] > 0 || a[i].head_len[1] > 0) && !a[i].eared) continue;
        for (int j = 0; j < n; j++) {
            if (j == i || a[j].eared || (a[j].head_len[0] <= 0 && a[j].head_len[1] <= 0)) continue;
            int corner = seen[j].from, tip = seen[j].to;
            if (seen[i].from != corner && seen[i].to != corner) continue;
            int start = seen[i].from == corner ? seen[i].to : seen[i].from;
            int r0 = start / 8, c0 = start % 8, r1 = corner / 8, c1 = corner % 8;
            int r2 = tip / 8, c2 = tip % 8;
            int leg1 = abs(r1 - r0) + abs(c1 - c0), leg2 = abs(r2 - r1) + abs(c2 - c1);
            int straight1 = r1 == r0 || c1 == c0, straight2 = r2 == r1 || c2 == c1;
            int turns = (r1 == r0) != (r2 == r1);
            if (!straight1 || !straight2 || !turns || leg1 + leg2 != 3 || leg1 == leg2) continue;
            seen[i] = (fk_arrow_seen){start, tip, seen[i].hidden};
            for (int k = j; k + 1 < n; k++) {
                seen[k] = seen[k + 1];
                a[k] = a[k + 1];
            }
            n--;
            if (j < i) i--;
            break;
        }
    }
    return n;
}

static int best_first(const void *x, const void *y) {
    return ((const arrow *)y)->score - ((const arrow *)x)->score;
}

/* Whether at least PAPER_LEAST cells of the colour not hatched are flat
 * crops within 2 grey levels of one another: a program's printed diagram
 * shows several empty squares of one paper grey; a photo of a physical
 * board whose grain passes for hatching shows hardly any, and arrows
 * would be found in its wood. */
#define PAPER_LEAST 4
static int paper_of_one_grey(const board_view *b, fk_bitboard flat_cells) {
    int count[256] = {0};
    for (int i = 0; i < 64; i++)
        if (fk_cell_colour(i) != b->hatched && (flat_cells >> i & 1)) count[b->ground[i]]++;
    for (int g = 0; g < 256; g++) {
        int near = 0;
        for (int d = -2; d <= 2; d++)
            near += g + d >= 0 && g + d < 256 ? count[g + d] : 0;
        if (near >= PAPER_LEAST) return 1;
    }
    return 0;
}

int fk_arrows_remove(uint8_t *crops, int side, fk_arrow_seen seen[FK_ARROWS_MOST],
                     fk_bitboard *changed) {
    size_t area = (size_t)side * side;
    if (changed) *changed = 0;
    int flat[2] = {0, 0};
    fk_bitboard flat_cells = 0;
    board_view b = {.w = 8 * side, .side = side};
    for (int i = 0; i < 64; i++) {
        const uint8_t *crop = crops + i * area;
        b.ground[i] = fk_crop_ground(crop, side);
        if (fk_crop_is_flat(crop, side)) {
            flat[fk_cell_colour(i)] = 1;
            flat_cells |= FK_BIT(i);
        }
    }
    short *under = NULL;
    b.hatched = -1;
    if (!flat[0] || !flat[1]) {
        if (!flat[0] && !flat[1]) return 0;
        b.hatched = flat[0] ? 1 : 0;
        /* a printed diagram as a program draws it: empty squares of the
         * flat colour are paper of one grey (tested first: it costs
         * nothing), and most of the other colour's cells show their
         * hatching */
        if (!paper_of_one_grey(&b, flat_cells)) return 0;
        under = malloc(sizeof(short) * area * 64);
        uint8_t *hatch = malloc(area);
        int laid = 0;
        for (int i = 0; under && hatch && i < 64; i++) {
            int fits =
                fk_cell_colour(i) == b.hatched && fk_hatch_ground(crops + i * area, side, hatch);
            laid += fits;
            for (int y = 0; y < side; y++)
                for (int x = 0; x < side; x++)
                    under[(size_t)((i / 8) * side + y) * b.w + (i % 8) * side + x] =
                        (short)(fk_cell_colour(i) != b.hatched ? b.ground[i]
                                : fits                         ? hatch[y * side + x]
                                                               : -1);
        }
        free(hatch);
        if (!under || laid < HATCHED_LEAST) {
            free(under);
            return 0;
        }
        b.under = under;
    }
    b.px = malloc(area * 64);
    arrow *found = malloc(sizeof(arrow) * 64 * 63 / 2);
    if (!b.px || !found) {
        free(b.px);
        free(found);
        free(under);
        return 0;
    }
    for (int i = 0; i < 64; i++)
        for (int y = 0; y < side; y++)
            memcpy(b.px + (size_t)((i / 8) * side + y) * b.w + (i % 8) * side,
                   crops + i * area + (size_t)y * side, (size_t)side);
    int n = 0, kept = 0;
    /* The first colour whose pixels make arrows: those that show over
     * both square colours, then those that show over one only. */
    for (int one_sided = 0; one_sided < (b.hatched < 0 ? 2 : 1) && n == 0; one_sided++) {
        see_through colour[COLOURS_MOST];
        int colours = find_colours(&b, colour, one_sided);
        for (int c = 0; c < colours && n == 0; c++) {
            b.k = colour[c].k;
            b.c0 = colour[c].c0;
            b.faint[0] = colour[c].faint[0];
            b.faint[1] = colour[c].faint[1];
            for (int s = 0; s < 64; s++)
                for (int t = s + 1; t < 64; t++) {
                    arrow_between(&b, s, t, &found[n]);
                    if (on_axis(&b, &found[n])) n++;
                }
        }
    }
    qsort(found, (size_t)n, sizeof found[0], best_first);
    for (int i = 0; i < n && kept < FK_ARROWS_MOST; i++) {
        if (explained(&b, &found[i], found, kept)) continue;
        measure(&b, &found[i]);
        found[kept++] = found[i];
        b.kept = found;
        b.kept_count = kept;
    }
    /* Measured again, every other arrow's shaft now known. */
    for (int i = 0; i < kept; i++) {
        arrow *a = &found[i];
        a->head_half[0] = a->head_half[1] = a->head_len[0] = a->head_len[1] = 0;
        measure(&b, a);
    }
    if (kept) {
        uint8_t *cover = calloc(area * 64, 2);
        if (cover) {
            uint8_t *edge = cover + area * 64;
            /* The arrows' colour hidden over one square colour: its
             * darker (2) or lighter (1) one; 0 when it shows over both. */
            int hid = b.faint[0] ? 0 : b.faint[1] ? 1 : -1;
            int hidden = hid < 0 ? 0 : mid_ground(&b, hid) < mid_ground(&b, !hid) ? 2 : 1;
            for (int i = 0; i < kept; i++) {
                arrow *a = &found[i];
                outline(&b, a, cover, edge);
                /* The head points where the arrow goes. With none seen
                 * (a man under it), the end whose shaft starts off its
                 * square's centre over bare ground is the tail; failing
                 * that, s to t as found. */
                int back = a->head_len[0] > 0 ? 1 : a->head_len[1] > 0 ? 0 : a->cap[1] > a->cap[0];
                seen[i].from = back ? a->t : a->s;
                seen[i].to = back ? a->s : a->t;
                seen[i].hidden = hidden;
            }
            fk_bitboard cells = take_out(&b, cover, edge);
            if (changed) *changed = cells;
            kept = join_knight_arrows(found, seen, kept);
            for (int i = 0; i < 64; i++)
                for (int y = 0; y < side; y++)
                    memcpy(crops + i * area + (size_t)y * side,
                           b.px + (size_t)((i / 8) * side + y) * b.w + (i % 8) * side,
                           (size_t)side);
            free(cover);
        } else
            kept = 0;
    }
    free(b.px);
    free(found);
    free(under);
    return kept;
}
