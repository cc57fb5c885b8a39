/* fenkit pgn: the FEN of every moment of every game in PGN files, and
 * moves written back as PGN. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "common/i18n.h"
#include "input.h"
#include "options.h"
#include "json.h"
#include "pgn_comment.h"
#include "pgn_eco.h"
#include "pgn_select.h"
#include "shard.h"
#include "source.h"
#include "fenkit/fenkit.h"

/* [%clk] and [%eval] are PGN comments, not printf directives */
/* xgettext:no-c-format */
static const char help_text[] = N_(
    "Usage: fenkit pgn [OPTIONS] [FILE...]\n"
    "       fenkit pgn --write [--fen FEN] [MOVE...]\n"
    "\n"
    "Replays every game of PGN files (standard input when there is no FILE or\n"
    "FILE is -; plain, or compressed with gzip, bzip2 or zstd, told by their\n"
    "first bytes) and writes one line per position: game number, ply, the move in\n"
    "SAN that led there (empty for the start) and the FEN, tab-separated.\n"
    "A broken game (illegal or ambiguous move, bad FEN tag, garbage) is reported\n"
    "on standard error with its file, line, column, game and move, and reading\n"
    "goes on with the next game. A summary follows on standard error.\n"
    "\n"
    "Options:\n"
    "  --json            JSON Lines: game, ply, san, uci, fen; the game's tags on its\n"
    "                    first line; the comment after the move, its nags (numbers),\n"
    "                    clock (seconds, from [%clk]) and eval (pawns) or mate (from\n"
    "                    [%eval]) where the PGN has them; repetition (and draw:\n"
    "                    threefold, fivefold) when a position repeats; status\n"
    "                    (check, checkmate,\n"
    "                    stalemate); errors as {\"game\":..,\"error\":..} lines\n"
    "  --ply N           only the position after N plies of each game\n"
    "  --move N          only the position after White's move N (N... : Black's)\n"
    "  --last            only the final position of each game\n"
    "  --ep legal|always en passant square only when a capture is legal\n"
    "                    (default) or after every double push\n"
    "  --mainline        main line only (default)\n"
    "  --variations      positions inside variations too, with their path\n"
    "                    (PLY.N per level: the N-th alternative to move PLY)\n"
    "  --strict          every leniency (0-0, glyphs such as +/=, over-specified\n"
    "                    moves, [FEN] without [SetUp], missing result, ...) is an error\n"
    "  --shard K/N       only the games whose index (game number - 1, counted\n"
    "                    across the files) is K mod N, numbered as without\n"
    "                    --shard; the others are skipped unread, so N processes\n"
    "                    can share one file\n"
    "  --write           write the moves given (or the PGN read from standard input)\n"
    "                    as PGN, with their comments, NAGs and variations; a game\n"
    "                    with a null move (--) is not written\n"
    "  --strip           with --write: moves only (what is left out is noted)\n"
    "  --copy            with --write: each game's text as it was in the input, byte\n"
    "                    for byte; its moves are replayed only for the tests that\n"
    "                    need them (with --tag alone they are not checked)\n"
    "  --fen-comments    with --write: a comment with the FEN after each move\n"
    "  --split N         with --write: N games a file, games-1.pgn, games-2.pgn, ...\n"
    "  --out NAME        with --split: the files are NAME-1.pgn, NAME-2.pgn, ...\n"
    "  --fen FEN         with --write: the start position (or 'startpos moves ...')\n"
    "  --eco             name the opening (lichess's table of 3,373, built in): two\n"
    "                    more columns, ECO and name, of the deepest named position\n"
    "                    reached so far, by position (transpositions count); eco\n"
    "                    and opening in JSON; with --write, ECO and Opening tags\n"
    "  -h, --help        this help\n"
    "\n"
    "Selecting games (a game must pass every test given; output, and --write,\n"
    "then cover only the games selected; a broken game is never selected by a\n"
    "test other than --tag):\n"
    "  --tag NAME=VALUE  the tag equals VALUE; also NAME!=VALUE, NAME~REGEX (POSIX\n"
    "                    extended, anywhere in the value), NAME>=N, >, <, <= (numbers\n"
    "                    compare as numbers, other values as text: dates in order).\n"
    "                    Repeat for more tests: --tag WhiteElo>=2500 --tag 'White~Carlsen'\n"
    "  --result R[,R]    the result is one of these: 1-0, 0-1, 1/2-1/2 (draw), *\n"
    "  --checkmate       the game ends in checkmate on the board\n"
    "  --plies MIN-MAX   the main line has MIN to MAX plies (N, MIN-, -MAX too)\n"
    "  --material M      some position of the main line has exactly this material,\n"
    "                    KQRBNP for White, kqrbnp for Black: --material KRPkr\n"
    "  --reaches FEN     some position of the main line has this placement (and side\n"
    "                    to move, when the FEN gives it); ? stands for any square:\n"
    "                    '\?\?\?\?k\?\?\?/8/8/8/8/8/8/\?\?\?\?K\?\?\?' is kings on e1 and e8, the\n"
    "                    rest of ranks 1 and 8 anything; 'startpos moves ...' works\n"
    "  --dedupe          a game with the same start and main-line moves as an\n"
    "                    earlier selected one is dropped (named on standard error)\n"
    "  (several --reaches, or --material, select a game that passes any of them)\n"
    "\n"
    "Examples:\n"
    "  fenkit pgn games.pgn\n"
    "  fenkit pgn --last --json games.pgn\n"
    "  fenkit pgn --move 20... games.pgn | cut -f4\n"
    "  cat *.pgn | fenkit pgn --variations -\n"
    "  fenkit pgn --shard 0/2 games.pgn.zst & fenkit pgn --shard 1/2 games.pgn.zst\n"
    "  fenkit pgn --write e4 e5 Nf3 Nc6 Bb5\n"
    "  fenkit pgn --write --fen '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1' < moves.txt\n"
    "  fenkit pgn --last --tag WhiteElo\\>=2700 --result 1-0 games.pgn\n"
    "  fenkit pgn --write --dedupe --material KQkq < games.pgn > queen_endings.pgn\n"
    "  fenkit pgn --last --eco games.pgn | cut -f1,5,6\n"
    "  fenkit pgn --write --split 1000 --out part < big.pgn\n"
    "\n"
    "Exit status: 0 all games read, 1 some game had an error or (with --ply or\n"
    "--move) was too short to reach the position asked for (each such game is\n"
    "named on standard error), 2 usage error.\n");

