/* fenkit: reading a position from a picture of a 2D board (a screenshot or
 * a digital diagram). The pipeline: decode, locate the board, cut it into
 * 64 squares, classify each with a small network, decide which side is at
 * the bottom, build the FEN, and say which squares it is unsure of. */
#ifndef FENKIT_VISION_H
#define FENKIT_VISION_H

#include "fenkit/check.h"
#include "fenkit/error.h"
#include "fenkit/moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pictures larger than this many pixels are refused before decoding. */
#define FK_SCAN_MAX_PIXELS 100000000L

/* A decoded picture in grey levels (0 black .. 255 white), row by row.
 * Made by fk_image_decode, freed with fk_image_free. */
typedef struct {
    int width, height;
    uint8_t *grey;
    /* The EXIF orientation (2 to 8) of a JPEG whose rows are stored turned
     * or mirrored, as phone cameras store them: fk_image_decode turns the
     * picture upright as a viewer shows it, and says so here. 0: stored
     * upright. */
    int turned;
    /* A JPEG's colours at an eighth of its size (RGB, row by row,
     * colour_width x colour_height pixels), for the tint of a last move
     * that grey levels hide; NULL for other pictures, or where the
     * decoder could not give them. */
    uint8_t *colour;
    int colour_width, colour_height;
} fk_image;

/* Decodes PNG, JPEG, WebP, GIF or BMP bytes, a JPEG turned upright by its
 * EXIF orientation. The header is read first and a picture over
 * FK_SCAN_MAX_PIXELS is refused before anything large is allocated.
 * Returns FK_OK; FK_ERR_SYNTAX (not a picture, or truncated or damaged),
 * FK_ERR_RANGE (too large) or FK_ERR_NOMEM, with a sentence in err. */
FK_API fk_status fk_image_decode(const void *data, size_t len, fk_image *out, fk_error *err);
FK_API void fk_image_free(fk_image *image);

/* A point in picture coordinates (pixels; 0,0 is the top left corner of
 * the top left pixel). */
typedef struct {
    double x, y;
} fk_point;

/* Where a board lies: its four outer corners in picture order (top left,
 * top right, bottom right, bottom left), and how sure the locator is. */
typedef struct {
    fk_point corners[4];
    double score; /* 0..1: how clearly the 8x8 light/dark pattern shows */
} fk_board_location;

/* Finds the largest clear chess board in the picture. Returns FK_OK, or
 * FK_ERR_INVALID when there is none (err says so). */
FK_API fk_status fk_board_locate(const fk_image *image, fk_board_location *out, fk_error *err);

/* The square classifier. The built-in one is static; a loaded one is freed
 * with fk_model_free. */
typedef struct fk_model fk_model;

/* The model built into the library. Never NULL. */
FK_API const fk_model *fk_model_builtin(void);
/* Reads a model file written by training/train.py. Errors: FK_ERR_IO (cannot
 * read), FK_ERR_SYNTAX (not a model file, or damaged), FK_ERR_NOMEM. */
FK_API fk_status fk_model_load(const char *path, fk_model **out, fk_error *err);
FK_API fk_status fk_model_read(const void *data, size_t len, fk_model **out, fk_error *err);
FK_API void fk_model_free(fk_model *model);
/* Side of one square crop the model reads, in pixels. */
FK_API int fk_model_square_size(const fk_model *model);

/* Classifies n grey crops (each side*side bytes, side =
 * fk_model_square_size) and writes 13 probabilities per crop, in fk_piece
 * order, to probs (n * 13 floats). Returns FK_OK or FK_ERR_NOMEM. */
FK_API fk_status fk_model_classify(const fk_model *model, const uint8_t *crops, int n,
                                   float *probs);

/* Which side is at the bottom of the picture. */
typedef enum { FK_BOTTOM_AUTO = 0, FK_BOTTOM_WHITE, FK_BOTTOM_BLACK } fk_bottom;

