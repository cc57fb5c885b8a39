/* Training images: random looks for a position, and optionally the page
 * around a board that a screenshot would show (player bars, a move list,
 * lines of text), so the scanner learns to find boards in clutter. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buffer.h"

/* Page colours of sites in light and dark mode, and of paper. */
static const uint32_t pages[] = {0xffffff, 0xf7f7f7, 0xe8e6e1, 0xfffbe6, 0x262421, 0x312e2b,
                                 0x161512, 0xdfe3e8};

/* 1 when text on this page colour should be light. */
static int page_is_dark(uint32_t c) {
    return ((c >> 16 & 0xff) + (c >> 8 & 0xff) + (c & 0xff)) < 3 * 110;
}

/* Any square, a1..h8. */
static fk_square random_square(fk_rng *rng) { return fk_rng_below(rng, 64); }

void fk_training_options_default(fk_training_options *opts) {
    opts->min_size = 120;
    opts->max_size = 1200;
    opts->clutter = 0.3;
    opts->theme = NULL;
}

void fk_training_image_random(fk_rng *rng, const fk_position *pos, const fk_piece_set *pieces,
                              fk_square last_from, fk_square last_to,
                              const fk_training_options *opts, fk_training_image *img) {
    memset(img, 0, sizeof *img);
    fk_diagram_options *o = &img->diagram;
    fk_diagram_options_default(o);
    o->pieces = pieces;
    /* The five common looks half the time, any built-in theme otherwise. */
    o->theme = fk_theme_at(fk_rng_below(rng, 2) ? fk_rng_below(rng, 5)
                                                 : fk_rng_below(rng, fk_theme_count()));
    if (opts->theme) o->theme = opts->theme;
    /* Dark-square tiles are drawn for white paper. */
    if (pieces && fk_piece_set_has_dark(pieces)) o->theme = fk_theme_find("book");
    int lo = opts->min_size < 16 ? 16 : opts->min_size;
    int hi = opts->max_size < lo ? lo : opts->max_size > 8192 ? 8192 : opts->max_size;
    o->size = lo + fk_rng_below(rng, hi - lo + 1);
    o->flip = fk_rng_unit(rng) < 0.25;
    double r = fk_rng_unit(rng);
    o->coords = r < 0.35 ? FK_COORDS_NONE : r < 0.8 ? FK_COORDS_INSIDE : FK_COORDS_OUTSIDE;
    o->border = fk_rng_unit(rng) < 0.3;
    if (last_from != FK_NO_SQUARE && fk_rng_unit(rng) < 0.6)
        o->highlight = FK_BIT(last_from) | FK_BIT(last_to);
    else if (fk_rng_unit(rng) < 0.25)
        o->highlight = FK_BIT(random_square(rng)) | FK_BIT(random_square(rng));
    if (fk_rng_unit(rng) < 0.15) {
        o->arrow_count = 1 + fk_rng_below(rng, 3);
        for (int i = 0; i < o->arrow_count; i++) {
            fk_square a = random_square(rng), b;
            do b = random_square(rng);
            while (b == a);
            o->arrows[i].from = (uint8_t)a;
            o->arrows[i].to = (uint8_t)b;
        }
    }
    fk_color side = (fk_color)pos->side;
    if (fk_position_in_check(pos, side) && fk_rng_unit(rng) < 0.7)
        o->check = fk_position_king(pos, side);

    fk_board_geometry g = fk_diagram_geometry(o);
    int d = o->size, bx = 0, by = 0;
    img->width = img->height = d;
    img->clutter = fk_rng_unit(rng) < opts->clutter;
    if (img->clutter) {
        img->page = pages[fk_rng_below(rng, (int)(sizeof pages / sizeof pages[0]))];
        bx = (int)(d * (0.03 + 0.35 * fk_rng_unit(rng)));
        by = (int)(d * (0.12 + 0.2 * fk_rng_unit(rng)));
        int right = (int)(d * (fk_rng_unit(rng) < 0.7 ? 0.45 + 0.4 * fk_rng_unit(rng)
                                                      : 0.03 + 0.1 * fk_rng_unit(rng)));
        int bottom = (int)(d * (0.12 + 0.2 * fk_rng_unit(rng)));
        img->width = bx + d + right;
        img->height = by + d + bottom;
    }
    img->detail_seed = fk_rng_next(rng);
    img->board_x = bx + g.x;
    img->board_y = by + g.y;
    img->board_size = 8 * g.square;
}

