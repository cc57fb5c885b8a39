/* fenkit: game records in PGN. A streaming reader that replays every game
 * and hands out the position after each move, and a writer. */
#ifndef FENKIT_PGN_H
#define FENKIT_PGN_H

#include "fenkit/fen.h"
#include "fenkit/moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads up to cap bytes of input into buf. Returns the count, 0 at the end
 * of the input (or on a read error). */
typedef size_t (*fk_pgn_read_fn)(void *ctx, char *buf, size_t cap);

/* A read function for a stdio stream: pass the FILE * as ctx. */
FK_API size_t fk_pgn_read_stdio(void *file, char *buf, size_t cap);

/* Reader flags. */
enum {
    FK_PGN_STRICT = 1 << 0,        /* every leniency becomes an error */
    FK_PGN_VARIATIONS = 1 << 1,    /* replay variations too (else they are skipped) */
    FK_PGN_NO_REPETITION = 1 << 2, /* repetitions are not counted (saves time when
                                     they are not read): repetition stays 1 */
    FK_PGN_ANNOTATIONS = 1 << 3    /* each ply gets the comments and NAGs written after
                                      its move (see fk_pgn_ply.comment): its
                                      FK_PGN_PLY comes once the next move, result
                                      or parenthesis is read */
};

/* What fk_pgn_next found. */
typedef enum {
    FK_PGN_END = 0,  /* no more input */
    FK_PGN_GAME,     /* a game starts: its tags are read and fk_pgn_reader_ply
                        holds the start position (ply 0); not returned when
                        the start cannot be set up (bad FEN tag, variant) */
    FK_PGN_PLY,      /* a move was played: fk_pgn_reader_ply holds the result */
    FK_PGN_ERROR,    /* the game is broken: fk_pgn_reader_error says where and
                        why; the rest of the game is skipped (at most one per
                        game) */
    FK_PGN_GAME_END  /* the game is over; every game ends with this, broken
                        or not, FK_PGN_GAME returned or not */
} fk_pgn_event;

/* A tag pair. The value is UTF-8 (Latin-1 bytes are converted). */
typedef struct {
    const char *name;
    const char *value;
} fk_pgn_tag;

/* The game being read. */
typedef struct {
    long number;            /* 1 for the first game of the input */
    long line;              /* line where the game starts */
    int tag_count;
    const fk_pgn_tag *tags; /* in the order read */
    fk_position start;      /* valid once FK_PGN_GAME was returned */
    int plies;              /* main-line moves played so far */
    int has_error;          /* an FK_PGN_ERROR was returned for this game */
    char result[8];         /* "1-0", "0-1", "1/2-1/2", "*", or "" when the
                               movetext has no result (yet) */
    /* What the reader skipped, counted so that a program writing the game
     * again can say what it leaves out (final at FK_PGN_GAME_END): */
    int comments;           /* {...} and ;... comments */
    int nags;               /* $n NAGs, glyphs (+/=) and move suffixes (!?) */
    int variations;         /* variations of the main line (replayed or not) */
    /* Where the game lies in the input: the byte offset of its first token
     * and, at FK_PGN_GAME_END, the offset just past its last (its result,
     * or the white space before the next game). */
    uint64_t offset, end;
} fk_pgn_game;

/* A position of the game and the move that led to it. */
typedef struct {
    fk_position pos;   /* the position after the move (the start at ply 0) */
    fk_move move;      /* the move that led here (zero at ply 0) */
    int ply;           /* moves from the start position along this line */
    int depth;         /* 0 on the main line, n inside n nested variations */
    int repetition;    /* times this position occurred on this line so far,
                          this one included (FIDE key: placement, side to
                          move, castling rights, en passant possibility) */
    char san[16];      /* the move in standard SAN ("" at ply 0, "--" for a
                          null move) */
    char path[96];     /* "" on the main line; inside variations, one
                          "PLY.N" per level (the N-th alternative to the
                          move that reached ply PLY), joined by '/' */
    long line, column; /* where the move was written (1-based) */
    /* With FK_PGN_ANNOTATIONS (else "" and 0): the comments written after
     * the move (at ply 0, before the first move), joined by a space, at
     * most FK_PGN_COMMENT_MAX bytes; valid until the next fk_pgn_next. And
     * its NAGs: $n as n, a move's suffix and the common glyphs as their
     * numbers (! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6, = 10, +/= 14, =/+ 15,
     * +/- 16, -/+ 17, +- 18, -+ 19), the first 8. */
    const char *comment;
    int nag_count;
    unsigned char nags[8];
} fk_pgn_ply;

#define FK_PGN_COMMENT_MAX 4096

/* A broken game: where, which move and why. */
typedef struct {
    long game;          /* game number */
    long line, column;  /* 1-based */
    uint64_t offset;    /* byte offset in the input */
    char move[48];      /* the text at fault ("" when not about a token) */
    char message[400];  /* what is wrong, in words */
} fk_pgn_error;

