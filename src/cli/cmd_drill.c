/* fenkit drill: board-visualisation drills in the terminal. A position is
 * shown without its board (its placement, or each side's men listed), a
 * question about it is asked, and the answer is read from a line of
 * standard input; the attack and open-line questions are answered by the
 * core's attack tables. Two questions show something else: two positions
 * to spot the difference between, and a drawn board whose placement is
 * typed and graded rank by rank. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "common/coach.h"
#include "common/i18n.h"
#include "common/scan_text.h"
#include "fenkit/core.h"
#include "options.h"
#include "report.h"

static const char help[] =
    N_("Usage: fenkit drill [--kind KIND] [--count N] [--men N] [--list] [--seed N] FEN...\n"
       "\n"
       "Board-visualisation drills: each question shows one of the FENs without\n"
       "its board (its placement, or with --list each side's men) and asks about\n"
       "it; type the answer on a line (diff shows two positions, and type draws\n"
       "the board instead). At the end, how many were right and the time an\n"
       "answer took. The questions (KIND, default any):\n"
       "  on        What stands on e4? (a FEN letter, \"white knight\" or \"empty\")\n"
       "  where     Which square is the white knight on? (with several: one of them)\n"
       "  colour    What colour is e5? (light or dark)\n"
       "  attacked  Is f7 attacked by White? (yes or no: does a white man reach it)\n"
       "  attacks   Which squares does the knight on f3 attack? (all, any order)\n"
       "  line      Is the b1-h7 diagonal open? (yes or no: no man stands between\n"
       "            the two squares; files and ranks too)\n"
       "  diff      Spot the difference: two positions, one man moved or changed\n"
       "            into another; name the squares where they differ\n"
       "  type      Type the FEN: a board is drawn; type its placement, graded\n"
       "            rank by rank, with what 'fenkit check' says of it\n"
       "\n"
       "Options:\n"
       "  --kind KIND  one kind of question, or any\n"
       "  --count N    questions to ask (default 5)\n"
       "  --men N      keep the kings and N other men of each position, chosen at\n"
       "               random (default: 2 at first, two more after every three\n"
       "               right answers in a row, two fewer after a wrong one)\n"
       "  --list       show the men listed by side (White: Kg1, Nf3, e4) instead of\n"
       "               the placement\n"
       "  --seed N     the same questions again for the same N (default: the clock)\n"
       "  -h, --help   this help\n"
       "\n"
       "Exit status: 0 every answer right, 1 some wrong or not given (the input\n"
       "ended), 2 usage error or a FEN that cannot be read.\n"
       "\n"
       "Examples:\n"
       "  fenkit drill --men 4 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'\n"
       "  printf 'light\\ndark\\n' | fenkit drill --kind colour --count 2 --seed 1 startpos\n");

typedef enum {
    ASK_ON,
    ASK_WHERE,
    ASK_COLOUR,
    ASK_ATTACKED,
    ASK_ATTACKS,
    ASK_LINE,
    ASK_DIFF,
    ASK_TYPE,
    ASK_KINDS
} ask_kind;
static const char *const kind_names[ASK_KINDS] = {"on",      "where", "colour", "attacked",
                                                  "attacks", "line",  "diff",   "type"};

/* The next character of UTF-8 text, as a code point; a byte that starts no
 * well-formed sequence is taken as itself. */
static unsigned next_char(const char **text) {
    const unsigned char *s = (const unsigned char *)*text;
    int more = s[0] >= 0xF0 ? 3 : s[0] >= 0xE0 ? 2 : s[0] >= 0xC0 ? 1 : 0;
    if (!more) {
        *text += 1;
        return s[0];
    }
    unsigned c = s[0] & (0x3F >> more);
    for (int i = 1; i <= more; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *text += 1;
            return s[0];
        }
        c = c << 6 | (s[i] & 0x3F);
    }
    *text += 1 + more;
    return c;
}

/* The lower case of c, for the letters an answer is written in: ASCII,
 * Latin-1 and the Latin letters Vietnamese writes (Đ, Ơ, Ư, Ắ ... Ỹ). */
