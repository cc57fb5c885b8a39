/* fenkit analyse: asks a UCI engine (Stockfish by default) about positions. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyse.h"
#include "cli.h"
#include "common/i18n.h"
#include "options.h"
#include "rules_common.h"

/* The --help text, with examples. */
static void analyse_help(FILE *out) {
    fputs(_("Usage: fenkit analyse [--depth N | --nodes N | --movetime MS] [--multipv K]\n"
            "                      [--json] [--sanity] [--engine PATH] [--threads N] FEN\n"
            "       fenkit analyse --batch FILE [-j N] [--depth N | --nodes N | --movetime MS]\n\n"
            "Asks a UCI chess engine about a position: the evaluation from White's view\n"
            "and from the side to move's, and the best lines in SAN with their depth,\n"
            "nodes and speed. Every move the engine answers is checked by fenkit. The\n"
            "FEN may be one argument, its six fields, an EPD (four fields), or\n"
            "'startpos [moves ...]' or 'FEN moves ...' (the engine is given the moves,\n"
            "so it sees the repetitions they make). Checkmate, stalemate and positions\n"
            "no game can reach (see fenkit check) are answered without asking the\n"
            "engine. On a terminal the best line so far is shown while the engine\n"
            "thinks.\n\n"
            "Options:\n"
            "  --depth N       search N plies (the default is --depth 18)\n"
            "  --nodes N       search N nodes: the same answer every run with --threads 1\n"
            "  --movetime MS   search MS milliseconds\n"
            "  --multipv K     the K best lines (1 to 16; default 1)\n"
            "  --json          one JSON object per position\n"
            "  --sanity        evaluate again with the other side to move, without each\n"
            "                  castling right, and with or without the en passant square;\n"
            "                  report every change between win, draw and loss (a win is\n"
            "                  +1.50 or more, or a mate)\n"
            "  --batch FILE    one FEN or EPD a line ('-': standard input; gzip, bzip2 or\n"
            "                  zstd compressed too); JSON Lines out\n"
            "                  in input order, a bad line reported on stderr with its number\n"
            "  -j, --jobs N    engines to run at once with --batch (default 1)\n"
            "  --engine PATH   the engine; a name without '/' is looked up on PATH, then\n"
            "                  in /usr/games (default: stockfish)\n"
            "  --threads N     the engine's Threads option (default 1)\n"
            "  --timeout S     a --depth or --nodes search still running after S seconds\n"
            "                  is stopped and its lines so far are used; an engine that\n"
            "                  does not answer the stop within 2 s is an error (default 60)\n"
            "  --chess960      read KQkq castling rights as X-FEN; the engine is told\n"
            "                  UCI_Chess960 (Shredder-FEN castling such as HAha sets it too)\n"
            "  -h, --help      this help\n\n"
            "Exit status: 0 every position was analysed, 1 a position could not be (it\n"
            "is reported; with --batch the other lines are still done), or the engine\n"
            "failed, 2 usage error.\n\n"
            "Examples:\n"
            "  fenkit analyse --nodes 100000 startpos moves e4 e5\n"
            "  fenkit analyse --multipv 3 --json "
            "'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'\n"
            "  fenkit analyse --sanity --nodes 200000 '8/8/8/4k3/8/4K3/4P3/8 b - - 0 1'\n"
            "  fenkit analyse --batch positions.epd -j 2 --nodes 50000 > evals.jsonl\n"),
          out);
}

unsigned long long analyse_read_count(const char *text, unsigned long long max) {
    char *end;
    if (!text || *text < '0' || *text > '9') return 0;
    unsigned long long v = strtoull(text, &end, 10);
    return *end || v > max ? 0 : v;
}

