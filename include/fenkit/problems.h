/* fenkit: the problem list. Reading a FEN and checking a position report
 * every problem they find into a list the caller owns: a stable code, a
 * severity, the field, the byte offset, the squares, and two sentences. */
#ifndef FENKIT_PROBLEMS_H
#define FENKIT_PROBLEMS_H

#include "fenkit/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which FEN field a problem is about. */
typedef enum {
    FK_FIELD_PLACEMENT = 0,
    FK_FIELD_SIDE,
    FK_FIELD_CASTLING,
    FK_FIELD_EP,
    FK_FIELD_HALFMOVE,
    FK_FIELD_FULLMOVE,
    FK_FIELD_NONE /* the whole text, or the position as a whole */
} fk_field;

typedef enum {
    FK_SEV_NOTE = 0, /* information: e.g. counters filled in */
    FK_SEV_WARNING,  /* suspicious or convention-dependent */
    FK_SEV_ERROR     /* unreadable, or no legal game can reach it */
} fk_severity;

/* Stable problem codes. Their names (fk_problem_code_name) are part of the
 * JSON output and never change meaning; new codes go at the end. */
typedef enum {
    /* reading */
    FK_PROB_EMPTY_INPUT = 0,   /* "empty-input" */
    FK_PROB_MISSING_FIELD,     /* "missing-field" */
    FK_PROB_EXTRA_FIELD,       /* "extra-field" */
    FK_PROB_WHITESPACE,        /* "whitespace" */
    FK_PROB_RANK_COUNT,        /* "rank-count" */
    FK_PROB_RANK_LENGTH,       /* "rank-length" */
    FK_PROB_BAD_PIECE,         /* "bad-piece-letter" */
    FK_PROB_BAD_DIGIT,         /* "bad-digit" */
    FK_PROB_BAD_SIDE,          /* "bad-side" */
    FK_PROB_BAD_CASTLING,      /* "bad-castling" */
    FK_PROB_BAD_EP,            /* "bad-en-passant" */
    FK_PROB_BAD_HALFMOVE,      /* "bad-halfmove" */
    FK_PROB_BAD_FULLMOVE,      /* "bad-fullmove" */
    FK_PROB_COUNTERS_FILLED,   /* "counters-filled" */
    FK_PROB_FIELDS_FILLED,     /* "fields-filled" */
    /* position rules */
    FK_PROB_NO_KING,           /* "no-king" */
    FK_PROB_TOO_MANY_KINGS,    /* "too-many-kings" */
    FK_PROB_OPPONENT_IN_CHECK, /* "opponent-in-check" */
    FK_PROB_TOO_MANY_CHECKERS, /* "too-many-checkers" */
    FK_PROB_IMPOSSIBLE_CHECK,  /* "impossible-check" */
    FK_PROB_PAWN_BACK_RANK,    /* "pawn-on-back-rank" */
    FK_PROB_TOO_MANY_PAWNS,    /* "too-many-pawns" */
    FK_PROB_TOO_MANY_PIECES,   /* "too-many-pieces" */
    FK_PROB_TOO_MANY_PROMOTED, /* "too-many-promoted" */
    FK_PROB_PAWN_STRUCTURE,    /* "impossible-pawn-structure" */
    FK_PROB_BISHOP_COLORS,     /* "impossible-bishops" */
    FK_PROB_CASTLING_NO_KING,  /* "castling-without-king" */
    FK_PROB_CASTLING_NO_ROOK,  /* "castling-without-rook" */
    FK_PROB_CASTLING_SIDE,     /* "castling-bad-rights" */
    FK_PROB_EP_RANK,           /* "ep-wrong-rank" */
    FK_PROB_EP_NO_PAWN,        /* "ep-no-pawn" */
    FK_PROB_EP_OCCUPIED,       /* "ep-square-occupied" */
    FK_PROB_EP_ORIGIN_OCCUPIED,/* "ep-origin-occupied" */
    FK_PROB_EP_HALFMOVE,       /* "ep-halfmove-not-zero" */
    FK_PROB_EP_CHECK,          /* "ep-inconsistent-check" */
    FK_PROB_EP_NO_CAPTURE,     /* "ep-no-capture" (note) */
    FK_PROB_FULLMOVE_ZERO,     /* "fullmove-zero" */
    FK_PROB_HALFMOVE_RANGE,    /* "halfmove-too-large" */
    FK_PROB_UPSIDE_DOWN,       /* "upside-down" */
    FK_PROB_COLORS_SWAPPED,    /* "colors-swapped" */
    FK_PROB_NONSTANDARD,       /* "nonstandard-notation": read, but not as FEN writes it */
    FK_PROB_CODE_COUNT
} fk_problem_code;

