/* fenkit render: draw a position as an SVG or PNG diagram, or write a folder
 * of random training images with their FENs. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "common/i18n.h"
#include "common/not_a_fen.h"
#include "common/problem_text.h"
#include "input.h"
#include "options.h"
#include "fenkit/fenkit.h"

#if defined(__SANITIZE_ADDRESS__)
#define FK_CLI_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FK_CLI_ASAN 1
#endif
#endif
#ifdef FK_CLI_ASAN
/* Sanitizer builds only: fontconfig, reached through librsvg and pango when
 * a diagram has text, keeps its caches until the process ends; LeakSanitizer
 * would call that a leak. Nothing of fenkit's is hidden. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libfontconfig.so\n"; }
#endif

/* The --help text: usage, options, examples. */
static void print_help(FILE *out) {
    fputs(_("Usage: fenkit render [OPTIONS] FEN -o FILE\n"
            "       fenkit render [OPTIONS] FEN --format svg|png > FILE\n"
            "       fenkit render --random N --out DIR [--seed S] [--pieces DIR,...]\n"
            "\n"
            "Draws the position as a diagram. The format comes from the file's extension\n"
            "(.svg or .png), or from --format when writing to standard output (default svg).\n"
            "The FEN may be one argument or several (its fields unquoted), or 'startpos\n"
            "[moves ...]' as in UCI; with none, the first line of standard input is read.\n"
            "\n"
            "Options:\n"
            "  -o, --output FILE     write to FILE ('-' for standard output)\n"
            "  --format svg|png      output format (overrides the extension)\n"
            "  --size PX             width and height in pixels, 16..8192 (default 400)\n"
            "  --flip                Black at the bottom\n"
            "  --coords WHERE        none (default), inside (in the edge squares, over the\n"
            "                        pieces) or outside\n"
            "  --theme NAME          board colours (default brown); --list-themes names them all\n"
            "  --pieces NAME|DIR     the built-in set (cburnett) or a folder of twelve files\n"
            "                        wK wQ wR wB wN wP bK bQ bR bB bN bP (.svg or .png)\n"
            "  --highlight SQ,...    mark squares, as a last move is marked (e2,e4)\n"
            "  --arrow MOVE,...      draw arrows (e2e4,g1f3)\n"
            "  --dark-tiles DIR      draw dark squares with a book set's tiles: DIR holds\n"
            "                        empty.png and the twelve pieces on a dark square\n"
            "  --check               mark the king that is in check, if one is\n"
            "  --border              draw a frame around the board\n"
            "  --list-themes         print the theme names with their colours and exit\n"
            "\n"
            "Training images (for the scanner):\n"
            "  --random N            write N random positions as images into --out DIR, with\n"
            "                        DIR/manifest.jsonl giving each file's FEN and board box\n"
            "  --out DIR             the folder (made if missing)\n"
            "  --seed S              the same seed gives the same images (default 1)\n"
            "  --size PX             every board this size (default: 120 to 1200 px)\n"
            "  --theme NAME          every board in this theme (default: a random one)\n"
            "  --pieces DIR,...      piece sets to cycle through; a folder holding set folders\n"
            "                        counts as all of them (default: the built-in set)\n"
            "  --dark-tiles DIR      a folder of NAME-ondark tile folders: each set NAME\n"
            "                        that has one is also used with its tiles\n"
            "  --clutter RATE        share of images drawn inside a page with names and a\n"
            "                        move list, 0..1 (default 0.3)\n"
            "  --format svg|png      image format (default png)\n"
            "\n"
            "Examples:\n"
            "  fenkit render 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3' -o "
            "pos.svg\n"
            "  fenkit render --size 600 --coords outside --theme blue --arrow f3e5 FEN -o pos.png\n"
            "  fenkit render --theme book --flip --border FEN --format png > diagram.png\n"
            "  fenkit render --random 1000 --out boards --seed 7 --pieces DIR_OF_SETS\n"
            "\n"
            "The built-in pieces are Colin M.L. Burnett's (BSD licence, see docs/render.md).\n"
            "Exit status: 0 written, 1 the FEN or a file had problems, 2 usage error.\n"),
          out);
}

typedef enum { FORMAT_NONE = 0, FORMAT_SVG, FORMAT_PNG } out_format;

