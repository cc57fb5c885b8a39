/* fenkit check: read and check FENs, and say what is wrong with each, for
 * people (a board and sentences) or programs (JSON Lines). */
#include <errno.h>
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "common/json_text.h"
#include "common/notation.h"
#include "common/problem_text.h"
#include "input.h"
#include "json.h"
#include "report.h"

/* Through the catalogs: cli_parse_fen_options prints it translated. */
static const char help[] =
    N_("Usage: fenkit check [--json] [--tolerant] [--ep legal|always] [FEN...]\n"
       "\n"
       "Reads each FEN and checks it against the rules of chess: every problem is\n"
       "listed with its severity, the field and squares it is about, and a fix.\n"
       "FENs come from the arguments, or one per line from standard input when\n"
       "there are none (plain, or compressed with gzip, bzip2 or zstd). A bad or\n"
       "empty line is reported and the next one is read\n"
       "(empty lines at the end are no input; a line that is no FEN at all is one\n"
       "error, not-a-fen).\n"
       "A FEN typed without quotes works too: a word with '/' starts a new FEN.\n"
       "'startpos' and 'startpos moves e2e4 e7e5' (as in UCI) name positions too.\n"
       "\n"
       "A FEN is valid when it has no problem of severity error (warnings and\n"
       "notes are suspicious or informative, not wrong).\n"
       "\n"
       "Options:\n"
       "  --json        one JSON object per input, in input order, with the fields\n"
       "                line, input, valid, fen (canonical, or null), problems (each\n"
       "                code, severity, field, offset, message, fix, squares) and\n"
       "                status (a list such as [\"check\"], or null when invalid)\n"
       "  --tolerant    accept extra white space and missing fields (missing\n"
       "                counters become 0 1, with a note)\n"
       "  --ep MODE     en passant square in the canonical FEN: legal (default,\n"
       "                only when a capture is possible) or always\n"
       "  -h, --help    this help\n"
       "\n"
       "Exit status: 0 every FEN is valid, 1 some FEN is not, 2 usage error.\n"
       "\n"
       "Examples:\n"
       "  fenkit check 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n"
       "  fenkit check --json < positions.fen > report.jsonl\n"
       "  fenkit check --tolerant '8/8/8/4k3/8/8/8/4K3 w'\n");

/* Everything known about one input after checking it. */
typedef struct {
    fk_position pos;
    fk_problems problems;
    int valid;
    char fen[FK_FEN_MAX]; /* canonical, when valid */
} check_result;

/* Reads and checks one FEN into r. */
static void check_one(const cli_input *input, const cli_fen_options *opts, check_result *r) {
    fk_problems_clear(&r->problems);
    fk_fen_validate(input->text, input->len, opts->flags, &r->pos, &r->problems);
    notation_note(input->text, input->len, &r->problems);
    r->valid = !fk_problems_has_error(&r->problems);
    r->fen[0] = '\0';
    if (r->valid) fk_fen_write(&r->pos, opts->ep, r->fen, sizeof r->fen);
}

/* Writes one problem as a JSON object. */
static void json_problem(FILE *out, const char *code, const char *severity, const char *field,
                         int offset, const char *message, const char *fix, fk_bitboard squares) {
    fprintf(out, "{\"code\":\"%s\",\"severity\":\"%s\",\"field\":\"%s\",\"offset\":", code,
            severity, field);
    if (offset >= 0) fprintf(out, "%d", offset);
    else fputs("null", out);
    fputs(",\"message\":", out);
    cli_json_cstring(out, message);
    fputs(",\"fix\":", out);
    cli_json_cstring(out, fix);
    fputs(",\"squares\":", out);
    json_squares_write(out, squares);
    putc('}', out);
}

/* Writes the JSON line of one checked input. */
static void json_result(FILE *out, const cli_input *input, const check_result *r) {
    fprintf(out, "{\"line\":%ld,\"input\":", input->number);
    cli_json_string(out, input->given, input->given_len);
    fprintf(out, ",\"valid\":%s,\"fen\":", r->valid ? "true" : "false");
    if (r->valid) cli_json_cstring(out, r->fen);
    else fputs("null", out);
    fputs(",\"problems\":[", out);
    for (int i = 0; i < r->problems.count; i++) {
        const fk_problem *p = &r->problems.items[i];
        char message[PROBLEM_TEXT_MAX], fix[PROBLEM_TEXT_MAX];
        problem_text(p, message, sizeof message, fix, sizeof fix);
        if (i) putc(',', out);
        json_problem(out, fk_problem_code_name(p->code), fk_severity_name(p->severity),
                     fk_field_name(p->field), p->offset, message, fix, p->squares);
    }
    fputs("],\"status\":", out);
    if (r->valid) {
        cli_json_status(out, fk_position_status(&r->pos));
    } else {
        fputs("null", out);
    }
    if (r->problems.dropped) fprintf(out, ",\"problems_dropped\":%d", r->problems.dropped);
    fputs("}\n", out);
}

