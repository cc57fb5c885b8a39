/* The last move a picture marks: the two squares a program tints (by
 * grey, or by colour where a JPEG keeps it), the move they make on the
 * board read, and which way round the board is from a pawn's marked step. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

/* Whether a man of kind `piece` now on `to` can have come from `from` in
 * one move of the position before: his way of moving, a pawn's from his
 * side (or promoted, a piece on the last rank come from a pawn's square
 * before it), castling's king from his square on the home rank, and the
 * squares a slider passed over empty (nothing else has moved since). */
static int could_have_come(const fk_position *board, fk_piece piece, fk_square from, fk_square to) {
    int df = FK_FILE_OF(to) - FK_FILE_OF(from), dr = FK_RANK_OF(to) - FK_RANK_OF(from);
    int adf = abs(df), adr = abs(dr);
    int white = FK_PIECE_COLOR(piece) == FK_WHITE, ahead = white ? dr : -dr;
    int home = white ? 0 : 7, last = white ? 7 : 0;
    int kind = FK_PIECE_KIND(piece), slides = 0;
    switch (kind) {
    case FK_PAWN:
        return (ahead == 1 && adf <= 1) ||
               (ahead == 2 && adf == 0 && FK_RANK_OF(from) == (white ? 1 : 6) &&
                fk_position_at(board, (from + to) / 2) == FK_EMPTY);
    case FK_KNIGHT: return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
    case FK_KING:
        return (adf <= 1 && adr <= 1) || (from == FK_SQUARE(4, home) && FK_RANK_OF(to) == home &&
                                          (FK_FILE_OF(to) == 2 || FK_FILE_OF(to) == 6));
    case FK_BISHOP: slides = adf == adr; break;
    case FK_ROOK: slides = df == 0 || dr == 0; break;
    default: slides = adf == adr || df == 0 || dr == 0; break;
    }
    /* a piece just promoted came from the rank before the last */
    if (FK_RANK_OF(to) == last && ahead == 1 && adf <= 1 && kind != FK_KING) return 1;
    if (!slides) return 0;
    int n = adf > adr ? adf : adr, step = (dr > 0) - (dr < 0);
    for (int k = 1; k < n; k++)
        if (fk_position_at(board, FK_SQUARE(FK_FILE_OF(from) + k * ((df > 0) - (df < 0)),
                                            FK_RANK_OF(from) + k * step)) != FK_EMPTY)
            return 0;
    return 1;
}

/* Castling marked by the king's and the rook's squares before it (e1
 * and h1), as chessboard.js and lichess until 2025 mark it, both empty
 * now: the king's move it was (e1 to g1), or FK_NO_SQUARE. */
static fk_square castled_to(const fk_position *board, fk_square a, fk_square b) {
    for (int c = 0; c < 2; c++) {
        int rank = c ? 7 : 0;
        fk_square home = FK_SQUARE(4, rank), corner = a == home ? b : a;
        if ((a != home && b != home) || FK_RANK_OF(corner) != rank) continue;
        int file = FK_FILE_OF(corner) == 7 ? 6 : FK_FILE_OF(corner) == 0 ? 2 : -1;
        if (file < 0) continue;
        fk_square king = FK_SQUARE(file, rank), rook = FK_SQUARE(file == 6 ? 5 : 3, rank);
        if (fk_position_at(board, king) == FK_MAKE_PIECE(c, FK_KING) &&
            fk_position_at(board, rook) == FK_MAKE_PIECE(c, FK_ROOK))
            return king;
    }
    return FK_NO_SQUARE;
}

/* The last move the picture marks (r->last_from, r->last_to): of the
 * tinted squares (a king's in check aside: a check's glow), exactly two,
 * one empty and one holding a man who can have come from it (or castling
 * marked by the king's and the rook's squares), whose own king is not in
 * check after it. Returns whether one was seen. */
int fk_last_move_seen(const fk_position *board, fk_bitboard tinted, fk_scan_result *r) {
    r->last_from = r->last_to = FK_NO_SQUARE;
    for (int c = 0; c < 2; c++) {
        fk_square king = fk_position_king(board, (fk_color)c);
        if (king != FK_NO_SQUARE && fk_position_in_check(board, (fk_color)c))
            tinted &= ~FK_BIT(king);
    }
    if (__builtin_popcountll(tinted) != 2) return 0;
    fk_square a = __builtin_ctzll(tinted), b = 63 - __builtin_clzll(tinted);
    fk_piece pa = fk_position_at(board, a), pb = fk_position_at(board, b);
    fk_square from = pa == FK_EMPTY ? a : b, to = pa == FK_EMPTY ? b : a;
    if (pa == FK_EMPTY && pb == FK_EMPTY) {
        to = castled_to(board, a, b);
        from = FK_SQUARE(4, FK_RANK_OF(a));
        if (to == FK_NO_SQUARE) return 0;
    } else if (pa != FK_EMPTY && pb != FK_EMPTY) {
        return 0;
    }
    fk_piece man = fk_position_at(board, to);
    if (!could_have_come(board, man, from, to) || fk_position_in_check(board, FK_PIECE_COLOR(man)))
        return 0;
    r->last_from = from;
    r->last_to = to;
    return 1;
}

