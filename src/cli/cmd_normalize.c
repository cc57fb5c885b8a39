/* fenkit normalize: canonical FENs out, one per input line, as fast as the
 * input can be read. Lines are read in large blocks and parsed in place, and
 * the output goes out in large blocks: nothing is allocated per line. */
#include <assert.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "common/i18n.h"
#include "input.h"
#include "fenkit/check.h"
#include "lines.h"

static const char help[] = N_(
    "Usage: fenkit normalize [--tolerant] [--ep legal|always] [FEN...]\n"
    "\n"
    "Writes each FEN in canonical form (single spaces, the castling rights in\n"
    "the usual order, the en passant square per --ep), one line per input.\n"
    "FENs come from the arguments, or one per line from standard input when\n"
    "there are none (CRLF line ends are fine; gzip, bzip2 or zstd compressed\n"
    "input too). 'startpos' and 'startpos moves e2e4 e7e5' (as in UCI) name\n"
    "positions too.\n"
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
    "  fenkit normalize --tolerant '8/8/8/4k3/8/8/8/4K3   w  - -'\n");

/* Output buffer size: a write per 64 KiB (about a thousand FENs). */
#define OUT_BUFFER (1u << 16)
/* Error buffer size: errors are rare, but a file of them must not be slow. */
#define ERR_BUFFER (1u << 14)
/* Room for one error line: the word and number that say where, and a
 * message (at most 199 bytes). */
#define ERR_LINE (sizeof(((fk_problem *)0)->message) + 48)

/* Appends "UNIT NUMBER: TEXT\n" to the error writer; unit is "line" or
 * "FEN" and text a problem's message. */
static void put_error(cli_writer *err, const char *unit, long number, const char *text) {
    char digits[24], *d = digits + sizeof digits;
    unsigned long u = number < 0 ? 0ul : (unsigned long)number;
    do {
        *--d = (char)('0' + u % 10);
    } while (u /= 10);
    size_t unit_len = strlen(unit), digits_len = (size_t)(digits + sizeof digits - d);
    size_t text_len = strnlen(text, ERR_LINE - 28);
    assert(unit_len < 4 + 1);
    char *out = cli_writer_reserve(err, ERR_LINE);
    memcpy(out, unit, unit_len);
    size_t n = unit_len;
    out[n++] = ' ';
    memcpy(out + n, d, digits_len);
    n += digits_len;
    out[n++] = ':';
    out[n++] = ' ';
    memcpy(out + n, text, text_len);
    n += text_len;
    out[n++] = '\n';
    cli_writer_commit(err, n);
}

/* Writes every error of one failed input to the error writer, prefixed
 * with where the input came from ("line 7: ..."). */
static void report_errors(cli_writer *err, const char *unit, long number,
                          const fk_problems *problems) {
    for (int i = 0; i < problems->count; i++) {
        const fk_problem *p = &problems->items[i];
        if (p->severity == FK_SEV_ERROR) put_error(err, unit, number, p->message);
    }
}

#ifndef NDEBUG
/* 1 when text is what fk_fen_write writes for pos: debug builds check
 * put_fen's shortcut with it. */
static int fen_matches(const fk_position *pos, fk_ep_mode ep, const char *text, size_t len) {
    char fen[FK_FEN_MAX];
    return fk_fen_write(pos, ep, fen, sizeof fen) == len && memcmp(fen, text, len) == 0;
}
#endif

/* Writes pos as canonical FEN, one line. Text that the reader and the
 * checker had nothing at all to say about is canonical already (the reader
 * notes whatever it would write differently, and the checker notes an en
 * passant square no pawn can take), so it goes out as it came in. */
static void put_fen(cli_writer *out, const fk_position *pos, fk_ep_mode ep,
                    const fk_problems *problems, const char *text, size_t len) {
    char *dst = cli_writer_reserve(out, FK_FEN_MAX + 1);
    size_t n;
    if (problems->count == 0 && problems->dropped == 0 && len < FK_FEN_MAX) {
        memcpy(dst, text, len);
        n = len;
        assert(fen_matches(pos, ep, text, len));
    } else {
        n = fk_fen_write(pos, ep, dst, FK_FEN_MAX);
    }
    dst[n] = '\n';
    cli_writer_commit(out, n + 1);
}

int cmd_normalize(int argc, char **argv) {
    cli_fen_options opts;
    int rc = cli_parse_fen_options(argc, argv, CLI_OPT_TOLERANT | CLI_OPT_EP, help, &opts);
    if (rc >= 0) return rc;
    cli_inputs in;
    cli_writer out, err;
    int opened = cli_inputs_open(&in, opts.fens, opts.nfens);
    if (cli_writer_open(&out, STDOUT_FILENO, OUT_BUFFER) != 0 ||
        cli_writer_open(&err, STDERR_FILENO, ERR_BUFFER) != 0 || opened != 0) {
        cli_inputs_close(&in);
        cli_writer_close(&out);
        cli_writer_close(&err);
        fprintf(stderr, _("fenkit %s: out of memory\n"), "normalize");
        return CLI_PROBLEMS;
    }
    /* someone typing FENs wants each answer at once, not at the end */
    int interactive = in.from_stdin && isatty(STDIN_FILENO);
    const char *unit = cli_inputs_unit(&in);
    static fk_problems problems;
    fk_position pos;
    long failed = 0;
    cli_input input;
    while (cli_inputs_next(&in, &input)) {
        if (input.error) {
            put_error(&err, unit, input.number, input.error);
            failed++;
            continue;
        }
        fk_problems_clear(&problems);
        fk_fen_validate(input.text, input.len, opts.flags, &pos, &problems);
        if (fk_problems_has_error(&problems)) {
            report_errors(&err, unit, input.number, &problems);
            failed++;
        } else {
            put_fen(&out, &pos, opts.ep, &problems, input.text, input.len);
        }
        if (interactive) {
            cli_writer_flush(&out);
            cli_writer_flush(&err);
        }
    }
    int read_error = in.from_stdin ? in.lines.error : 0;
    cli_inputs_close(&in);
    if (cli_writer_close(&out) != 0) cli_stdout_failed(out.error);
    cli_writer_close(&err);
    if (read_error) {
        fprintf(stderr, _("fenkit %1$s: reading standard input: %2$s\n"), "normalize",
                strerror(read_error));
        failed++;
    }
    return failed ? CLI_PROBLEMS : CLI_OK;
}