/* Totals so far. */
typedef struct {
    uint64_t bytes;  /* bytes read from the input */
    long games;      /* games started */
    long errors;     /* games with an error */
    uint64_t plies;  /* moves played (main line and variations) */
} fk_pgn_stats;

typedef struct fk_pgn_reader fk_pgn_reader;

/* Creates a reader that pulls its input through read(ctx, ...). It holds a
 * fixed amount of memory whatever the input size. Returns NULL when out of
 * memory. The caller frees it with fk_pgn_reader_free. */
FK_API fk_pgn_reader *fk_pgn_reader_create(fk_pgn_read_fn read, void *ctx, unsigned flags);
/* Frees a reader (NULL is fine). */
FK_API void fk_pgn_reader_free(fk_pgn_reader *reader);

/* Reads on to the next event. Never stops at a broken game: after
 * FK_PGN_ERROR and FK_PGN_GAME_END, the next game follows. */
FK_API fk_pgn_event fk_pgn_next(fk_pgn_reader *reader);

/* Reads past the rest of the current game without replaying its moves, for
 * a program that its tags already told to leave it (call it after
 * FK_PGN_GAME): far faster than replaying. FK_PGN_GAME_END still follows
 * with the result; no FK_PGN_PLY or FK_PGN_ERROR comes from the skipped
 * moves, and game->plies counts only those replayed before. */
FK_API void fk_pgn_reader_skip_game(fk_pgn_reader *reader);

/* The current game, ply and error. Each pointer stays valid for the life of
 * the reader; the contents change with each fk_pgn_next. */
FK_API const fk_pgn_game *fk_pgn_reader_game(const fk_pgn_reader *reader);
FK_API const fk_pgn_ply *fk_pgn_reader_ply(const fk_pgn_reader *reader);
FK_API const fk_pgn_error *fk_pgn_reader_error(const fk_pgn_reader *reader);
FK_API fk_pgn_stats fk_pgn_reader_stats(const fk_pgn_reader *reader);

/* Writes the FEN of the current ply's position into buf: the same text and
 * return value as fk_fen_write(&fk_pgn_reader_ply(reader)->pos, ep, buf,
 * cap), made several times faster by keeping the text of the ranks that
 * the moves since the last call did not touch. */
FK_API size_t fk_pgn_reader_fen(fk_pgn_reader *reader, fk_ep_mode ep, char *buf, size_t cap);

/* The value of the current game's tag `name`, or NULL. */
FK_API const char *fk_pgn_game_tag(const fk_pgn_game *game, const char *name);

/* Writing. The sink takes len bytes of text; it returns 0 on success. */
typedef int (*fk_pgn_write_fn)(void *ctx, const char *text, size_t len);

/* A writer for one game: the seven-tag roster (then the other tags given),
 * [SetUp "1"] and [FEN] when the start is not the standard position, move
 * numbers, and lines of at most 79 characters. Plain data owned by the
 * caller. */
typedef struct {
    fk_pgn_write_fn write;
    void *ctx;
    fk_position pos;   /* the position reached so far */
    int column;        /* characters on the current line */
    int first;         /* no move written yet */
    char result[8];
    fk_status status;  /* FK_ERR_IO once a write failed */
    int opened;        /* a variation was opened: its "(" goes before the next token */
} fk_pgn_writer;

/* Starts a game from `start` and writes its tags. Tags named in the roster
 * replace its "?" defaults; a Result tag of 1-0, 0-1 or 1/2-1/2 sets the
 * result (anything else is "*"); SetUp and FEN tags given are ignored (they
 * are written from `start`). */
FK_API fk_status fk_pgn_writer_begin(fk_pgn_writer *writer, fk_pgn_write_fn write, void *ctx,
                                     const fk_position *start, const fk_pgn_tag *tags, int count);
/* Writes one legal move (with its move number where one is due). */
FK_API fk_status fk_pgn_writer_move(fk_pgn_writer *writer, fk_move move);
/* The same, with the move's SAN already known (fk_pgn_ply.san gives it), so
 * that none is worked out: several times faster. san must be the move's
 * SAN in this position; NULL works it out. */
FK_API fk_status fk_pgn_writer_move_san(fk_pgn_writer *writer, fk_move move, const char *san);
/* Writes a comment {text} (a '}' in it becomes ')'), broken at its spaces
 * to fit the lines. */
FK_API fk_status fk_pgn_writer_comment(fk_pgn_writer *writer, const char *text);
/* Writes a NAG, $n. */
FK_API fk_status fk_pgn_writer_nag(fk_pgn_writer *writer, int nag);
/* Opens a variation: "(", then moves from `before`, the position before the
 * move the variation replaces. */
FK_API fk_status fk_pgn_writer_variation_start(fk_pgn_writer *writer, const fk_position *before);
/* Closes a variation: ")", and the line goes on from `resume` (the position
 * after the last move of the line the variation left). */
FK_API fk_status fk_pgn_writer_variation_end(fk_pgn_writer *writer, const fk_position *resume);
/* Writes the result and a blank line. */
FK_API fk_status fk_pgn_writer_end(fk_pgn_writer *writer);

#ifdef __cplusplus
}
#endif
#endif