static unsigned lower_char(unsigned c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;
    /* these blocks pair each capital with the small letter after it */
    if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177) || (c >= 0x1EA0 && c <= 0x1EF9))
        return c | 1;
    if (c == 0x1A0 || c == 0x1AF) return c + 1;
    return c;
}

/* 1 when a and b are the same words but for case ("vua đen", "Vua Đen"). */
static int same_words(const char *a, const char *b) {
    while (*a && *b)
        if (lower_char(next_char(&a)) != lower_char(next_char(&b))) return 0;
    return !*a && !*b;
}

/* The words an answer may be given in: the reader's, or the English ones
 * (the help's examples, and answers typed from habit). */
static int says(const char *given, const char *word) {
    return same_words(given, word) || same_words(given, _(word));
}

/* xorshift64*: the same questions for the same seed on every machine. */
static uint64_t rng;
static unsigned rnd(unsigned n) {
    rng ^= rng >> 12, rng ^= rng << 25, rng ^= rng >> 27;
    return (unsigned)(((rng * 0x2545F4914F6CDD1DULL) >> 32) % n);
}

/* A square of b chosen at random (b not empty). */
static fk_square pick(fk_bitboard b) {
    for (unsigned k = rnd((unsigned)__builtin_popcountll(b)); k; k--)
        b &= b - 1;
    return __builtin_ctzll(b);
}

/* How a question shows its position: as text, as two positions to tell
 * apart, or as a drawn board. */
typedef enum { SHOW_TEXT, SHOW_TWO, SHOW_BOARD } show_kind;

/* One question: its text, the answer in words, and what grading needs. */
typedef struct {
    ask_kind kind;
    show_kind shows;
    char text[256], answer[256]; /* room for "yes, from " and a list of squares */
    fk_piece piece;              /* on: what stands there; where: the man asked for */
    fk_bitboard right;  /* where: his squares; attacks: the squares; attacked: the attackers;
                           line: the men between; diff: the squares that differ */
    fk_position second; /* diff: the position after the change */
    int light;          /* colour: the square is light */
} question;

static void square_list(fk_bitboard b, char *out, size_t size) {
    out[0] = '\0';
    for (; b; b &= b - 1) {
        char name[3];
        fk_square_name(__builtin_ctzll(b), name);
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s", len ? " " : "", name);
    }
}

/* Changes one man of pos other than a king into second: moved to an empty
 * square, or turned into another man of his side. Returns the squares that
 * differ, 0 when pos has no such man. */
static fk_bitboard change_one(const fk_position *pos, fk_position *second) {
    fk_bitboard occ = fk_position_occupied(pos), men = occ & ~pos->by_kind[FK_KING];
    if (!men) return 0;
    fk_square from = pick(men);
    fk_piece man = fk_position_at(pos, from);
    fk_color side = FK_PIECE_COLOR(man);
    /* no pawn may stand on the first or last rank */
    const fk_bitboard ends = 0xFF000000000000FFULL;
    fk_bitboard room = ~occ & (FK_PIECE_KIND(man) == FK_PAWN ? ~ends : ~(fk_bitboard)0);
    *second = *pos;
    fk_position_remove(second, from);
    if (room && rnd(2)) {
        fk_square to = pick(room);
        fk_position_put(second, to, man);
        return FK_BIT(from) | FK_BIT(to);
    }
    fk_kind kinds[4];
    int n = 0;
    for (fk_kind k = FK_PAWN; k < FK_KING; k++)
        if (k != FK_PIECE_KIND(man) && !(k == FK_PAWN && (FK_BIT(from) & ends))) kinds[n++] = k;
    fk_position_put(second, from, FK_MAKE_PIECE(side, kinds[rnd((unsigned)n)]));
    return FK_BIT(from);
}

