/* fenkit: drawing positions (terminal text; SVG and PNG diagrams). */
#ifndef FENKIT_RENDER_H
#define FENKIT_RENDER_H

#include "fenkit/position.h"
#include "fenkit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when sq is a light square (h1 is light, a1 is dark). Every renderer
 * asks this, so boards drawn anywhere agree. */
static inline int fk_square_is_light(fk_square sq) {
    return (FK_FILE_OF(sq) + FK_RANK_OF(sq)) & 1;
}

/* Terminal text. */
typedef struct {
    int flip;           /* Black at the bottom */
    int ascii;          /* letters instead of Unicode chess symbols */
    int color;          /* ANSI colours (for a terminal) */
    fk_bitboard marked; /* squares to mark (problems, doubts) */
} fk_text_options;

/* Draws the board with coordinates into buf (zero-terminated, truncated to
 * cap). Returns the length it needed, like snprintf. */
FK_API size_t fk_render_text(const fk_position *pos, const fk_text_options *opts, char *buf,
                             size_t cap);

/* ---- Diagrams: SVG and PNG ------------------------------------------- */

/* A growing byte buffer the library fills and the caller frees with
 * fk_buffer_free. Start from {0} (or fk_buffer_clear to reuse it). */
typedef struct {
    char *data;  /* zero-terminated when len > 0 */
    size_t len;
    size_t cap;
} fk_buffer;

FK_API void fk_buffer_free(fk_buffer *buf);
static inline void fk_buffer_clear(fk_buffer *buf) {
    buf->len = 0;
    if (buf->data) buf->data[0] = '\0';
}

/* A board look: square colours and the colours of the marks drawn on it.
 * Colours are 0xRRGGBB. A hatched theme draws dark squares as diagonal
 * lines of `dark` on `light`, like a printed book diagram. */
typedef struct {
    const char *name;
    uint32_t light;
    uint32_t dark;
    int hatched;
    uint32_t highlight; /* last-move squares (drawn half transparent) */
    uint32_t arrow;     /* arrows (drawn mostly opaque) */
    uint32_t frame;     /* border and outside coordinates */
} fk_theme;

/* The built-in themes, by index (0 <= i < fk_theme_count()); index 0 is the
 * default ("brown"). */
FK_API int fk_theme_count(void);
FK_API const fk_theme *fk_theme_at(int index);
/* The built-in theme called name, or NULL. */
FK_API const fk_theme *fk_theme_find(const char *name);

/* Twelve piece pictures (SVG or PNG). Owned by whoever loaded it; the
 * built-in set is static and never freed. */
typedef struct fk_piece_set fk_piece_set;

/* The set built into the library (Colin M.L. Burnett's, see docs/render.md).
 * Never NULL; do not free it. */
FK_API const fk_piece_set *fk_piece_set_builtin(void);
/* Reads a folder of twelve files named wK wQ wR wB wN wP bK bQ bR bB bN bP
 * with the extension .svg or .png. On failure returns FK_ERR_IO (a file
 * missing, unreadable or over 8 MB) or FK_ERR_SYNTAX (not SVG or PNG), with the file
 * named in err->message, and sets *out to NULL. Free with
 * fk_piece_set_free. */
FK_API fk_status fk_piece_set_load(const char *dir, fk_piece_set **out, fk_error *err);
FK_API void fk_piece_set_free(fk_piece_set *set);
/* Adds tiles for the dark squares, as printed books draw them: a folder
 * with empty.png (or .svg), the empty dark square, and the twelve pieces
 * each drawn on such a square (opaque). Diagrams drawn with the set then
 * use these tiles for every dark square. Same errors as
 * fk_piece_set_load; the set is unchanged on failure. */
FK_API fk_status fk_piece_set_load_dark(fk_piece_set *set, const char *dir, fk_error *err);
/* 1 when the set has dark-square tiles. */
FK_API int fk_piece_set_has_dark(const fk_piece_set *set);
/* The set's name: "cburnett" for the built-in one, else the folder's last
 * path component. */
FK_API const char *fk_piece_set_name(const fk_piece_set *set);

/* Where coordinates go. */
typedef enum {
    FK_COORDS_NONE = 0,
    FK_COORDS_INSIDE, /* small letters in the corner squares */
    FK_COORDS_OUTSIDE /* in a margin around the board */
} fk_coords;

#define FK_MAX_ARROWS 16

/* What to draw and how. Start from fk_diagram_options_default. */
typedef struct {
    int size;                 /* width = height of the image, in pixels */
    int flip;                 /* Black at the bottom */
    fk_coords coords;
    int border;               /* a thin frame around the board */
    const fk_theme *theme;    /* NULL: the default theme */
    const fk_piece_set *pieces; /* NULL: the built-in set */
    fk_bitboard highlight;    /* last-move style squares */
    fk_square check;          /* king square to mark as in check, or FK_NO_SQUARE */
    int arrow_count;
    struct {
        uint8_t from, to;
    } arrows[FK_MAX_ARROWS];
} fk_diagram_options;

/* Defaults: 400 px, White at the bottom, no coordinates, no marks. */
FK_API void fk_diagram_options_default(fk_diagram_options *opts);

