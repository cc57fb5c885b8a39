/* Which side is at the bottom of the picture, reasoned from the position:
 * pawns advance away from their own side, and kings usually stay home. */
#include <math.h>

#include "vision.h"

int fk_orient_guess(const fk_piece picture[64], double *confidence) {
    /* Evidence for White at the bottom, in picture rows (0 = top), starting
     * from a lean towards it: most diagrams and screens show White there. */
    double z = 1.0;
    for (int i = 0; i < 64; i++) {
        fk_piece p = picture[i];
        if (p == FK_EMPTY) continue;
        double row = i / 8, down = row - 3.5; /* > 0: lower half of the picture */
        int white = FK_PIECE_COLOR(p) == FK_WHITE;
        double toward_own = white ? down : -down;
        switch (FK_PIECE_KIND(p)) {
        case FK_PAWN: z += 0.15 * toward_own; break;
        case FK_KING: z += 0.25 * toward_own; break;
        default: z += 0.03 * toward_own; break;
        }
    }
    *confidence = 1 / (1 + exp(-fabs(z)));
    return z >= 0;
}
