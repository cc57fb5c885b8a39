/* What the FEN commands print for people: boards, problems, game status. */
#include "report.h"

#include "common/coach.h"
#include "common/i18n.h"
#include "common/problem_text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What a person reads for each game status flag. */
static const struct {
    unsigned flag;
    const char *words;
} status_words[] = {
    {FK_STATUS_CHECK, N_("in check")},
    {FK_STATUS_CHECKMATE, N_("checkmate")},
    {FK_STATUS_STALEMATE, N_("stalemate (a draw)")},
    {FK_STATUS_INSUFFICIENT, N_("insufficient material (a draw)")},
    {FK_STATUS_FIFTY_CLAIMABLE, N_("a draw can be claimed (fifty-move rule)")},
    {FK_STATUS_SEVENTY_FIVE, N_("drawn (seventy-five-move rule)")},
};

void cli_json_status(FILE *out, unsigned status) {
    const char *sep = "";
    putc('[', out);
    for (unsigned flag = 1; flag <= FK_STATUS_LAST; flag <<= 1) {
        if (!(status & flag)) continue;
        fprintf(out, "%s\"%s\"", sep, fk_status_name(flag));
        sep = ",";
    }
    putc(']', out);
}

fk_bitboard cli_problem_squares(const fk_problems *problems) {
    fk_bitboard squares = 0;
    for (int i = 0; i < problems->count; i++) squares |= problems->items[i].squares;
    return squares;
}

int cli_wants_color(FILE *out) {
    const char *no_color = getenv("NO_COLOR");
    return isatty(fileno(out)) && !(no_color && no_color[0]);
}

