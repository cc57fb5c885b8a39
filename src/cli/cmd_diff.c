/* fenkit diff: what changed between two FENs, field by field, and the moves
 * (up to three half-moves) that lead from the first to the second. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/coach.h"
#include "common/i18n.h"
#include "common/json_text.h"
#include "common/diff_json.h"
#include "input.h"
#include "report.h"

/* Through the catalogs: cli_parse_fen_options prints it translated. */
static const char help[] =
    N_("Usage: fenkit diff [--json] [--tolerant] FEN1 FEN2\n"
       "\n"
       "Says what changed from the first position to the second, field by field:\n"
       "which men moved, appeared or vanished, with the rank texts that show it;\n"
       "the side to move, the castling rights, the en passant square and the\n"
       "counters. Then it looks for the moves, up to three half-moves, that lead\n"
       "from the first position to the second, and writes them in SAN (\"1.e4\"),\n"
       "or says that none does. The FENs are two arguments (quoted, or unquoted\n"
       "as six words each), or 'startpos' and 'startpos moves e2e4' as in UCI.\n"
       "\n"
       "Options:\n"
       "  --json        one JSON object: men, fields (from, to, changed), moves;\n"
       "                for a FEN that cannot be read: read, error\n"
       "  --tolerant    accept extra white space and missing fields\n"
       "  --lang LANG   the language to explain in (en, vi); else LANG decides\n"
       "  -h, --help    this help\n"
       "\n"
       "Exit status: 0 both FENs are valid, 1 a FEN has an error (what can be\n"
       "compared still is; moves are looked for only from a valid first FEN),\n"
       "2 usage error (not two FENs).\n"
       "\n"
       "Examples:\n"
       "  fenkit diff startpos 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n"
       "  fenkit diff 'startpos moves e2e4' 'startpos moves e2e4 c7c5 g1f3'\n"
       "  fenkit diff --json startpos 'startpos moves g1f3 d7d5 d2d4'\n");

/* One side of the comparison. */
typedef struct {
    char given[FK_FEN_MAX + 64];
    char text[FK_FEN_MAX + 64]; /* the FEN read (what 'startpos ...' stands for) */
    size_t len;
    fk_position pos;
    fk_problems problems;
    int read, valid;
} side;

/* Reads the next input into s. Returns 0, or -1 when there is none. */
static int read_side(cli_inputs *in, side *s, unsigned flags) {
    cli_input input;
    if (!cli_inputs_next(in, &input)) return -1;
    snprintf(s->given, sizeof s->given, "%.*s", (int)input.given_len, input.given);
    fk_problems_clear(&s->problems);
    if (input.error) {
        fk_position_clear(&s->pos);
        s->read = s->valid = 0;
        fprintf(stderr, "fenkit diff: %s: %s\n", s->given, input.error);
        return 0;
    }
    s->len = input.len < sizeof s->text ? input.len : sizeof s->text - 1;
    memcpy(s->text, input.text, s->len);
    fk_fen_validate(input.text, input.len, flags, &s->pos, &s->problems);
    s->read = fk_problems_fen_read(&s->problems);
    s->valid = !fk_problems_has_error(&s->problems);
    return 0;
}

int cmd_diff(int argc, char **argv) {
    cli_fen_options opts;
    int rc = cli_parse_fen_options(argc, argv, CLI_OPT_TOLERANT | CLI_OPT_JSON, help, &opts);
    if (rc >= 0) return rc;
    cli_inputs in;
    if (opts.nfens == 0) return cli_usage_error("diff", "give two FENs");
    if (cli_inputs_open(&in, opts.fens, opts.nfens) != 0) {
        cli_inputs_close(&in);
        fprintf(stderr, _("fenkit %s: out of memory\n"), "diff");
        return CLI_PROBLEMS;
    }
    static side a, b;
    cli_input extra;
    int count = (read_side(&in, &a, opts.flags) == 0) + (read_side(&in, &b, opts.flags) == 0);
    int more = count == 2 && cli_inputs_next(&in, &extra);
    cli_inputs_close(&in);
    if (count != 2 || more)
        return cli_usage_error("diff", count < 2 ? N_("give two FENs, not one")
                                                 : N_("give two FENs, not more"));

    /* moves are looked for only between two readable positions, from a
     * legal one: the move generator needs both kings where they belong */
    static fk_lines lines;
    int search = a.valid && b.read;
    if (search) fk_moves_between(&a.pos, &b.pos, 3, &lines);
    if (opts.json && (!a.read || !b.read)) {
        /* nothing to compare: which FEN could not be read, and its first
         * problem (fenkit check --json lists them all) */
        const side *bad = !a.read ? &a : &b;
        fputs("{\"from\":", stdout);
        json_text_write(stdout, a.given, strlen(a.given), 0);
        fputs(",\"to\":", stdout);
        json_text_write(stdout, b.given, strlen(b.given), 0);
        printf(",\"valid\":[%s,%s],\"read\":[%s,%s],\"error\":", a.valid ? "true" : "false",
               b.valid ? "true" : "false", a.read ? "true" : "false", b.read ? "true" : "false");
        const char *why = bad->problems.count ? bad->problems.items[0].message : "it is empty";
        json_text_write(stdout, why, strlen(why), 0);
        fputs("}\n", stdout);
        return CLI_PROBLEMS;
    }
    if (opts.json) {
        diff_json_write(stdout, a.given, b.given, &a.pos, &b.pos, a.valid, b.valid,
                        search ? &lines : NULL);
        fputc('\n', stdout);
        return a.valid && b.valid ? CLI_OK : CLI_PROBLEMS;
    }
    /* the two labels padded alike, so the FENs stand one above the other */
    const char *from = _("From:"), *to = _("To:");
    int wf = cli_text_columns(from), wt = cli_text_columns(to);
    printf("%s%*s %s\n%s%*s %s\n\n", from, wt > wf ? wt - wf : 0, "", a.given, to,
           wf > wt ? wf - wt : 0, "", b.given);
    const side *sides[2] = {&a, &b};
    for (int i = 0; i < 2; i++) {
        if (sides[i]->valid) continue;
        printf(i ? _("The second FEN has problems:\n") : _("The first FEN has problems:\n"));
        cli_print_problems(stdout, &sides[i]->problems, "  ", 1);
        fputc('\n', stdout);
        if (sides[i]->read || sides[i]->len == 0) continue;
        /* where its placement goes wrong, read aloud as explain does */
        char *said = NULL;
        size_t said_len = 0;
        FILE *text = open_memstream(&said, &said_len);
        if (!text) continue;
        coach_placement(text, sides[i]->text, sides[i]->len, "");
        fclose(text);
        printf("%s\n", _("Placement, rank by rank:"));
        cli_print_lines(stdout, said, "  ");
        fputc('\n', stdout);
        free(said);
    }
    if (!a.read || !b.read) {
        printf("%s\n", _("A FEN could not be read completely, so the two are not compared."));
        return CLI_PROBLEMS;
    }
    char *said = NULL;
    size_t said_len = 0;
    FILE *text = open_memstream(&said, &said_len);
    if (!text) return CLI_PROBLEMS;
    coach_diff(text, &a.pos, &b.pos, search ? &lines : NULL);
    fclose(text);
    cli_print_lines(stdout, said, "");
    free(said);
    if (!search) printf("%s\n", _("Moves: not looked for, since the first FEN has errors."));
    return a.valid && b.valid ? CLI_OK : CLI_PROBLEMS;
}