/* Counts the problems of one severity. */
static int count_severity(const fk_problems *problems, fk_severity severity) {
    int n = 0;
    for (int i = 0; i < problems->count; i++) n += problems->items[i].severity == severity;
    return n;
}

/* Prints one checked input for a person: the board with the problem
 * squares marked, the verdict, the canonical FEN, status and problems. */
static void human_result(FILE *out, const char *label, const cli_input *input,
                         const check_result *r) {
    fprintf(out, "%s", label);
    fwrite(input->given, 1, input->given_len, out);
    fputc('\n', out);
    /* byte offsets below are the FEN's, so show it */
    if (input->given != input->text) fprintf(out, "  = %.*s\n", (int)input->len, input->text);
    if (input->len > 0) cli_print_board(out, &r->pos, cli_problem_squares(&r->problems), 0, 0);
    int errors = count_severity(&r->problems, FK_SEV_ERROR);
    int warnings = count_severity(&r->problems, FK_SEV_WARNING);
    if (r->valid) {
        cli_put_colored(out, "1;32", _("valid"));
        if (warnings)
            fprintf(out, P_(", with %d warning", ", with %d warnings", warnings), warnings);
        fprintf(out, "\n  %s %s\n", _("canonical FEN:"), r->fen);
        cli_print_status(out, &r->pos, "  ");
    } else {
        cli_put_colored(out, "1;31", _("invalid"));
        fprintf(out, P_(": %d error", ": %d errors", errors), errors);
        if (warnings) fprintf(out, P_(", %d warning", ", %d warnings", warnings), warnings);
        fputc('\n', out);
    }
    cli_print_problems(out, &r->problems, "  ", 1);
    fputc('\n', out);
}

/* Reports an input that could not be read as a FEN at all (a line too
 * long, a move of "startpos moves ..." that cannot be played), in the
 * chosen output form. */
static void report_unread(FILE *out, const char *label, const cli_input *input, int json) {
    if (!json) {
        /* input->error is one of the input layer's sentences; those the
         * catalogs know (not_a_fen_message) are said in the reader's
         * language, the others as they are. */
        fprintf(out, "%s%.*s\n", label, (int)input->given_len,
                input->given_len ? input->given : _("(not read)"));
        fputs(_("invalid"), out);
        fprintf(out, P_(": %d error", ": %d errors", 1), 1);
        fprintf(out, "\n  %s%*s  %s  [%s]\n\n", problem_severity_name(FK_SEV_ERROR),
                7 - cli_text_columns(problem_severity_name(FK_SEV_ERROR)), "", _(input->error),
                input->error_code);
        return;
    }
    fprintf(out, "{\"line\":%ld,\"input\":", input->number);
    if (input->given_len) cli_json_string(out, input->given, input->given_len);
    else fputs("null", out);
    fputs(",\"valid\":false,\"fen\":null,\"problems\":[", out);
    json_problem(out, input->error_code, "error", "position", -1, input->error, "", 0);
    fputs("],\"status\":null}\n", out);
}

int cmd_check(int argc, char **argv) {
    cli_fen_options opts;
    int rc = cli_parse_fen_options(argc, argv, CLI_OPT_TOLERANT | CLI_OPT_EP | CLI_OPT_JSON,
                                   help, &opts);
    if (rc >= 0) return rc;
    cli_inputs in;
    static check_result result; /* large: keep it off the stack */
    if (cli_inputs_open(&in, opts.fens, opts.nfens) != 0) {
        cli_inputs_close(&in);
        fprintf(stderr, _("fenkit %s: out of memory\n"), "check");
        return CLI_PROBLEMS;
    }
    static char out_buffer[1 << 16];
    setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    long total = 0, invalid = 0;
    cli_input input;
    while (cli_inputs_next(&in, &input)) {
        total++;
        char label[48] = "FEN: ";
        if (in.from_stdin || in.count > 1)
            snprintf(label, sizeof label, "%s %ld: ", cli_inputs_unit(&in), input.number);
        if (input.error) {
            invalid++;
            report_unread(stdout, label, &input, opts.json);
            continue;
        }
        check_one(&input, &opts, &result);
        invalid += !result.valid;
        if (opts.json)
            json_result(stdout, &input, &result);
        else
            human_result(stdout, label, &input, &result);
    }
    int read_error = in.from_stdin ? in.lines.error : 0;
    cli_inputs_close(&in);
    if (!opts.json && total > 1)
        printf(_("checked %1$ld FENs: %2$ld valid, %3$ld invalid\n"), total, total - invalid,
               invalid);
    if (read_error) {
        fprintf(stderr, _("fenkit %1$s: reading standard input: %2$s\n"), "check",
                strerror(read_error));
        return CLI_PROBLEMS;
    }
    return invalid ? CLI_PROBLEMS : CLI_OK;
}
