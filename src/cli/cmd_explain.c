/* fenkit explain: a FEN read back field by field in plain English, with its
 * board, its problems and how to fix each. */
#include <stdlib.h>
#include <string.h>

#include "analyse.h"
#include "cli.h"
#include "common/coach.h"
#include "common/i18n.h"
#include "common/notation.h"
#include "input.h"
#include "report.h"

/* Through the catalogs: cli_parse_fen_options prints it translated. */
static const char help[] =
    N_("Usage: fenkit explain [--brief] [--tolerant] [--engine PATH] [FEN...]\n"
       "\n"
       "Draws the board, reads the placement aloud rank by rank (runs of men\n"
       "grouped, ranks still at home and empty ranks named, each digit read as a\n"
       "count of empty squares; a rank that does not add up to eight is counted),\n"
       "then the other fields in plain words (whose move it is, who may still\n"
       "castle, the en passant square, the counters, material and game status),\n"
       "then lists every problem with how to fix it.\n"
       "FENs come from the arguments (quoted or not), or one per line from\n"
       "standard input when there are none; 'startpos' and 'startpos moves e2e4'\n"
       "(as in UCI) name positions too.\n"
       "\n"
       "Options:\n"
       "  --brief       leave out the placement's rank-by-rank reading\n"
       "  --tolerant    accept extra white space and missing fields\n"
       "  --lang LANG   the language to explain in (en, vi); else LANG decides\n"
       "  --engine PATH also ask a UCI engine ('stockfish' finds it on PATH or in\n"
       "                /usr/games) at 300,000 nodes, and whether the side to move,\n"
       "                a castling right or the en passant square changes its\n"
       "                verdict, as fenkit analyse --sanity does\n"
       "  -h, --help    this help\n"
       "\n"
       "Exit status: 0 every FEN is valid, 1 some FEN has an error, 2 usage error.\n"
       "\n"
       "Examples:\n"
       "  fenkit explain 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'\n"
       "  fenkit explain --brief 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'\n"
       "  fenkit explain --lang vi 'rnbqkbnr/pp1ppppp/8/2p5/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2'\n"
       "  fenkit explain 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1'\n"
       "  echo '4k3/8/8/8/8/8/8/4K2R w K - 0 1' | fenkit explain\n"
       "  fenkit explain --engine stockfish '8/8/8/4k3/8/4K3/4P3/8 b - - 0 1'\n");

/* Explains one input on stdout; `brief` leaves out the placement read rank
 * by rank. Returns 1 when it is valid. */
static int explain_one(const char *label, const cli_input *input, unsigned flags, int brief) {
    static fk_problems problems;
    fk_position pos;
    fk_problems_clear(&problems);
    fk_fen_validate(input->text, input->len, flags, &pos, &problems);
    notation_note(input->text, input->len, &problems);
    int valid = !fk_problems_has_error(&problems);
    printf("%s", label);
    fwrite(input->given, 1, input->given_len, stdout);
    fputs("\n\n", stdout);
    if (input->len > 0) {
        cli_print_board(stdout, &pos, cli_problem_squares(&problems), 0, 0);
        fputc('\n', stdout);
    }
    /* read from the text, not the position: a rank that does not add up to
     * eight is read aloud too, where the count goes wrong */
    if (!brief && input->len > 0) {
        char *said = NULL;
        size_t said_len = 0;
        FILE *lines = open_memstream(&said, &said_len);
        if (lines) {
            coach_placement(lines, input->text, input->len, "");
            fclose(lines);
            printf("%s\n", _("Placement, rank by rank:"));
            cli_print_lines(stdout, said, "  ");
            fputc('\n', stdout);
        }
        free(said);
    }
    if (fk_problems_fen_read(&problems)) {
        char text[2048];
        size_t need = coach_fields(&pos, text, sizeof text);
        char *big = need < sizeof text ? NULL : malloc(need + 1);
        if (big) coach_fields(&pos, big, need + 1);
        cli_print_paragraphs(stdout, big ? big : text, "  ");
        fputc('\n', stdout);
        free(big);
    } else {
        cli_print_paragraphs(stdout,
                             _("The FEN could not be read completely, so it is not explained "
                               "field by field; fix the errors below first."),
                             "");
        fputc('\n', stdout);
    }
    if (problems.count == 0) {
        printf("%s\n", _("No problems found."));
    } else {
        printf("%s\n", valid ? _("Worth knowing:") : _("Problems:"));
        cli_print_problems(stdout, &problems, "  ", 1);
    }
    return valid;
}

int cmd_explain(int argc, char **argv) {
    cli_fen_options opts;
    int rc = cli_parse_fen_options(argc, argv, CLI_OPT_TOLERANT | CLI_OPT_ENGINE | CLI_OPT_BRIEF,
                                   help, &opts);
    if (rc >= 0) return rc;
    cli_inputs in;
    if (cli_inputs_open(&in, opts.fens, opts.nfens) != 0) {
        cli_inputs_close(&in);
        fprintf(stderr, _("fenkit %s: out of memory\n"), "explain");
        return CLI_PROBLEMS;
    }
    /* --engine: an engine started at the first valid FEN, kept for the rest */
    analyse_settings settings = {{FK_LIMIT_NODES, 300000, 1, 0, NULL}, opts.engine, 0, 1, 1,
                                 opts.flags & FK_FEN_CHESS960};
    analyse_engine ae = {opts.engine ? &settings : NULL, NULL, NULL};
    long invalid = 0, total = 0;
    cli_input input;
    while (cli_inputs_next(&in, &input)) {
        if (total++) fputs("\n", stdout);
        char label[48] = "FEN: ";
        if (in.from_stdin || in.count > 1)
            snprintf(label, sizeof label, "%s %ld: ", cli_inputs_unit(&in), input.number);
        if (input.error) {
            printf("%s%.*s\n\nProblems:\n  error    %s\n", label, (int)input.given_len,
                   input.given, input.error);
            invalid++;
            continue;
        }
        int valid = explain_one(label, &input, opts.flags, opts.brief);
        invalid += !valid;
        if (valid && ae.settings) {
            /* the engine's section: analyse's answer, FEN interrogated */
            printf("\n%s\n", _("The engine's view:"));
            char text[FK_FEN_MAX + 64];
            snprintf(text, sizeof text, "%.*s", (int)input.len, input.text);
            invalid += analyse_one(&ae, text, "", 0, stdout, stderr) != CLI_OK;
        }
    }
    analyse_engine_close(&ae);
    cli_inputs_close(&in);
    return invalid ? CLI_PROBLEMS : CLI_OK;
}