typedef enum { PICK_ALL, PICK_PLY, PICK_MOVE, PICK_LAST } pick_mode;

typedef struct {
    int json;
    int write;
    int strict;
    int variations;
    fk_ep_mode ep;
    pick_mode pick;
    long pick_ply;     /* PICK_PLY */
    long pick_move;    /* PICK_MOVE */
    int pick_black;    /* PICK_MOVE: N... */
    const char *fen;   /* --write start */
    long shard_k, shard_n; /* --shard K/N; shard_n 0 without it */
    int eco;           /* --eco */
    int strip;         /* --strip: --write leaves comments, NAGs, variations out */
    int copy;          /* --copy: --write copies each game's text as it was */
    int fen_comments;  /* --fen-comments: --write puts the FEN after each move */
    long split;        /* --split N: N games a file */
    const char *split_name; /* --split's files are NAME-1.pgn, ... */
} options;

/* What a run has done so far (numbering goes on across files). */
typedef struct {
    long games, errors;
    long too_short;          /* games without the position --ply or --move asks for */
    uint64_t positions, bytes;
    long game_base;          /* games of the files before this one */
    int progress;            /* progress lines may be shown */
    int progress_shown;
    double last_shown;       /* seconds into the run */
    struct timespec started;
    long next_check;
    pgn_select *sel; /* the games to keep */
    int selecting;   /* some selection option was given */
} run_state;

static double seconds_since(const struct timespec *t0) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Checked every 512 games: after the first second, a progress line on the
 * terminal, redrawn at most four times a second. */
static void show_progress(run_state *run, const fk_pgn_stats *stats) {
    if (!run->progress || run->games + stats->games < run->next_check) return;
    run->next_check = run->games + stats->games + 512;
    double secs = seconds_since(&run->started);
    if (secs < 1.0 || secs - run->last_shown < 0.25) return;
    run->last_shown = secs;
    long games = run->games + stats->games;
    fputc('\r', stderr);
    fprintf(stderr, _("fenkit pgn: %1$.1f MB read, %2$ld games, %3$.0f games/s"),
            (double)(run->bytes + stats->bytes) / 1e6, games, (double)games / secs);
    fputs("\033[K", stderr);
    run->progress_shown = 1;
}

/* Appends v in decimal; returns the end. Ply numbers below 100 (most of
 * them) take no loop. */
static char *put_long(char *p, long v) {
    static const char two_digits[] = "00010203040506070809101112131415161718192021222324"
                                     "25262728293031323334353637383940414243444546474849"
                                     "50515253545556575859606162636465666768697071727374"
                                     "75767778798081828384858687888990919293949596979899";
    if (v >= 0 && v < 100) {
        if (v < 10) {
            *p = (char)('0' + v);
            return p + 1;
        }
        memcpy(p, two_digits + 2 * v, 2);
        return p + 2;
    }
    char digits[24];
    int n = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    if (v < 0) *p++ = '-';
    do digits[n++] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    while (n) *p++ = digits[--n];
    return p;
}

/* Appends a SAN text (its 16 bytes may be copied whole; the buffer has
 * room for them); returns the end. The length of a SAN, nearly always
 * under 8 bytes, is found from one word: its first zero byte. */
static char *put_san(char *p, const char san[16]) {
    uint64_t word;
    memcpy(&word, san, 8);
    memcpy(p, san, 16);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t zero = (word - 0x0101010101010101ULL) & ~word & 0x8080808080808080ULL;
    if (zero) return p + (__builtin_ctzll(zero) >> 3);
#else
    (void)word;
#endif
    return p + strlen(san);
}

/* Standard output for the text lines: they are gathered here and written
 * in large blocks, which costs far less than a stdio call per line. */
typedef struct {
    char data[1 << 16];
    size_t len;
    /* While a game's verdict waits for its end (pgn_select_deferred), its
     * lines start at data[mark]; those that do not fit go to `hold`. */
    size_t mark;
    int holding;
    FILE *hold;
    char *hold_buf;
    size_t hold_size;
    long game;            /* the game number game_text holds */
    char game_text[24];   /* its digits and a tab, written once per game */
    size_t game_len;
} text_output;

/* Writes out what the text output holds, straight to the file descriptor
 * (after whatever stdio still holds): going through stdio would copy every
 * block once more. */
static void write_out(const char *data, size_t len) {
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(STDOUT_FILENO, data + done, len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            /* the rest is lost; main says so when the command ends */
            cli_stdout_failed(n < 0 ? errno : EIO);
            break;
        }
        done += (size_t)n;
    }
}

static void text_flush(text_output *text) {
    cli_flush_stdout();
    size_t held = text->holding ? text->len - text->mark : 0;
    write_out(text->data, text->len - held);
    if (held) fwrite(text->data + text->mark, 1, held, text->hold);
    text->len = text->mark = 0;
}

/* Starts holding a game's output (text lines, or JSON through `hold`)
 * until hold_release says whether it is kept. */
static void hold_begin(text_output *text) {
    text->mark = text->len;
    text->holding = 1;
    fseek(text->hold, 0, SEEK_SET);
}

/* Ends the hold: a kept game's output goes out (what overflowed first),
 * a dropped game's is forgotten. */
static void hold_release(text_output *text, int keep) {
    fflush(text->hold);
    size_t held = (size_t)ftell(text->hold);
    if (keep) {
        if (held) {
            cli_flush_stdout();
            write_out(text->hold_buf, held);
        }
        text->mark = text->len;
    } else {
        text->len = text->mark;
    }
    text->holding = 0;
}

/* The comments and NAGs after a move as JSON fields: comment (without the
 * [%clk] and [%eval] commands, which become clock, eval and mate), nags. */
static void print_annotations(FILE *out, const fk_pgn_ply *ply) {
    if (ply->comment && ply->comment[0]) {
        pgn_comment c;
        pgn_comment_read(ply->comment, &c);
        if (c.text[0]) {
            fputs(",\"comment\":", out);
            cli_json_cstring(out, c.text);
        }
        if (c.has_clock) fprintf(out, ",\"clock\":%.10g", c.clock);
        if (c.has_eval) fprintf(out, ",\"eval\":%.10g", c.eval);
        if (c.has_mate) fprintf(out, ",\"mate\":%d", c.mate);
    }
    if (ply->nag_count) {
        fputs(",\"nags\":[", out);
        for (int i = 0; i < ply->nag_count; i++)
            fprintf(out, "%s%d", i ? "," : "", ply->nags[i]);
        putc(']', out);
    }
}

