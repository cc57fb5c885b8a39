/* fenkit's side of the FEN benchmark: reads a file of FENs (one a line)
 * into memory, then reads and checks every one with fk_fen_validate, again
 * and again, and prints the median rate (per second of CPU time) of five
 * timed runs.
 * Usage: fen_bench FILE [strict|tolerant]
 * Prints: fenkit RATE_PER_SECOND VALID INVALID
 * Also: fen_bench --once FILE [strict|tolerant], which reads and checks
 * every FEN once, untimed, and prints VALID INVALID: a fixed amount of work
 * whose instructions perf stat or callgrind can count on a busy machine.
 * Also: fen_bench --random-games GAMES SEED, which prints the FEN of every
 * position of GAMES random legal games (at most 200 plies each), for a
 * corpus of positions that real games seldom reach. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fenkit/core.h"

typedef struct {
    const char *text;
    size_t len;
} line;

/* Seconds of CPU time used by this process: on a shared machine, time
 * slices given to others do not count against either side. */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads every line of path; the lines point into *buffer (caller frees). */
static line *read_lines(const char *path, char **buffer, size_t *count) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(text);
        return NULL;
    }
    fclose(f);
    size_t n = 0, cap = 1024;
    line *lines = malloc(cap * sizeof *lines);
    for (char *p = text, *end = text + size; p < end;) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) nl = end;
        if (n == cap) lines = realloc(lines, (cap *= 2) * sizeof *lines);
        lines[n].text = p;
        lines[n++].len = (size_t)(nl - p);
        p = nl + 1;
    }
    *buffer = text;
    *count = n;
    return lines;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Prints the positions of `games` random legal games, one FEN a line. */
static int random_games(long games, unsigned long seed) {
    for (long g = 0; g < games; g++) {
        fk_position pos;
        fk_position_startpos(&pos);
        for (int ply = 0; ply < 200; ply++) {
            fk_movelist moves;
            if (fk_moves_generate(&pos, &moves) == 0) break;
            seed = seed * 6364136223846793005ul + 1442695040888963407ul;
            fk_move_make(&pos, moves.moves[(seed >> 33) % (unsigned long)moves.count]);
            char fen[FK_FEN_MAX];
            fk_fen_write(&pos, FK_EP_LEGAL, fen, sizeof fen);
            puts(fen);
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "--random-games") == 0)
        return random_games(atol(argv[2]), strtoul(argv[3], NULL, 10));
    int once = argc > 1 && strcmp(argv[1], "--once") == 0;
    if (once) argc--, argv++;
    if (argc < 2) {
        fprintf(stderr, "usage: fen_bench [--once] FILE [strict|tolerant]\n");
        return 2;
    }
    unsigned flags = argc > 2 && strcmp(argv[2], "tolerant") == 0 ? FK_FEN_TOLERANT : FK_FEN_STRICT;
    char *buffer;
    size_t count;
    line *lines = read_lines(argv[1], &buffer, &count);
    if (!lines || count == 0) {
        fprintf(stderr, "fen_bench: cannot read %s\n", argv[1]);
        return 1;
    }
    size_t valid = 0;
    if (once) {
        for (size_t i = 0; i < count; i++) {
            fk_position pos;
            fk_problems problems;
            fk_problems_clear(&problems);
            valid += fk_fen_validate(lines[i].text, lines[i].len, flags, &pos, &problems) == FK_OK;
        }
        printf("%zu %zu\n", valid, count - valid);
        free(lines);
        free(buffer);
        return 0;
    }
    double rates[5];
    for (int run = 0; run < 5; run++) {
        size_t done = 0;
        double start = now(), elapsed;
        do {
            size_t ok = 0;
            for (size_t i = 0; i < count; i++) {
                fk_position pos;
                fk_problems problems;
                fk_problems_clear(&problems);
                ok += fk_fen_validate(lines[i].text, lines[i].len, flags, &pos, &problems) == FK_OK;
            }
            valid = ok;
            done += count;
            elapsed = now() - start;
        } while (elapsed < 0.5);
        rates[run] = (double)done / elapsed;
    }
    qsort(rates, 5, sizeof rates[0], by_value);
    printf("fenkit %.0f %zu %zu\n", rates[2], valid, count - valid);
    free(lines);
    free(buffer);
    return 0;
}