void cli_print_board(FILE *out, const fk_position *pos, fk_bitboard marked, int ascii, int flip) {
    fk_text_options opts = {.flip = flip, .ascii = ascii, .color = cli_wants_color(out),
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

/* Appends the names of the squares in set to text (cap bytes in all),
 * separated by spaces. */
static void append_squares(char *text, size_t cap, fk_bitboard set) {
    size_t len = strlen(text);
    for (const char *sep = ""; set && len + 4 < cap; set &= set - 1, sep = " ") {
        char name[3];
        fk_square_name(__builtin_ctzll(set), name);
        len += (size_t)snprintf(text + len, cap - len, "%s%s", sep, name);
    }
}

/* Width that problem text is wrapped to: a common terminal's. */
#define WRAP_WIDTH 78

/* Columns that n bytes of UTF-8 text take: one a character, however many
 * bytes it has ("Tượng" is five). */
static size_t columns(const char *text, size_t n) {
    size_t width = 0;
    for (size_t i = 0; i < n; i++)
        width += ((unsigned char)text[i] & 0xC0) != 0x80;
    return width;
}

int cli_text_columns(const char *text) { return (int)columns(text, strlen(text)); }

/* Writes text (up to its end or a newline) after a prefix of first_width
 * columns already written, wrapped at spaces to WRAP_WIDTH, with `indent`
 * starting each further line, and ends the line. A word longer than a line
 * (a FEN) is kept whole. Returns where the text stopped. */
static const char *print_wrapped(FILE *out, size_t first_width, const char *indent,
                                 const char *text) {
    size_t column = first_width, indent_width = strlen(indent);
    int line_empty = 1;
    while (*text && *text != '\n') {
        while (*text == ' ') text++;
        size_t word = strcspn(text, " \n"), width = columns(text, word);
        if (word == 0) break;
        if (!line_empty && column + 1 + width > WRAP_WIDTH) {
            fprintf(out, "\n%s", indent);
            column = indent_width;
            line_empty = 1;
        }
        if (!line_empty) {
            fputc(' ', out);
            column++;
        }
        fwrite(text, 1, word, out);
        column += width;
        line_empty = 0;
        text += word;
    }
    fputc('\n', out);
    return text;
}

void cli_print_paragraphs(FILE *out, const char *text, const char *indent) {
    while (*text) {
        text = print_wrapped(out, 0, indent, text);
        if (*text == '\n') text++;
    }
}

void cli_print_lines(FILE *out, const char *text, const char *indent) {
    while (*text) {
        /* a line's own leading spaces indent it further, and its wrap too */
        size_t own = strspn(text, " ");
        char first[64], hanging[72];
        snprintf(first, sizeof first, "%s%.*s", indent, (int)(own < 32 ? own : 32), text);
        snprintf(hanging, sizeof hanging, "%s  ", first);
        fputs(first, out);
        text = print_wrapped(out, strlen(first), hanging, text + own);
        if (*text == '\n') text++;
    }
}

/* SGR colours of the severities: note cyan, warning yellow, error bold red. */
static const char *const severity_colors[] = {
    [FK_SEV_NOTE] = "36", [FK_SEV_WARNING] = "33", [FK_SEV_ERROR] = "1;31"};

void cli_put_colored(FILE *out, const char *sgr, const char *text) {
    if (cli_wants_color(out)) fprintf(out, "\x1b[%sm%s\x1b[0m", sgr, text);
    else fputs(text, out);
}

void cli_print_problems(FILE *out, const fk_problems *problems, const char *indent,
                        int with_fix) {
    char hanging[64], text[PROBLEM_TEXT_MAX + 64];
    char message[PROBLEM_TEXT_MAX], fix[PROBLEM_TEXT_MAX];
    /* The severities are padded to the widest in the reader's language (7
     * columns in English, "warning"), so the messages line up. */
    int pad = 7;
    for (int s = FK_SEV_NOTE; s <= FK_SEV_ERROR; s++) {
        int w = cli_text_columns(problem_severity_name((fk_severity)s));
        if (w > pad) pad = w;
    }
    snprintf(hanging, sizeof hanging, "%s%*s", indent, pad + 2, "");
    for (int i = 0; i < problems->count; i++) {
        const fk_problem *p = &problems->items[i];
        const char *severity = problem_severity_name(p->severity);
        problem_text(p, message, sizeof message, fix, sizeof fix);
        fputs(indent, out);
        cli_put_colored(out, severity_colors[p->severity], severity);
        fprintf(out, "%*s  ", pad - cli_text_columns(severity), "");
        snprintf(text, sizeof text, "%s [%s]", message, fk_problem_code_name(p->code));
        print_wrapped(out, strlen(hanging), hanging, text);
        int n = snprintf(text, sizeof text, "%s%s", _("where: "), problem_field_name(p->field));
        if (p->offset >= 0)
            n += snprintf(text + n, sizeof text - (size_t)n, _(", byte %d"), p->offset);
        if (p->squares) {
            snprintf(text + n, sizeof text - (size_t)n, "%s", _(", squares "));
            append_squares(text, sizeof text, p->squares);
        }
        fputs(hanging, out);
        print_wrapped(out, strlen(hanging), hanging, text);
        if (with_fix && fix[0]) {
            char fix_indent[80];
            const char *label = _("fix:");
            snprintf(fix_indent, sizeof fix_indent, "%s       ", hanging);
            fprintf(out, "%s%s%*s", hanging, label, 7 - cli_text_columns(label), "");
            print_wrapped(out, strlen(fix_indent), fix_indent, fix);
        }
    }
    if (problems->dropped > 0) {
        fputs(indent, out);
        fprintf(out,
                P_("(and %d more problem not listed)\n", "(and %d more problems not listed)\n",
                   problems->dropped),
                problems->dropped);
    }
}

void cli_print_status(FILE *out, const fk_position *pos, const char *indent) {
    unsigned status = fk_position_status(pos);
    if (status & FK_STATUS_CHECKMATE) {
        fputs(indent, out);
        fprintf(out, _("status: %1$s is checkmated, %2$s wins\n"), coach_color((fk_color)pos->side),
                coach_color((fk_color)!pos->side));
        return;
    }
    fputs(indent, out);
    fprintf(out, _("status: %s to move"), coach_color((fk_color)pos->side));
    for (size_t i = 0; i < sizeof status_words / sizeof status_words[0]; i++)
        if (status & status_words[i].flag) fprintf(out, ", %s", _(status_words[i].words));
    fputc('\n', out);
}