/* One position as a line of text (into `text`) or JSON (on stdout). The
 * FEN comes from the reader when one is given (it is the reader's current
 * ply), else from fk_fen_write. */
static void print_position(text_output *text, const options *opt, long game, const fk_pgn_ply *ply,
                           fk_pgn_reader *reader, const fk_pgn_game *info, int with_tags,
                           const pgn_opening *opening) {
    FILE *out = text->holding ? text->hold : stdout;
    static const pgn_opening none = {"", ""};
    if (opt->eco && !opening) opening = &none;
    if (!opt->json) {
        size_t san = sizeof ply->san, path = opt->variations ? strlen(ply->path) : 0;
        size_t eco = opt->eco ? strlen(opening->eco) + strlen(opening->name) + 2 : 0;
        /* the game number (copied as 24 bytes), the ply, four tabs, a
         * newline and the FEN writer's 8-byte overhang fit in 96 bytes */
        if (text->len + san + FK_FEN_MAX + path + eco + 96 > sizeof text->data) text_flush(text);
        char *p = text->data + text->len;
        if (text->game != game || !text->game_len) {
            text->game = game;
            char *end = put_long(text->game_text, game);
            *end++ = '\t';
            text->game_len = (size_t)(end - text->game_text);
        }
        memcpy(p, text->game_text, sizeof text->game_text);
        p += text->game_len;
        p = put_long(p, ply->ply);
        *p++ = '\t';
        p = put_san(p, ply->san);
        *p++ = '\t';
        size_t room = (size_t)(text->data + sizeof text->data - p) - path - eco - 2;
        p += reader ? fk_pgn_reader_fen(reader, opt->ep, p, room)
                    : fk_fen_write(&ply->pos, opt->ep, p, room);
        if (opt->variations) {
            *p++ = '\t';
            memcpy(p, ply->path, path);
            p += path;
        }
        if (opt->eco) p += sprintf(p, "\t%s\t%s", opening->eco, opening->name);
        *p++ = '\n';
        text->len = (size_t)(p - text->data);
        return;
    }
    char fen[FK_FEN_MAX];
    if (reader)
        fk_pgn_reader_fen(reader, opt->ep, fen, sizeof fen);
    else
        fk_fen_write(&ply->pos, opt->ep, fen, sizeof fen);
    /* the UCI text needs only the castling convention, which the move
     * does not change, so the position after the move serves */
    char uci[8] = "";
    if (ply->ply > 0 && ply->san[0] != '-') fk_move_to_uci(&ply->pos, ply->move, uci, sizeof uci);
    fprintf(out, "{\"game\":%ld,\"ply\":%d,\"san\":\"%s\",\"uci\":\"%s\",\"fen\":\"%s\"", game,
            ply->ply, ply->san, uci, fen);
    if (opt->variations) fprintf(out, ",\"path\":\"%s\"", ply->path);
    if (opening && opening->eco[0]) {
        fprintf(out, ",\"eco\":\"%s\",\"opening\":", opening->eco);
        cli_json_cstring(out, opening->name);
    }
    if (ply->repetition > 1) {
        fprintf(out, ",\"repetition\":%d", ply->repetition);
        if (ply->repetition >= 3)
            fprintf(out, ",\"draw\":\"%s\"", ply->repetition >= 5 ? "fivefold" : "threefold");
    }
    unsigned status = fk_position_status(&ply->pos);
    const char *word = status & FK_STATUS_CHECKMATE ? "checkmate"
                       : status & FK_STATUS_STALEMATE ? "stalemate"
                       : status & FK_STATUS_CHECK     ? "check"
                                                      : NULL;
    if (word) fprintf(out, ",\"status\":\"%s\"", word);
    print_annotations(out, ply);
    if (with_tags) {
        fputs(",\"tags\":{", out);
        for (int i = 0; i < info->tag_count; i++) {
            if (i) putc(',', out);
            cli_json_cstring(out, info->tags[i].name);
            putc(':', out);
            cli_json_cstring(out, info->tags[i].value);
        }
        putc('}', out);
    }
    fputs("}\n", out);
}

/* 1 when the position is the one --ply/--move asks for. */
static int picked(const options *opt, const fk_pgn_ply *ply) {
    if (ply->depth > 0) return 0;
    if (opt->pick == PICK_PLY) return ply->ply == opt->pick_ply;
    if (opt->pick_black) return ply->pos.side == FK_WHITE && ply->pos.fullmove == opt->pick_move + 1;
    return ply->pos.side == FK_BLACK && ply->pos.fullmove == opt->pick_move;
}

static void report_error(FILE *out, const options *opt, const char *name, long game,
                         const fk_pgn_error *e) {
    fprintf(stderr, _("fenkit pgn: %1$s:%2$ld:%3$ld: game %4$ld: %5$s\n"), name, e->line, e->column,
            game, e->message);
    if (!opt->json) return;
    fprintf(out, "{\"game\":%ld,\"error\":", game);
    cli_json_cstring(out, e->message);
    fprintf(out, ",\"file\":");
    cli_json_cstring(out, name);
    fprintf(out, ",\"line\":%ld,\"column\":%ld,\"move\":", e->line, e->column);
    cli_json_cstring(out, e->move);
    fputs("}\n", out);
}

/* Says that an input could not be read to its end (a read error, damaged
 * or cut-short compressed data); the games before the fault were read. */
static void report_input_error(const options *opt, const char *name, const char *why) {
    fprintf(stderr, "fenkit pgn: %s: %s\n", name, why);
    if (!opt->json) return;
    fputs("{\"file\":", stdout);
    cli_json_cstring(stdout, name);
    fputs(",\"error\":", stdout);
    cli_json_cstring(stdout, why);
    fputs("}\n", stdout);
}

/* Says on stderr that a game of `plies` moves has no position for --ply or
 * --move: nothing would be printed for it, and a silent gap reads as a bug. */
static void report_too_short(const options *opt, const char *name, long game, int plies) {
    fprintf(stderr, _("fenkit pgn: %1$s: game %2$ld: "), name, game);
    if (opt->pick == PICK_PLY)
        fprintf(stderr, _("no ply %ld"), opt->pick_ply);
    else
        fprintf(stderr,
                opt->pick_black ? _("no position after Black's move %ld")
                                : _("no position after White's move %ld"),
                opt->pick_move);
    fprintf(stderr, P_(": the game has %d ply\n", ": the game has %d plies\n", plies), plies);
}