/* Asks one question of kind about pos; 0 when pos has nothing to ask it of. */
static int ask(const fk_position *pos, ask_kind kind, question *q) {
    fk_bitboard occ = fk_position_occupied(pos);
    fk_square sq = (fk_square)rnd(64);
    char name[3], list[200];
    fk_square_name(sq, name);
    memset(q, 0, sizeof *q);
    q->kind = kind;
    switch (kind) {
    case ASK_ON:
        if (occ && rnd(10) < 7) sq = pick(occ), fk_square_name(sq, name); /* mostly a man */
        q->piece = fk_position_at(pos, sq);
        snprintf(q->text, sizeof q->text, _("What stands on %s?"), name);
        snprintf(q->answer, sizeof q->answer, "%s", scan_man_name(q->piece));
        return 1;
    case ASK_WHERE:
        q->piece = fk_position_at(pos, pick(occ));
        q->right = fk_position_pieces(pos, q->piece);
        square_list(q->right, list, sizeof list);
        snprintf(q->text, sizeof q->text,
                 __builtin_popcountll(q->right) > 1 ? _("Where is a %s? (name one square)")
                                                    : _("Which square is the %s on?"),
                 scan_man_name(q->piece));
        snprintf(q->answer, sizeof q->answer, "%s", list);
        return 1;
    case ASK_COLOUR:
        q->light = (FK_LIGHT_SQUARES & FK_BIT(sq)) != 0;
        snprintf(q->text, sizeof q->text, _("What colour is %s: light or dark?"), name);
        snprintf(q->answer, sizeof q->answer, "%s", q->light ? _("light") : _("dark"));
        return 1;
    case ASK_ATTACKED: {
        fk_color by = (fk_color)rnd(2);
        q->right = fk_attackers_to(pos, sq, by, occ);
        square_list(q->right, list, sizeof list);
        snprintf(q->text, sizeof q->text,
                 by == FK_WHITE ? _("Is %s attacked by White? (yes or no)")
                                : _("Is %s attacked by Black? (yes or no)"),
                 name);
        if (q->right)
            snprintf(q->answer, sizeof q->answer, _("yes, from %s"), list);
        else
            snprintf(q->answer, sizeof q->answer, "%s", _("no"));
        return 1;
    }
    case ASK_ATTACKS: {
        fk_bitboard pieces = occ & ~pos->by_kind[FK_PAWN] & ~pos->by_kind[FK_KING];
        if (!pieces) return 0;
        sq = pick(pieces);
        fk_square_name(sq, name);
        q->right = fk_piece_attacks(fk_position_at(pos, sq), sq, occ);
        square_list(q->right, q->answer, sizeof q->answer);
        snprintf(q->text, sizeof q->text,
                 _("Which squares does the %1$s on %2$s attack? (all, any order)"),
                 scan_man_name(fk_position_at(pos, sq)), name);
        return 1;
    }
    case ASK_LINE: {
        /* the other end is on a line through sq with a square or more
         * between them, so that some man could stand in the way */
        fk_square to = pick(fk_queen_attacks(sq, 0) & ~fk_king_attacks(sq));
        fk_square low = sq < to ? sq : to, high = sq < to ? to : sq;
        const char *line =
            FK_FILE_OF(low) == FK_FILE_OF(high)
                ? N_("Is the %1$s-%2$s file open? (yes or no: no man stands between the two)")
            : FK_RANK_OF(low) == FK_RANK_OF(high)
                ? N_("Is the %1$s-%2$s rank open? (yes or no: no man stands between the two)")
                : N_("Is the %1$s-%2$s diagonal open? (yes or no: no man stands between the two)");
        char low_name[3], high_name[3];
        fk_square_name(low, low_name);
        fk_square_name(high, high_name);
        q->right = fk_between(low, high) & occ;
        square_list(q->right, list, sizeof list);
        snprintf(q->text, sizeof q->text, _(line), low_name, high_name);
        if (q->right)
            snprintf(q->answer, sizeof q->answer, _("no, blocked on %s"), list);
        else
            snprintf(q->answer, sizeof q->answer, "%s", _("yes"));
        return 1;
    }
    case ASK_DIFF:
        q->right = change_one(pos, &q->second);
        if (!q->right) return 0;
        q->shows = SHOW_TWO;
        square_list(q->right, q->answer, sizeof q->answer);
        snprintf(q->text, sizeof q->text, "%s",
                 _("One man moved to an empty square, or became another man of his side: on "
                   "which squares do the two positions differ?"));
        return 1;
    default:
        q->shows = SHOW_BOARD;
        fk_fen_write_placement(pos, q->answer, sizeof q->answer);
        snprintf(q->text, sizeof q->text, "%s",
                 _("Type the placement of this board (the first field of its FEN, rank 8 "
                   "first)."));
        return 1;
    }
}

