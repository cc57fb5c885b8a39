/* fenkit command line: the one option reader of every subcommand, over
 * getopt_long, so that each option may be written "--opt value" or
 * "--opt=value", before, between or after the operands. */
#ifndef FENKIT_CLI_OPTIONS_H
#define FENKIT_CLI_OPTIONS_H

#include <getopt.h>

/* The state of one pass over a subcommand's argv (argv[0] is its name). */
typedef struct {
    int argc;
    char **argv;
    const char *shortopts;        /* getopt's, e.g. "ho:" */
    const struct option *longopts;
    int in_order;                 /* options end at the first operand (for operands that
                                     may look like options: pgn --write's "--") */
    int count;                    /* operands so far, moved to argv[1..count] in order */
    const char *value;            /* the value of the option just read */
    int started;                  /* getopt has been set up for this pass */
} cli_options;

/* What cli_options_next returns besides an option's letter or val. */
enum { CLI_OPTIONS_END = -1, CLI_OPTIONS_BAD = -2 };

/* Starts a pass over argv. shortopts and longopts are getopt_long's. */
void cli_options_start(cli_options *o, int argc, char **argv, const char *shortopts,
                       const struct option *longopts);

/* The next option: its letter or val, with o->value set for an option that
 * takes one. CLI_OPTIONS_END when argv is read: the operands are then
 * argv[1..o->count]. CLI_OPTIONS_BAD after an unknown option or a missing
 * value was reported as a usage error (return CLI_USAGE then). "--" ends
 * the options; "-", and "-5" (a FEN field or a number), are operands. */
int cli_options_next(cli_options *o);

#endif
