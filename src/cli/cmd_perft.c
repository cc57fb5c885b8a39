/* fenkit perft: counts the leaf nodes of the move tree to a depth. */
#include <string.h>
#include <time.h>

#include "cli.h"
#include "common/i18n.h"
#include "options.h"
#include "rules_common.h"

/* The --help text, with examples. */
static void perft_help(FILE *out) {
    fputs(_("Usage: fenkit perft [--divide] [--time] [--chess960] FEN DEPTH\n"
            "       fenkit perft [--divide] [--time] [--chess960] DEPTH < FENS\n\n"
            "Counts the positions reached after DEPTH plies of legal moves, the\n"
            "standard test of a move generator. The FEN may be one argument, its\n"
            "six fields, or 'startpos [moves ...]' as in UCI. Without a FEN, FENs are\n"
            "read from standard input, one a line; each answer then follows a line\n"
            "'position fen FEN', and a bad line is reported on stderr and skipped.\n\n"
            "Options:\n"
            "  --divide    also the count below each legal move, as 'e2e4: 20' lines\n"
            "              then 'Nodes searched: N', the format of Stockfish's\n"
            "              'go perft', so the two can be diffed\n"
            "  --time      print the time taken and nodes per second on stderr\n"
            "  --chess960  read KQkq castling rights as X-FEN (outermost rook); UCI\n"
            "              castling is then written as king takes rook\n"
            "  -h, --help  this help\n\n"
            "Exit status: 0 every position was counted, 1 a FEN could not be used (it\n"
            "is reported, and on standard input the next line is read), 2 usage error.\n\n"
            "Examples:\n"
            "  fenkit perft startpos 5\n"
            "  fenkit perft --divide 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w "
            "KQkq - 0 1' 3\n"
            "  fenkit play --random 30 startpos | fenkit perft --divide 2\n"),
          out);
}

/* Counts one position and prints the answer; returns the node count. */
static uint64_t run_perft(const fk_position *pos, int depth, int divide) {
    if (!divide || depth == 0) {
        uint64_t total = fk_perft(pos, depth);
        printf(divide ? "\nNodes searched: %llu\n" : "%llu\n", (unsigned long long)total);
        return total;
    }
    uint64_t total = 0;
    fk_movelist list;
    fk_moves_generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        fk_position next = *pos;
        fk_move_make(&next, list.moves[i]);
        uint64_t nodes = fk_perft(&next, depth - 1);
        char uci[16];
        fk_move_to_uci(pos, list.moves[i], uci, sizeof uci);
        printf("%s: %llu\n", uci, (unsigned long long)nodes);
        total += nodes;
    }
    printf("\nNodes searched: %llu\n", (unsigned long long)total);
    return total;
}

/* The counts asked for each line of standard input, and their sum. */
typedef struct {
    unsigned flags;
    int depth, divide;
    uint64_t total;
} perft_job;

static int perft_stdin_fen(const char *fen, void *ctx) {
    perft_job *job = ctx;
    fk_position pos;
    if (!rules_read_position("perft", fen, job->flags, &pos)) return 0;
    printf("position fen %s\n", fen);
    job->total += run_perft(&pos, job->depth, job->divide);
    return 1;
}

/* fenkit perft: the FEN (or FENs on stdin) and the depth last. */
int cmd_perft(int argc, char **argv) {
    static const struct option longopts[] = {{"help", no_argument, NULL, 'h'},
                                              {"divide", no_argument, NULL, 'd'},
                                              {"time", no_argument, NULL, 't'},
                                              {"chess960", no_argument, NULL, '9'},
                                              {NULL, 0, NULL, 0}};
    int divide = 0, timed = 0;
    unsigned flags = 0;
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        switch (c) {
        case 'h': perft_help(stdout); return CLI_OK;
        case 'd': divide = 1; break;
        case 't': timed = 1; break;
        case '9': flags |= FK_FEN_CHESS960; break;
        default: return CLI_USAGE;
        }
    }
    if (o.count == 0) return cli_usage_error("perft", "give a FEN (or 'startpos') and a depth");
    /* Every operand but the last belongs to the FEN. */
    char fen[1024] = "";
    size_t used = 0;
    for (int i = 1; i < o.count; i++)
        if (!rules_append_field(fen, sizeof fen, &used, argv[i]))
            return cli_usage_error("perft", "the FEN is too long");
    const char *last = argv[o.count];
    int depth = rules_parse_depth(last);
    if (depth < 0) return cli_usage_error("perft", "'%s' is not a depth (0 to 64)", last);

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    uint64_t total = 0;
    int status = CLI_OK;
    fk_position pos;
    if (used) {
        if (!rules_read_position("perft", fen, flags, &pos)) return CLI_PROBLEMS;
        total = run_perft(&pos, depth, divide);
    } else {
        perft_job job = {flags, depth, divide, 0};
        status = rules_each_stdin_fen("perft", perft_stdin_fen, &job);
        total = job.total;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (timed) {
        double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
        fprintf(stderr, _("time %1$.3f s, %2$llu nodes, %3$.0f nodes/s\n"), seconds,
                (unsigned long long)total, seconds > 0 ? (double)total / seconds : 0.0);
    }
    return status;
}