/* The values a problem's sentences are made of, so that a program can word
 * them itself, in another language: the sentences of a code differ only in
 * these. Which of them each code fills is listed in docs/i18n.md; the rest
 * are 0 (or "" for quote). */
typedef struct {
    unsigned char variant; /* which of the code's wordings (0 = the first) */
    unsigned char color;   /* the side the sentence is about: 0 White, 1 Black */
    unsigned char men[8];  /* the kinds (fk_kind) of the men on `others`, lowest square first */
    long long n[4];        /* numbers and squares (0..63) the sentence names */
    fk_bitboard others;    /* a second set of squares it names (the checking men) */
    char quote[24];        /* the text of the FEN it quotes (cut to fit) */
} fk_problem_args;

/* The variant of a problem whose text is its only wording (one added with
 * fk_problems_add): it carries no arguments. */
#define FK_ARGS_NONE 255

/* One problem. Text is plain English for a chess player; `args` holds what
 * that text is made of. */
typedef struct {
    fk_problem_code code;
    fk_severity severity;
    fk_field field;       /* the field it is about, or FK_FIELD_NONE */
    int offset;           /* byte offset in the input, or -1 */
    fk_bitboard squares;  /* the squares involved (may be 0) */
    char message[200];    /* what is wrong and where */
    char fix[200];        /* how to fix it; may hold a corrected FEN; may be "" */
    fk_problem_args args; /* the values of message and fix, for other wordings */
} fk_problem;

#define FK_MAX_PROBLEMS 32

/* A list of problems, owned by the caller (no allocation).
 *
 * fk_fen_parse and fk_fen_validate start the list afresh, so a list handed
 * to them needs no preparation. Calls that add to a list (fk_position_check,
 * fk_problems_add) need one that was cleared first, with fk_problems_clear
 * or by one of those readers. A list whose count is outside
 * 0..FK_MAX_PROBLEMS was never cleared: those calls start it afresh instead
 * of trusting it. */
typedef struct {
    int count;
    int dropped; /* problems that did not fit */
    fk_problem items[FK_MAX_PROBLEMS];
} fk_problems;

/* Empties the list. */
static inline void fk_problems_clear(fk_problems *list) {
    list->count = 0;
    list->dropped = 0;
}
/* 1 when the list holds a problem of severity FK_SEV_ERROR. */
FK_API int fk_problems_has_error(const fk_problems *list);
/* 1 when the code is about reading the text (syntax), 0 when it is about
 * the rules of chess. */
FK_API int fk_problem_is_reading(fk_problem_code code);
/* 1 when no problem of severity error in the list is about reading, so every
 * field of the position holds what the FEN said (rule problems may remain). */
FK_API int fk_problems_fen_read(const fk_problems *list);
/* Stable kebab-case name of a code ("rank-length"). */
FK_API const char *fk_problem_code_name(fk_problem_code code);
/* "error", "warning" or "note". */
FK_API const char *fk_severity_name(fk_severity severity);
/* "placement", "side", "castling", "en passant", "halfmove", "fullmove",
 * or "position". */
FK_API const char *fk_field_name(fk_field field);
/* Adds a problem; message and fix are printf formats (fix may be NULL).
 * Its arguments are marked FK_ARGS_NONE. Returns the problem added, or
 * NULL when the list was full. */
FK_API fk_problem *fk_problems_add(fk_problems *list, fk_problem_code code,
                            fk_severity severity, fk_field field, int offset,
                            fk_bitboard squares, const char *fix,
                            const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 8, 9)))
#endif
    ;

#ifdef __cplusplus
}
#endif
#endif