/* The verdict of a game whose verdict waited for its end; a duplicate is
 * named on stderr. */
static int game_selected(pgn_select *sel, const char *name, const fk_pgn_game *game, long number) {
    long first;
    if (pgn_select_game_end(sel, game, number, &first)) return 1;
    if (first)
        fprintf(stderr, _("fenkit pgn: %1$s: game %2$ld: the same moves as game %3$ld; dropped\n"),
                name, number, first);
    return 0;
}

/* Converts one input to positions. Returns 0, or 1 when a game was broken. */
static int convert(cli_source *in, const char *name, const options *opt, run_state *run,
                   text_output *text) {
    unsigned flags = (opt->strict ? FK_PGN_STRICT : 0) | (opt->variations ? FK_PGN_VARIATIONS : 0) |
                     (opt->json ? FK_PGN_ANNOTATIONS : FK_PGN_NO_REPETITION); /* only JSON shows them */
    shard_filter shard;
    int sharded = opt->shard_n > 0;
    fk_pgn_reader *reader = NULL;
    if (!sharded || shard_open(&shard, in, opt->shard_k, opt->shard_n, run->game_base) == 0)
        reader = sharded ? fk_pgn_reader_create(shard_read, &shard, flags)
                         : fk_pgn_reader_create(cli_source_read, in, flags);
    if (!reader) {
        if (sharded) shard_close(&shard);
        fprintf(stderr, _("fenkit %s: out of memory\n"), "pgn");
        return 1;
    }
    const fk_pgn_game *game = fk_pgn_reader_game(reader);
    const fk_pgn_ply *ply = fk_pgn_reader_ply(reader);
    fk_pgn_ply last;
    int printed = 0; /* lines printed for the current game */
    int skipped = 0; /* the current game's tags rule it out */
    int deferred = pgn_select_deferred(run->sel);
    const pgn_opening *opening = NULL; /* the deepest named so far (--eco) */
    fk_pgn_event ev;
    while ((ev = fk_pgn_next(reader)) != FK_PGN_END) {
        /* with --shard, the game's number is its number in the input */
        const shard_game *whole = sharded ? shard_find(&shard, game->line) : NULL;
        long number = whole ? whole->index + 1 : run->game_base + game->number;
        switch (ev) {
        case FK_PGN_GAME:
            printed = 0; /* the start is a position like the others */
            skipped = !pgn_select_game_start(run->sel, game, ply);
            if (skipped) {
                fk_pgn_reader_skip_game(reader);
                break;
            }
            if (deferred) hold_begin(text);
            opening = NULL;
            /* fall through */
        case FK_PGN_PLY:
            if (skipped) break;
            if (ev == FK_PGN_PLY && deferred) pgn_select_ply(run->sel, ply);
            if (opt->eco && ply->depth == 0) {
                const pgn_opening *named = pgn_eco_find(&ply->pos);
                if (named) opening = named;
            }
            run->positions++;
            if (opt->pick == PICK_LAST) {
                /* with variations the current ply may be a side line's */
                if (ply->depth == 0 && opt->variations) {
                    /* the comment lives in the reader, which the side lines
                     * after this ply write over */
                    static char last_comment[FK_PGN_COMMENT_MAX + 1];
                    last = *ply;
                    snprintf(last_comment, sizeof last_comment, "%s",
                             ply->comment ? ply->comment : "");
                    last.comment = last_comment;
                }
            } else if (opt->pick == PICK_ALL || picked(opt, ply)) {
                print_position(text, opt, number, ply, reader, game, !printed, opening);
                printed++;
            }
            break;
        case FK_PGN_ERROR:
            report_error(stdout, opt, name, number, fk_pgn_reader_error(reader));
            break;
        case FK_PGN_GAME_END: {
            int keep = !skipped;
            if (keep && deferred)
                keep = !game->has_error && game_selected(run->sel, name, game, number);
            if (keep && (opt->pick == PICK_PLY || opt->pick == PICK_MOVE) && !printed &&
                !game->has_error) {
                report_too_short(opt, name, number, game->plies);
                run->too_short++;
            }
            if (keep && opt->pick == PICK_LAST && !game->has_error)
                print_position(text, opt, number, opt->variations ? &last : ply,
                               opt->variations ? NULL : reader, game, 1, opening);
            if (!skipped && !deferred) pgn_select_game_end(run->sel, game, number, &(long){0});
            if (!skipped && deferred) hold_release(text, keep);
            fk_pgn_stats so_far = fk_pgn_reader_stats(reader);
            show_progress(run, &so_far);
            break;
        }
        case FK_PGN_END: break;
        }
    }
    fk_pgn_stats stats = fk_pgn_reader_stats(reader);
    run->games += stats.games;
    run->errors += stats.errors;
    run->bytes += stats.bytes;
    run->game_base += sharded ? shard_games(&shard) : stats.games;
    if (sharded) shard_close(&shard);
    const char *failure = cli_source_error(in);
    if (failure) report_input_error(opt, name, failure);
    fk_pgn_reader_free(reader);
    return stats.errors > 0 || failure;
}

static int sink_stdio(void *ctx, const char *text, size_t len) {
    return fwrite(text, 1, len, (FILE *)ctx) == len ? 0 : -1;
}

/* Input for --write: a prefix (the FEN tags and the moves given as
 * arguments), then the stream (if any). */
typedef struct {
    const char *prefix;
    size_t prefix_len, prefix_pos;
    FILE *rest;
    /* --copy: the bytes read since the current game began, kept[0] being
     * input byte kept_base */
    int keep, oom;
    char *kept;
    size_t kept_len, kept_cap;
    size_t kept_start; /* kept[0..kept_start) are no longer needed */
    uint64_t kept_base;
} chained_input;

static size_t read_chained(void *ctx, char *buf, size_t cap) {
    chained_input *in = ctx;
    size_t n;
    if (in->prefix_pos < in->prefix_len) {
        n = in->prefix_len - in->prefix_pos;
        if (n > cap) n = cap;
        memcpy(buf, in->prefix + in->prefix_pos, n);
        in->prefix_pos += n;
    } else {
        n = in->rest ? fread(buf, 1, cap, in->rest) : 0;
    }
    if (in->keep && n) {
        if (in->kept_len + n > in->kept_cap && in->kept_start) {
            /* the bytes of games already done go only when room is needed:
             * moving the rest for every game would cost more than reading */
            memmove(in->kept, in->kept + in->kept_start, in->kept_len - in->kept_start);
            in->kept_len -= in->kept_start;
            in->kept_base += in->kept_start;
            in->kept_start = 0;
        }
        if (in->kept_len + n > in->kept_cap) {
            size_t want = (in->kept_len + n) * 2;
            char *grown = realloc(in->kept, want);
            if (!grown) {
                in->oom = 1;
                return 0; /* the input ends here; the error is said after */
            }
            in->kept = grown;
            in->kept_cap = want;
        }
        memcpy(in->kept + in->kept_len, buf, n);
        in->kept_len += n;
    }
    return n;
}

