/* The moves of a man picked up, as playing sites mark them: a round dot
 * in the middle of each empty square he can go to (lichess draws it in
 * half-opaque green, chess.com in a faint grey). The network never saw
 * such dots, and a dark one reads as a pawn or a rook. A dot is a crop of
 * one flat ground with a disc of one other grey at its centre; no man is
 * drawn so (every man has an outline and a base wider than his head), so
 * the disc is painted over with the ground and the square read empty. */
#include <math.h>

#include "fenkit/moves.h"
#include "vision.h"

/* The disc must differ from its ground by DOT_CONTRAST grey levels; each
 * pixel away from its edge must be within DOT_NEAR (or a fifth of the
 * contrast, for a JPEG's ringing) of the ground or of the disc's grey. */
#define DOT_CONTRAST 10
#define DOT_NEAR 4
/* The disc's radius, as a share of the square: lichess's 0.13, chess.com's
 * 0.17; its centre within DOT_OFF of the crop's. */
#define DOT_SMALLEST 0.08
#define DOT_LARGEST 0.30
#define DOT_OFF 0.06
#define PI 3.14159265358979323846

/* Whether (x, y) lies in one of the crop's corner boxes of side q. */
static int in_corner(int x, int y, int side, int q) {
    return (x < q || x >= side - q) && (y < q || y >= side - q);
}

/* Whether the crop is its ground with a move dot; fills the dot's centre,
 * radius and ground grey. */
static int move_dot(const uint8_t *crop, int side, double *cx, double *cy, double *radius,
                    int *ground) {
    /* the ground: the band one and two pixels in from the edge (the
     * outermost ring may carry a neighbour's colour) */
    int g = fk_crop_ring_median(crop, side, 1, 2);
    double mid = (side - 1) / 2.0;
    int c0 = (int)mid - 1, sum = 0;
    for (int y = c0; y < c0 + 4; y++)
        for (int x = c0; x < c0 + 4; x++)
            sum += crop[y * side + x];
    double contrast = sum / 16.0 - g;
    if (fabs(contrast) < DOT_CONTRAST) return 0;
    /* the disc: pixels past half the contrast, its moments (the corners
     * left out, where coordinates are drawn inside the edge squares) */
    int q = side / 4;
    double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    for (int y = 1; y < side - 1; y++)
        for (int x = 1; x < side - 1; x++) {
            double d = crop[y * side + x] - g;
            if (d * contrast <= 0 || fabs(d) < fabs(contrast) / 2 || in_corner(x, y, side, q))
                continue;
            n++;
            sx += x;
            sy += y;
            sxx += (double)x * x;
            syy += (double)y * y;
            sxy += (double)x * y;
        }
    double r = sqrt(n / PI);
    if (r < DOT_SMALLEST * side || r > DOT_LARGEST * side) return 0;
    double mx = sx / n, my = sy / n;
    if (fabs(mx - mid) > DOT_OFF * side || fabs(my - mid) > DOT_OFF * side) return 0;
    /* round: a disc's second moments are r^2/4 along every axis (plus a
     * twelfth of a pixel for its pixels' own width) */
    double vx = sxx / n - mx * mx, vy = syy / n - my * my, cov = sxy / n - mx * my;
    double disc = r * r / 4 + 1 / 12.0;
    if (vx < 0.8 * disc || vx > 1.25 * disc || vy < 0.8 * disc || vy > 1.25 * disc ||
        fabs(cov) > 0.1 * disc)
        return 0;
    /* ground outside it (but in the corners, and two pixels in from the
     * edge, where a grid a pixel off shows the neighbours on a small board
     * drawn large) and one grey inside */
    double near = fabs(contrast) / 5 > DOT_NEAR ? fabs(contrast) / 5 : DOT_NEAR;
    for (int y = 2; y < side - 2; y++)
        for (int x = 2; x < side - 2; x++) {
            double d = hypot(x - mx, y - my), v = crop[y * side + x];
            if (d > r + 1.5 && !in_corner(x, y, side, q) && fabs(v - g) > near) return 0;
            if (d < r - 1.5 && fabs(v - g - contrast) > near) return 0;
        }
    *cx = mx;
    *cy = my;
    *radius = r;
    *ground = g;
    return 1;
}