typedef struct {
    fk_diagram_options diagram;
    const char *output;
    out_format format;
    const char *pieces;
    const char *dark_tiles;
    int mark_check;
    long random;
    const char *out_dir;
    uint64_t seed;
    fk_training_options training;
    int size_given;
    char fen[1024];
} render_args;

/* Parses a whole decimal number in [lo, hi]; returns 0 on success. */
static int parse_long(const char *text, long lo, long hi, long *value) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) return -1;
    *value = v;
    return 0;
}

/* Reads "e2,e4" into a set of squares; returns 0, or -1 naming nothing. */
static int parse_squares(const char *text, fk_bitboard *set) {
    for (const char *p = text; *p;) {
        fk_square sq = fk_square_parse(p);
        if (sq == FK_NO_SQUARE || (p[2] && p[2] != ',')) return -1;
        *set |= FK_BIT(sq);
        p += p[2] == ',' ? 3 : 2;
    }
    return 0;
}

/* Reads "e2e4,g1f3" into the arrows of opts. Returns 0; -1 for text that
 * is not moves, -2 for too many, -3 for an arrow from a square to itself
 * (it would draw nothing), with *bad at that arrow. */
static int parse_arrows(const char *text, fk_diagram_options *opts, const char **bad) {
    for (const char *p = text; *p;) {
        *bad = p;
        fk_square from = fk_square_parse(p), to = from == FK_NO_SQUARE ? FK_NO_SQUARE
                                                                       : fk_square_parse(p + 2);
        if (to == FK_NO_SQUARE || (p[4] && p[4] != ',')) return -1;
        if (from == to) return -3;
        if (opts->arrow_count == FK_MAX_ARROWS) return -2;
        opts->arrows[opts->arrow_count].from = (uint8_t)from;
        opts->arrows[opts->arrow_count].to = (uint8_t)to;
        opts->arrow_count++;
        p += p[4] == ',' ? 5 : 4;
    }
    return 0;
}

/* Reads "svg" or "png"; returns 0, or -1 for anything else. */
static int parse_format(const char *text, out_format *format) {
    if (strcmp(text, "svg") == 0) *format = FORMAT_SVG;
    else if (strcmp(text, "png") == 0) *format = FORMAT_PNG;
    else return -1;
    return 0;
}

/* --list-themes: each theme's name and colours. */
static int list_themes(void) {
    for (int i = 0; i < fk_theme_count(); i++) {
        const fk_theme *t = fk_theme_at(i);
        printf("%-16s light #%06x  dark #%06x%s\n", t->name, (unsigned)t->light,
               (unsigned)t->dark, t->hatched ? "  (hatched dark squares)" : "");
    }
    return CLI_OK;
}

/* Reads the command line into args; returns -1 when done (help, list),
 * or an exit status >= 0 on a usage error, or -2 to go on. */