/* A player's own piece set, learnt from one picture of a known position
 * (the starting position as a rule): the square classifier's last layer
 * fitted again on the network's features of that picture's 64 squares.
 * Made by fk_set_learn, fk_set_read or fk_set_load; freed with
 * fk_set_free. It reads with the model it was learnt with only. */
typedef struct fk_piece_set fk_piece_set;

/* Learns the set in the picture, whose position is `known` (only its
 * placement is used); bottom says which side is at the bottom of the
 * picture (FK_BOTTOM_AUTO: the way round the model's readings fit
 * better); model NULL: the built-in one. Returns FK_OK, FK_ERR_INVALID
 * when no board is found, or FK_ERR_NOMEM; err says why. */
FK_API fk_status fk_set_learn(const fk_image *image, const fk_position *known, fk_bottom bottom,
                              const fk_model *model, fk_piece_set **out, fk_error *err);
/* The set as the bytes of a .fks file (versioned, with a checksum), in a
 * buffer the caller frees. Returns FK_OK or FK_ERR_NOMEM. */
FK_API fk_status fk_set_write(const fk_piece_set *set, unsigned char **data, size_t *len);
/* Reads a .fks file's bytes. FK_ERR_SYNTAX, with a sentence in err, for
 * anything that is not a whole, undamaged set file of this version. */
FK_API fk_status fk_set_read(const void *data, size_t len, fk_piece_set **out, fk_error *err);
/* fk_set_read and fk_set_write on a file (FK_ERR_IO when it cannot be
 * opened, read or written). */
FK_API fk_status fk_set_load(const char *path, fk_piece_set **out, fk_error *err);
FK_API fk_status fk_set_save(const fk_piece_set *set, const char *path, fk_error *err);
FK_API void fk_set_free(fk_piece_set *set);
/* FK_OK when the set was learnt with this model (NULL: the built-in one)
 * and can read with it, else FK_ERR_INVALID with err filled. */
FK_API fk_status fk_set_check(const fk_piece_set *set, const fk_model *model, fk_error *err);

/* How the castling field is filled. */
typedef enum {
    FK_SCAN_CASTLING_AUTO = 0, /* rights whose king and rook stand at home */
    FK_SCAN_CASTLING_NONE,     /* "-" */
    FK_SCAN_CASTLING_GIVEN     /* the text in fk_scan_options.castling */
} fk_scan_castling;

/* What fk_scan_image does. Start from fk_scan_options_default. */
typedef struct {
    const fk_model *model;     /* NULL: the built-in one */
    fk_bottom bottom;          /* FK_BOTTOM_AUTO: decide from the picture */
    int side;                  /* fk_color to move, or -1: White, assumed */
    fk_scan_castling castling_mode;
    char castling[8];          /* for FK_SCAN_CASTLING_GIVEN: "KQkq", "Kq", "-" */
    double threshold;          /* squares less likely than this to be read right are
                                  uncertain (fk_square_reading.right); the default was
                                  calibrated on piece designs the model never saw */
    const char *debug_dir;     /* when set, the located board, grid and crops go here */
    const fk_board_location *board; /* NULL: find the board; else read the one there */
    /* Asked between the scan's steps (after decoding, between boards and
     * between a board's steps): nonzero ends the scan with FK_ERR_STOPPED,
     * so that a server can drop the work of a client that has gone. NULL:
     * never asked. */
    int (*stop)(void *ctx);
    void *stop_ctx;
    /* A piece set learnt from the player's own board (fk_set_learn): its
     * readings replace the network's, and the side at the bottom is the
     * one of the picture it was learnt from unless `bottom` says. NULL:
     * none. */
    const fk_piece_set *set;
} fk_scan_options;

FK_API void fk_scan_options_default(fk_scan_options *opts);

/* One square's reading: the network's best class and its runner-up; the
 * man the FEN puts there after the later steps (telling men apart, the
 * repair), and how likely it is that this square is read right. */
