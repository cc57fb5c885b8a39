/* fenkit scan: read positions from pictures of 2D boards (screenshots and
 * digital diagrams), with the squares the scanner is unsure of. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "cli.h"
#include "common/i18n.h"
#include "fenkit/fenkit.h"
#include "fenkit/vision.h"
#include "common/scan_json.h"
#include "common/scan_text.h"
#include "json.h"
#include "options.h"
#include "report.h"
#include "scan_game.h"

static const char help[] =
    N_("Usage: fenkit scan [OPTIONS] IMAGE...\n"
       "\n"
       "Finds the chess board in each picture (PNG, JPEG, WebP, GIF, BMP), reads its\n"
       "64 squares and prints the FEN, the board with the squares it is unsure of\n"
       "marked, and its warnings. '-' reads a picture from standard input. A picture\n"
       "that cannot be read, or shows no board, is reported and the others are still\n"
       "scanned. A picture does not show the castling rights, and shows whose move\n"
       "it is only when a king is in check (that side moves), the last move is\n"
       "marked (the other side moves) or a man is picked up, his moves marked with\n"
       "dots (his side moves); otherwise White to move is assumed, unless --side\n"
       "says otherwise.\n"
       "\n"
       "Options:\n"
       "  --json                one JSON object per picture (image, fen, side_from,\n"
       "                        board corners, bottom, squares with class, probability\n"
       "                        and runner-up, uncertain, repaired, arrows, last_move,\n"
       "                        move_dots, covered, notes, problems)\n"
       "  --all                 read every board in the picture (a page of diagrams, a\n"
       "                        screen with several games), not only the largest clear\n"
       "                        one: in reading order, rows from the top, each from the\n"
       "                        left; --json adds board_number and boards to each\n"
       "                        board's object\n"
       "  --side w|b            side to move (default: the side that did not play the\n"
       "                        last move the picture marks, else the side in check,\n"
       "                        else the side of a man picked up, else w; a note says\n"
       "                        which)\n"
       "  --castling auto|none|KQkq  auto (default): rights whose king and rook stand on\n"
       "                        their home squares, with a warning; none: '-'; or the field\n"
       "  --bottom auto|white|black  which side is at the bottom of the picture (default\n"
       "                        auto: decided from the position)\n"
       "  --threshold P         squares whose calibrated chance of being read right is\n"
       "                        under P (0..1, default %.3f) are listed as uncertain\n"
       "  --model FILE          a square classifier made by training/ instead of the\n"
       "                        built-in one\n"
       "  --set FILE            read the men with your own piece set, learnt by\n"
       "                        'fenkit learn-set' from a picture of the starting\n"
       "                        position; the side at the bottom is taken from that\n"
       "                        picture unless --bottom says\n"
       "  --debug-dir DIR       write the grid found (grid.png), the cut board (board.png),\n"
       "                        the 64 crops, the men's outlines found in them and the\n"
       "                        ground under the men on hatched squares into DIR (one\n"
       "                        folder per picture when several are scanned, and in it\n"
       "                        board-1, board-2, ... when --all finds several)\n"
       "  --fen-only            only the FEN, a line a picture, in order (an empty line\n"
       "                        for a picture that could not be read; its error goes to\n"
       "                        standard error), to paste or pipe on\n"
       "  --game                the pictures are moments of one game, in order, from\n"
       "                        the first picture's position (the starting position\n"
       "                        when it fits): each next position is the legal one, 0\n"
       "                        to 3 plies on, that its squares fit best; a picture\n"
       "                        that fits none (a hand over the board) is reported and\n"
       "                        skipped. Prints the game's PGN; with --json a line a\n"
       "                        picture (fen, moves, confidence) and the PGN last\n"
       "  --ascii               letters instead of chess symbols on the board\n"
       "  -h, --help            this help\n"
       "\n"
       "Exit status: 0 every picture read, 1 a picture could not be read or shows no\n"
       "board, 2 usage error.\n"
       "\n"
       "Examples:\n"
       "  fenkit scan screenshot.png\n"
       "  fenkit scan --side b --castling none --json board1.png board2.jpg\n"
       "  fenkit scan --bottom black --debug-dir /tmp/scan diagram.png\n"
       "  xclip -selection clipboard -t image/png -o | fenkit scan -\n"
       "  fenkit scan --fen-only --side b diagram.png | xclip -selection clipboard\n"
       "  fenkit scan --all --fen-only book-page.jpg\n"
       "  fenkit learn-set start.jpg -o myset.fks\n"
       "  fenkit scan --game --set myset.fks start.jpg move1.jpg move2.jpg\n");

typedef struct {
    fk_scan_options scan;
    int json, ascii, fen_only, all, game;
    const char *model_path;
    const char *set_path;
    const char *debug_dir;
} scan_args;

/* Why a file could not be opened or read, in the words of the other
 * messages: the commonest causes named, the rest as `otherwise`. */
