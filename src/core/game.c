/* A game's end from its moves: repetitions counted on FIDE's key, then
 * the position's own status, with the claims kept apart from what ends
 * the game at once. */
#include "fenkit/game.h"

#include "rules.h"

/* How often the position after the last move occurred in the game. Two
 * passes rather than a history: nothing to allocate. */
static int count_repetitions(const fk_position *start, const fk_move *moves, int nmoves,
                             const fk_position *end) {
    core_rep_key last, key;
    core_rep_key_make(end, &last);
    /* a capture or pawn move cannot be undone: only the positions since
     * the last one can equal the end */
    int first = nmoves - (int)end->halfmove;
    fk_position at = *start;
    int count = 0;
    for (int i = 0; i <= nmoves; i++) {
        if (i >= first && (nmoves - i) % 2 == 0) {
            core_rep_key_make(&at, &key);
            count += core_rep_key_same(&key, &last);
        }
        if (i < nmoves) fk_move_make(&at, moves[i]);
    }
    return count;
}

void fk_game_judge(const fk_position *start, const fk_move *moves, int nmoves, fk_game_state *out) {
    out->pos = *start;
    for (int i = 0; i < nmoves; i++)
        fk_move_make(&out->pos, moves[i]);
    out->repetition = count_repetitions(start, moves, nmoves, &out->pos);
    unsigned status = fk_position_status(&out->pos);
    out->end = out->claim = FK_GAME_ON;
    if (status & FK_STATUS_CHECKMATE)
        out->end = FK_GAME_CHECKMATE;
    else if (status & FK_STATUS_STALEMATE)
        out->end = FK_GAME_STALEMATE;
    else if (status & FK_STATUS_INSUFFICIENT)
        out->end = FK_GAME_INSUFFICIENT;
    else if (out->repetition >= 5)
        out->end = FK_GAME_FIVEFOLD;
    else if (status & FK_STATUS_SEVENTY_FIVE)
        out->end = FK_GAME_SEVENTY_FIVE;
    else if (out->repetition >= 3)
        out->claim = FK_GAME_THREEFOLD;
    else if (status & FK_STATUS_FIFTY_CLAIMABLE)
        out->claim = FK_GAME_FIFTY;
}

const char *fk_game_result(fk_game_reason reason, const fk_position *pos) {
    if (reason == FK_GAME_ON) return NULL;
    if (reason == FK_GAME_CHECKMATE) return pos->side == FK_WHITE ? "0-1" : "1-0";
    return "1/2-1/2";
}

const char *fk_game_reason_name(fk_game_reason reason) {
    static const char *const names[] = {NULL,
                                        "checkmate",
                                        "stalemate",
                                        "insufficient-material",
                                        "fivefold-repetition",
                                        "seventy-five-move-rule",
                                        "threefold-repetition",
                                        "fifty-move-rule"};
    return (unsigned)reason < sizeof names / sizeof names[0] ? names[reason] : NULL;
}
