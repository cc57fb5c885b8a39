/* Where FENs come from: arguments, grouped into FENs, or standard input one
 * per line; and the options the FEN commands share. */
#include "input.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* A FEN typed without quotes arrives as six arguments. A word holding '/'
 * (a placement) starts a new FEN, and the words after it join it with a
 * space; an empty argument stands alone, so that it is reported. Returns
 * the number of FENs stored in out (each malloc'ed), or -1 when out of
 * memory. */
static int group_fens(char **args, int nargs, char **out) {
    int count = 0;
    for (int i = 0; i < nargs; i++) {
        const char *word = args[i];
        int joins = count > 0 && word[0] != '\0' && !strchr(word, '/') && out[count - 1][0] != '\0';
        if (!joins) {
            out[count] = strdup(word);
            if (!out[count]) return -1;
            count++;
            continue;
        }
        size_t had = strlen(out[count - 1]), add = strlen(word);
        char *joined = realloc(out[count - 1], had + 1 + add + 1);
        if (!joined) return -1;
        joined[had] = ' ';
        memcpy(joined + had + 1, word, add + 1);
        out[count - 1] = joined;
    }
    return count;
}

int cli_inputs_open(cli_inputs *in, char **args, int nargs) {
    memset(in, 0, sizeof *in);
    if (nargs == 0) {
        in->from_stdin = 1;
        if (isatty(STDIN_FILENO))
            fputs("fenkit: reading FENs from the terminal, one per line; end with Ctrl-D\n",
                  stderr);
        return cli_lines_open(&in->lines, STDIN_FILENO, CLI_MAX_LINE);
    }
    in->fens = calloc((size_t)nargs, sizeof *in->fens);
    if (!in->fens) return -1;
    in->count = group_fens(args, nargs, in->fens);
    if (in->count < 0) {
        in->count = nargs; /* cli_inputs_close frees what was stored */
        return -1;
    }
    return 0;
}

int cli_inputs_next(cli_inputs *in, cli_input *item) {
    memset(item, 0, sizeof *item);
    if (!in->from_stdin) {
        if (in->next >= in->count) return 0;
        item->text = in->fens[in->next];
        item->len = strlen(item->text);
        item->number = ++in->next;
        return 1;
    }
    int got = cli_lines_next(&in->lines, &item->text, &item->len);
    if (got == CLI_LINE_END) return 0;
    item->number = in->lines.number;
    if (got == CLI_LINE_TOO_LONG) {
        item->text = "";
        item->len = 0;
        item->too_long = 1;
    }
    return 1;
}

void cli_inputs_close(cli_inputs *in) {
    if (in->from_stdin) cli_lines_close(&in->lines);
    for (int i = 0; i < in->count; i++) free(in->fens[i]);
    free(in->fens);
    in->fens = NULL;
}

const char *cli_inputs_unit(const cli_inputs *in) { return in->from_stdin ? "line" : "FEN"; }

/* 1 when arg looks like an option: "--x" or "-x" with a letter. A lone "-"
 * and "-5" are FEN fields (castling, en passant, a bad counter). */
static int is_option(const char *arg) {
    return arg[0] == '-' &&
           ((arg[1] >= 'a' && arg[1] <= 'z') || (arg[1] >= 'A' && arg[1] <= 'Z') ||
            (arg[1] == '-' && arg[2] != '\0'));
}

int cli_parse_fen_options(int argc, char **argv, unsigned allowed, const char *help_text,
                          cli_fen_options *opts) {
    const char *command = argv[0];
    memset(opts, 0, sizeof *opts);
    opts->ep = FK_EP_LEGAL;
    opts->fens = argv + 1;
    int only_fens = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!only_fens && strcmp(arg, "--") == 0) {
            only_fens = 1;
            continue;
        }
        if (only_fens || !is_option(arg)) {
            opts->fens[opts->nfens++] = argv[i];
            continue;
        }
        const char *ep_value = NULL;
        if (cli_is_help(arg)) {
            fputs(help_text, stdout);
            return CLI_OK;
        } else if ((allowed & CLI_OPT_TOLERANT) && strcmp(arg, "--tolerant") == 0) {
            opts->flags |= FK_FEN_TOLERANT;
        } else if ((allowed & CLI_OPT_JSON) && strcmp(arg, "--json") == 0) {
            opts->json = 1;
        } else if ((allowed & CLI_OPT_BOARD) && strcmp(arg, "--ascii") == 0) {
            opts->ascii = 1;
        } else if ((allowed & CLI_OPT_BOARD) && strcmp(arg, "--flip") == 0) {
            opts->flip = 1;
        } else if ((allowed & CLI_OPT_EP) && strcmp(arg, "--ep") == 0) {
            if (i + 1 >= argc) return cli_usage_error(command, "--ep needs a value: legal or always");
            ep_value = argv[++i];
        } else if ((allowed & CLI_OPT_EP) && strncmp(arg, "--ep=", 5) == 0) {
            ep_value = arg + 5;
        } else {
            return cli_usage_error(command, "unknown option '%s'", arg);
        }
        if (ep_value) {
            if (strcmp(ep_value, "legal") == 0) opts->ep = FK_EP_LEGAL;
            else if (strcmp(ep_value, "always") == 0) opts->ep = FK_EP_ALWAYS;
            else
                return cli_usage_error(command, "--ep takes legal or always, not '%s'", ep_value);
        }
    }
    return -1;
}
