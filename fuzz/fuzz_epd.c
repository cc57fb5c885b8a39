/* libFuzzer target for EPD lines: any bytes are read; a line that reads
 * must write an EPD that reads back to the same FEN and operations. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static fk_epd_ops ops, again;
    fk_position pos, pos2;
    fk_problems problems;
    fk_error err;
    fk_problems_clear(&problems);
    if (fk_epd_parse((const char *)data, size, FK_FEN_TOLERANT, &pos, &ops, &problems, &err) !=
        FK_OK)
        return 0;
    char out[FK_FEN_MAX + sizeof ops.ops + 64];
    size_t len = fk_epd_write(&pos, &ops, FK_EP_ALWAYS, out, sizeof out);
    if (len == 0) abort();
    fk_problems_clear(&problems);
    /* an operand with a quote in it cannot be written back as it was */
    for (int i = 0; i < ops.count; i++)
        if (strchr(ops.ops[i].operands, '"') || strchr(ops.ops[i].operands, ';')) return 0;
    if (fk_epd_parse(out, len, FK_FEN_TOLERANT, &pos2, &again, &problems, &err) != FK_OK) abort();
    if (again.count != ops.count) abort();
    for (int i = 0; i < ops.count; i++)
        if (strcmp(again.ops[i].opcode, ops.ops[i].opcode) != 0 ||
            strcmp(again.ops[i].operands, ops.ops[i].operands) != 0)
            abort();
    pos.halfmove = pos2.halfmove; /* counters live in hmvc and fmvn */
    pos.fullmove = pos2.fullmove;
    /* The same position as FEN text: rights the tolerant reader kept for a
     * rook off its home square are written as the plain letter, which the
     * FEN layer (not EPD) reads back another way. */
    char a[FK_FEN_MAX], b[FK_FEN_MAX];
    fk_fen_write(&pos, FK_EP_ALWAYS, a, sizeof a);
    fk_fen_write(&pos2, FK_EP_ALWAYS, b, sizeof b);
    if (strcmp(a, b) != 0) abort();
    return 0;
}