/* --copy: forgets the bytes before input offset `from` (a game's start). */
static void kept_drop(chained_input *in, uint64_t from) {
    if (from <= in->kept_base) return;
    size_t drop = (size_t)(from - in->kept_base);
    in->kept_start = drop > in->kept_len ? in->kept_len : drop;
}

/* --copy: writes a game's bytes as they were read, and a blank line. */
static int copy_game(FILE *out, const chained_input *in, const fk_pgn_game *game) {
    if (game->offset < in->kept_base || game->end > in->kept_base + in->kept_len ||
        game->end < game->offset)
        return -1;
    size_t from = (size_t)(game->offset - in->kept_base), len = (size_t)(game->end - game->offset);
    while (len && (in->kept[from + len - 1] == '\n' || in->kept[from + len - 1] == '\r' ||
                   in->kept[from + len - 1] == ' ' || in->kept[from + len - 1] == '\t'))
        len--;
    if (fwrite(in->kept + from, 1, len, out) != len || fputs("\n\n", out) == EOF) return -1;
    return 0;
}

/* Appends text to a growing buffer. Returns 0, or -1 when out of memory. */
static int append(char **buf, size_t *len, size_t *cap, const char *text) {
    size_t n = strlen(text);
    if (*len + n + 1 > *cap) {
        size_t want = (*cap + n + 1) * 2;
        char *grown = realloc(*buf, want);
        if (!grown) return -1;
        *buf = grown;
        *cap = want;
    }
    memcpy(*buf + *len, text, n + 1);
    *len += n;
    return 0;
}

/* The result a finished game shows on the board, or "*". */
static const char *board_result(const fk_position *pos) {
    unsigned status = fk_position_status(pos);
    if (status & FK_STATUS_CHECKMATE) return pos->side == FK_WHITE ? "0-1" : "1-0";
    if (status & FK_STATUS_STALEMATE) return "1/2-1/2";
    return "*";
}

/* Says on stderr what --write leaves out of a game: the writer knows only
 * moves. */
static void note_dropped(const char *name, const fk_pgn_game *game) {
    const struct {
        int count;
        const char *one, *many;
    } dropped[] = {{game->comments, NP_("%d comment", "%d comments")},
                   {game->nags, NP_("%d annotation", "%d annotations")},
                   {game->variations, NP_("%d variation", "%d variations")}};
    int kinds = 0, shown = 0;
    for (int i = 0; i < 3; i++) kinds += dropped[i].count > 0;
    if (!kinds) return;
    fprintf(stderr, _("fenkit pgn: note: %1$s: game %2$ld: "), name, game->number);
    for (int i = 0; i < 3; i++) {
        if (!dropped[i].count) continue;
        shown++;
        fputs(shown == 1 ? "" : shown == kinds ? _(" and ") : ", ", stderr);
        fprintf(stderr, P_(dropped[i].one, dropped[i].many, dropped[i].count), dropped[i].count);
    }
    fputs(_(" left out (--strip)\n"), stderr);
}

/* A game kept for --write until its end: its plies in the order read
 * (ply 0 first; variations where they were written, with --variations)
 * and the text of their comments. */
typedef struct {
    fk_move move;
    char san[16];
    int depth;
    char path[96];
    fk_position after;
    size_t comment; /* offset in kept_game.text; 0 is "" */
    int nag_count;
    unsigned char nags[8];
} kept_ply;

typedef struct {
    kept_ply *plies;
    size_t count, cap;
    char *text;
    size_t text_len, text_cap;
} kept_game;

/* Adds the reader's ply to the game. Returns 0, or -1 when out of memory. */
static int keep_ply(kept_game *g, const fk_pgn_ply *ply) {
    if (g->count == g->cap) {
        size_t want = g->cap ? g->cap * 2 : 256;
        kept_ply *grown = realloc(g->plies, want * sizeof *grown);
        if (!grown) return -1;
        g->plies = grown;
        g->cap = want;
    }
    if (g->text_len == 0) { /* offset 0 holds the empty comment */
        if (append(&g->text, &g->text_len, &g->text_cap, "") != 0) return -1;
        g->text_len = 1;
    }
    kept_ply *k = &g->plies[g->count];
    k->move = ply->move;
    memcpy(k->san, ply->san, sizeof k->san);
    k->depth = ply->depth;
    memcpy(k->path, ply->path, sizeof k->path);
    k->after = ply->pos;
    k->nag_count = ply->nag_count;
    memcpy(k->nags, ply->nags, sizeof k->nags);
    k->comment = 0;
    if (ply->comment && ply->comment[0]) {
        k->comment = g->text_len;
        if (append(&g->text, &g->text_len, &g->text_cap, ply->comment) != 0) return -1;
        g->text_len++; /* keep its terminating zero */
        if (g->text_len >= g->text_cap && append(&g->text, &g->text_len, &g->text_cap, "") != 0)
            return -1;
    }
    g->count++;
    return 0;
}

/* The number of leading '/'-separated levels two variation paths share. */
static int shared_levels(const char *a, const char *b) {
    int levels = 0;
    while (*a && *b) {
        size_t n = strcspn(a, "/"), m = strcspn(b, "/");
        if (n != m || memcmp(a, b, n) != 0) break;
        levels++;
        a += n + (a[n] == '/');
        b += m + (b[m] == '/');
    }
    return levels;
}

/* Writes a ply's NAGs and comment, and with --fen-comments its FEN. */
static void write_annotations(fk_pgn_writer *w, const kept_game *g, const kept_ply *k,
                              const options *opt, int with_fen) {
    if (!opt->strip) {
        for (int i = 0; i < k->nag_count; i++)
            fk_pgn_writer_nag(w, k->nags[i]);
        if (k->comment) fk_pgn_writer_comment(w, g->text + k->comment);
    }
    if (with_fen && opt->fen_comments) {
        char fen[FK_FEN_MAX];
        fk_fen_write(&k->after, opt->ep, fen, sizeof fen);
        fk_pgn_writer_comment(w, fen);
    }
}

