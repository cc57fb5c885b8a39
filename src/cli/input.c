/* Where FENs come from: arguments, grouped into FENs, or standard input one
 * per line; and the options the FEN commands share. */
#include "input.h"

#include "common/i18n.h"

#include "common/not_a_fen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fenkit/moves.h"
#include "options.h"
#include "source.h"

/* A FEN typed without quotes arrives as six arguments. A word holding '/'
 * (a placement) or a space (a quoted FEN), or the word startpos, starts a
 * new FEN, and the words after it join it with a space; an empty argument
 * stands alone, so that it is reported. Returns
 * the number of FENs stored in out (each malloc'ed), or -1 when out of
 * memory. */
static int group_fens(char **args, int nargs, char **out) {
    int count = 0;
    for (int i = 0; i < nargs; i++) {
        const char *word = args[i];
        int joins = count > 0 && word[0] != '\0' && !strpbrk(word, "/ ") &&
                    strcmp(word, "startpos") != 0 && out[count - 1][0] != '\0';
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
            fputs(_("fenkit: reading FENs from the terminal, one per line; end with Ctrl-D\n"),
                  stderr);
        /* standard input may come compressed (gzip, bzip2, zstd) */
        in->source = cli_source_open_fd(STDIN_FILENO, "standard input", in->why, sizeof in->why);
        if (!in->source) return cli_lines_open(&in->lines, -1, 1); /* the first item says why */
        return cli_lines_open_source(&in->lines, in->source, CLI_MAX_LINE);
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

/* 1 when the len bytes at text are the word `word`. */
static int is_word(const char *text, size_t len, const char *word) {
    return len == strlen(word) && memcmp(text, word, len) == 0;
}

/* The next word of text[*at..len), skipping spaces; its length, 0 at the end. */
static size_t next_word(const char *text, size_t len, size_t *at) {
    while (*at < len && (text[*at] == ' ' || text[*at] == '\t')) ++*at;
    size_t end = *at;
    while (end < len && text[end] != ' ' && text[end] != '\t') end++;
    return end - *at;
}

int cli_startpos_fen(const char *text, size_t len, char *fen, char *why, size_t why_cap) {
    size_t at = 0, n = next_word(text, len, &at);
    if (!is_word(text + at, n, "startpos")) return 0;
    fk_position pos;
    fk_position_startpos(&pos);
    at += n;
    n = next_word(text, len, &at);
    if (n && !is_word(text + at, n, "moves")) {
        snprintf(why, why_cap, "after 'startpos' comes 'moves' and the moves, not '%.*s'",
                 (int)(n < 40 ? n : 40), text + at);
        return -1;
    }
    for (int ply = 1;; ply++) {
        at += n;
        if (!(n = next_word(text, len, &at))) break;
        fk_move move;
        fk_error err;
        err.message[0] = '\0';
        /* UCI as the UCI form has it, else SAN as people write it */
        if (fk_move_parse_uci(&pos, text + at, n, &move, NULL) != FK_OK &&
            fk_move_parse_san(&pos, text + at, n, &move, &err) != FK_OK) {
            if (err.message[0])
                snprintf(why, why_cap, "startpos moves, ply %d: %s", ply, err.message);
            else
                snprintf(why, why_cap, "startpos moves, ply %d: '%.*s' is not a legal move", ply,
                         (int)(n < 40 ? n : 40), text + at);
            return -1;
        }
        fk_move_make(&pos, move);
    }
    fk_fen_write(&pos, FK_EP_ALWAYS, fen, FK_FEN_MAX);
    return 1;
}

/* The next line of standard input, as cli_lines_next, with its number; but
 * empty lines at the very end of the input (an editor's last newline, a
 * here-document's) are no lines: an empty line is handed out only once a
 * line is seen to follow it. */
static int next_line(cli_inputs *in, const char **text, size_t *len, long *number) {
    if (in->blanks > 0) {
        *text = "";
        *len = 0;
        *number = in->held_number - in->blanks--;
        return CLI_LINE_OK;
    }
    if (in->held_status) {
        int got = in->held_status;
        in->held_status = 0;
        *text = in->held;
        *len = in->held_len;
        *number = in->held_number;
        return got;
    }
    int got = cli_lines_next(&in->lines, text, len);
    *number = in->lines.number;
    if (got != CLI_LINE_OK || *len > 0) return got;
    long first = *number, blanks = 1;
    while ((got = cli_lines_next(&in->lines, &in->held, &in->held_len)) == CLI_LINE_OK &&
           in->held_len == 0)
        blanks++;
    if (got == CLI_LINE_END) return CLI_LINE_END;
    in->held_status = got;
    in->held_number = in->lines.number;
    in->blanks = blanks - 1;
    *text = "";
    *len = 0;
    *number = first;
    return CLI_LINE_OK;
}

int cli_inputs_next(cli_inputs *in, cli_input *item) {
    memset(item, 0, sizeof *item);
    if (!in->from_stdin) {
        if (in->next >= in->count) return 0;
        item->text = in->fens[in->next];
        item->len = strlen(item->text);
        item->number = ++in->next;
    } else {
        int got = in->source ? next_line(in, &item->text, &item->len, &item->number) : CLI_LINE_END;
        if (got == CLI_LINE_END) {
            const char *failure = in->source ? cli_source_error(in->source) : in->why;
            if (in->source_done || !failure) return 0;
            /* the lines before the fault were handed out; the fault is
             * reported like a bad line after them */
            in->source_done = 1;
            if (failure != in->why) snprintf(in->why, sizeof in->why, "%s", failure);
            item->text = item->given = "";
            item->number = in->lines.number + 1;
            item->error = in->why;
            item->error_code = "unreadable-input";
            return 1;
        }
        if (got == CLI_LINE_TOO_LONG) {
            snprintf(in->why, sizeof in->why, "longer than %u bytes, not read", CLI_MAX_LINE);
            item->text = item->given = "";
            item->error = in->why;
            item->error_code = "line-too-long";
            return 1;
        }
    }
    item->given = item->text;
    item->given_len = item->len;
    int named = cli_startpos_fen(item->text, item->len, in->fen, in->why, sizeof in->why);
    if (named > 0) {
        item->text = in->fen;
        item->len = strlen(in->fen);
        return 1;
    }
    if (named < 0) {
        item->error = in->why;
        item->error_code = "illegal-move";
    } else if (not_a_fen(item->text, item->len)) {
        item->error = not_a_fen_message;
        item->error_code = "not-a-fen";
    } else {
        return 1;
    }
    item->text = "";
    item->len = 0;
    return 1;
}

void cli_inputs_close(cli_inputs *in) {
    if (in->from_stdin) cli_lines_close(&in->lines);
    cli_source_close(in->source);
    in->source = NULL;
    for (int i = 0; i < in->count; i++) free(in->fens[i]);
    free(in->fens);
    in->fens = NULL;
}

const char *cli_inputs_unit(const cli_inputs *in) { return in->from_stdin ? "line" : "FEN"; }

/* Reads "legal" or "always" for --ep into *ep; returns 0, or -1. */
int cli_parse_ep(const char *text, fk_ep_mode *ep) {
    if (strcmp(text, "legal") == 0) *ep = FK_EP_LEGAL;
    else if (strcmp(text, "always") == 0) *ep = FK_EP_ALWAYS;
    else return -1;
    return 0;
}

int cli_parse_fen_options(int argc, char **argv, unsigned allowed, const char *help_text,
                          cli_fen_options *opts) {
    /* every FEN command knows every option, and refuses those not its own */
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},      {"tolerant", no_argument, NULL, 't'},
        {"json", no_argument, NULL, 'j'},      {"ascii", no_argument, NULL, 'a'},
        {"flip", no_argument, NULL, 'f'},      {"ep", required_argument, NULL, 'e'},
        {"engine", required_argument, NULL, 'g'}, {"brief", no_argument, NULL, 'b'},
        {NULL, 0, NULL, 0}};
    static const struct {
        int option;
        unsigned allowed;
    } needs[] = {{'t', CLI_OPT_TOLERANT}, {'j', CLI_OPT_JSON}, {'a', CLI_OPT_BOARD},
                 {'f', CLI_OPT_BOARD},    {'e', CLI_OPT_EP},       {'g', CLI_OPT_ENGINE},
                 {'b', CLI_OPT_BRIEF}};
    const char *command = argv[0];
    memset(opts, 0, sizeof *opts);
    opts->ep = FK_EP_LEGAL;
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    int c;
    while ((c = cli_options_next(&o)) != CLI_OPTIONS_END) {
        if (c == CLI_OPTIONS_BAD) return CLI_USAGE;
        for (size_t i = 0; i < sizeof needs / sizeof needs[0]; i++)
            for (const struct option *l = longopts; l->name; l++)
                if (needs[i].option == c && l->val == c && !(allowed & needs[i].allowed))
                    return cli_usage_error(command, "unknown option '--%s'", l->name);
        switch (c) {
        case 'h': fputs(_(help_text), stdout); return CLI_OK;
        case 't': opts->flags |= FK_FEN_TOLERANT; break;
        case 'j': opts->json = 1; break;
        case 'a': opts->ascii = 1; break;
        case 'f': opts->flip = 1; break;
        case 'g': opts->engine = o.value; break;
        case 'b': opts->brief = 1; break;
        case 'e':
            if (cli_parse_ep(o.value, &opts->ep) != 0)
                return cli_usage_error(command, "--ep takes legal or always, not '%s'", o.value);
            break;
        }
    }
    opts->fens = argv + 1;
    opts->nfens = o.count;
    return -1;
}
