/* fenkit book: the moves a Polyglot opening book gives for a position, and
 * a position's Polyglot key. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "json.h"
#include "options.h"
#include "rules_common.h"

static const char help_text[] = N_(
    "Usage: fenkit book [--json] [--all] FILE FEN\n"
    "       fenkit book --key FEN\n"
    "\n"
    "Looks the position up in a Polyglot opening book (.bin) and lists its\n"
    "moves, most weighted first: SAN, UCI, the weight and its share of the\n"
    "position's total. The FEN is one argument, or 'startpos [moves ...]' as in\n"
    "UCI (the FEN's words may also come as separate arguments).\n"
    "\n"
    "Options:\n"
    "  --json      one JSON object: fen, key, moves (san, uci, weight, share,\n"
    "              learn)\n"
    "  --all       moves of weight 0 too (books use them for moves to avoid)\n"
    "  --key       print the position's Polyglot key (16 hex digits) and stop;\n"
    "              no book is read\n"
    "  -h, --help  this help\n"
    "\n"
    "Exit status: 0 the book has moves for the position (or --key), 1 it has\n"
    "none, or the book or the FEN could not be read, 2 usage error.\n"
    "\n"
    "Examples:\n"
    "  fenkit book performance.bin startpos\n"
    "  fenkit book performance.bin 'startpos moves e2e4 c7c5'\n"
    "  fenkit book --json book.bin 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'\n"
    "  fenkit book --key startpos\n");

/* Sorts the entries most weighted first; equal weights keep the book's
 * order (an insertion sort: a position has a few dozen entries at most). */
static void sort_by_weight(fk_book_entry *entries, int count) {
    for (int i = 1; i < count; i++) {
        fk_book_entry e = entries[i];
        int j = i;
        for (; j > 0 && entries[j - 1].weight < e.weight; j--)
            entries[j] = entries[j - 1];
        entries[j] = e;
    }
}

/* Joins argv[first..argc-1] with spaces, so that an unquoted FEN reads as
 * one. Returns a string to free, or NULL when out of memory. */
static char *join_args(int argc, char **argv, int first) {
    size_t len = 1;
    for (int i = first; i < argc; i++)
        len += strlen(argv[i]) + 1;
    char *text = malloc(len), *p = text;
    if (!text) return NULL;
    for (int i = first; i < argc; i++) {
        size_t n = strlen(argv[i]);
        memcpy(p, argv[i], n);
        p += n;
        *p++ = ' ';
    }
    if (p > text) p--;
    *p = '\0';
    return text;
}

/* Prints the entries found, as text or JSON. */
static void print_entries(const fk_position *pos, fk_book_entry *entries, int count, int json) {
    unsigned long total = 0;
    char fen[FK_FEN_MAX];
    fk_fen_write(pos, FK_EP_LEGAL, fen, sizeof fen);
    for (int i = 0; i < count; i++)
        total += entries[i].weight;
    if (json) {
        printf("{\"fen\":");
        rules_json_string(stdout, fen);
        printf(",\"key\":\"%016llx\",\"moves\":[", (unsigned long long)fk_position_hash(pos));
    }
    for (int i = 0; i < count; i++) {
        char san[16], uci[16];
        fk_move_to_san(pos, entries[i].move, san, sizeof san);
        fk_move_to_uci(pos, entries[i].move, uci, sizeof uci);
        double share = total ? 100.0 * entries[i].weight / (double)total : 0.0;
        if (json)
            printf("%s{\"san\":\"%s\",\"uci\":\"%s\",\"weight\":%u,\"share\":%.1f,\"learn\":%lu}",
                   i ? "," : "", san, uci, entries[i].weight, share,
                   (unsigned long)entries[i].learn);
        else
            printf("%-8s %-6s %6u %5.1f%%\n", san, uci, entries[i].weight, share);
    }
    if (json) printf("]}\n");
}

int cmd_book(int argc, char **argv) {
    static const struct option longopts[] = {{"help", no_argument, NULL, 'h'},
                                             {"json", no_argument, NULL, 'j'},
                                             {"all", no_argument, NULL, 'a'},
                                             {"key", no_argument, NULL, 'k'},
                                             {NULL, 0, NULL, 0}};
    int json = 0, all = 0, key_only = 0;
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        switch (c) {
        case 'h': fputs(_(help_text), stdout); return CLI_OK;
        case 'j': json = 1; break;
        case 'a': all = 1; break;
        case 'k': key_only = 1; break;
        default: return CLI_USAGE;
        }
    }
    int first_fen = key_only ? 1 : 2;
    if (o.count < first_fen)
        return cli_usage_error("book", key_only ? N_("give a FEN (or 'startpos')")
                                                : N_("give a book file and a FEN (or 'startpos')"));
    char *fen = join_args(o.count + 1, argv, first_fen);
    if (!fen) {
        fprintf(stderr, _("fenkit %s: out of memory\n"), "book");
        return CLI_PROBLEMS;
    }
    fk_position pos;
    if (!rules_read_position("book", fen, 0, &pos)) {
        free(fen);
        return CLI_PROBLEMS;
    }
    if (key_only) {
        printf("%016llx\n", (unsigned long long)fk_position_hash(&pos));
        free(fen);
        return CLI_OK;
    }
    fk_error err;
    fk_book *book = fk_book_open(argv[1], &err);
    if (!book) {
        fprintf(stderr, "fenkit book: %s\n", err.message);
        free(fen);
        return CLI_PROBLEMS;
    }
    /* no position has more legal moves than this, and a book names each
     * move once */
    fk_book_entry entries[256];
    int skipped = 0;
    int count = fk_book_probe(book, &pos, entries, 256, &skipped, &err);
    fk_book_close(book);
    int status = CLI_OK;
    if (count < 0) {
        fprintf(stderr, "fenkit book: %s: %s\n", argv[1], err.message);
        free(fen);
        return CLI_PROBLEMS;
    }
    if (skipped)
        fprintf(stderr,
                P_("fenkit book: %1$s: %2$d entry for this key names no legal move here (another "
                   "position with the same key, or a broken book); left out\n",
                   "fenkit book: %1$s: %2$d entries for this key name no legal move here (another "
                   "position with the same key, or a broken book); left out\n",
                   skipped),
                argv[1], skipped);
    if (!all) {
        int kept = 0;
        for (int i = 0; i < count; i++)
            if (entries[i].weight) entries[kept++] = entries[i];
        count = kept;
    }
    sort_by_weight(entries, count);
    if (count == 0) {
        fprintf(stderr, _("fenkit book: %1$s has no move for this position (key %2$016llx)\n"),
                argv[1], (unsigned long long)fk_position_hash(&pos));
        status = CLI_PROBLEMS;
    }
    if (count || json) print_entries(&pos, entries, count, json);
    free(fen);
    return status;
}
