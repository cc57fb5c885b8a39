/* SAN-parse-and-make throughput: reads the SAN of real games (a TSV with
 * columns game, ply, san, ...), checks once that every move reads, then
 * replays all games several times and prints moves per CPU second. This is the
 * cost of reading a PGN's moves. Built and run by bench/san.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fenkit/fenkit.h"

typedef struct {
    char san[12];
    int first; /* 1 on a game's first ply */
} ply;

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    size_t cap = 1 << 17, count = 0;
    ply *plies = malloc(cap * sizeof *plies);
    char line[1024];
    while (plies && fgets(line, sizeof line, stdin)) {
        char game[16], number[16], san[16];
        if (sscanf(line, "%15[^\t]\t%15[^\t]\t%15[^\t]", game, number, san) != 3 || !strcmp(game, "game"))
            continue;
        if (count == cap) plies = realloc(plies, (cap *= 2) * sizeof *plies);
        if (!plies) break;
        snprintf(plies[count].san, sizeof plies[count].san, "%s", san);
        plies[count++].first = strcmp(number, "1") == 0;
    }
    if (!plies || count == 0) {
        fprintf(stderr, "san_bench: no moves read\n");
        return 1;
    }
    struct timespec start, end;
    unsigned long long made = 0, hash = 0;
    double best = 0;
    for (int round = 0; round < rounds; round++) {
        fk_position pos;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
        for (size_t i = 0; i < count; i++) {
            if (plies[i].first) fk_position_startpos(&pos);
            fk_move move;
            fk_error err;
            if (fk_move_parse_san(&pos, plies[i].san, strlen(plies[i].san), &move, &err) != FK_OK) {
                fprintf(stderr, "san_bench: ply %zu: %s\n", i, err.message);
                return 1;
            }
            fk_move_make(&pos, move);
            hash += pos.board[move.to];
            made++;
        }
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end);
        double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
        double rate = (double)count / seconds;
        if (rate > best) best = rate;
    }
    printf("fenkit SAN parse+make: %zu moves x %d rounds, best %.0f moves/s (check %llu)\n", count, rounds,
           best, hash % 1000);
    free(plies);
    return 0;
}