/* Writes a kept game: its tags (the result from the movetext, the tag or
 * the final board; ECO and Opening from --eco), then its moves with their
 * comments, NAGs and variations. */
static fk_status write_kept(FILE *out, const fk_pgn_game *game, const kept_game *g,
                            const pgn_opening *opening, const options *opt) {
    const fk_position *end = &game->start;
    for (size_t i = 0; i < g->count; i++)
        if (g->plies[i].depth == 0) end = &g->plies[i].after;
    fk_pgn_tag tags[130];
    int n = 0;
    for (int i = 0; i < game->tag_count && n < 126; i++) {
        const char *tag = game->tags[i].name;
        /* --eco writes these two afresh */
        if (opening && (strcmp(tag, "ECO") == 0 || strcmp(tag, "Opening") == 0)) continue;
        if (strcmp(tag, "Result") != 0) tags[n++] = game->tags[i];
    }
    if (opening) {
        tags[n++] = (fk_pgn_tag){"ECO", opening->eco};
        tags[n++] = (fk_pgn_tag){"Opening", opening->name};
    }
    const char *result = game->result[0] && strcmp(game->result, "*") != 0
                             ? game->result
                             : fk_pgn_game_tag(game, "Result");
    if (!result || strcmp(result, "*") == 0 || !*result) result = board_result(end);
    tags[n++] = (fk_pgn_tag){"Result", result};
    fk_pgn_writer w;
    fk_pgn_writer_begin(&w, sink_stdio, out, &game->start, tags, n);
    if (g->count) write_annotations(&w, g, &g->plies[0], opt, 0);
    /* per depth: the positions before and after the last move written */
    enum { LEVELS = 32 };
    fk_position before[LEVELS], after[LEVELS];
    after[0] = before[0] = game->start;
    int depth = 0;
    const char *path = "";
    for (size_t i = 1; i < g->count; i++) {
        const kept_ply *k = &g->plies[i];
        if (k->depth >= LEVELS) continue;
        int shared = shared_levels(path, k->path);
        for (; depth > shared; depth--)
            fk_pgn_writer_variation_end(&w, &after[depth - 1]);
        for (; depth < k->depth; depth++)
            fk_pgn_writer_variation_start(&w, &before[depth]);
        path = k->path;
        before[depth] = w.pos;
        fk_pgn_writer_move_san(&w, k->move, k->san);
        after[depth] = w.pos;
        write_annotations(&w, g, k, opt, 1);
    }
    for (; depth > 0; depth--)
        fk_pgn_writer_variation_end(&w, &after[depth - 1]);
    return fk_pgn_writer_end(&w);
}

/* Where --write's games go: standard output, or with --split N a new file
 * every N games. */
typedef struct {
    FILE *out;
    long games; /* written so far */
    int files;  /* opened so far */
} split_output;

/* The stream for the next game, or NULL (said on stderr) when the next
 * file cannot be made. */
static FILE *split_next(split_output *s, const options *opt) {
    if (opt->split <= 0) return s->out;
    if (s->games++ % opt->split == 0) {
        if (s->files && fclose(s->out) != 0) {
            fprintf(stderr, "fenkit pgn: writing %s-%d.pgn: %s\n", opt->split_name, s->files,
                    strerror(errno));
            s->out = NULL;
            return NULL;
        }
        char file[4096];
        snprintf(file, sizeof file, "%s-%d.pgn", opt->split_name, ++s->files);
        s->out = fopen(file, "w");
        if (!s->out) {
            fprintf(stderr, "fenkit pgn: %s: %s\n", file, strerror(errno));
            return NULL;
        }
    }
    return s->out;
}

/* Closes the last file of --split. Returns 0, or -1 when writing it failed. */
static int split_close(split_output *s, const options *opt) {
    if (s->out == stdout || !s->out) return 0;
    int failed = ferror(s->out) | (fclose(s->out) != 0);
    if (failed)
        fprintf(stderr, _("fenkit pgn: writing %1$s-%2$d.pgn failed\n"), opt->split_name, s->files);
    else
        fprintf(stderr,
                P_("fenkit pgn: %1$ld games written to %2$d file: %3$s-1.pgn to %3$s-%2$d.pgn\n",
                   "fenkit pgn: %1$ld games written to %2$d files: %3$s-1.pgn to %3$s-%2$d.pgn\n",
                   s->files),
                s->games, s->files, opt->split_name);
    return failed ? -1 : 0;
}

/* --write: replays the moves (arguments or standard input) and writes each
 * game as PGN. */