static const char *file_error(int e, const char *otherwise) {
    switch (e) {
    case ENOENT: return N_("no such file");
    case EACCES: return N_("cannot open the file: permission denied");
    case EISDIR: return N_("a folder, not a picture");
    default: return otherwise;
    }
}

unsigned char *cli_read_all(const char *path, size_t *len, const char **why) {
    *len = 0;
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        *why = file_error(errno, N_("cannot open the file"));
        return NULL;
    }
    unsigned char *buf = NULL;
    size_t cap = 0, got;
    /* A file's size is known: one buffer a byte larger (to see the end)
     * spares copying it as it grows, and the page faults of the copies. */
    struct stat st;
    if (f != stdin && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        st.st_size < (1 << 30)) {
        cap = (size_t)st.st_size + 1;
        buf = malloc(cap);
        if (!buf) cap = 0;
    }
    do {
        if (*len == cap) {
            cap = cap ? cap * 2 : 1 << 16;
            unsigned char *grown = cap > (1u << 30) ? NULL : realloc(buf, cap);
            if (!grown) {
                free(buf);
                if (f != stdin) fclose(f);
                *why = cap > (1u << 30) ? N_("the file is over 1 GiB") : N_("out of memory");
                return NULL;
            }
            buf = grown;
        }
        got = fread(buf + *len, 1, cap - *len, f);
        *len += got;
    } while (got > 0);
    int failed = ferror(f) ? (errno ? errno : EIO) : 0; /* a folder opens, then fails to read */
    if (f != stdin) fclose(f);
    if (failed) {
        free(buf);
        *why = file_error(failed, N_("cannot read the file"));
        return NULL;
    }
    return buf;
}

/* One board's JSON object; with --all (boards > 0) it says which board of
 * how many, after the picture's name. */
static void print_json(const char *image, const fk_scan_result *r, int board, int boards) {
    size_t len = 0;
    char *json = scan_result_json(r, boards ? NULL : image, 0, 1, &len);
    if (!json) {
        fprintf(stderr, _("fenkit scan: %s: out of memory\n"), image);
        return;
    }
    if (boards) {
        fputs("{\"image\":", stdout);
        cli_json_cstring(stdout, image);
        printf(",\"board_number\":%d,\"boards\":%d,", board, boards);
        len--; /* past its '{' */
    }
    /* a block this large goes out at once: keep why, if it failed */
    if (fwrite(json + (boards ? 1 : 0), 1, len, stdout) != len) cli_stdout_failed(errno);
    free(json);
}

static void print_text(const char *image, const fk_scan_result *r, int board, int boards,
                       int ascii) {
    if (boards > 1)
        printf(_("%1$s, board %2$d of %3$d: %4$s\n"), image, board, boards, r->fen);
    else
        printf("%s: %s\n", image, r->fen);
    cli_print_board(stdout, &r->position, r->uncertain, ascii, !r->white_bottom);
    /* The doubted squares, least likely right first: the order to check
     * them in. */
    fk_square order[64];
    int n = 0;
    for (fk_square sq = 0; sq < 64; sq++)
        if ((r->uncertain & FK_BIT(sq)) && !(r->covered & FK_BIT(sq))) order[n++] = sq;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && r->squares[order[j]].right < r->squares[order[j - 1]].right; j--) {
            fk_square t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        const fk_square_reading *s = &r->squares[order[i]];
        char name[3];
        fk_square_name(order[i], name);
        printf(_("uncertain %1$s: read as %2$s, %3$.0f%% likely right (the network: %4$s %5$.0f%%, "
                 "%6$s %7$.0f%%)\n"),
               name, scan_man_name(s->read), 100 * s->right, scan_man_name(s->piece), 100 * s->prob,
               scan_man_name(s->second), 100 * s->second_prob);
    }
    for (int i = 0; i < r->note_count; i++) {
        char worded[SCAN_NOTE_MAX];
        printf("%s: %s\n", _("note"), scan_note_text(r, i, worded, sizeof worded));
    }
    if (r->problems.count) cli_print_problems(stdout, &r->problems, "", 0);
    if (n) {
        char squares[8 * 4 + 64] = "";
        for (int i = 0; i < n && i < 8; i++) {
            char name[3];
            fk_square_name(order[i], name);
            snprintf(squares + strlen(squares), sizeof squares - strlen(squares), "%s%s",
                     i ? ", " : "", name);
        }
        if (n > 8)
            snprintf(squares + strlen(squares), sizeof squares - strlen(squares), "%s",
                     _(" and the rest"));
        printf(_("doubt: check %1$s first; the whole board is read right with about %2$.0f%% "
                 "chance\n"),
               squares, 100 * r->board_right);
    } else if (r->doubt) {
        fputs(_("doubt: every square is read surely, but which side is at the bottom is a guess "
                "(use --bottom to say)\n"),
              stdout);
    } else {
        printf(_("doubt: none (the whole board is read right with about %.0f%% chance)\n"),
               100 * r->board_right);
    }
}

