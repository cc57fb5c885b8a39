/* Every subcommand reads its options here, through getopt_long. */
#include "options.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"

void cli_options_start(cli_options *o, int argc, char **argv, const char *shortopts,
                       const struct option *longopts) {
    memset(o, 0, sizeof *o);
    o->argc = argc;
    o->argv = argv;
    o->shortopts = shortopts;
    o->longopts = longopts;
}

/* 1 when arg is an operand even though getopt would read it as an option:
 * "-" (standard input) and "-5" (a FEN field, a negative number). */
static int is_operand(const char *arg) {
    return arg[0] != '-' || arg[1] == '\0' || (arg[1] >= '0' && arg[1] <= '9');
}

/* Reports the option getopt refused, as a usage error. */
static int refuse(const cli_options *o, int what) {
    const char *command = o->argv[0], *arg = o->argv[optind - 1];
    if (optopt && !(arg[0] == '-' && arg[1] == '-')) {
        if (what == ':') return cli_usage_error(command, "-%c needs a value", optopt);
        return cli_usage_error(command, "unknown option '-%c'", optopt);
    }
    if (what == ':') return cli_usage_error(command, "%s needs a value", arg);
    const char *eq = strchr(arg, '=');
    for (const struct option *l = o->longopts; eq && l->name; l++)
        if (l->has_arg == no_argument && strlen(l->name) == (size_t)(eq - arg - 2) &&
            strncmp(l->name, arg + 2, (size_t)(eq - arg - 2)) == 0)
            return cli_usage_error(command, "--%s takes no value", l->name);
    return cli_usage_error(command, "unknown option '%s'", arg);
}

/* Moves argv[from..argc) to the operands. */
static void take_rest(cli_options *o, int from) {
    for (int i = from; i < o->argc; i++) o->argv[++o->count] = o->argv[i];
    optind = o->argc;
}

int cli_options_next(cli_options *o) {
    char shortopts[64];
    /* '+': getopt stops at each operand, which is kept here in order (an
     * operand's slot in argv is behind getopt, so moving it is safe);
     * ':': a missing value is told apart from an unknown option */
    snprintf(shortopts, sizeof shortopts, "+:%s", o->shortopts);
    if (!o->started) {
        o->started = 1;
        optind = 1;
        opterr = 0; /* the messages are ours, in the usage error's form */
    }
    while (optind < o->argc) {
        char *arg = o->argv[optind];
        if (o->in_order && o->count > 0) break;
        if (strcmp(arg, "--") == 0) {
            take_rest(o, optind + 1);
            break;
        }
        if (is_operand(arg)) {
            o->argv[++o->count] = arg;
            optind++;
            continue;
        }
        optopt = 0;
        int c = getopt_long(o->argc, o->argv, shortopts, o->longopts, NULL);
        if (c == '?' || c == ':') {
            refuse(o, c);
            return CLI_OPTIONS_BAD;
        }
        if (c == -1) break; /* not expected: every operand is taken above */
        o->value = optarg;
        return c;
    }
    take_rest(o, optind);
    return CLI_OPTIONS_END;
}
