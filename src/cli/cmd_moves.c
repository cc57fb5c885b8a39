/* fenkit moves: every legal move of a position, in SAN or UCI. */
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "options.h"
#include "report.h"
#include "rules_common.h"

/* The --help text, with examples. */
static void moves_help(FILE *out) {
    fputs(_("Usage: fenkit moves [--uci] [--json] [--chess960] FEN\n"
            "       fenkit moves [--uci] [--json] [--chess960] < FENS\n\n"
            "Lists every legal move of the position, in SAN (the default) or UCI.\n"
            "The FEN may be given as one argument, as its six fields, or as\n"
            "'startpos [moves ...]' as in UCI; without one, FENs are read from\n"
            "standard input, one a line, and a bad line is reported (with its\n"
            "number) and skipped.\n\n"
            "Options:\n"
            "  --uci       write moves as UCI (e2e4, e7e8q; Chess960 castling as\n"
            "              king takes rook)\n"
            "  --json      one JSON object per position: fen, count, moves (san and\n"
            "              uci of each), status (a list such as [\"check\"], as in\n"
            "              fenkit check --json)\n"
            "  --chess960  read KQkq castling rights as X-FEN (outermost rook)\n"
            "  -h, --help  this help\n\n"
            "Exit status: 0 every position was listed, 1 a FEN could not be used (it\n"
            "is reported, and on standard input the next line is read), 2 usage error.\n\n"
            "Examples:\n"
            "  fenkit moves startpos\n"
            "  fenkit moves --uci 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'\n"
            "  fenkit moves --json '4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1'\n"),
          out);
}

/* Prints the moves of one position; returns 1 when it could be read. */
static int list_moves(const char *fen, int uci, int json, unsigned flags) {
    fk_position pos;
    if (!rules_read_position("moves", fen, flags, &pos)) return 0;
    fk_movelist list;
    fk_moves_generate(&pos, &list);
    unsigned status = fk_position_status(&pos);
    if (json) {
        char written[FK_FEN_MAX];
        fk_fen_write(&pos, FK_EP_LEGAL, written, sizeof written);
        printf("{\"fen\":");
        rules_json_string(stdout, written);
        printf(",\"count\":%d,\"moves\":[", list.count);
    }
    for (int i = 0; i < list.count; i++) {
        char san[16], text[16];
        fk_move_to_san(&pos, list.moves[i], san, sizeof san);
        fk_move_to_uci(&pos, list.moves[i], text, sizeof text);
        if (json)
            printf("%s{\"san\":\"%s\",\"uci\":\"%s\"}", i ? "," : "", san, text);
        else
            printf("%s%s", i ? " " : "", uci ? text : san);
    }
    if (json) {
        printf("],\"status\":");
        cli_json_status(stdout, status);
        printf("}\n");
    } else if (list.count == 0) {
        fputs((status & FK_STATUS_CHECKMATE) ? _("(no legal moves: checkmate)\n")
                                             : _("(no legal moves: stalemate)\n"),
              stdout);
    } else {
        printf("\n");
    }
    return 1;
}

/* What to list for each line of standard input. */
typedef struct {
    int uci, json;
    unsigned flags;
} moves_job;

static int list_stdin_moves(const char *fen, void *ctx) {
    const moves_job *job = ctx;
    return list_moves(fen, job->uci, job->json, job->flags);
}

/* fenkit moves: one position from the arguments, or one a line from stdin. */
int cmd_moves(int argc, char **argv) {
    static const struct option longopts[] = {{"help", no_argument, NULL, 'h'},
                                              {"uci", no_argument, NULL, 'u'},
                                              {"json", no_argument, NULL, 'j'},
                                              {"chess960", no_argument, NULL, '9'},
                                              {NULL, 0, NULL, 0}};
    int uci = 0, json = 0;
    unsigned flags = 0;
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        switch (c) {
        case 'h': moves_help(stdout); return CLI_OK;
        case 'u': uci = 1; break;
        case 'j': json = 1; break;
        case '9': flags |= FK_FEN_CHESS960; break;
        default: return CLI_USAGE;
        }
    }
    /* The six fields may come as separate arguments. */
    char fen[1024] = "";
    size_t used = 0;
    for (int i = 1; i <= o.count; i++)
        if (!rules_append_field(fen, sizeof fen, &used, argv[i]))
            return cli_usage_error("moves", "the FEN is too long");
    if (used) return list_moves(fen, uci, json, flags) ? CLI_OK : CLI_PROBLEMS;
    moves_job job = {uci, json, flags};
    return rules_each_stdin_fen("moves", list_stdin_moves, &job);
}
