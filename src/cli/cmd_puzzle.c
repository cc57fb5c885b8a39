/* fenkit puzzle: tactics puzzles in the lichess CSV (and EPD with bm):
 * `check` verifies them, `make` finds them in games. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "options.h"
#include "puzzle.h"

/* The --help text, with examples. */
static void puzzle_help(FILE *out) {
    fputs(_("Usage: fenkit puzzle check FILE [--write | --json] [--engine[=PATH]] [-j N]\n"
            "       fenkit puzzle make GAMES.pgn [--engine=PATH] [--per-game N] [-j N]\n\n"
            "Tactics puzzles in the lichess puzzle CSV (PuzzleId,FEN,Moves,Rating,\n"
            "RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags; Moves in UCI,\n"
            "the first one the opponent's move that sets the puzzle; a header line is\n"
            "allowed), or EPD lines whose bm names the solution and id the puzzle.\n\n"
            "check: every FEN must be valid (see fenkit check) and every move legal.\n"
            "  With --engine the engine looks at the two best moves at each of the\n"
            "  solver's moves: the solution must be the best, winning, and the runner-up\n"
            "  clearly worse (a move that mates is always accepted); and the position at\n"
            "  the end must be mate or still won. Problems are reported per puzzle with\n"
            "  its line number and id; one bad line never stops the others.\n"
            "make: the engine scans each game for the moment a move lets the other side\n"
            "  win, keeps it when one move wins clearly (mate, or two pawns of material\n"
            "  or more) and no other move does, and plays the forced line out while it\n"
            "  stays the only win. The puzzles come out as CSV (a header line first),\n"
            "  with the themes fenkit can tell cheaply. Needs an engine (Stockfish by\n"
            "  default).\n\n"
            "Options:\n"
            "  --write         check: write the good puzzles, as read, to standard output;\n"
            "                  problems and the count go to standard error\n"
            "  --json          check: one JSON object per puzzle (line, id, ok, problems)\n"
            "  --engine[=PATH] check with an engine; PATH as for fenkit analyse\n"
            "                  (default: stockfish)\n"
            "  --nodes N       each search looks at N nodes (default: check 200000,\n"
            "                  make 50000)\n"
            "  --depth N       each search goes N plies deep instead\n"
            "  --movetime MS   each search thinks MS milliseconds instead\n"
            "  --win P         a win is a mate or at least P pawns (default 2.0)\n"
            "  --margin P      the runner-up must be P pawns worse than the solution,\n"
            "                  or not winning (default 1.5)\n"
            "  --per-game N    make: at most N puzzles from each game (default 2)\n"
            "  -j, --jobs N    engines to run at once (default 1)\n"
            "  --threads N     the engine's Threads option (default 1)\n"
            "  --timeout S     a search still running after S seconds is stopped\n"
            "  -h, --help      this help\n\n"
            "Exit status: 0 every puzzle is good (make: every game was read), 1 a puzzle\n"
            "has problems, a game could not be read or the engine failed (the others are\n"
            "still done), 2 usage error.\n\n"
            "Examples:\n"
            "  fenkit puzzle check lichess_db_puzzle.csv\n"
            "  fenkit puzzle check mine.csv --engine -j 2 --write > checked.csv\n"
            "  fenkit puzzle check wac.epd --engine=/usr/games/stockfish --json\n"
            "  fenkit puzzle make my-games.pgn --per-game 1 -j 2 > puzzles.csv\n"),
          out);
}

/* Pawns ("1.5") as centipawns; -1 when it is not a number from 0 to 100. */
static int read_pawns(const char *text) {
    char *end;
    double v = text && *text ? strtod(text, &end) : -1;
    if (!text || !*text || *end || !(v >= 0 && v <= 100)) return -1;
    return (int)(v * 100 + 0.5);
}

int cmd_puzzle(int argc, char **argv) {
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},           {"write", no_argument, NULL, 'w'},
        {"json", no_argument, NULL, 'J'},           {"engine", optional_argument, NULL, 'e'},
        {"nodes", required_argument, NULL, 'n'},    {"depth", required_argument, NULL, 'd'},
        {"movetime", required_argument, NULL, 'm'}, {"win", required_argument, NULL, 'W'},
        {"margin", required_argument, NULL, 'M'},   {"per-game", required_argument, NULL, 'p'},
        {"jobs", required_argument, NULL, 'j'},     {"threads", required_argument, NULL, 't'},
        {"timeout", required_argument, NULL, 'T'},  {NULL, 0, NULL, 0}};
    puzzle_settings s = {{{FK_LIMIT_NODES, 200000, 1, 0, NULL}, NULL, 0, 0, 1, 0}, 0, 200, 150};
    int jobs = 1, json = 0, write = 0, per_game = 2, limits = 0, per_game_given = 0;
    int engine_bare = 0; /* --engine without =PATH */
    cli_options o;
    cli_options_start(&o, argc, argv, "hj:", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        unsigned long long v = 0;
        int cp;
        switch (c) {
        case 'h': puzzle_help(stdout); return CLI_OK;
        case 'w': write = 1; break;
        case 'J': json = 1; break;
        case 'e':
            s.use_engine = 1;
            s.engine.engine_path = o.value && *o.value ? o.value : NULL;
            engine_bare = !o.value;
            break;
        case 'W':
        case 'M':
            if ((cp = read_pawns(o.value)) < 0)
                return cli_usage_error("puzzle", "--%s is pawns from 0 to 100 (e.g. 1.5), not '%s'",
                                       c == 'W' ? "win" : "margin", o.value);
            if (c == 'W')
                s.win_cp = cp;
            else
                s.margin_cp = cp;
            break;
        case 'p':
            if (!(v = analyse_read_count(o.value, 1000)))
                return cli_usage_error("puzzle", "--per-game is 1 to 1000, not '%s'", o.value);
            per_game = (int)v, per_game_given = 1;
            break;
        default: {
            int rc = analyse_search_option("puzzle", c, o.value, &s.engine, &jobs, &limits);
            if (rc != CLI_OK) return rc < 0 ? CLI_USAGE : rc;
        }
        }
    }
    if (limits > 1) return cli_usage_error("puzzle", "give one of --depth, --nodes and --movetime");
    if (o.count < 1)
        return cli_usage_error("puzzle", "give a subcommand: check FILE or make GAMES.pgn");
    const char *sub = argv[1];
    if (o.count == 3 && engine_bare)
        return cli_usage_error("puzzle",
                               "%s takes one file, given 2; to name the engine, write "
                               "--engine=PATH (with '=')",
                               sub);
    if (o.count != 2)
        return cli_usage_error("puzzle", "%s takes one file ('-': standard input), given %d", sub,
                               o.count - 1);
    if (!strcmp(sub, "check")) {
        if (per_game_given) return cli_usage_error("puzzle", "--per-game goes with make");
        if (json && write) return cli_usage_error("puzzle", "give --write or --json, not both");
        return puzzle_check(&s, argv[2], jobs, json, write);
    }
    if (!strcmp(sub, "make")) {
        if (json || write) return cli_usage_error("puzzle", "--json and --write go with check");
        s.use_engine = 1;
        /* make searches every position of every game: a smaller budget
         * keeps a run over a season's games in minutes */
        if (!limits) s.engine.limit.value = 50000;
        return puzzle_make(&s, argv[2], jobs, per_game);
    }
    return cli_usage_error("puzzle", "unknown subcommand '%s': use check or make", sub);
}