typedef struct {
    fk_piece piece;
    float prob;
    fk_piece second;
    float second_prob;
    fk_piece read;    /* the man (or FK_EMPTY) the FEN has on this square */
    float read_prob;  /* the network's probability for `read` */
    float other_prob; /* the network's likeliest reading other than `read` */
    float unlike;     /* how unlike the crop is to the nearest one read alike on
                         its square colour (0 a twin, 1 as far as the board's
                         darkest grey from its lightest); -1: none is read alike */
    float right;      /* calibrated probability that `read` is right (0 under a panel) */
} fk_square_reading;

#define FK_SCAN_MAX_NOTES 16
#define FK_SCAN_MAX_ARROWS 8

/* Where a scan's side to move came from (fk_scan_result.side_from). */
typedef enum {
    FK_SIDE_ASSUMED = 0, /* nothing in the picture says: White */
    FK_SIDE_GIVEN,       /* the caller said (fk_scan_options.side) */
    FK_SIDE_LAST_MOVE,   /* the other side played the move the picture marks */
    FK_SIDE_CHECK,       /* the side whose king is in check */
    FK_SIDE_DOTS         /* the side of a man picked up, his moves dotted */
} fk_scan_side_from;

/* What a scan's note says, so that a tool can word it in its reader's
 * language (fenkit's own tools do); the note's English sentence is kept in
 * fk_scan_result.notes. Each code names the members it fills. */
typedef enum {
    FK_NOTE_TEXT = 0,         /* nothing: said as written */
    FK_NOTE_SIDE_LAST_MOVE,   /* color to move; sq[0], sq[1]: the move marked */
    FK_NOTE_SIDE_CHECK,       /* color to move, in check */
    FK_NOTE_SIDE_DOTS,        /* color to move; men[0] on sq[0] picked up, or
                                 men[0] FK_EMPTY when the man is not known */
    FK_NOTE_SIDE_ASSUMED,     /* White to move, as nothing shows it */
    FK_NOTE_CASTLING_GUESSED, /* quote: the rights */
    FK_NOTE_CASTLING_DROPPED, /* quote: the field given */
    FK_NOTE_EXIF,             /* n: the EXIF orientation */
    FK_NOTE_TURNED,           /* value[0]: degrees, clockwise when positive */
    FK_NOTE_SLANT,            /* nothing */
    FK_NOTE_UNEVEN_LIGHT,     /* value[0], value[1]: the light squares' greys */
    FK_NOTE_DIAGRAM_TURNED,   /* n: 1 a quarter, 2 upside down */
    FK_NOTE_BOTTOM,           /* color at the bottom; variant: fk_scan_note_bottom;
                                 value[0]: how sure (0..1) */
    FK_NOTE_ARROWS_GREY,      /* n: 1 light, 2 dark (the squares' grey) */
    FK_NOTE_ARROWS,           /* n arrows: fk_scan_result.arrows */
    FK_NOTE_COVERED,          /* sq[0], sq[1]: the corners of the squares hidden, or
                                 n of them when variant 1; value[0] 1: its edge
                                 reaches into the squares around */
    FK_NOTE_DOTS,             /* the squares: fk_scan_result.move_dots */
    FK_NOTE_TOLD,             /* variant: fk_scan_note_told; sq[0] the square, sq[1]
                                 the other; men[0] read, men[1] taken; value[0],
                                 value[1] their chances; n: why (TOLD_UNSEEN) */
    FK_NOTE_START,            /* taken as the starting position */
    FK_NOTE_REPAIRED,         /* sq[0]; men[0] read, men[1] taken; value[0], value[1] */
    FK_NOTE_WEIGHED,          /* as FK_NOTE_REPAIRED */
    FK_NOTE_BOARDS            /* n boards; variant 1: the largest is cut off, else empty */
} fk_scan_note_code;

/* Where FK_NOTE_BOTTOM's side at the bottom came from. */
typedef enum {
    FK_BOTTOM_BY_COORDINATES = 0,
    FK_BOTTOM_BY_STEP,     /* a pawn's step marked as the last move */
    FK_BOTTOM_BY_PRINTING, /* printed diagrams have White at the bottom */
    FK_BOTTOM_BY_PAWNS,
    FK_BOTTOM_BY_PAWNS_KINGS,
    FK_BOTTOM_BY_SET /* as in the picture the --set was learnt from */
} fk_scan_note_bottom;

