/* fenkit command line: where FENs come from (the arguments, or standard
 * input one per line) and the options the FEN commands share. */
#ifndef FENKIT_CLI_INPUT_H
#define FENKIT_CLI_INPUT_H

#include <stddef.h>

#include "fenkit/fen.h"
#include "lines.h"

/* One FEN to work on. */
typedef struct {
    const char *text; /* the FEN (what "startpos moves ..." stands for) */
    size_t len;
    const char *given; /* the input as given, to show */
    size_t given_len;
    long number;  /* line number on standard input, or FEN number among the arguments */
    /* When the input could not be read as a FEN at all: why, in a sentence,
     * and a code for JSON ("line-too-long", "illegal-move"; "unreadable-input"
     * for standard input that could not be read to its end, after its last
     * line: damaged or cut-short compressed data); text is empty. */
    const char *error, *error_code;
} cli_input;

typedef struct {
    char **fens; /* FENs from the arguments, owned */
    int count, next;
    int from_stdin;
    struct cli_source *source; /* standard input, plain or compressed */
    int source_done;           /* its failure, if any, was handed out */
    cli_line_reader lines;
    /* Blank lines are held back until a line follows them, so that those
     * at the end of the input are dropped: the line that followed, and
     * how many blank lines are still to hand out before it. */
    const char *held;
    size_t held_len;
    int held_status; /* what cli_lines_next said of it; 0: none held */
    long held_number, blanks;
    char fen[FK_FEN_MAX]; /* the FEN of the last "startpos moves ..." */
    char why[512];        /* the last input's error */
} cli_inputs;

/* Longest line read from standard input (a longer one is reported, not
 * read), which is also the size of each read: 64 KiB holds about a thousand
 * FENs and stays in the cache. */
#define CLI_MAX_LINE (1u << 16)

/* Gathers the FENs of the arguments (see cli_group_fens), or prepares to
 * read standard input when there are none. Returns 0, or -1 when out of
 * memory. */
int cli_inputs_open(cli_inputs *in, char **args, int nargs);
/* The next FEN: returns 1 with *item set, or 0 when there are no more.
 * Empty lines at the end of standard input are no input. */
int cli_inputs_next(cli_inputs *in, cli_input *item);
void cli_inputs_close(cli_inputs *in);
/* "line" for standard input, "FEN" for arguments: the word before a number. */
const char *cli_inputs_unit(const cli_inputs *in);

/* Reads "startpos" or "startpos moves MOVE..." (UCI's way of naming a
 * position; the moves in UCI or SAN) as the FEN it stands for. Returns 0
 * when text is not of that form (it is a FEN, read as such), 1 with the
 * FEN in fen (FK_FEN_MAX bytes; its en passant square written always), or
 * -1 with why (why_cap bytes) saying which move could not be played. */
int cli_startpos_fen(const char *text, size_t len, char *fen, char *why, size_t why_cap);

/* The options the FEN commands share, read by cli_parse_fen_options. */
typedef struct {
    unsigned flags;     /* FK_FEN_TOLERANT when --tolerant */
    fk_ep_mode ep;      /* --ep legal|always */
    int json;           /* --json, when the command allows it */
    int ascii, flip;    /* --ascii, --flip, when the command allows them */
    const char *engine; /* --engine PATH, when the command allows it, or NULL */
    int brief;          /* --brief, when the command allows it */
    char **fens;        /* the arguments that are not options, in order */
    int nfens;
} cli_fen_options;

/* Which options a command takes. */
enum {
    CLI_OPT_TOLERANT = 1 << 0,
    CLI_OPT_EP = 1 << 1,
    CLI_OPT_JSON = 1 << 2,
    CLI_OPT_BOARD = 1 << 3,  /* --ascii and --flip */
    CLI_OPT_ENGINE = 1 << 4, /* --engine PATH */
    CLI_OPT_BRIEF = 1 << 5   /* --brief */
};

/* Reads "legal" or "always" (an --ep value) into *ep; returns 0, or -1
 * for anything else. */
int cli_parse_ep(const char *text, fk_ep_mode *ep);

/* Reads argv (argv[0] is the command) into opts. Returns -1 when all is
 * well, CLI_OK after printing help (help_text to stdout), or CLI_USAGE
 * after a usage error was reported. argv is reordered so that the FENs
 * are at opts->fens. */
int cli_parse_fen_options(int argc, char **argv, unsigned allowed, const char *help_text,
                          cli_fen_options *opts);

#endif
