/* fenkit epd: EPD lines read, their move operations checked against the
 * position, and written back in a standard form or as JSON. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "common/i18n.h"
#include "common/problem_text.h"
#include "json.h"
#include "lines.h"
#include "options.h"
#include "fenkit/fenkit.h"

static const char help_text[] = N_(
    "Usage: fenkit epd [--json] [FILE...]\n"
    "\n"
    "Reads EPD lines (standard input when there is no FILE or FILE is -): the\n"
    "first four FEN fields, then operations such as bm Nf3; id \"WAC.001\";\n"
    "Each line is checked and written back: the position as a FEN writes it,\n"
    "the moves of bm, am, pm, sm and pv in standard SAN (pv as a line played\n"
    "from the position), the other operations as they were. A line whose\n"
    "position or operations cannot be read, or whose moves are not legal, is\n"
    "reported on standard error with its file and line, and the others go on.\n"
    "\n"
    "Options:\n"
    "  --json      one JSON object a line: line, fen (hmvc and fmvn give its\n"
    "              counters), epd (the line written back), and one field per\n"
    "              operation: bm, am, pm, sm, pv as lists of SAN with a list\n"
    "              of UCI beside them (bm_uci, ...); ce, acd, acn, acs, dm,\n"
    "              hmvc, fmvn as numbers; id, c0 to c9 and the rest as text\n"
    "  -h, --help  this help\n"
    "\n"
    "Exit status: 0 every line read, 1 some line had a problem (or a file\n"
    "could not be read), 2 usage error.\n"
    "\n"
    "Examples:\n"
    "  fenkit epd wac.epd\n"
    "  fenkit epd --json puzzles.epd | jq -r .bm_uci[0]\n"
    "  echo 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"Ruy\";' | "
    "fenkit epd\n");

/* The opcodes whose operands are moves; pv's are a line, played in turn. */
static int is_move_op(const char *opcode) {
    static const char *const names[] = {"bm", "am", "pm", "sm", "pv"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(opcode, names[i]) == 0) return 1;
    return 0;
}

static int is_number_op(const char *opcode) {
    static const char *const names[] = {"ce", "acd", "acn", "acs", "dm", "hmvc", "fmvn"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(opcode, names[i]) == 0) return 1;
    return 0;
}

/* Rewrites a move operation in standard SAN, and its UCI into uci (cap
 * bytes). Returns 0, or -1 with why set when a move cannot be read. */
static int check_moves(const fk_position *start, fk_epd_op *op, char *uci, size_t cap, char *why,
                       size_t why_cap) {
    fk_position pos = *start;
    int line = strcmp(op->opcode, "pv") == 0;
    char san_out[sizeof op->operands];
    size_t n = 0, u = 0;
    uci[0] = '\0';
    const char *p = op->operands;
    while (*p) {
        size_t len = strcspn(p, " ");
        fk_move move;
        fk_error err;
        if (fk_move_parse_san(&pos, p, len, &move, &err) != FK_OK &&
            fk_move_parse_uci(&pos, p, len, &move, NULL) != FK_OK) {
            snprintf(why, why_cap, "%s: %s", op->opcode, err.message);
            return -1;
        }
        char san[16], text[8];
        fk_move_to_san(&pos, move, san, sizeof san);
        fk_move_to_uci(&pos, move, text, sizeof text);
        n += (size_t)snprintf(san_out + n, sizeof san_out - n, "%s%s", n ? " " : "", san);
        u += (size_t)snprintf(uci + u, cap - u, "%s%s", u ? " " : "", text);
        if (line) fk_move_make(&pos, move);
        p += len;
        while (*p == ' ')
            p++;
    }
    memcpy(op->operands, san_out, n + 1);
    return 0;
}

/* Writes a space-separated list as a JSON array of strings. */
static void json_list(FILE *out, const char *text) {
    putc('[', out);
    for (int first = 1; *text; first = 0) {
        size_t len = strcspn(text, " ");
        if (!first) putc(',', out);
        cli_json_string(out, text, len);
        text += len;
        while (*text == ' ')
            text++;
    }
    putc(']', out);
}