static int write_games(int argc, char **argv, int first_move, const options *opt, pgn_select *sel,
                       int selecting) {
    char *text = NULL;
    size_t len = 0, cap = 0;
    int oom = 0;
    if (opt->fen) {
        char named[FK_FEN_MAX], why[512];
        const char *fen = opt->fen;
        int is_named = cli_startpos_fen(fen, strlen(fen), named, why, sizeof why);
        if (is_named < 0) return cli_usage_error("pgn", "--fen: %s", why);
        if (is_named > 0) fen = named;
        fk_position check;
        fk_problems problems;
        fk_problems_clear(&problems);
        if (fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT, &check, &problems) != FK_OK)
            return cli_usage_error("pgn", "--fen: %s",
                                   problems.count ? problems.items[0].message : "unreadable FEN");
        if (strchr(fen, '"')) return cli_usage_error("pgn", "--fen: unexpected '\"'");
        oom |= append(&text, &len, &cap, "[SetUp \"1\"]\n[FEN \"");
        oom |= append(&text, &len, &cap, fen);
        oom |= append(&text, &len, &cap, "\"]\n");
    }
    for (int i = first_move; i < argc; i++) {
        oom |= append(&text, &len, &cap, argv[i]);
        oom |= append(&text, &len, &cap, " ");
    }
    if (oom) {
        free(text);
        fprintf(stderr, _("fenkit %s: out of memory\n"), "pgn");
        return CLI_PROBLEMS;
    }
    chained_input in = {0};
    in.prefix = text ? text : "";
    in.prefix_len = len;
    in.rest = first_move < argc ? NULL : stdin;
    /* the writer never shows repetitions: no need to count them */
    unsigned flags = (opt->strict ? FK_PGN_STRICT : 0) | FK_PGN_NO_REPETITION;
    if (!opt->strip && !opt->copy) flags |= FK_PGN_VARIATIONS | FK_PGN_ANNOTATIONS;
    in.keep = opt->copy;
    fk_pgn_reader *reader = fk_pgn_reader_create(read_chained, &in, flags);
    kept_game kept = {0};
    int status = CLI_OK;
    if (!reader) oom = 1;
    const fk_pgn_game *game = reader ? fk_pgn_reader_game(reader) : NULL;
    const fk_pgn_ply *ply = reader ? fk_pgn_reader_ply(reader) : NULL;
    const char *name = first_move < argc ? "arguments" : "-";
    int refused = 0; /* the current game holds a null move */
    int skipped = 0; /* the current game's tags rule it out */
    const pgn_opening *opening = NULL; /* the deepest named so far (--eco) */
    split_output split = {stdout, 0, 0};
    fk_pgn_event ev;
    while (!oom && (ev = fk_pgn_next(reader)) != FK_PGN_END) {
        if (ev == FK_PGN_GAME) {
            kept.count = kept.text_len = 0;
            refused = 0;
            opening = NULL;
            skipped = !pgn_select_game_start(sel, game, ply);
            if (opt->copy) kept_drop(&in, game->offset);
            /* a game copied on its tags alone needs no move replayed */
            if (skipped || (opt->copy && !pgn_select_needs_moves(sel, game)))
                fk_pgn_reader_skip_game(reader);
        }
        if (skipped) continue;
        if (ev == FK_PGN_PLY) pgn_select_ply(sel, ply);
        if (opt->eco && (ev == FK_PGN_GAME || ev == FK_PGN_PLY) && ply->depth == 0) {
            const pgn_opening *named = pgn_eco_find(&ply->pos);
            if (named) opening = named;
        }
        if ((ev == FK_PGN_GAME || ev == FK_PGN_PLY) && !game->has_error && !refused) {
            if (ply->san[0] == '-') {
                /* PGN has no null move: leaving it out would write another
                 * game, and one whose moves are illegal */
                fprintf(stderr,
                        _("fenkit pgn: %1$s:%2$ld:%3$ld: game %4$ld: ply %5$d is a null move (--), "
                          "which PGN cannot write; the game is not written\n"),
                        name, ply->line, ply->column, game->number, ply->ply);
                status = CLI_PROBLEMS;
                refused = 1;
                continue;
            }
            if (!opt->copy && keep_ply(&kept, ply) != 0) oom = 1;
        }
        if (ev == FK_PGN_ERROR) {
            report_error(stdout, opt, name, game->number, fk_pgn_reader_error(reader));
            status = CLI_PROBLEMS;
        }
        if (ev == FK_PGN_GAME_END && !game->has_error && !refused &&
            (!selecting || game_selected(sel, name, game, game->number))) {
            if (opt->strip) note_dropped(name, game);
            FILE *out = split_next(&split, opt);
            if (!out) {
                status = CLI_PROBLEMS;
                break;
            }
            if (opt->copy ? copy_game(out, &in, game) != 0
                          : write_kept(out, game, &kept, opening, opt) != FK_OK)
                status = CLI_PROBLEMS;
        }
    }
    if (oom || in.oom) {
        fprintf(stderr, _("fenkit %s: out of memory\n"), "pgn");
        status = CLI_PROBLEMS;
    }
    free(in.kept);
    if (split_close(&split, opt) != 0) status = CLI_PROBLEMS;
    if (selecting) {
        fk_pgn_stats stats = reader ? fk_pgn_reader_stats(reader) : (fk_pgn_stats){0};
        fprintf(stderr, _("fenkit pgn: %1$ld games, %2$ld selected"), stats.games, sel->selected);
        if (sel->dedupe) fprintf(stderr, _(", %ld duplicates dropped"), sel->duplicates);
        fputc('\n', stderr);
    }
    free(kept.plies);
    free(kept.text);
    free(text);
    fk_pgn_reader_free(reader);
    return status;
}

/* Reads "N" or "N..." for --move. Returns 0, or -1 when it is neither. */
static int parse_move_number(const char *text, options *opt) {
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (end == text || errno || n < 1) return -1;
    opt->pick_move = n;
    opt->pick_black = strcmp(end, "...") == 0;
    return (*end == '\0' || opt->pick_black) ? 0 : -1;
}

static int pgn_main(int argc, char **argv, const struct option *longopts, options *opt,
                    pgn_select *sel, int *selecting);
static int add_selection(pgn_select *sel, int c, const char *value);

int cmd_pgn(int argc, char **argv) {
    static const struct option longopts[] = {{"help", no_argument, NULL, 'h'},
                                             {"json", no_argument, NULL, 'j'},
                                             {"strict", no_argument, NULL, 's'},
                                             {"write", no_argument, NULL, 'w'},
                                             {"mainline", no_argument, NULL, 'M'},
                                             {"variations", no_argument, NULL, 'V'},
                                             {"last", no_argument, NULL, 'l'},
                                             {"ply", required_argument, NULL, 'p'},
                                             {"move", required_argument, NULL, 'm'},
                                             {"ep", required_argument, NULL, 'e'},
                                             {"fen", required_argument, NULL, 'f'},
                                             {"tag", required_argument, NULL, 'T'},
                                             {"result", required_argument, NULL, 'R'},
                                             {"checkmate", no_argument, NULL, 'C'},
                                             {"plies", required_argument, NULL, 'P'},
                                             {"material", required_argument, NULL, 'A'},
                                             {"reaches", required_argument, NULL, 'H'},
                                             {"dedupe", no_argument, NULL, 'D'},
                                             {"eco", no_argument, NULL, 'E'},
                                             {"strip", no_argument, NULL, 'X'},
                                             {"fen-comments", no_argument, NULL, 'F'},
                                             {"split", required_argument, NULL, 'N'},
                                             {"out", required_argument, NULL, 'O'},
                                             {"copy", no_argument, NULL, 'K'},
                                             {"shard", required_argument, NULL, 'S'},
                                             {NULL, 0, NULL, 0}};
    options opt = {0};
    opt.ep = FK_EP_LEGAL;
    pgn_select sel;
    pgn_select_init(&sel);
    int selecting = 0;
    int status = pgn_main(argc, argv, longopts, &opt, &sel, &selecting);
    pgn_select_free(&sel);
    return status;
}

/* Reads one selection option into sel. Returns 0, or CLI_USAGE after
 * saying what is wrong with its value. */