/* The squares named in text ("e4, f5 g6"). */
static fk_bitboard read_squares(const char *text) {
    fk_bitboard b = 0;
    for (const char *p = text; p[0] && p[1]; p++) {
        fk_square sq = fk_square_parse(p);
        if (sq != FK_NO_SQUARE) b |= FK_BIT(sq), p++;
    }
    return b;
}

/* 1 when given says yes and truth holds, or says no and it does not. */
static int yes_no(const char *given, int truth) {
    return truth ? says(given, N_("yes")) || says(given, N_("y"))
                 : says(given, N_("no")) || says(given, N_("n"));
}

/* The ranks of a typed placement that differ from pos's, as a bitboard of
 * whole ranks. Each rank is read by the core's placement reader, the way
 * fenkit check reads it, and compared square by square; a rank missing,
 * not adding up to eight squares or holding a stray byte differs whole,
 * and so do all of them when more than eight are typed. */
static fk_bitboard ranks_wrong(const fk_position *pos, const char *typed) {
    fk_rank_reading ranks[8];
    int n = fk_placement_read(typed, strcspn(typed, " "), ranks, 8);
    if (n > 8) return ~(fk_bitboard)0;
    fk_bitboard wrong = 0;
    for (int i = 0; i < 8; i++) {
        int rank = 7 - i; /* rank 8 is written first */
        fk_bitboard whole = (fk_bitboard)0xFF << (8 * rank);
        if (i >= n || ranks[i].squares != 8 || ranks[i].bad || ranks[i].dropped) {
            wrong |= whole;
            continue;
        }
        fk_piece row[8] = {FK_EMPTY};
        for (int k = 0; k < ranks[i].count; k++) {
            const fk_stretch *st = &ranks[i].stretches[k];
            for (int f = st->file; st->kind == FK_STRETCH_MEN && f < st->file + st->count; f++)
                row[f] = (fk_piece)st->piece;
        }
        for (int f = 0; f < 8; f++)
            if (row[f] != fk_position_at(pos, FK_SQUARE(f, rank))) wrong |= whole;
    }
    return wrong;
}

/* 1 when the answer (trimmed) is right. */
static int grade(const question *q, const fk_position *pos, const char *given) {
    switch (q->kind) {
    case ASK_ON:
        if (says(given, "empty") || !strcmp(given, "-")) return q->piece == FK_EMPTY;
        if (strlen(given) == 1) return fk_piece_from_char(given[0]) == q->piece && q->piece;
        return q->piece && (same_words(given, fk_piece_name(q->piece)) ||
                            same_words(given, scan_man_name(q->piece)));
    case ASK_WHERE: {
        fk_bitboard b = read_squares(given);
        return __builtin_popcountll(b) == 1 && (b & q->right);
    }
    case ASK_COLOUR: return says(given, q->light ? N_("light") : N_("dark"));
    case ASK_ATTACKED: return yes_no(given, q->right != 0);
    case ASK_LINE: return yes_no(given, q->right == 0);
    case ASK_TYPE: return !ranks_wrong(pos, given);
    default: return read_squares(given) == q->right;
    }
}

/* Says what is wrong with a typed placement: the ranks that differ from
 * pos's, then the errors fenkit check finds in it as a placement. */
