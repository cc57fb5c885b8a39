/* fenkit show: the board of a FEN drawn in the terminal, then the rest of
 * the position (side to move, castling, en passant, counters). */
#include <string.h>

#include "cli.h"
#include "common/coach.h"
#include "common/i18n.h"
#include "common/notation.h"
#include "input.h"
#include "report.h"

static const char help[] =
    N_("Usage: fenkit show [--flip] [--ascii] FEN...\n"
       "\n"
       "Draws the board with coordinates: Unicode chess symbols, on coloured\n"
       "squares when standard output is a terminal (set NO_COLOR to turn colours\n"
       "off), then who is to move, the castling rights, the en passant square and\n"
       "the counters. The FEN is read tolerantly (extra spaces, missing counters);\n"
       "squares with a problem are framed and errors and warnings listed: use\n"
       "'fenkit explain' for how to fix them. With no FEN, reads one per line\n"
       "from standard input. 'startpos' and 'startpos moves e2e4' (as in UCI) name\n"
       "positions too.\n"
       "\n"
       "Options:\n"
       "  --flip        Black at the bottom (ranks 1 to 8 downwards, files h to a)\n"
       "  --ascii       letters (KQRBNP for White, kqrbnp for Black) instead of symbols\n"
       "  -h, --help    this help\n"
       "\n"
       "Exit status: 0 drawn, 1 the FEN has an error (drawn as far as it was read),\n"
       "2 usage error.\n"
       "\n"
       "Examples:\n"
       "  fenkit show 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n"
       "  fenkit show --flip --ascii r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - "
       "2 3\n");

/* Prints the fields after the placement, labelled, from the FEN as written
 * back (so castling and en passant read as the FEN spells them). */
static void print_details(const fk_position *pos) {
    char fen[FK_FEN_MAX];
    fk_fen_write(pos, FK_EP_ALWAYS, fen, sizeof fen);
    /* fields: placement side castling en-passant halfmove fullmove */
    char *field[6] = {0};
    int n = 0;
    for (char *save = NULL, *word = strtok_r(fen, " ", &save); word && n < 6;
         word = strtok_r(NULL, " ", &save))
        field[n++] = word;
    printf(_("%s to move"), coach_color(pos->side));
    if (n == 6)
        printf(_(" | castling %1$s | en passant %2$s | halfmove clock %3$s | move %4$s"), field[2],
               field[3], field[4], field[5]);
    fputc('\n', stdout);
}

/* Draws one input, framing the squares of its errors and warnings (notes
 * are for 'fenkit check' and 'explain', but for the one on other piece
 * letters, which explains its errors). Returns 1 when it has no error. */
static int show_one(const cli_input *input, const cli_fen_options *opts) {
    static fk_problems problems, wrong;
    fk_position pos;
    fk_problems_clear(&problems);
    fk_fen_validate(input->text, input->len, opts->flags, &pos, &problems);
    notation_note(input->text, input->len, &problems);
    fk_problems_clear(&wrong);
    for (int i = 0; i < problems.count; i++)
        if (problems.items[i].severity != FK_SEV_NOTE || notation_is_note(&problems.items[i]))
            wrong.items[wrong.count++] = problems.items[i];
    wrong.dropped = problems.dropped;
    cli_print_board(stdout, &pos, cli_problem_squares(&wrong), opts->ascii, opts->flip);
    if (fk_problems_fen_read(&problems)) print_details(&pos);
    if (wrong.count > 0 || wrong.dropped > 0) {
        cli_print_problems(stdout, &wrong, "", 0);
        fputs(_("('fenkit explain' says how to fix them)\n"), stdout);
    }
    return !fk_problems_has_error(&problems);
}

int cmd_show(int argc, char **argv) {
    cli_fen_options opts;
    int rc = cli_parse_fen_options(argc, argv, CLI_OPT_BOARD, help, &opts);
    if (rc >= 0) return rc;
    opts.flags |= FK_FEN_TOLERANT;
    cli_inputs in;
    if (cli_inputs_open(&in, opts.fens, opts.nfens) != 0) {
        cli_inputs_close(&in);
        fprintf(stderr, "fenkit show: out of memory\n");
        return CLI_PROBLEMS;
    }
    long invalid = 0, total = 0;
    cli_input input;
    while (cli_inputs_next(&in, &input)) {
        if (total++) fputc('\n', stdout);
        if (input.error) {
            printf("%s %ld: %s\n", cli_inputs_unit(&in), input.number, input.error);
            invalid++;
            continue;
        }
        invalid += !show_one(&input, &opts);
    }
    cli_inputs_close(&in);
    return invalid ? CLI_PROBLEMS : CLI_OK;
}