static int parse_args(int argc, char **argv, render_args *a) {
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"list-themes", no_argument, NULL, 'L'},
        {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'F'},
        {"size", required_argument, NULL, 'S'},
        {"flip", no_argument, NULL, 'f'},
        {"border", no_argument, NULL, 'b'},
        {"check", no_argument, NULL, 'c'},
        {"coords", required_argument, NULL, 'C'},
        {"theme", required_argument, NULL, 'T'},
        {"pieces", required_argument, NULL, 'P'},
        {"dark-tiles", required_argument, NULL, 'D'},
        {"highlight", required_argument, NULL, 'H'},
        {"arrow", required_argument, NULL, 'A'},
        {"random", required_argument, NULL, 'R'},
        {"out", required_argument, NULL, 'O'},
        {"seed", required_argument, NULL, 's'},
        {"clutter", required_argument, NULL, 'k'},
        {NULL, 0, NULL, 0}};
    memset(a, 0, sizeof *a);
    fk_diagram_options_default(&a->diagram);
    a->seed = 1;
    fk_training_options_default(&a->training);
    cli_options o;
    cli_options_start(&o, argc, argv, "ho:", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        const char *v = o.value;
        char *end;
        long n;
        int r;
        switch (c) {
        case 'h': print_help(stdout); return CLI_OK;
        case 'L': return list_themes();
        case 'o': a->output = v; break;
        case 'F':
            if (parse_format(v, &a->format))
                return cli_usage_error("render", "--format must be svg or png, not '%s'", v);
            break;
        case 'S':
            if (parse_long(v, 16, 8192, &n))
                return cli_usage_error("render", "--size must be 16 to 8192 pixels, not '%s'", v);
            a->diagram.size = (int)n;
            a->size_given = 1;
            break;
        case 'f': a->diagram.flip = 1; break;
        case 'b': a->diagram.border = 1; break;
        case 'c': a->mark_check = 1; break;
        case 'C':
            if (strcmp(v, "none") == 0) a->diagram.coords = FK_COORDS_NONE;
            else if (strcmp(v, "inside") == 0) a->diagram.coords = FK_COORDS_INSIDE;
            else if (strcmp(v, "outside") == 0) a->diagram.coords = FK_COORDS_OUTSIDE;
            else
                return cli_usage_error("render", "--coords must be none, inside or outside, not '%s'", v);
            break;
        case 'T':
            if (!(a->diagram.theme = fk_theme_find(v)))
                return cli_usage_error("render", "no theme called '%s' (see --list-themes)", v);
            break;
        case 'P': a->pieces = v; break;
        case 'D': a->dark_tiles = v; break;
        case 'H':
            if (parse_squares(v, &a->diagram.highlight))
                return cli_usage_error("render", "--highlight wants squares like e2,e4, not '%s'", v);
            break;
        case 'A': {
            const char *bad;
            r = parse_arrows(v, &a->diagram, &bad);
            if (r == -1)
                return cli_usage_error("render", "--arrow wants moves like e2e4,g1f3, not '%s'", v);
            if (r == -2) return cli_usage_error("render", "at most %d arrows", FK_MAX_ARROWS);
            if (r == -3)
                return cli_usage_error("render", "--arrow %.4s: an arrow goes from one square to "
                                                 "another", bad);
            break;
        }
        case 'R':
            if (parse_long(v, 1, 100000000, &a->random))
                return cli_usage_error("render", "--random wants a count of images, not '%s'", v);
            break;
        case 'O': a->out_dir = v; break;
        case 's':
            errno = 0;
            a->seed = strtoull(v, &end, 10);
            if (errno || end == v || *end)
                return cli_usage_error("render", "--seed wants a whole number, not '%s'", v);
            break;
        case 'k':
            a->training.clutter = strtod(v, &end);
            if (end == v || *end || !(a->training.clutter >= 0 && a->training.clutter <= 1))
                return cli_usage_error("render", "--clutter wants a share from 0 to 1, not '%s'", v);
            break;
        default: return CLI_USAGE;
        }
    }
    /* The FEN may come as its fields, unquoted. */
    size_t fen_len = 0;
    for (int i = 1; i <= o.count; i++) {
        size_t n = strlen(argv[i]);
        if (fen_len + n + 2 > sizeof a->fen) return cli_usage_error("render", "the FEN is too long");
        if (fen_len) a->fen[fen_len++] = ' ';
        memcpy(a->fen + fen_len, argv[i], n + 1);
        fen_len += n;
    }
    return -2;
}

/* Writes len bytes to path ("-" or NULL: standard output, whose failures
 * main reports when it closes it). */
static int write_bytes(const char *path, const char *data, size_t len) {
    if (!path || strcmp(path, "-") == 0) {
        if (fwrite(data, 1, len, stdout) != len) cli_stdout_failed(errno);
        return CLI_OK;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, _("fenkit render: cannot write %1$s: %2$s\n"), path, strerror(errno));
        return CLI_PROBLEMS;
    }
    int bad = fwrite(data, 1, len, f) != len;
    bad |= fclose(f) != 0;
    if (bad) {
        fprintf(stderr, _("fenkit render: writing %1$s failed: %2$s\n"), path, strerror(errno));
        return CLI_PROBLEMS;
    }
    return CLI_OK;
}

/* Loads --pieces NAME|DIR (and --dark-tiles DIR) for one diagram; *set
 * stays NULL for the built-in set. */
static int load_one_set(const char *name, const char *dark, fk_piece_set **set) {
    *set = NULL;
    int builtin = !name || strcmp(name, "cburnett") == 0 || strcmp(name, "default") == 0;
    if (builtin && dark)
        return cli_usage_error("render", "--dark-tiles needs a --pieces folder to go with");
    if (builtin) return CLI_OK;
    fk_error err;
    if (fk_piece_set_load(name, set, &err) != FK_OK) {
        fprintf(stderr, "fenkit render: --pieces: %s\n", err.message);
        return CLI_USAGE;
    }
    if (dark && fk_piece_set_load_dark(*set, dark, &err) != FK_OK) {
        fprintf(stderr, "fenkit render: --dark-tiles: %s\n", err.message);
        fk_piece_set_free(*set);
        *set = NULL;
        return CLI_USAGE;
    }
    return CLI_OK;
}