static void say_typed(const fk_position *pos, const char *typed) {
    fk_bitboard wrong = ranks_wrong(pos, typed);
    char ranks[32] = "";
    for (int rank = 7; rank >= 0; rank--)
        if (wrong & ((fk_bitboard)1 << (8 * rank)))
            snprintf(ranks + strlen(ranks), sizeof ranks - strlen(ranks), "%s%d",
                     ranks[0] ? ", " : "", rank + 1);
    int several = strlen(ranks) > 1;
    if (wrong) printf(several ? _("  ranks %s differ\n") : _("  rank %s differs\n"), ranks);
    /* the rest of the FEN is made up, so only the placement's errors count */
    char fen[600];
    snprintf(fen, sizeof fen, "%.*s w - - 0 1", (int)strcspn(typed, " "), typed);
    static fk_problems found, said;
    fk_position typed_pos;
    fk_fen_validate(fen, strlen(fen), FK_FEN_STRICT, &typed_pos, &found);
    fk_problems_clear(&said);
    for (int i = 0; i < found.count; i++)
        if (found.items[i].field == FK_FIELD_PLACEMENT && found.items[i].severity == FK_SEV_ERROR)
            said.items[said.count++] = found.items[i];
    if (said.count) {
        printf("%s", _("  fenkit check says:\n"));
        cli_print_problems(stdout, &said, "    ", 0);
    }
}

/* The position as the drill shows it: the placement, or the men by side. */
static void show(const fk_position *pos, int list) {
    if (!list) {
        char fen[FK_FEN_MAX];
        fk_fen_write(pos, FK_EP_LEGAL, fen, sizeof fen);
        printf("  %.*s\n", (int)strcspn(fen, " "), fen);
        return;
    }
    static const char order[] = "KQRBNP";
    for (int c = FK_WHITE; c <= FK_BLACK; c++) {
        printf("  %s:", coach_color(c));
        const char *sep = " ";
        for (const char *k = order; *k; k++) {
            fk_piece piece = fk_piece_from_char(c == FK_WHITE ? *k : (char)(*k + 32));
            for (fk_bitboard b = fk_position_pieces(pos, piece); b; b &= b - 1) {
                char name[3];
                fk_square_name(__builtin_ctzll(b), name);
                printf("%s%.*s%s", sep, *k == 'P' ? 0 : 1, k, name); /* pawns by square alone */
                sep = ", ";
            }
        }
        fputc('\n', stdout);
    }
}

/* Keeps the kings and `men` other men of pos, chosen at random. The men
 * are shuffled whatever `men` is, so that the questions after it do not
 * depend on how many were kept. */
