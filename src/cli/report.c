/* What the FEN commands print for people: boards, problems, game status. */
#include "report.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const cli_status_name cli_status_names[] = {
    {FK_STATUS_CHECK, "check", "in check"},
    {FK_STATUS_CHECKMATE, "checkmate", "checkmate"},
    {FK_STATUS_STALEMATE, "stalemate", "stalemate (a draw)"},
    {FK_STATUS_INSUFFICIENT, "insufficient-material", "insufficient material (a draw)"},
    {FK_STATUS_FIFTY_CLAIMABLE, "fifty-move-claimable",
     "a draw can be claimed (fifty-move rule)"},
    {FK_STATUS_SEVENTY_FIVE, "seventy-five-move", "drawn (seventy-five-move rule)"},
};
const int cli_status_name_count = (int)(sizeof cli_status_names / sizeof cli_status_names[0]);

fk_bitboard cli_problem_squares(const fk_problems *problems) {
    fk_bitboard squares = 0;
    for (int i = 0; i < problems->count; i++) squares |= problems->items[i].squares;
    return squares;
}

int cli_fen_was_read(const fk_problems *problems) {
    /* fen.h lists the reading codes first, up to FK_PROB_FIELDS_FILLED */
    for (int i = 0; i < problems->count; i++) {
        const fk_problem *p = &problems->items[i];
        if (p->severity == FK_SEV_ERROR && p->code <= FK_PROB_FIELDS_FILLED) return 0;
    }
    return 1;
}

/* 1 when colour escapes may go to out: a terminal, and NO_COLOR unset or
 * empty (https://no-color.org). */
static int wants_color(FILE *out) {
    const char *no_color = getenv("NO_COLOR");
    return isatty(fileno(out)) && !(no_color && no_color[0]);
}

void cli_print_board(FILE *out, const fk_position *pos, fk_bitboard marked, int ascii, int flip) {
    fk_text_options opts = {.flip = flip, .ascii = ascii, .color = wants_color(out),
                            .marked = marked};
    char buf[4096];
    size_t need = fk_render_text(pos, &opts, buf, sizeof buf);
    if (need < sizeof buf) {
        fputs(buf, out);
        return;
    }
    char *big = malloc(need + 1);
    if (!big) return;
    fk_render_text(pos, &opts, big, need + 1);
    fputs(big, out);
    free(big);
}

/* Writes the names of the squares in set, separated by spaces. */
static void print_squares(FILE *out, fk_bitboard set) {
    const char *sep = "";
    for (; set; set &= set - 1) {
        char name[3];
        fk_square_name(__builtin_ctzll(set), name);
        fprintf(out, "%s%s", sep, name);
        sep = " ";
    }
}

void cli_print_problems(FILE *out, const fk_problems *problems, const char *indent,
                        int with_fix) {
    for (int i = 0; i < problems->count; i++) {
        const fk_problem *p = &problems->items[i];
        fprintf(out, "%s%-7s  %s  [%s]\n", indent, fk_severity_name(p->severity), p->message,
                fk_problem_code_name(p->code));
        fprintf(out, "%s         where: %s", indent, fk_field_name(p->field));
        if (p->field != FK_FIELD_NONE) fputs(" field", out);
        if (p->offset >= 0) fprintf(out, ", byte %d", p->offset);
        if (p->squares) {
            fputs(", squares ", out);
            print_squares(out, p->squares);
        }
        fputc('\n', out);
        if (with_fix && p->fix[0]) fprintf(out, "%s         fix:   %s\n", indent, p->fix);
    }
    if (problems->dropped > 0)
        fprintf(out, "%s(and %d more problem%s not listed)\n", indent, problems->dropped,
                problems->dropped == 1 ? "" : "s");
}

const char *cli_side_name(int side) { return side == FK_WHITE ? "White" : "Black"; }

void cli_print_status(FILE *out, const fk_position *pos, const char *indent) {
    unsigned status = fk_position_status(pos);
    /* checkmate says check already */
    if (status & FK_STATUS_CHECKMATE) status &= ~(unsigned)FK_STATUS_CHECK;
    fprintf(out, "%sstatus: %s to move", indent, cli_side_name(pos->side));
    for (int i = 0; i < cli_status_name_count; i++)
        if (status & cli_status_names[i].flag) fprintf(out, ", %s", cli_status_names[i].words);
    fputc('\n', out);
}