fk_bitboard fk_move_dots_remove(uint8_t *crops, int side) {
    fk_bitboard dotted = 0;
    size_t area = (size_t)side * side;
    for (int i = 0; i < 64; i++) {
        uint8_t *crop = crops + i * area;
        double cx, cy, r;
        int g;
        if (fk_crop_is_flat(crop, side) || !move_dot(crop, side, &cx, &cy, &r, &g)) continue;
        for (int y = 0; y < side; y++)
            for (int x = 0; x < side; x++)
                if (hypot(x - cx, y - cy) <= r + 2) crop[y * side + x] = (uint8_t)g;
        dotted |= FK_BIT(i);
    }
    return dotted;
}

/* The squares each man of `side` can go to (men[from]), castling counted
 * as the king's own step two files across where king and rook stand at
 * home, and the men who have a move. */
static fk_bitboard reachable(const fk_position *board, fk_color side, fk_bitboard men[64]) {
    fk_position pos = *board;
    pos.side = (uint8_t)side;
    pos.ep_square = FK_NO_SQUARE;
    pos.castling = 0;
    int rank = side == FK_WHITE ? 0 : 7;
    if (fk_position_at(board, FK_SQUARE(4, rank)) == FK_MAKE_PIECE(side, FK_KING))
        for (int file = 0; file < 8; file += 7)
            if (fk_position_at(board, FK_SQUARE(file, rank)) == FK_MAKE_PIECE(side, FK_ROOK))
                pos.castling |= FK_BIT(FK_SQUARE(file, rank));
    fk_movelist list;
    fk_moves_generate(&pos, &list);
    fk_bitboard any = 0;
    for (int i = 0; i < 64; i++)
        men[i] = 0;
    for (int k = 0; k < list.count; k++) {
        fk_move m = list.moves[k];
        int to = m.to;
        if (m.flags & FK_MOVE_CASTLE) to = FK_SQUARE(m.to > m.from ? 6 : 2, rank);
        men[m.from] |= FK_BIT(to);
        any |= FK_BIT(m.from);
    }
    return any;
}

int fk_picked_man(const fk_position *board, fk_bitboard dots, fk_square *at, fk_bitboard *takes) {
    *at = FK_NO_SQUARE;
    *takes = 0;
    if (!dots) return -1;
    fk_bitboard empty = 0;
    for (int sq = 0; sq < 64; sq++)
        if (fk_position_at(board, sq) == FK_EMPTY) empty |= FK_BIT(sq);
    /* men whose moves to empty squares are the dots exactly, else who
     * reach every dot */
    int exact[2] = {0, 0}, reach[2] = {0, 0};
    fk_square exact_at = FK_NO_SQUARE, reach_at = FK_NO_SQUARE;
    fk_bitboard exact_takes = 0, reach_takes = 0;
    for (int side = 0; side < 2; side++) {
        fk_bitboard men[64];
        for (fk_bitboard b = reachable(board, (fk_color)side, men); b; b &= b - 1) {
            int from = __builtin_ctzll(b);
            if ((men[from] & empty) == dots) {
                exact[side]++;
                exact_at = (fk_square)from;
                exact_takes = men[from] & ~empty;
            } else if ((dots & ~men[from]) == 0) {
                reach[side]++;
                reach_at = (fk_square)from;
                reach_takes = men[from] & ~empty;
            }
        }
    }
    int is_exact = exact[0] + exact[1] > 0, *count = is_exact ? exact : reach;
    if (count[0] + count[1] == 0 || (count[0] && count[1])) return -1;
    if (count[0] + count[1] == 1) {
        *at = is_exact ? exact_at : reach_at;
        *takes = is_exact ? exact_takes : reach_takes;
    }
    return count[0] ? FK_WHITE : FK_BLACK;
}
