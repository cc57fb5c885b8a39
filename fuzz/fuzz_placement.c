/* libFuzzer target for src/core/placement.c and src/common/coach_placement.c:
 * any bytes read as a placement rank by rank and said aloud. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/coach.h"

/* Stops the run on a broken promise (the build drops assert()). */
#define require(x)                                                                                 \
    do {                                                                                           \
        if (!(x)) __builtin_trap();                                                                \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    fk_rank_reading ranks[10];
    int n = fk_placement_read(text, size, ranks, 10);
    require(n >= 1);
    for (int i = 0; i < n && i < 10; i++) {
        const fk_rank_reading *r = &ranks[i];
        require(r->rank == 8 - i);
        require(r->offset >= 0 && (size_t)(r->offset + r->length) <= size);
        require(r->count <= FK_RANK_STRETCHES);
        int squares = 0, bytes = 0;
        for (int k = 0; k < r->count; k++) {
            const fk_stretch *s = &r->stretches[k];
            require(s->offset + s->length <= r->length);
            require(s->offset >= bytes);
            bytes = s->offset + s->length;
            squares += s->count;
        }
        /* every square is in a kept stretch unless some were dropped */
        require(r->dropped || squares == r->squares);
        char said[4096];
        coach_rank(said, sizeof said, text + r->offset, r);
        require(memchr(said, '\0', sizeof said));
        char small[16];
        coach_rank(small, sizeof small, text + r->offset, r);
        require(memchr(small, '\0', sizeof small));
    }
    FILE *out = fopen("/dev/null", "w");
    if (out) {
        coach_placement(out, text, size, "  ");
        fclose(out);
    }
    return 0;
}
