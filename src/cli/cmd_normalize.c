/* fenkit normalize: canonical FENs out, one per input line, as fast as the
 * input can be read. Lines are read in large blocks and parsed in place, and
 * the output goes out in large blocks: nothing is allocated per line. */
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "input.h"
#include "fenkit/check.h"
#include "lines.h"

static const char help[] =
    "Usage: fenkit normalize [--tolerant] [--ep legal|always] [FEN...]\n"
    "\n"
    "Writes each FEN in canonical form (single spaces, the castling rights in\n"
    "the usual order, the en passant square per --ep), one line per input.\n"
    "FENs come from the arguments, or one per line from standard input when\n"
    "there are none (CRLF line ends are fine).\n"
    "\n"
    "A FEN with an error (one that cannot be read, or a position no legal game\n"
    "can reach) is reported on standard error with its line number, e.g.\n"
    "  line 7: rank 3 has 9 squares, needs 8\n"
    "and its output line is LEFT OUT, so the output can have fewer lines than\n"
    "the input. Warnings and notes do not stop a FEN from being written.\n"
    "\n"
    "Options:\n"
    "  --tolerant    accept extra white space and missing fields (missing\n"
    "                counters become 0 1)\n"
    "  --ep MODE     legal (default): write the en passant square only when a\n"
    "                capture is possible; always: write it after every double push\n"
    "  -h, --help    this help\n"
    "\n"
    "Exit status: 0 every line was written, 1 some line failed, 2 usage error.\n"
    "\n"
    "Examples:\n"
    "  fenkit normalize < positions.fen > canonical.fen 2> errors.txt\n"
    "  fenkit normalize --ep always 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n"
    "  fenkit normalize --tolerant '8/8/8/4k3/8/8/8/4K3   w  - -'\n";

/* Output buffer size: a write per 64 KiB (about a thousand FENs). */
#define OUT_BUFFER (1u << 16)

/* Prints every error of one failed input on standard error, prefixed with
 * where the input came from ("line 7: ..."). */
static void report_errors(const char *unit, long number, const fk_problems *problems) {
    for (int i = 0; i < problems->count; i++) {
        const fk_problem *p = &problems->items[i];
        if (p->severity == FK_SEV_ERROR) fprintf(stderr, "%s %ld: %s\n", unit, number, p->message);
    }
}

int cmd_normalize(int argc, char **argv) {
    cli_fen_options opts;
    int rc = cli_parse_fen_options(argc, argv, CLI_OPT_TOLERANT | CLI_OPT_EP, help, &opts);
    if (rc >= 0) return rc;
    cli_inputs in;
    cli_writer out;
    int opened = cli_inputs_open(&in, opts.fens, opts.nfens);
    if (cli_writer_open(&out, STDOUT_FILENO, OUT_BUFFER) != 0 || opened != 0) {
        cli_inputs_close(&in);
        cli_writer_close(&out);
        fprintf(stderr, "fenkit normalize: out of memory\n");
        return CLI_PROBLEMS;
    }
    /* errors are rare; give them a buffer so a file of them is not slow */
    static char err_buffer[1 << 14];
    setvbuf(stderr, err_buffer, _IOFBF, sizeof err_buffer);
    /* someone typing FENs wants each answer at once, not at the end */
    int interactive = in.from_stdin && isatty(STDIN_FILENO);
    const char *unit = cli_inputs_unit(&in);
    static fk_problems problems;
    fk_position pos;
    long failed = 0;
    cli_input input;
    while (cli_inputs_next(&in, &input)) {
        if (input.too_long) {
            fprintf(stderr, "%s %ld: longer than %u bytes, not read\n", unit, input.number,
                    CLI_MAX_LINE);
            failed++;
            continue;
        }
        fk_problems_clear(&problems);
        fk_fen_validate(input.text, input.len, opts.flags, &pos, &problems);
        if (fk_problems_has_error(&problems)) {
            report_errors(unit, input.number, &problems);
            failed++;
        } else {
            char *dst = cli_writer_reserve(&out, FK_FEN_MAX + 1);
            size_t n = fk_fen_write(&pos, opts.ep, dst, FK_FEN_MAX);
            dst[n] = '\n';
            cli_writer_commit(&out, n + 1);
        }
        if (interactive) {
            cli_writer_flush(&out);
            fflush(stderr);
        }
    }
    int read_error = in.from_stdin ? in.lines.error : 0;
    cli_inputs_close(&in);
    int write_failed = cli_writer_close(&out) != 0;
    if (read_error) {
        fprintf(stderr, "fenkit normalize: reading standard input: %s\n", strerror(read_error));
        failed++;
    }
    if (write_failed) {
        fprintf(stderr, "fenkit normalize: writing standard output: %s\n", strerror(out.error));
        failed++;
    }
    fflush(stderr);
    return failed ? CLI_PROBLEMS : CLI_OK;
}