/* How FK_NOTE_TOLD's man was told apart. */
typedef enum {
    FK_TOLD_KING_INK = 0, /* two kings, this one darker (men[1] black) or lighter */
    FK_TOLD_INK_LIKE,     /* inked like sq[1] */
    FK_TOLD_INK_DARKER,   /* inked darker than sq[1] */
    FK_TOLD_INK_LIGHTER,  /* inked lighter than sq[1] */
    FK_TOLD_SET_LIKE,     /* drawn like sq[1], the men read as one set */
    FK_TOLD_SET,          /* it and the men drawn like it, read as one set */
    FK_TOLD_TWIN,         /* drawn like sq[1], so no king */
    FK_TOLD_ALONG,        /* drawn like sq[1], taken as it was */
    FK_TOLD_LIKE,         /* unlike the sure men of its reading, like sq[1] */
    FK_TOLD_ALSO,         /* on a hatched square, unlike them as sq[1] is */
    FK_TOLD_APART         /* sq[0] and sq[1] read alike but drawn differently; n:
                             0, 1 the likeliest no square was read as, 2 no light
                             square shows one, 3 no dark square does */
} fk_scan_note_told;

/* What one note is made of (fk_scan_result.note_args); the members its
 * code does not name are zero. */
typedef struct {
    int code; /* fk_scan_note_code */
    int variant;
    int color; /* the side it names */
    int n;     /* a count or a number */
    fk_square sq[2];
    fk_piece men[2];
    double value[2]; /* chances (0..1), greys or degrees */
    char quote[8];   /* castling letters */
} fk_scan_note_args;

/* The result of a scan. Plain data, owned by the caller. */
typedef struct {
    int width, height;             /* of the picture */
    fk_board_location board;
    int white_bottom;              /* 1: White at the bottom of the picture */
    double bottom_confidence;      /* 0.5 (a guess) .. 1 (certain) */
    int bottom_given;              /* 1 when the caller said which */
    fk_square_reading squares[64]; /* by square, a1 = 0 .. h8 = 63 */
    fk_bitboard uncertain;         /* squares under the threshold: the ones to check */
    double board_right;            /* calibrated probability that every square is read right
                                      and the side at the bottom is (when not given) */
    int doubt;                     /* 1 when a square is uncertain or the side at the bottom
                                      is a guess (bottom_confidence under 0.9): the
                                      position must not be taken unchecked */
    fk_bitboard repaired;          /* squares changed from their best reading: to make the
                                      position legal, or weighed against games' material */
    fk_position position;
    char fen[FK_FEN_MAX];
    fk_scan_side_from side_from;   /* where the FEN's side to move came from */
    fk_problems problems;          /* the position checks of the final FEN */
    int note_count;                /* warnings and remarks, in words */
    char notes[FK_SCAN_MAX_NOTES][160];
    int arrow_count;               /* arrows drawn over the board, read through */
    struct {
        fk_square from, to;        /* tail and head; FK_NO_SQUARE for an arrow in the grey
                                      of one square colour, whose ends are not known */
    } arrows[FK_SCAN_MAX_ARROWS];
    /* The last move, where the picture marks it as programs do (its two
     * squares tinted): from and to, FK_NO_SQUARE when none is seen. It
     * decides the side to move when --side does not. */
    fk_square last_from, last_to;
    /* Empty squares marked with a dot as a picked-up man's moves (taken
     * out before reading, and read empty). */
    fk_bitboard move_dots;
    /* Squares hidden under something drawn over the board (a site's panel
     * at a game's end, a picture): read empty, and listed as uncertain. */
    fk_bitboard covered;
    fk_scan_note_args note_args[FK_SCAN_MAX_NOTES]; /* what notes[i] is made of */
    /* Each square's 13 class probabilities (fk_piece order) as the reader
     * gave them, by square: what fk_game_next weighs successors by. */
    float probs[64][FK_PIECE_COUNT];
    /* Each square's crop shrunk to 8 x 8 grey levels, row by row, by
     * square: what fk_game_changes compares between pictures. */
    uint8_t looks[64][64];
} fk_scan_result;