static void thin(fk_position *pos, int men) {
    fk_square order[64];
    int n = 0;
    for (fk_bitboard b = fk_position_occupied(pos) & ~pos->by_kind[FK_KING]; b; b &= b - 1)
        order[n++] = __builtin_ctzll(b);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rnd((unsigned)i + 1);
        fk_square t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (int i = men; i < n; i++)
        fk_position_remove(pos, order[i]);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int cmd_drill(int argc, char **argv) {
    static const struct option longopts[] = {{"help", no_argument, NULL, 'h'},
                                             {"kind", required_argument, NULL, 'k'},
                                             {"count", required_argument, NULL, 'c'},
                                             {"men", required_argument, NULL, 'm'},
                                             {"list", no_argument, NULL, 'l'},
                                             {"seed", required_argument, NULL, 's'},
                                             {NULL, 0, NULL, 0}};
    int kind = -1, count = 5, men = -1, list = 0;
    rng = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        char *end;
        long v = o.value ? strtol(o.value, &end, 10) : 0;
        int number = o.value && *o.value && !*end;
        switch (c) {
        case 'h': fputs(_(help), stdout); return CLI_OK;
        case 'k':
            kind = -2;
            for (int k = 0; k < ASK_KINDS; k++)
                if (!strcmp(o.value, kind_names[k])) kind = k;
            if (!strcmp(o.value, "any")) kind = -1;
            if (kind == -2)
                return cli_usage_error("drill",
                                       "--kind is on, where, colour, attacked, attacks, line, "
                                       "diff, type or any, not '%s'",
                                       o.value);
            break;
        case 'c':
            if (!number || v < 1 || v > 1000)
                return cli_usage_error("drill", "--count is 1 to 1000, not '%s'", o.value);
            count = (int)v;
            break;
        case 'm':
            if (!number || v < 0 || v > 30)
                return cli_usage_error("drill", "--men is 0 to 30, not '%s'", o.value);
            men = (int)v;
            break;
        case 'l': list = 1; break;
        case 's':
            if (!number || v < 0)
                return cli_usage_error("drill", "--seed is a number from 0, not '%s'", o.value);
            rng = (uint64_t)v * 0x9E3779B97F4A7C15ULL;
            break;
        default: return CLI_USAGE;
        }
    }
    rng |= 1; /* xorshift never leaves 0 */
    if (o.count < 1) return cli_usage_error("drill", "give the FENs to drill on");
    fk_position *positions = calloc((size_t)o.count, sizeof *positions);
    if (!positions) return cli_usage_error("drill", "out of memory");
    for (int i = 0; i < o.count; i++) {
        static fk_problems problems;
        const char *fen = strcmp(argv[i + 1], "startpos")
                              ? argv[i + 1]
                              : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        fk_fen_validate(fen, strlen(fen), FK_FEN_TOLERANT, &positions[i], &problems);
        if (!fk_problems_fen_read(&problems)) {
            free(positions);
            return cli_usage_error("drill", "'%s' cannot be read as a FEN: try 'fenkit check'",
                                   argv[i + 1]);
        }
    }
    int right = 0, asked = 0, streak = 0;
    /* without --men, the drill starts with two men beside the kings and
     * keeps two more after every three right answers in a row */
    int rising = men < 0;
    if (rising) men = 2;
    double spent = 0;
    char line[512];
    for (; asked < count; asked++) {
        fk_position pos;
        question q;
        int found = 0;
        for (int tries = 0; !found && tries < 50; tries++) {
            pos = positions[rnd((unsigned)o.count)];
            thin(&pos, men);
            found = fk_position_occupied(&pos) &&
                    ask(&pos, kind >= 0 ? (ask_kind)kind : (ask_kind)rnd(ASK_KINDS), &q);
        }
        if (!found) {
            free(positions);
            return cli_usage_error("drill", "these positions hold no piece to ask about");
        }
        int on_board = __builtin_popcountll(fk_position_occupied(&pos));
        printf(P_("Question %1$d of %2$d (%3$d man):\n", "Question %1$d of %2$d (%3$d men):\n",
                  on_board),
               asked + 1, count, on_board);
        if (q.shows == SHOW_BOARD) {
            cli_print_board(stdout, &pos, 0, 0, 0);
        } else if (q.shows == SHOW_TWO) {
            printf(_("  First:\n"));
            show(&pos, list);
            printf(_("  Second:\n"));
            show(&q.second, list);
        } else {
            show(&pos, list);
        }
        printf("  %s\n", q.text);
        if (isatty(0) && isatty(1)) fputs("> ", stdout);
        fflush(stdout);
        double start = now();
        if (!fgets(line, sizeof line, stdin)) break;
        spent += now() - start;
        char *given = line + strspn(line, " \t");
        given[strcspn(given, "\r\n")] = '\0';
        for (size_t n = strlen(given); n && (given[n - 1] == ' ' || given[n - 1] == '\t');)
            given[--n] = '\0';
        int ok = grade(&q, &pos, given);
        if (ok)
            printf(_("  right: %s\n"), q.answer), right++;
        else
            printf(_("  not right: %1$s (you said \"%2$s\")\n"), q.answer, given);
        if (!ok && q.kind == ASK_TYPE) say_typed(&pos, given);
        streak = ok ? streak + 1 : 0;
        if (rising && streak == 3)
            men += 2, streak = 0;
        else if (rising && !ok && men > 2)
            men -= 2;
    }
    free(positions);
    printf(_("%1$d of %2$d right"), right, count);
    if (asked) printf(_(", %.1f s an answer"), spent / asked);
    if (asked < count) printf(_(" (the input ended after %d)"), asked);
    fputs("\n", stdout);
    return cli_flush_stdout() == 0 && right == count ? CLI_OK : CLI_PROBLEMS;
}