/* Draws the FEN of the command line into one SVG or PNG. */
static int render_one(render_args *a) {
    /* No FEN argument: the first line of standard input, unless that is a
     * terminal (nobody typing would know it is awaited). */
    if (!a->fen[0] && !isatty(STDIN_FILENO) && fgets(a->fen, sizeof a->fen, stdin)) {
        a->fen[strcspn(a->fen, "\r\n")] = '\0';
        if (memcmp(a->fen, "\xEF\xBB\xBF", 3) == 0) /* a byte-order mark */
            memmove(a->fen, a->fen + 3, strlen(a->fen + 3) + 1);
    }
    if (!a->fen[0]) return cli_usage_error("render", "give a FEN to draw (or --random N)");
    char named_fen[FK_FEN_MAX], why[512];
    const char *fen = a->fen;
    int named = cli_startpos_fen(fen, strlen(fen), named_fen, why, sizeof why);
    if (named < 0) {
        fprintf(stderr, "fenkit render: %s\n", why);
        return CLI_PROBLEMS;
    }
    if (named > 0) fen = named_fen;
    if (not_a_fen(fen, strlen(fen))) {
        fprintf(stderr, "fenkit render: %s\n", not_a_fen_message);
        return CLI_PROBLEMS;
    }
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    if (fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT, &pos, &problems) != FK_OK) {
        for (int i = 0; i < problems.count; i++)
            if (problems.items[i].severity == FK_SEV_ERROR) {
                char msg[PROBLEM_TEXT_MAX], fix[PROBLEM_TEXT_MAX];
                problem_text(&problems.items[i], msg, sizeof msg, fix, sizeof fix);
                fprintf(stderr, "fenkit render: %s: %s\n",
                        problem_text_english() ? fk_field_name(problems.items[i].field)
                                               : problem_field_name(problems.items[i].field),
                        msg);
            }
        return CLI_PROBLEMS;
    }
    out_format format = a->format;
    if (!format && a->output && strcmp(a->output, "-") != 0) {
        const char *dot = strrchr(a->output, '.');
        if (dot && strcmp(dot, ".svg") == 0) format = FORMAT_SVG;
        else if (dot && strcmp(dot, ".png") == 0) format = FORMAT_PNG;
        else
            return cli_usage_error("render", "cannot tell the format of '%s': name it .svg or "
                                             ".png, or give --format", a->output);
    }
    if (!format) format = FORMAT_SVG;
    int to_stdout = !a->output || strcmp(a->output, "-") == 0;
    if (format == FORMAT_PNG && to_stdout && isatty(STDOUT_FILENO))
        return cli_usage_error("render", "not writing a PNG to a terminal: use -o FILE or a pipe");
    if (a->mark_check) {
        for (int c = 0; c < 2 && a->diagram.check == FK_NO_SQUARE; c++) {
            fk_color side = (fk_color)(c == 0 ? pos.side : !pos.side);
            if (fk_position_in_check(&pos, side)) a->diagram.check = fk_position_king(&pos, side);
        }
    }
    fk_piece_set *set;
    int rc = load_one_set(a->pieces, a->dark_tiles, &set);
    if (rc != CLI_OK) return rc;
    a->diagram.pieces = set;
    fk_buffer out = {0};
    fk_status s = format == FORMAT_PNG ? fk_render_png(&pos, &a->diagram, &out)
                                       : fk_render_svg(&pos, &a->diagram, &out);
    if (s != FK_OK) {
        fprintf(stderr, _("fenkit render: drawing failed (%s)\n"),
                s == FK_ERR_NOMEM ? _("out of memory") : _("the rasteriser refused the drawing"));
        rc = CLI_PROBLEMS;
    } else {
        rc = write_bytes(a->output, out.data, out.len);
    }
    fk_buffer_free(&out);
    fk_piece_set_free(set);
    return rc;
}

/* ---- --random ---------------------------------------------------------- */

typedef struct {
    fk_piece_set **sets; /* NULL entries: the built-in set */
    int count, cap;
} set_list;

