/* libFuzzer target for the engine layer's info reader: any text read as a
 * UCI info line from a few positions. A line that reads must hold a pv of
 * legal moves, whose SAN can be written, and fields within their ranges. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/core.h"
#include "fenkit/engine.h"

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 8192) return 0;
    char text[8193];
    memcpy(text, data, size);
    text[size] = '\0';
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        fk_position pos;
        fk_problems problems;
        fk_problems_clear(&problems);
        fk_fen_parse(fens[i], strlen(fens[i]), FK_FEN_STRICT, &pos, &problems);
        fk_engine_line line;
        fk_error err;
        if (fk_engine_parse_info(text, &pos, &line, &err) != FK_OK) continue;
        if (line.pv_len < 1 || line.pv_len > FK_ENGINE_MAX_PV || line.multipv < 1) abort();
        char san[4096];
        if (fk_engine_line_san(&pos, &line, san, sizeof san) == 0) abort();
    }
    return 0;
}
