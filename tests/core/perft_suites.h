/* Test helper: reads the perft suites in tests/data/perft (three formats)
 * and calls back once per (FEN, depth, nodes) record. Header-only, for the
 * rules tests. */
#ifndef FENKIT_TEST_PERFT_SUITES_H
#define FENKIT_TEST_PERFT_SUITES_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*perft_record_fn)(const char *file, const char *fen, int depth, uint64_t nodes,
                                void *ctx);

static const char *const perft_suite_files[] = {
    "perftsuite.epd",          "shakmaty_tricky.perft", "pythonchess_tricky.perft",
    "shakmaty_chess960.perft", "shakmaty_random.perft", "chessjs_perft.tsv",
};
#define PERFT_SUITE_FILE_COUNT (sizeof perft_suite_files / sizeof perft_suite_files[0])

/* Reads one suite file; returns the number of records, or -1 when the file
 * cannot be opened. */
static int perft_suite_read(const char *name, perft_record_fn fn, void *ctx) {
    char path[1024], line[1024], fen[1024] = "";
    snprintf(path, sizeof path, "%s/perft/%s", FENKIT_TEST_DATA, name);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    int records = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *semi = strchr(line, ';'), *tab = strchr(line, '\t');
        if (strncmp(line, "epd ", 4) == 0) {
            snprintf(fen, sizeof fen, "%s", line + 4);
        } else if (strncmp(line, "perft ", 6) == 0) {
            char *end;
            int depth = (int)strtol(line + 6, &end, 10);
            fn(name, fen, depth, strtoull(end, NULL, 10), ctx);
            records++;
        } else if (semi) { /* FEN ;D1 20 ;D2 400 ... */
            *semi = '\0';
            snprintf(fen, sizeof fen, "%s", line);
            for (size_t n = strlen(fen); n && fen[n - 1] == ' ';) fen[--n] = '\0';
            for (char *d = semi + 1; d; d = strchr(d, ';')) {
                if (*d == ';') d++;
                int depth;
                unsigned long long nodes;
                if (sscanf(d, "D%d %llu", &depth, &nodes) == 2) {
                    fn(name, fen, depth, nodes, ctx);
                    records++;
                }
            }
        } else if (tab && strncmp(line, "fen\t", 4) != 0) { /* fen depth nodes */
            *tab = '\0';
            char *end;
            int depth = (int)strtol(tab + 1, &end, 10);
            fn(name, line, depth, strtoull(end, NULL, 10), ctx);
            records++;
        }
    }
    fclose(f);
    return records;
}

#endif
