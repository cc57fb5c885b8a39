/* fenkit: a game's end as the rules (FIDE) decide it from the moves
 * played, the repetitions included: what ends the game at once, and the
 * draws a player may claim. */
#ifndef FENKIT_GAME_H
#define FENKIT_GAME_H

#include "fenkit/moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why a game ends, or may end. The first five end it with no claim; a
 * threefold repetition and the fifty-move rule are draws only when a
 * player claims them. */
typedef enum {
    FK_GAME_ON = 0,
    FK_GAME_CHECKMATE,
    FK_GAME_STALEMATE,
    FK_GAME_INSUFFICIENT, /* dead position, the cases fk_position_status proves */
    FK_GAME_FIVEFOLD,     /* the same position a fifth time */
    FK_GAME_SEVENTY_FIVE, /* 75 moves each without a capture or pawn move */
    FK_GAME_THREEFOLD,    /* a claim: the same position a third time */
    FK_GAME_FIFTY         /* a claim: 50 moves each without either */
} fk_game_reason;

/* Where a game stands after its moves. */
typedef struct {
    fk_position pos;      /* where the moves lead */
    int repetition;       /* times pos occurred in the game, itself included */
    fk_game_reason end;   /* why the game is over without a claim, or FK_GAME_ON */
    fk_game_reason claim; /* FK_GAME_THREEFOLD or FK_GAME_FIFTY when a player
                             may claim a draw (the repetition first), else
                             FK_GAME_ON; also FK_GAME_ON once the game is over */
} fk_game_state;

/* Plays the nmoves moves (legal, as the generator gives them; moves may be
 * NULL when nmoves is 0) from start and judges the position they reach.
 * Checkmate outranks the 75-move rule, as FIDE says. Allocates nothing. */
FK_API void fk_game_judge(const fk_position *start, const fk_move *moves, int nmoves,
                          fk_game_state *out);

/* The result a reason gives at pos (its side to move is the one mated):
 * "1-0", "0-1" or "1/2-1/2"; NULL for FK_GAME_ON. */
FK_API const char *fk_game_result(fk_game_reason reason, const fk_position *pos);

/* The stable name of a reason, as JSON writes it: "checkmate", "stalemate",
 * "insufficient-material", "fivefold-repetition", "seventy-five-move-rule",
 * "threefold-repetition", "fifty-move-rule"; NULL for FK_GAME_ON. */
FK_API const char *fk_game_reason_name(fk_game_reason reason);

#ifdef __cplusplus
}
#endif
#endif