/* Reads the position from a decoded picture. Returns FK_OK (the result
 * may still list uncertain squares and problems), FK_ERR_INVALID when no
 * board was found, FK_ERR_NOMEM, or FK_ERR_IO when the debug folder could
 * not be written; err says why. */
FK_API fk_status fk_scan_image(const fk_image *image, const fk_scan_options *opts,
                               fk_scan_result *out, fk_error *err);

/* The most boards fk_scan_image_all reads from one picture. */
#define FK_SCAN_MAX_BOARDS 16

/* Reads every board in the picture, up to `most` of them (a book page
 * prints several diagrams; a screen may show a game beside another): the
 * boards are found one by one as fk_scan_image finds one, each painted
 * over (with its frame and coordinates) before looking for the next, then
 * each is read from the picture as it is. out[] has room for `most`
 * results and gets them in reading order: rows from the top, each row
 * from the left. *count says how many. Returns FK_OK when at least one
 * board was read, else what fk_scan_image returns for the picture. With
 * a debug folder, board k of several writes into its subfolder board-k.
 * opts->board is ignored. */
FK_API fk_status fk_scan_image_all(const fk_image *image, const fk_scan_options *opts,
                                   fk_scan_result *out, int most, int *count, fk_error *err);

/* Decodes bytes and reads every board in them, as fk_scan_image_all
 * (errors of both). */
FK_API fk_status fk_scan_bytes_all(const void *data, size_t len, const fk_scan_options *opts,
                                   fk_scan_result *out, int most, int *count, fk_error *err);

/* Decodes bytes and scans them in one call (errors of both). */
FK_API fk_status fk_scan_bytes(const void *data, size_t len, const fk_scan_options *opts,
                               fk_scan_result *out, fk_error *err);

/* Following a game through pictures of it (fenkit scan --game). */
#define FK_GAME_MAX_PLIES 4

/* The successor fk_game_next chose for one picture. */
typedef struct {
    fk_position position;             /* the position the picture shows */
    fk_move moves[FK_GAME_MAX_PLIES]; /* the plies from the last position to it, */
    int plies;                        /* how many (0: nothing moved) */
    double score;                     /* its log probability under the readings, less a
                                         cost a ply */
    double confidence;                /* 0..1: its share of the weight of all successors */
    int misfits;                      /* squares whose man the readings all but rule out */
    int fits;                         /* 0 when too many squares misfit: no successor fits
                                         the picture (a hand over the board), and the
                                         caller should skip it */
} fk_game_step;

/* Chooses the position a picture shows among those reachable from `from`
 * by 0 to `most` legal plies (at most FK_GAME_MAX_PLIES), weighed by the
 * picture's square readings (fk_scan_result.probs, by square) and, where
 * changed is not NULL, by how likely each square changed since the
 * picture `from` was read in. Returns
 * FK_OK or FK_ERR_NOMEM. */
FK_API fk_status fk_game_next(const fk_position *from, const float probs[64][FK_PIECE_COUNT],
                              const float changed[64], int most, fk_game_step *out);
/* How likely each square changed between two pictures taken from one
 * place (fk_scan_result.looks of each), 0..1, into changed: `changed` for
 * fk_game_next, which then lets men move only where the picture changed
 * (NULL there: no such weighing). */
FK_API void fk_game_changes(const uint8_t before[64][64], const uint8_t now[64][64],
                            float changed[64]);
/* The k best successors of fk_game_next's choice, best first, into out
 * (room for k); returns how many (at most k), or -1 out of memory. */
FK_API int fk_game_successors(const fk_position *from, const float probs[64][FK_PIECE_COUNT],
                              const float changed[64], int most, fk_game_step *out, int k);
/* How many squares' readings all but rule out the man pos has there. */
FK_API int fk_game_misfits(const fk_position *pos, const float probs[64][FK_PIECE_COUNT]);

#ifdef __cplusplus
}
#endif
#endif