/* Appends a set to the list; returns 0, or -1 when memory ran out. */
static int add_set(set_list *list, fk_piece_set *set) {
    if (list->count == list->cap) {
        int cap = list->cap ? list->cap * 2 : 16;
        fk_piece_set **grown = realloc(list->sets, (size_t)cap * sizeof *grown);
        if (!grown) return -1;
        list->sets = grown;
        list->cap = cap;
    }
    list->sets[list->count++] = set;
    return 0;
}

/* qsort order for folder names. */
static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds the set in dir; and when dark_dir holds NAME-ondark tiles for it,
 * the set a second time with those tiles. Returns FK_OK or the load error. */
static fk_status add_set_and_tiles(set_list *list, const char *dir, const char *dark_dir,
                                   fk_error *err) {
    fk_piece_set *set;
    fk_status s = fk_piece_set_load(dir, &set, err);
    if (s != FK_OK) return s;
    if (add_set(list, set)) fk_piece_set_free(set);
    if (!dark_dir) return FK_OK;
    char tiles[4096];
    snprintf(tiles, sizeof tiles, "%s/%s-ondark", dark_dir, fk_piece_set_name(set));
    struct stat st;
    if (stat(tiles, &st) != 0 || !S_ISDIR(st.st_mode)) return FK_OK;
    fk_error tile_err;
    if (fk_piece_set_load(dir, &set, &tile_err) != FK_OK) return FK_OK;
    if (fk_piece_set_load_dark(set, tiles, &tile_err) != FK_OK || add_set(list, set)) {
        fprintf(stderr, _("fenkit render: skipping tiles %1$s: %2$s\n"), tiles, tile_err.message);
        fk_piece_set_free(set);
    }
    return FK_OK;
}

/* Adds the set in dir, or, when dir holds set folders instead, every one
 * of them in name order. A folder that is neither is reported. */
static void add_sets_from(set_list *list, const char *dir, const char *dark_dir) {
    fk_error err;
    if (add_set_and_tiles(list, dir, dark_dir, &err) == FK_OK) return;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "fenkit render: --pieces: %s\n", err.message);
        return;
    }
    char **names = NULL;
    size_t count = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char **grown = realloc(names, (count + 1) * sizeof *names);
        if (!grown) break;
        names = grown;
        names[count++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof *names, compare_names);
    int before = list->count;
    char path[4096];
    for (size_t i = 0; i < count; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        struct stat st;
        if (names[i] && stat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
            add_set_and_tiles(list, path, dark_dir, &err) != FK_OK)
            fprintf(stderr, _("fenkit render: skipping %1$s: %2$s\n"), path, err.message);
        free(names[i]);
    }
    free(names);
    if (list->count == before)
        fprintf(stderr, _("fenkit render: --pieces: %s holds no piece set\n"), dir);
}

/* The --coords word for c, as the manifest records it. */
static const char *coords_name(fk_coords c) {
    return c == FK_COORDS_INSIDE ? "inside" : c == FK_COORDS_OUTSIDE ? "outside" : "none";
}