/* Writes a plausible-looking move in SAN ("Nf3", "exd5", "O-O", "Qh5+"). */
static void random_san(fk_rng *rng, char *out, size_t cap) {
    static const char *const kinds[] = {"", "", "", "N", "B", "R", "Q", "K"};
    if (fk_rng_below(rng, 25) == 0) {
        snprintf(out, cap, "%s", fk_rng_below(rng, 3) ? "O-O" : "O-O-O");
        return;
    }
    const char *k = kinds[fk_rng_below(rng, 8)];
    int take = fk_rng_below(rng, 5) == 0;
    char pawn_file[2] = {(char)('a' + fk_rng_below(rng, 8)), 0};
    snprintf(out, cap, "%s%s%s%c%c%s", k, take && !*k ? pawn_file : "", take ? "x" : "",
             'a' + fk_rng_below(rng, 8), '1' + fk_rng_below(rng, 8),
             fk_rng_below(rng, 8) == 0 ? "+" : "");
}

/* The page: background, lines of "text" above, player bars, a move list. */
static int draw_page(fk_buffer *out, const fk_training_image *img) {
    fk_rng rng;
    fk_rng_seed(&rng, img->detail_seed);
    int d = img->diagram.size;
    int bx = img->board_x - fk_diagram_geometry(&img->diagram).x;
    int by = img->board_y - fk_diagram_geometry(&img->diagram).y;
    unsigned ink = page_is_dark(img->page) ? 0xd8d8d8 : 0x303030;
    unsigned faint = page_is_dark(img->page) ? 0x4a4845 : 0xd0d0d0;
    double font = d * 0.04 < 9 ? 9 : d * 0.04;
    int err = 0;
    err |= render_buffer_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#%06x\"/>",
                                img->width, img->height, (unsigned)img->page);
    err |= render_buffer_printf(out,
                                "<g font-family=\"DejaVu Sans,Arial,sans-serif\" fill=\"#%06x\" "
                                "font-size=\"%.1f\">",
                                ink, font);
    /* Grey bars where a page would have text, above the board. */
    for (double y = font * 0.5; y + font < by - font * 1.6; y += font * 1.5) {
        double w = img->width * (0.3 + 0.6 * fk_rng_unit(&rng));
        err |= render_buffer_printf(out,
                                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                                    "fill=\"#%06x\"/>",
                                    font * 0.5, y, w, font * 0.6, faint);
    }
    /* Player bars just above and below the board, each with a clock. */
    for (int i = 0; i < 2; i++) {
        double y = i == 0 ? by - font * 0.5 : by + d + font * 1.3;
        if (y - font < 0 || y > img->height) continue;
        err |= render_buffer_printf(out, "<text x=\"%d\" y=\"%.1f\">Player%d (%d)</text>", bx, y,
                                    100 + fk_rng_below(&rng, 9900), 800 + fk_rng_below(&rng, 2000));
        err |= render_buffer_printf(out,
                                    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d:%02d</text>",
                                    bx + d, y, fk_rng_below(&rng, 30), fk_rng_below(&rng, 60));
    }
    /* A move list to the right when there is room for one. */
    int list_x = bx + d + (int)(font * 0.8);
    if (img->width - list_x > font * 6) {
        int move = 1 + fk_rng_below(&rng, 3);
        char a[16], b[16];
        for (double y = by + font * 1.2; y < by + d - font * 0.3; y += font * 1.4) {
            random_san(&rng, a, sizeof a);
            random_san(&rng, b, sizeof b);
            err |= render_buffer_printf(out, "<text x=\"%d\" y=\"%.1f\">%d. %s %s</text>", list_x,
                                        y, move++, a, b);
        }
    }
    err |= render_buffer_printf(out, "</g>");
    return err;
}

fk_status fk_training_image_svg(const fk_position *pos, const fk_training_image *img,
                                fk_buffer *out) {
    if (!img->clutter) return fk_render_svg(pos, &img->diagram, out);
    size_t start = out->len;
    int bx = img->board_x - fk_diagram_geometry(&img->diagram).x;
    int by = img->board_y - fk_diagram_geometry(&img->diagram).y;
    int err = render_buffer_printf(out,
                                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                                   "height=\"%d\" viewBox=\"0 0 %d %d\">",
                                   img->width, img->height, img->width, img->height);
    err |= draw_page(out, img);
    err |= render_buffer_printf(out, "<g transform=\"translate(%d %d)\">", bx, by);
    fk_status status = err ? FK_ERR_NOMEM : fk_render_svg(pos, &img->diagram, out);
    if (status == FK_OK && render_buffer_printf(out, "</g></svg>\n")) status = FK_ERR_NOMEM;
    if (status != FK_OK) {
        out->len = start;
        if (out->data) out->data[start] = '\0';
    }
    return status;
}