/* Scans one picture and prints what was found: its board, or with --all
 * every board. Returns 1 when it worked. */
static int scan_one(const char *path, const scan_args *a, const char *debug_dir) {
    size_t len;
    const char *why = NULL;
    unsigned char *data = cli_read_all(path, &len, &why);
    const char *image = strcmp(path, "-") == 0 ? "(standard input)" : path;
    int most = a->all ? FK_SCAN_MAX_BOARDS : 1, boards = 0;
    fk_scan_result *r = malloc(sizeof *r * (size_t)most);
    fk_error err = {0};
    fk_status s = FK_ERR_NOMEM;
    if (data && r) {
        fk_scan_options o = a->scan;
        o.debug_dir = debug_dir;
        s = fk_scan_bytes_all(data, len, &o, r, most, &boards, &err);
        why = err.message;
    } else if (!why) {
        why = N_("out of memory");
    }
    free(data);
    for (int k = 0; k < boards; k++) {
        if (a->json)
            print_json(image, &r[k], k + 1, a->all ? boards : 0);
        else if (a->fen_only)
            printf("%s\n", r[k].fen);
        else {
            if (k > 0) putchar('\n');
            print_text(image, &r[k], k + 1, boards, a->ascii);
        }
    }
    if (s != FK_OK && a->json) {
        fputs("{\"image\":", stdout);
        cli_json_cstring(stdout, image);
        fputs(",\"error\":", stdout);
        cli_json_cstring(stdout, why);
        fputs("}\n", stdout);
    } else if (s != FK_OK) {
        if (a->fen_only) putchar('\n'); /* line N stays picture N's */
        cli_flush_stdout();
        fprintf(stderr, "fenkit scan: %s: %s\n", image, *why ? _(why) : why);
    }
    free(r);
    return s == FK_OK;
}