/* Where the board lies inside a diagram of these options: the left and top
 * edge of the a8 (a1 when flipped) square and the side of one square, in
 * pixels. Squares are whole pixels so they stay crisp. */
typedef struct {
    int x, y;
    int square;
} fk_board_geometry;
FK_API fk_board_geometry fk_diagram_geometry(const fk_diagram_options *opts);

/* The centre of sq in a diagram of these options, in pixels. */
FK_API void fk_diagram_square_center(const fk_diagram_options *opts, fk_square sq, double *x,
                                     double *y);

/* Appends the diagram as one self-contained <svg> element (no XML prolog,
 * so it can also be nested in a larger SVG) to out. Returns FK_OK, or
 * FK_ERR_RANGE for a size under 16 or over 8192, more than FK_MAX_ARROWS
 * arrows or a square off the board, or FK_ERR_NOMEM. */
FK_API fk_status fk_render_svg(const fk_position *pos, const fk_diagram_options *opts,
                               fk_buffer *out);

/* Draws the diagram as a PNG (antialiased, RGBA) and appends its bytes to
 * out. Same errors as fk_render_svg, plus FK_ERR_IO when rasterising
 * failed. */
FK_API fk_status fk_render_png(const fk_position *pos, const fk_diagram_options *opts,
                               fk_buffer *out);

/* Rasterises any SVG document (len bytes) at width x height pixels and
 * appends the PNG to out; err (may be NULL) gets the reason on failure. */
FK_API fk_status fk_svg_to_png(const char *svg, size_t len, int width, int height, fk_buffer *out,
                               fk_error *err);

/* ---- Synthetic boards for the scanner's training data ----------------- */

/* A seeded pseudo-random generator (xoshiro256**), owned by the caller: the
 * same seed gives the same sequence on every machine. */
typedef struct {
    uint64_t s[4];
} fk_rng;

FK_API void fk_rng_seed(fk_rng *rng, uint64_t seed);
FK_API uint64_t fk_rng_next(fk_rng *rng);
/* A number in [0, n) (n >= 1). */
FK_API int fk_rng_below(fk_rng *rng, int n);
/* A number in [0, 1). */
FK_API double fk_rng_unit(fk_rng *rng);

/* What kind of position fk_random_position makes. */
typedef enum {
    FK_RANDOM_OPENING = 0, /* 4..20 plies of random moves from the start */
    FK_RANDOM_MIDDLEGAME,  /* 20..60 plies, with exchanges */
    FK_RANDOM_ENDGAME,     /* kings, pawns and a few pieces, placed */
    FK_RANDOM_PLACEMENT,   /* any number of pieces anywhere (kings safe) */
    FK_RANDOM_KIND_COUNT
} fk_random_kind;

/* "opening", "middlegame", "endgame", "placement". */
FK_API const char *fk_random_kind_name(fk_random_kind kind);

/* Fills pos with a random position of that kind: one king a side, no pawn
 * on the first or last rank, the side not to move not in check; placed
 * positions are also kept only when fk_position_check finds no error. Games are
 * played with random legal moves (captures are preferred now and then, so
 * material comes off as in real games). When last_from/last_to are not NULL they receive the last
 * move played, or FK_NO_SQUARE for placed positions. */
FK_API void fk_random_position(fk_rng *rng, fk_random_kind kind, fk_position *pos,
                               fk_square *last_from, fk_square *last_to);

/* One training image: the diagram options chosen, the page around it, and
 * where the board's 64 squares ended up in the image. */
typedef struct {
    fk_diagram_options diagram;
    int clutter;            /* 1 when drawn inside a page with a move list */
    int width, height;      /* of the whole image */
    int board_x, board_y;   /* top left of the 8 x 8 squares in the image */
    int board_size;         /* side of the 8 x 8 squares, in pixels */
    uint32_t page;          /* page colour around the board (with clutter) */
    uint64_t detail_seed;   /* picks the names and moves written on the page */
} fk_training_image;

/* The ranges fk_training_image_random draws from. */
typedef struct {
    int min_size, max_size; /* of the diagram, in pixels (default 120, 1200) */
    double clutter;         /* share drawn inside a page (default 0.3) */
    const fk_theme *theme;  /* every image in this theme; NULL: a random one */
} fk_training_options;

FK_API void fk_training_options_default(fk_training_options *opts);

/* Picks random looks for pos: theme (the book theme for a set with
 * dark-square tiles), the piece set `pieces` (NULL for the built-in one),
 * a size in the options' range, flip, coordinates, border, last-move
 * highlights (last_from/last_to, or random), arrows, the check mark when
 * the side to move is in check, and, for the options' share of images, a
 * page around the board with names and a move list. */
FK_API void fk_training_image_random(fk_rng *rng, const fk_position *pos,
                                     const fk_piece_set *pieces, fk_square last_from,
                                     fk_square last_to, const fk_training_options *opts,
                                     fk_training_image *img);

/* Draws the image as SVG (the whole page) and appends it to out. */
FK_API fk_status fk_training_image_svg(const fk_position *pos, const fk_training_image *img,
                                       fk_buffer *out);

#ifdef __cplusplus
}
#endif
#endif