/* The last move's two squares, as programs mark them: tinted, the rest
 * of their colour's squares one grey. A square colour counts when all
 * but TINT_STRAY of its cells have a ground (drawings.ground) within a
 * grey level of the colour's median; its cells TINT levels or more off
 * it are tinted. In grey, lichess's yellow marks a brown theme's light
 * squares 24 levels darker and its dark squares 7 lighter. Returns the
 * tinted cells (none where a colour is not so even: hatched, grainy,
 * photographed, or more than TINT_MOST cells off). */
#define TINT 3
#define TINT_STRAY 2
#define TINT_MOST 3

/* The cells whose value lies `apart` or more off their square colour's
 * median (above it only, when `above`), at most TINT_MOST a colour, where
 * all but TINT_STRAY of each colour's other cells lie within `within` of
 * it; none where a colour is not so even. The `ignored` cells (a panel's,
 * fk_covered_cells()) count for nothing. */
static fk_bitboard standing_out(const double value[64], fk_bitboard ignored, double apart,
                                double within, int above) {
    fk_bitboard out = 0;
    for (int c = 0; c < 2; c++) {
        double v[32];
        int n = 0, off = 0, even = 0;
        for (int i = 0; i < 64; i++)
            if (fk_cell_colour(i) == c && !(ignored >> i & 1)) v[n++] = value[i];
        if (n == 0) return 0;
        double mid = fk_median(v, n);
        for (int i = 0; i < 64; i++) {
            if (fk_cell_colour(i) != c || (ignored >> i & 1)) continue;
            double d = value[i] - mid;
            if ((above ? d : fabs(d)) >= apart) {
                out |= (fk_bitboard)1 << i;
                off++;
            }
            even += fabs(d) <= within;
        }
        if (off > TINT_MOST || even < n - off - TINT_STRAY) return 0;
    }
    return out;
}

fk_bitboard fk_tinted_cells(const int ground[64], fk_bitboard ignored) {
    double g[64];
    for (int i = 0; i < 64; i++)
        g[i] = ground[i];
    return standing_out(g, ignored, TINT, 1, 0);
}

/* The last move's two squares by their colour, where a JPEG keeps it
 * (fk_image.colour): the yellow that lichess and chess.com lay over them.
 * Each cell's yellowness (red and green's mean above blue) is averaged
 * over 32 points of the ring a tenth of a square inside its edges; a
 * square colour counts when all but TINT_STRAY of its cells lie within
 * YELLOW_EVEN of its median, and its cells YELLOW_TINT or more above the
 * median are tinted (at most TINT_MOST). This serves a site's
 * screenshot saved as JPEG: the marked squares stand far above their
 * colour's median and the others close to it, while in grey the tint on
 * the light squares is a few levels, which the JPEG's ringing hides. */
#define YELLOW_TINT 40
#define YELLOW_EVEN 8

fk_bitboard fk_tinted_in_colour(const fk_image *im, const fk_board_location *where) {
    if (!im->colour) return 0;
    double h[9], yellow[64];
    fk_quad_map(where->corners, h);
    double sx = (double)im->colour_width / im->width, sy = (double)im->colour_height / im->height;
    for (int i = 0; i < 64; i++) {
        double sum = 0;
        for (int t = 0; t < 8; t++) {
            double a = 0.1 + 0.8 * t / 7;
            const double ring[4][2] = {{a, 0.1}, {a, 0.9}, {0.1, a}, {0.9, a}};
            for (int k = 0; k < 4; k++) {
                fk_point p = fk_quad_point(h, i % 8 + ring[k][0], i / 8 + ring[k][1]);
                int x = (int)(p.x * sx), y = (int)(p.y * sy);
                x = x < 0 ? 0 : x >= im->colour_width ? im->colour_width - 1 : x;
                y = y < 0 ? 0 : y >= im->colour_height ? im->colour_height - 1 : y;
                const uint8_t *rgb = im->colour + ((size_t)y * im->colour_width + x) * 3;
                sum += (rgb[0] + rgb[1]) / 2.0 - rgb[2];
            }
        }
        yellow[i] = sum / 32;
    }
    return standing_out(yellow, 0, YELLOW_TINT, YELLOW_EVEN, 1);
}

/* Which way round the board is, from a last move marked on it (tinted
 * cells, fk_tinted_cells()) that is a pawn's step: exactly two tinted cells,
 * one empty and one holding a pawn who can have come from it
 * (could_have_come()) with one side at the bottom and not the other. A
 * White pawn that went up the picture has White at the bottom. Returns 1
 * (White at the bottom), 0, or -1 when the marks show no pawn's step. */
int fk_orient_from_marked_step(const fk_piece picture[64], fk_bitboard tinted) {
    if (__builtin_popcountll(tinted) != 2) return -1;
    int a = __builtin_ctzll(tinted), b = 63 - __builtin_clzll(tinted);
    int pawn = picture[a] == FK_EMPTY ? b : a, empty = pawn == a ? b : a;
    if (picture[empty] != FK_EMPTY || FK_PIECE_KIND(picture[pawn]) != FK_PAWN) return -1;
    for (int white_bottom = 1; white_bottom >= 0; white_bottom--) {
        fk_position board;
        fk_position_clear(&board);
        for (int i = 0; i < 64; i++)
            if (picture[i] != FK_EMPTY)
                fk_position_put(&board, fk_cell_square(i, white_bottom), picture[i]);
        if (could_have_come(&board, picture[pawn], fk_cell_square(empty, white_bottom),
                            fk_cell_square(pawn, white_bottom)))
            return white_bottom;
    }
    return -1;
}