/* --random N: N seeded random positions as images, with a manifest. */
static int render_random(render_args *a) {
    if (!a->out_dir) return cli_usage_error("render", "--random needs --out DIR");
    if (mkdir(a->out_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, _("fenkit render: cannot make %1$s: %2$s\n"), a->out_dir, strerror(errno));
        return CLI_PROBLEMS;
    }
    set_list sets = {0};
    if (!a->pieces) {
        add_set(&sets, NULL);
    } else {
        char *copy = strdup(a->pieces), *save = NULL;
        for (char *dir = strtok_r(copy, ",", &save); dir; dir = strtok_r(NULL, ",", &save)) {
            if (strcmp(dir, "cburnett") == 0 || strcmp(dir, "default") == 0)
                add_set(&sets, NULL);
            else
                add_sets_from(&sets, dir, a->dark_tiles);
        }
        free(copy);
    }
    if (sets.count == 0) {
        fputs(_("fenkit render: no usable piece set\n"), stderr);
        free(sets.sets);
        return CLI_USAGE;
    }
    out_format format = a->format ? a->format : FORMAT_PNG;
    if (a->size_given) a->training.min_size = a->training.max_size = a->diagram.size;
    a->training.theme = a->diagram.theme; /* --theme: all images in it */
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest.jsonl", a->out_dir);
    FILE *manifest = fopen(path, "w");
    if (!manifest) {
        fprintf(stderr, _("fenkit render: cannot write %1$s: %2$s\n"), path, strerror(errno));
        free(sets.sets);
        return CLI_PROBLEMS;
    }
    int rc = CLI_OK, progress = isatty(STDERR_FILENO);
    fk_buffer svg = {0}, png = {0};
    for (long i = 0; i < a->random && rc == CLI_OK; i++) {
        /* Each image has its own generator, so image i is the same
         * whatever N is. */
        fk_rng rng;
        fk_rng_seed(&rng, a->seed * 0x9e3779b97f4a7c15ull + (uint64_t)i);
        double r = fk_rng_unit(&rng);
        fk_random_kind kind = r < 0.25   ? FK_RANDOM_OPENING
                              : r < 0.6  ? FK_RANDOM_MIDDLEGAME
                              : r < 0.85 ? FK_RANDOM_ENDGAME
                                         : FK_RANDOM_PLACEMENT;
        fk_position pos;
        fk_square from, to;
        fk_random_position(&rng, kind, &pos, &from, &to);
        const fk_piece_set *set = sets.sets[i % sets.count];
        fk_training_image img;
        fk_training_image_random(&rng, &pos, set, from, to, &a->training, &img);
        fk_buffer_clear(&svg);
        fk_buffer_clear(&png);
        fk_status s = fk_training_image_svg(&pos, &img, &svg);
        if (s == FK_OK && format == FORMAT_PNG) {
            fk_error err;
            s = fk_svg_to_png(svg.data, svg.len, img.width, img.height, &png, &err);
            if (s != FK_OK)
                fprintf(stderr, _("fenkit render: image %1$ld: %2$s\n"), i, err.message);
        }
        if (s != FK_OK) {
            rc = CLI_PROBLEMS;
            break;
        }
        char name[64];
        snprintf(name, sizeof name, "%06ld.%s", i, format == FORMAT_PNG ? "png" : "svg");
        snprintf(path, sizeof path, "%s/%s", a->out_dir, name);
        fk_buffer *bytes = format == FORMAT_PNG ? &png : &svg;
        rc = write_bytes(path, bytes->data, bytes->len);
        char fen[FK_FEN_MAX], arrows[FK_MAX_ARROWS * 7 + 1] = "";
        fk_fen_write(&pos, FK_EP_LEGAL, fen, sizeof fen);
        for (int k = 0; k < img.diagram.arrow_count; k++) {
            char tail[3], head[3];
            fk_square_name(img.diagram.arrows[k].from, tail);
            fk_square_name(img.diagram.arrows[k].to, head);
            snprintf(arrows + strlen(arrows), sizeof arrows - strlen(arrows), "%s\"%s%s\"",
                     k ? "," : "", tail, head);
        }
        fprintf(manifest,
                "{\"file\":\"%s\",\"fen\":\"%s\",\"kind\":\"%s\",\"width\":%d,\"height\":%d,"
                "\"board\":[%d,%d,%d],\"flip\":%s,\"theme\":\"%s\",\"pieces\":\"%s\","
                "\"dark_tiles\":%s,\"coords\":\"%s\",\"clutter\":%s,\"arrows\":[%s]}\n",
                name, fen, fk_random_kind_name(kind), img.width, img.height, img.board_x,
                img.board_y, img.board_size, img.diagram.flip ? "true" : "false",
                img.diagram.theme->name, fk_piece_set_name(set ? set : fk_piece_set_builtin()),
                set && fk_piece_set_has_dark(set) ? "true" : "false",
                coords_name(img.diagram.coords), img.clutter ? "true" : "false", arrows);
        if (progress) fprintf(stderr, "\rfenkit render: %ld/%ld", i + 1, a->random);
    }
    if (progress) fprintf(stderr, "\n");
    int lost = ferror(manifest);
    if (fclose(manifest) != 0 || lost) {
        snprintf(path, sizeof path, "%s/manifest.jsonl", a->out_dir);
        fprintf(stderr, _("fenkit render: writing %1$s failed: %2$s\n"), path, strerror(errno));
        rc = CLI_PROBLEMS;
    }
    fk_buffer_free(&svg);
    fk_buffer_free(&png);
    for (int i = 0; i < sets.count; i++) fk_piece_set_free(sets.sets[i]);
    free(sets.sets);
    return rc;
}

/* fenkit render: one diagram, or --random training images. */
int cmd_render(int argc, char **argv) {
    render_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc != -2) return rc;
    return a.random ? render_random(&a) : render_one(&a);
}