/* Reads the options into a; returns -1 to go on, else an exit status. */
static int parse_args(int argc, char **argv, scan_args *a, char **images, int *nimages) {
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},          {"json", no_argument, NULL, 'j'},
        {"ascii", no_argument, NULL, 'a'},         {"fen-only", no_argument, NULL, 'f'},
        {"all", no_argument, NULL, 'A'},           {"side", required_argument, NULL, 's'},
        {"castling", required_argument, NULL, 'c'}, {"bottom", required_argument, NULL, 'b'},
        {"threshold", required_argument, NULL, 't'}, {"model", required_argument, NULL, 'm'},
        {"debug-dir", required_argument, NULL, 'd'}, {"set", required_argument, NULL, 'S'},
        {"game", no_argument, NULL, 'G'},           {NULL, 0, NULL, 0}};
    fk_scan_options_default(&a->scan);
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        const char *value = o.value;
        switch (c) {
        case 'h': {
            fk_scan_options defaults;
            fk_scan_options_default(&defaults);
            /* longer than stdio's buffer: a failed write is caught here, with its errno */
            if (printf(_(help), defaults.threshold) < 0) cli_stdout_failed(errno);
            return CLI_OK;
        }
        case 'j': a->json = 1; break;
        case 'a': a->ascii = 1; break;
        case 'f': a->fen_only = 1; break;
        case 'A': a->all = 1; break;
        case 's':
            if (strcmp(value, "w") == 0 || strcmp(value, "white") == 0) a->scan.side = FK_WHITE;
            else if (strcmp(value, "b") == 0 || strcmp(value, "black") == 0) a->scan.side = FK_BLACK;
            else return cli_usage_error("scan", "--side takes w or b, not '%s'", value);
            break;
        case 'c':
            if (strcmp(value, "auto") == 0) {
                a->scan.castling_mode = FK_SCAN_CASTLING_AUTO;
            } else if (strcmp(value, "none") == 0 || strcmp(value, "-") == 0) {
                a->scan.castling_mode = FK_SCAN_CASTLING_NONE;
            } else {
                size_t n = strlen(value);
                if (n < 1 || n > 4 || strspn(value, "KQkq") != n)
                    return cli_usage_error("scan", "--castling takes auto, none or letters of KQkq, "
                                                   "not '%s'", value);
                a->scan.castling_mode = FK_SCAN_CASTLING_GIVEN;
                memcpy(a->scan.castling, value, n + 1);
            }
            break;
        case 'b':
            if (strcmp(value, "auto") == 0) a->scan.bottom = FK_BOTTOM_AUTO;
            else if (strcmp(value, "white") == 0) a->scan.bottom = FK_BOTTOM_WHITE;
            else if (strcmp(value, "black") == 0) a->scan.bottom = FK_BOTTOM_BLACK;
            else return cli_usage_error("scan", "--bottom takes auto, white or black, not '%s'", value);
            break;
        case 't': {
            char *end;
            double t = strtod(value, &end);
            if (*end || end == value || !(t >= 0 && t <= 1))
                return cli_usage_error("scan", "--threshold takes a number from 0 to 1, not '%s'",
                                       value);
            a->scan.threshold = t;
            break;
        }
        case 'm': a->model_path = value; break;
        case 'S': a->set_path = value; break;
        case 'G': a->game = 1; break;
        case 'd': a->debug_dir = value; break;
        default: return CLI_USAGE;
        }
    }
    for (int i = 1; i <= o.count; i++) images[(*nimages)++] = argv[i];
    if (*nimages == 0) return cli_usage_error("scan", "no picture given (see fenkit scan --help)");
    if (a->game && (a->all || a->fen_only || a->debug_dir))
        return cli_usage_error("scan", "--game takes none of --all, --fen-only and --debug-dir");
    if (a->json && a->fen_only) return cli_usage_error("scan", "--json and --fen-only exclude each other");
    return -1;
}

int cmd_scan(int argc, char **argv) {
    scan_args a = {0};
    char **images = malloc(sizeof(char *) * (size_t)argc);
    int nimages = 0;
    if (!images) return CLI_PROBLEMS;
    int rc = parse_args(argc, argv, &a, images, &nimages);
    if (rc >= 0) {
        free(images);
        return rc;
    }
    fk_model *model = NULL;
    if (a.model_path) {
        fk_error err = {0};
        if (fk_model_load(a.model_path, &model, &err) != FK_OK) {
            fprintf(stderr, "fenkit scan: %s: %s\n", a.model_path, err.message);
            free(images);
            return CLI_USAGE;
        }
        a.scan.model = model;
    }
    fk_piece_set *set = NULL;
    if (a.set_path) {
        fk_error err = {0};
        if (fk_set_load(a.set_path, &set, &err) != FK_OK ||
            fk_set_check(set, a.scan.model, &err) != FK_OK) {
            fprintf(stderr, "fenkit scan: %s: %s\n", a.set_path, err.message);
            fk_set_free(set);
            fk_model_free(model);
            free(images);
            return CLI_USAGE;
        }
        a.scan.set = set;
    }
#if defined(__GLIBC__)
    /* A picture's buffers (several MB for a screenshot) stay in the heap
     * for the next picture instead of going back to the system and being
     * faulted in again, page by page: a fifth of the time per picture of a
     * batch went there. */
    if (nimages > 1) {
        mallopt(M_MMAP_THRESHOLD, 256 << 20);
        mallopt(M_TRIM_THRESHOLD, 512 << 20);
    }
#endif
    int failed = 0;
    for (int i = 0; i < nimages && a.game; i++) {
        failed = scan_game(images, nimages, &a.scan, a.json) != CLI_OK;
        break;
    }
    for (int i = 0; i < nimages && !a.game; i++) {
        char dir[4096];
        const char *debug = a.debug_dir;
        if (debug && nimages > 1) {
            /* One folder per picture, inside the one named. */
            snprintf(dir, sizeof dir, "%s/%d", a.debug_dir, i + 1);
            debug = dir;
        }
        if (!a.json && !a.fen_only && i > 0) fputc('\n', stdout);
        failed += !scan_one(images[i], &a, debug);
    }
    fk_set_free(set);
    fk_model_free(model);
    free(images);
    return failed ? CLI_PROBLEMS : CLI_OK;
}