static void print_json(long line, const fk_position *pos, const fk_epd_ops *ops,
                       char uci[][sizeof ops->ops[0].operands], const char *epd) {
    char fen[FK_FEN_MAX];
    fk_fen_write(pos, FK_EP_LEGAL, fen, sizeof fen);
    printf("{\"line\":%ld,\"fen\":\"%s\",\"epd\":", line, fen);
    cli_json_cstring(stdout, epd);
    for (int i = 0; i < ops->count; i++) {
        const fk_epd_op *op = &ops->ops[i];
        putchar(',');
        cli_json_cstring(stdout, op->opcode);
        putchar(':');
        char *end;
        double v = strtod(op->operands, &end);
        if (is_move_op(op->opcode)) {
            json_list(stdout, op->operands);
            printf(",\"%s_uci\":", op->opcode);
            json_list(stdout, uci[i]);
        } else if (is_number_op(op->opcode) && end != op->operands && !*end) {
            printf("%.15g", v);
        } else {
            cli_json_cstring(stdout, op->operands);
        }
    }
    fputs("}\n", stdout);
}

/* Reads one input's lines. Returns 0, or 1 when some line had a problem. */
static int read_input(int fd, const char *name, int json) {
    cli_line_reader lines;
    if (cli_lines_open(&lines, fd, 1 << 16) != 0) {
        fprintf(stderr, _("fenkit %s: out of memory\n"), "epd");
        return 1;
    }
    int bad = 0;
    const char *text;
    size_t len;
    int got;
    static fk_epd_ops ops;
    static char uci[FK_EPD_MAX_OPS][sizeof ops.ops[0].operands];
    while ((got = cli_lines_next(&lines, &text, &len)) != CLI_LINE_END) {
        long number = lines.number;
        if (got == CLI_LINE_TOO_LONG) {
            fprintf(stderr, _("fenkit epd: %1$s:%2$ld: line too long, skipped\n"), name, number);
            bad = 1;
            continue;
        }
        size_t i = 0;
        while (i < len && (text[i] == ' ' || text[i] == '\t'))
            i++;
        if (i == len || text[i] == '#') continue; /* blank lines and # notes */
        fk_position pos;
        fk_problems problems;
        fk_error err;
        fk_problems_clear(&problems);
        err.message[0] = '\0';
        fk_status st = fk_epd_parse(text, len, 0, &pos, &ops, &problems, &err);
        char why[700] = "";
        if (st != FK_OK) {
            if (err.message[0])
                snprintf(why, sizeof why, _("byte %1$d: %2$s"), err.offset, err.message);
            else
                for (int k = 0; k < problems.count; k++)
                    if (problems.items[k].severity == FK_SEV_ERROR) {
                        char fix[PROBLEM_TEXT_MAX];
                        problem_text(&problems.items[k], why, sizeof why, fix, sizeof fix);
                        break;
                    }
        }
        for (int k = 0; !why[0] && k < ops.count; k++) {
            uci[k][0] = '\0';
            if (is_move_op(ops.ops[k].opcode))
                check_moves(&pos, &ops.ops[k], uci[k], sizeof uci[k], why, sizeof why);
        }
        if (why[0]) {
            fprintf(stderr, "fenkit epd: %s:%ld: %s\n", name, number, why);
            bad = 1;
            continue;
        }
        char epd[FK_FEN_MAX + sizeof ops.ops + 64];
        fk_epd_write(&pos, &ops, FK_EP_LEGAL, epd, sizeof epd);
        if (json)
            print_json(number, &pos, &ops, uci, epd);
        else
            printf("%s\n", epd);
    }
    if (lines.error) {
        fprintf(stderr, "fenkit epd: %s: %s\n", name, strerror(lines.error));
        bad = 1;
    }
    cli_lines_close(&lines);
    return bad;
}

int cmd_epd(int argc, char **argv) {
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'}, {"json", no_argument, NULL, 'j'}, {NULL, 0, NULL, 0}};
    int json = 0;
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        switch (c) {
        case 'h':
            if (fputs(_(help_text), stdout) == EOF) cli_stdout_failed(errno);
            return CLI_OK;
        case 'j': json = 1; break;
        default: return CLI_USAGE;
        }
    }
    int bad = 0;
    if (o.count == 0) return read_input(STDIN_FILENO, "-", json) ? CLI_PROBLEMS : CLI_OK;
    for (int i = 1; i <= o.count; i++) {
        if (strcmp(argv[i], "-") == 0) {
            bad |= read_input(STDIN_FILENO, "-", json);
            continue;
        }
        int fd = open(argv[i], O_RDONLY);
        if (fd < 0) {
            fprintf(stderr, "fenkit epd: %s: %s\n", argv[i], strerror(errno));
            bad = 1;
            continue;
        }
        bad |= read_input(fd, argv[i], json);
        close(fd);
    }
    return bad ? CLI_PROBLEMS : CLI_OK;
}
