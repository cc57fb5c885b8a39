/* libFuzzer target for src/core/check.c and src/common/coach_fields.c: builds a position
 * straight from the bytes (any men anywhere, any side, castling rights on
 * any back-rank squares, any en passant square, any counters), so the checks
 * meet boards no FEN reader would hand them. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fenkit/check.h"
#include "common/coach.h"

/* Stops the run on a broken promise (the build drops assert()). */
#define require(x) \
    do {                                                                       \
        if (!(x)) __builtin_trap();                                            \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 72) return 0;
    fk_position pos;
    fk_position_clear(&pos);
    for (int sq = 0; sq < 64; sq++) {
        /* Mostly empty squares, like real boards. */
        int piece = data[sq] < 128 ? 0 : data[sq] % FK_PIECE_COUNT;
        if (piece) fk_position_put(&pos, sq, (fk_piece)piece);
    }
    pos.side = data[64] & 1;
    pos.chess960 = (data[64] >> 1) & 1;
    pos.castling_style = (uint8_t)((data[64] >> 2) % 3);
    pos.castling = ((fk_bitboard)data[65] | ((fk_bitboard)data[66] << 56));
    pos.ep_square = (uint8_t)(data[67] % 65);
    pos.halfmove = (uint32_t)data[68] | ((uint32_t)data[69] << 8);
    pos.fullmove = (uint32_t)data[70] | ((uint32_t)data[71] << 24);

    fk_problems problems;
    fk_problems_clear(&problems);
    fk_status st = fk_position_check(&pos, &problems);
    require(st == FK_OK || st == FK_ERR_INVALID);
    require(problems.count <= FK_MAX_PROBLEMS);
    for (int i = 0; i < problems.count; i++) {
        require(memchr(problems.items[i].message, '\0', sizeof problems.items[i].message));
        require(memchr(problems.items[i].fix, '\0', sizeof problems.items[i].fix));
        require(problems.items[i].message[0]);
    }
    require((st == FK_OK) == !fk_problems_has_error(&problems) || problems.dropped);

    char text[4096];
    size_t need = coach_fields(&pos, text, sizeof text);
    require(need < sizeof text && strlen(text) == need);
    char small[37];
    require(coach_fields(&pos, small, sizeof small) == need);
    require(strlen(small) == (need < sizeof small ? need : sizeof small - 1));
    return 0;
}
