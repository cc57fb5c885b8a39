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
 * player claims them (fk_game_judge_claim judges such a claim). */
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

/* A draw claimed by the player to move, judged. FIDE allows two claims
 * (Laws 9.2 and 9.3): on the position reached, when it has just occurred a
 * third time or the fifty moves are done, or with the move the claimant
 * writes down first and has not yet played, when that move will make the
 * position occur a third time or complete the fifty moves. */
typedef struct {
    fk_game_reason holds; /* FK_GAME_THREEFOLD or FK_GAME_FIFTY when the claim
                             is correct (the repetition first), else
                             FK_GAME_ON: the claim is wrong and the game goes
                             on, the move (if any) played as FIDE 9.5.3 says */
    fk_game_state after;  /* the game after the claimed move, or where the
                             moves lead for a claim without one; its
                             repetition and pos.halfmove say why a wrong
                             claim is wrong */
} fk_game_claim;

/* Judges a draw claimed after the nmoves moves from start (as
 * fk_game_judge) by the player to move: with the move it is about to play
 * when move is not NULL, else on the position reached. A claim with a move
 * rests on the position after it alone, and is correct even where that
 * move would mate, since a correct claim draws before the move is made.
 * Returns FK_OK with out filled; FK_ERR_INVALID when the move is not legal
 * where the moves lead or the game is already over there (out->after is
 * then the game before the move: its end says which, FK_GAME_ON for an
 * illegal move). The move is compared by from, to and promotion. */
FK_API fk_status fk_game_judge_claim(const fk_position *start, const fk_move *moves, int nmoves,
                                     const fk_move *move, fk_game_claim *out);

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
