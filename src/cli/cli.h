/* fenkit command line: what the subcommands share. */
#ifndef FENKIT_CLI_H
#define FENKIT_CLI_H

#include <stdio.h>

/* A subcommand: argv[0] is the subcommand's name. Returns the exit status
 * (0 ok, 1 the input had problems, 2 usage error). */
typedef int (*cli_command_fn)(int argc, char **argv);

typedef struct {
    const char *name;
    cli_command_fn run;
    const char *summary; /* one line for `fenkit --help` */
} cli_command;

/* Exit statuses shared by every subcommand. */
enum { CLI_OK = 0, CLI_PROBLEMS = 1, CLI_USAGE = 2 };

/* Prints "fenkit NAME: message" to stderr and returns CLI_USAGE. fmt is a
 * catalog message, said in the reader's language (scripts/update-po
 * extracts every literal fmt given here). */
int cli_usage_error(const char *command, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Records that a write to standard output that bypassed stdio failed with
 * errno `error`; main reports it and exits 1 when the command is done. */
void cli_stdout_failed(int error);
/* fflush(stdout) that keeps the errno of a failure for main's report
 * (stdio drops the block, so a later flush would not see it). Returns 0,
 * or -1 when the write failed. */
int cli_flush_stdout(void);

/* Reads a whole file (or standard input for "-") into memory, in a buffer
 * the caller frees. Returns NULL with *why set when it cannot. */
unsigned char *cli_read_all(const char *path, size_t *len, const char **why);

/* 1 when argv[i] is "-h" or "--help". */
int cli_is_help(const char *arg);

/* Subcommands, one file each (cmd_ID.c): the id, the name typed, the summary. */
#define CLI_COMMANDS(X)                                                                            \
    X(check, "check", N_("check FENs and list every problem"))                                     \
    X(explain, "explain", N_("read a FEN back field by field, with problems and fixes"))           \
    X(diff, "diff", N_("what changed between two FENs, and the moves that lead there"))            \
    X(show, "show", N_("draw the board in the terminal"))                                          \
    X(normalize, "normalize", N_("write canonical FENs"))                                          \
    X(render, "render", N_("draw a position as an SVG or PNG diagram; make training images"))      \
    X(moves, "moves", N_("list every legal move of a position"))                                   \
    X(play, "play", N_("play moves (SAN or UCI) and print the FEN after each"))                    \
    X(perft, "perft", N_("count move-tree leaves to a depth (Stockfish-style --divide)"))          \
    X(book, "book", N_("the moves a Polyglot opening book gives for a position"))                  \
    X(epd, "epd", N_("read, check and write EPD lines and their operations (bm, id, pv)"))         \
    X(pgn, "pgn", N_("the FEN of every position of PGN games; --write: moves to PGN"))             \
    X(serve, "serve", N_("serve the web page and JSON API on a local port"))                       \
    X(scan, "scan", N_("read the position from a picture of a board (screenshot, diagram)"))       \
    X(learn_set, "learn-set",                                                                      \
      N_("learn your own piece set from a picture of the starting position"))                      \
    X(analyse, "analyse",                                                                          \
      N_("ask a chess engine (Stockfish) about a position; --sanity, --batch"))                    \
    X(puzzle, "puzzle", N_("check tactics puzzles (lichess CSV, EPD); make them from games"))      \
    X(drill, "drill",                                                                              \
      N_("board-visualisation drills: questions on a position shown without its board"))           \
    /* end of the command list */

#define CLI_DECLARE(id, name, summary) int cmd_##id(int argc, char **argv);
CLI_COMMANDS(CLI_DECLARE)
#undef CLI_DECLARE

#endif
