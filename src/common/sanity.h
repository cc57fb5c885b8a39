/* Interrogating a FEN: its neighbours one typing mistake away (the other
 * side to move, a castling right fewer, an en passant square more or
 * less), and the words for a neighbour whose verdict differs. Shared by
 * `fenkit analyse --sanity` and the page's GET /api/analyse?sanity=1. */
#ifndef FENKIT_COMMON_SANITY_H
#define FENKIT_COMMON_SANITY_H

#include <stddef.h>

#include "fenkit/core.h"
#include "fenkit/engine.h"

/* |cp| at or above this, from White's view, is a win; below it a draw. */
#define SANITY_WIN_CP 150
#define SANITY_MAX_VARIANTS 16

/* Verdicts from White's view. */
typedef enum { VERDICT_BLACK_WINS = -1, VERDICT_DRAW = 0, VERDICT_WHITE_WINS = 1 } sanity_verdict;

/* What a neighbour changes, for its words in the reader's language. */
typedef enum {
    SANITY_OTHER_SIDE,  /* the other side to move */
    SANITY_NO_CASTLING, /* a castling right fewer (`what`: its letter) */
    SANITY_NO_EP,       /* the en passant square taken away (`what`) */
    SANITY_WITH_EP      /* an en passant square added (`what`) */
} sanity_kind;

typedef struct {
    fk_position pos;
    fk_field field;
    sanity_kind kind;
    char what[3];      /* the castling letter or the en passant square */
    char as_given[64]; /* the given position, seen from this change */
    char changed[64];  /* the variant, said after as_given */
    char name[64];     /* the variant on its own, for JSON */
} sanity_variant;

/* The neighbours of pos, into v (SANITY_MAX_VARIANTS at most); returns
 * how many. */
int sanity_variants(const fk_position *pos, sanity_variant *v);

/* 1 when no game reaches pos, with the checker's first error in why. */
int sanity_unreachable(const fk_position *pos, char *why, size_t cap);

/* The verdict of a score from White's view. */
sanity_verdict sanity_verdict_of(fk_score white);
/* "white-wins", "draw", "black-wins". */
const char *sanity_verdict_name(sanity_verdict verdict);
/* The verdict of a position with no legal move, with "checkmate" or
 * "stalemate" in text. */
sanity_verdict sanity_game_over(const fk_position *pos, char *text, size_t cap);
/* "+0.35", "-1.20", "#3", "#-2", "0.00"; a bound adds ">=" or "<=". */
void sanity_score_text(fk_score score, char *buf, size_t cap);

/* "With Black to move White wins (+7.50); with White to move it is a draw
 * (+0.16). Check field 2 (side)." */
void sanity_message(const sanity_variant *v, sanity_verdict base, const char *base_text,
                    sanity_verdict verdict, const char *text, char *buf, size_t cap);

/* sanity_message and the variant's name, in the reader's language (the
 * command line's text answer; English readers get the words above). The
 * server, whose threads take turns at a language, keeps to English. */
void sanity_message_said(const sanity_variant *v, sanity_verdict base, const char *base_text,
                         sanity_verdict verdict, const char *text, char *buf, size_t cap);
const char *sanity_name_said(const sanity_variant *v, char *buf, size_t cap);

#endif