static int add_selection(pgn_select *sel, int c, const char *value) {
    char why[600];
    int bad = 0;
    switch (c) {
    case 'T': bad = pgn_select_add_tag(sel, value, why, sizeof why); break;
    case 'R': bad = pgn_select_add_result(sel, value, why, sizeof why); break;
    case 'C': sel->checkmate = 1; break;
    case 'P': bad = pgn_select_set_plies(sel, value, why, sizeof why); break;
    case 'A': bad = pgn_select_add_material(sel, value, why, sizeof why); break;
    case 'H': bad = pgn_select_add_reaches(sel, value, why, sizeof why); break;
    case 'D': sel->dedupe = 1; break;
    }
    if (!bad) return 0;
    static const char *const names[] = {"T--tag", "R--result", "P--plies", "A--material",
                                        "H--reaches"};
    const char *name = "";
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i][0] == c) name = names[i] + 1;
    return cli_usage_error("pgn", "%s: %s", name, why);
}

/* fenkit pgn after its selection is set up (cmd_pgn frees it). */
static int pgn_main(int argc, char **argv, const struct option *longopts, options *opt_out,
                    pgn_select *sel, int *selecting) {
    options opt = *opt_out;
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    o.in_order = 1; /* after the first move of --write, "--" is a null move */
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        char *end;
        switch (c) {
        case 'h':
            /* longer than stdio's buffer: a failed write shows here, with
             * its errno, before main's final flush */
            if (fputs(_(help_text), stdout) == EOF) cli_stdout_failed(errno);
            return CLI_OK;
        case 'j': opt.json = 1; break;
        case 's': opt.strict = 1; break;
        case 'w': opt.write = 1; break;
        case 'M': opt.variations = 0; break;
        case 'V': opt.variations = 1; break;
        case 'l': opt.pick = PICK_LAST; break;
        case 'p':
            opt.pick = PICK_PLY;
            opt.pick_ply = strtol(o.value, &end, 10);
            if (end == o.value || *end || opt.pick_ply < 0)
                return cli_usage_error("pgn", "--ply needs a number of plies, not '%s'", o.value);
            break;
        case 'm':
            opt.pick = PICK_MOVE;
            if (parse_move_number(o.value, &opt) != 0)
                return cli_usage_error("pgn", "--move needs N or N... (e.g. 12 or 12...), not '%s'",
                                       o.value);
            break;
        case 'e':
            if (cli_parse_ep(o.value, &opt.ep) != 0)
                return cli_usage_error("pgn", "--ep is legal or always, not '%s'", o.value);
            break;
        case 'f': opt.fen = o.value; break;
        case 'S':
            if (shard_parse(o.value, &opt.shard_k, &opt.shard_n) != 0)
                return cli_usage_error(
                    "pgn", "--shard needs K/N with 0 <= K < N (e.g. 0/4), not '%s'", o.value);
            break;
        case 'E': opt.eco = 1; break;
        case 'X': opt.strip = 1; break;
        case 'K': opt.copy = 1; break;
        case 'F': opt.fen_comments = 1; break;
        case 'N':
            opt.split = strtol(o.value, &end, 10);
            if (end == o.value || *end || opt.split < 1)
                return cli_usage_error("pgn", "--split needs a number of games a file, not '%s'",
                                       o.value);
            break;
        case 'O': opt.split_name = o.value; break;
        case 'T':
        case 'R':
        case 'C':
        case 'P':
        case 'A':
        case 'H':
        case 'D':
            *selecting = 1;
            if (add_selection(sel, c, o.value) != 0) return CLI_USAGE;
            break;
        default: return CLI_USAGE;
        }
    }
    argc = o.count + 1; /* the files, or the moves of --write, are argv[1..o.count] */
    int first_file = 1;
    if (opt.fen && !opt.write) return cli_usage_error("pgn", "--fen goes with --write");
    if (opt.shard_n && opt.write)
        return cli_usage_error("pgn", "--shard reads games; --write makes them");
    if (!opt.write && (opt.strip || opt.fen_comments || opt.split || opt.split_name || opt.copy))
        return cli_usage_error(
            "pgn", "--strip, --fen-comments, --copy, --split and --out go with --write");
    if (opt.copy && (opt.strip || opt.fen_comments || opt.eco || opt.fen))
        return cli_usage_error("pgn", "--copy writes games as they were: not with --strip, "
                                      "--fen-comments, --eco or --fen");
    if (opt.split_name && !opt.split) return cli_usage_error("pgn", "--out goes with --split");
    if (!opt.split_name) opt.split_name = "games";
    if (opt.eco && pgn_eco_load() != 0) {
        fprintf(stderr, _("fenkit %s: out of memory\n"), "pgn");
        return CLI_PROBLEMS;
    }
    if (opt.write) return write_games(argc, argv, first_file, &opt, sel, *selecting);

    static char out_buffer[1 << 16];
    setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    static text_output text;
    run_state run = {0};
    run.sel = sel;
    run.selecting = *selecting;
    run.progress = isatty(STDERR_FILENO);
    text.hold = open_memstream(&text.hold_buf, &text.hold_size);
    if (!text.hold) {
        fprintf(stderr, _("fenkit %s: out of memory\n"), "pgn");
        return CLI_PROBLEMS;
    }
    clock_gettime(CLOCK_MONOTONIC, &run.started);
    int broken = 0;
    static const char *const standard_input[] = {"-"};
    const char *const *files =
        first_file < argc ? (const char *const *)argv + first_file : standard_input;
    int nfiles = first_file < argc ? argc - first_file : 1;
    for (int i = 0; i < nfiles; i++) {
        char why[512];
        cli_source *in = cli_source_open(files[i], why, sizeof why);
        if (!in) {
            fprintf(stderr, "fenkit pgn: %s\n", why);
            broken = 1;
            continue;
        }
        broken |= convert(in, files[i], &opt, &run, &text);
        cli_source_close(in);
    }
    text_flush(&text);
    if (run.progress_shown) fputs("\r\033[K", stderr);
    fprintf(stderr, _("fenkit pgn: %1$ld games, %2$llu positions, %3$ld with errors"), run.games,
            (unsigned long long)run.positions, run.errors);
    if (run.too_short) fprintf(stderr, _(", %ld without the position asked for"), run.too_short);
    if (run.selecting) fprintf(stderr, _(", %ld selected"), sel->selected);
    if (sel->dedupe) fprintf(stderr, _(", %ld duplicates dropped"), sel->duplicates);
    fputc('\n', stderr);
    fclose(text.hold);
    free(text.hold_buf);
    return broken || run.too_short ? CLI_PROBLEMS : CLI_OK;
}
