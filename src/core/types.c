/* Names and letters of pieces and squares. */
#include "fenkit/types.h"

static const char piece_letters[FK_PIECE_COUNT + 1] = FK_PIECE_LETTERS;

static const char *const piece_names[FK_PIECE_COUNT] = {
    "empty square", "white pawn", "white knight", "white bishop", "white rook",
    "white queen", "white king", "black pawn", "black knight", "black bishop",
    "black rook", "black queen", "black king"};

fk_piece fk_piece_from_char(char c) {
    for (int p = 1; p < FK_PIECE_COUNT; p++)
        if (piece_letters[p] == c) return (fk_piece)p;
    return FK_EMPTY;
}

const char *fk_piece_name(fk_piece piece) {
    return (unsigned)piece < FK_PIECE_COUNT ? piece_names[piece] : "unknown piece";
}

void fk_square_name(fk_square sq, char out[3]) {
    if (sq < 0 || sq >= 64) {
        out[0] = '-';
        out[1] = '\0';
        return;
    }
    out[0] = (char)('a' + FK_FILE_OF(sq));
    out[1] = (char)('1' + FK_RANK_OF(sq));
    out[2] = '\0';
}

fk_square fk_square_parse(const char *text) {
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return FK_NO_SQUARE;
    return FK_SQUARE(text[0] - 'a', text[1] - '1');
}