int analyse_search_option(const char *cmd, int c, const char *value, analyse_settings *s, int *jobs,
                          int *limits) {
    unsigned long long v = 0;
    switch (c) {
    case 'd':
    case 'n':
    case 'm':
        v = analyse_read_count(value, c == 'd' ? 200 : c == 'm' ? 24ULL * 3600 * 1000 : 1ULL << 50);
        if (!v)
            return cli_usage_error(cmd, "--%s needs a positive number, not '%s'",
                                   c == 'd'   ? "depth"
                                   : c == 'n' ? "nodes"
                                              : "movetime",
                                   value);
        s->limit.kind = c == 'd' ? FK_LIMIT_DEPTH : c == 'n' ? FK_LIMIT_NODES : FK_LIMIT_MOVETIME;
        s->limit.value = v;
        ++*limits;
        return CLI_OK;
    case 'j':
        if (!(v = analyse_read_count(value, 64)))
            return cli_usage_error(cmd, "-j is 1 to 64, not '%s'", value);
        *jobs = (int)v;
        return CLI_OK;
    case 't':
        if (!(v = analyse_read_count(value, 1024)))
            return cli_usage_error(cmd, "--threads is 1 to 1024, not '%s'", value);
        s->threads = (int)v;
        return CLI_OK;
    case 'T':
        if (!(v = analyse_read_count(value, 24 * 3600)))
            return cli_usage_error(cmd, "--timeout is 1 to 86400 seconds, not '%s'", value);
        s->limit.timeout_ms = (int)v * 1000;
        return CLI_OK;
    default: return -1;
    }
}

int cmd_analyse(int argc, char **argv) {
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},          {"depth", required_argument, NULL, 'd'},
        {"nodes", required_argument, NULL, 'n'},   {"movetime", required_argument, NULL, 'm'},
        {"multipv", required_argument, NULL, 'k'}, {"json", no_argument, NULL, 'J'},
        {"sanity", no_argument, NULL, 's'},        {"batch", required_argument, NULL, 'b'},
        {"jobs", required_argument, NULL, 'j'},    {"engine", required_argument, NULL, 'e'},
        {"threads", required_argument, NULL, 't'}, {"chess960", no_argument, NULL, '9'},
        {"timeout", required_argument, NULL, 'T'}, {NULL, 0, NULL, 0}};
    analyse_settings settings = {{FK_LIMIT_DEPTH, 18, 1, 0, NULL}, NULL, 0, 0, 1, 0};
    const char *batch = NULL;
    int jobs = 1, limits = 0;
    cli_options o;
    cli_options_start(&o, argc, argv, "hj:", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        unsigned long long v = 0;
        switch (c) {
        case 'h': analyse_help(stdout); return CLI_OK;
        case 'k':
            if (!(v = analyse_read_count(o.value, FK_ENGINE_MAX_LINES)))
                return cli_usage_error("analyse", "--multipv is 1 to %d, not '%s'",
                                       FK_ENGINE_MAX_LINES, o.value);
            settings.limit.multipv = (int)v;
            break;
        case 'J': settings.json = 1; break;
        case 's': settings.sanity = 1; break;
        case 'b': batch = o.value; break;
        case 'e': settings.engine_path = o.value; break;
        case '9': settings.fen_flags |= FK_FEN_CHESS960; break;
        default: {
            /* the search options analyse shares with puzzle; -1: none of them */
            int rc = analyse_search_option("analyse", c, o.value, &settings, &jobs, &limits);
            if (rc != CLI_OK) return rc < 0 ? CLI_USAGE : rc;
        }
        }
    }
    if (limits > 1)
        return cli_usage_error("analyse", "give one of --depth, --nodes and --movetime");
    if (batch) {
        if (o.count > 0)
            return cli_usage_error("analyse",
                                   "--batch reads its FENs from the file, not the arguments");
        settings.json = 1;
        return analyse_batch(&settings, batch, jobs);
    }
    if (jobs != 1) return cli_usage_error("analyse", "-j goes with --batch");
    if (o.count == 0)
        return cli_usage_error("analyse", "give a FEN (or 'startpos'), or --batch FILE");
    /* the operands are one FEN, whole or in fields */
    char fen[8192] = "";
    size_t used = 0;
    for (int i = 1; i <= o.count; i++)
        if (!rules_append_field(fen, sizeof fen, &used, argv[i]))
            return cli_usage_error("analyse", "the FEN is too long");
    /* on a terminal the best line so far is shown while the engine thinks */
    analyse_engine ae = {&settings, NULL, !settings.json && isatty(1) ? stdout : NULL};
    int status = analyse_one(&ae, fen, "", 0, stdout, stderr);
    analyse_engine_close(&ae);
    return status;
}
