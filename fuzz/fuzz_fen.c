/* libFuzzer target for FEN reading and writing. Any bytes are read in every
 * mode; what reads without error must write, read back to the same
 * position, and write the same text again; the position check must cope
 * with whatever the reader let through. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/core.h"

/* Aborts unless the problem list is sane: counts in range, offsets inside
 * the text, every problem with a message. */
static void require_sane(const fk_problems *problems, size_t size) {
    if (problems->count < 0 || problems->count > FK_MAX_PROBLEMS || problems->dropped < 0) abort();
    for (int i = 0; i < problems->count; i++) {
        const fk_problem *p = &problems->items[i];
        if (p->offset < -1 || (p->offset >= 0 && (size_t)p->offset > size)) abort();
        if (p->message[0] == '\0' || memchr(p->message, '\0', sizeof p->message) == NULL) abort();
        if ((unsigned)p->code >= FK_PROB_CODE_COUNT) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const unsigned modes[] = {FK_FEN_STRICT, FK_FEN_TOLERANT, FK_FEN_CHESS960,
                                     FK_FEN_TOLERANT | FK_FEN_CHESS960};
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        fk_position pos, again;
        fk_problems problems;
        fk_problems_clear(&problems);
        fk_status status = fk_fen_parse((const char *)data, size, modes[m], &pos, &problems);
        require_sane(&problems, size);
        if ((status == FK_OK) == (fk_problems_has_error(&problems) != 0)) abort();
        if (status != FK_OK) continue;
        int noted = problems.count;

        char first[FK_FEN_MAX], second[FK_FEN_MAX];
        size_t len = fk_fen_write(&pos, FK_EP_ALWAYS, first, sizeof first);
        if (len == 0 || len >= FK_FEN_MAX || strlen(first) != len) abort();
        fk_problems_clear(&problems);
        unsigned flags = pos.chess960 ? FK_FEN_CHESS960 : FK_FEN_STRICT;
        if (fk_fen_parse(first, len, flags, &again, &problems) != FK_OK) abort();
        if (problems.count != 0) abort(); /* canonical text has nothing to note */
        if (!fk_position_equal(&pos, &again)) abort();
        if (fk_fen_write(&again, FK_EP_ALWAYS, second, sizeof second) != len) abort();
        if (memcmp(first, second, len) != 0) abort();
        /* Text read without even a note is canonical: it comes back byte
         * for byte. */
        if (noted == 0 && (len != size || memcmp(first, data, size) != 0)) abort();

        fk_problems_clear(&problems);
        fk_position_check(&pos, &problems);
        require_sane(&problems, size);
        fk_fen_write(&pos, FK_EP_LEGAL, second, sizeof second);
        char placement[FK_FEN_MAX];
        if (fk_fen_write_placement(&pos, placement, sizeof placement) == 0) abort();
        if (strncmp(placement, first, strlen(placement)) != 0) abort();
    }
    return 0;
}
