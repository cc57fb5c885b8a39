/* A game's end from its moves: repetitions counted on FIDE's key, then
 * the position's own status, with the claims kept apart from what ends
 * the game at once. */
#include "fenkit/game.h"

#include "rules.h"

/* The i-th move of a game whose moves are moves[0..nmoves) and then, when
 * extra is not NULL, *extra: a claimed move judged without a copy. */
static fk_move move_at(const fk_move *moves, int nmoves, const fk_move *extra, int i) {
    return i < nmoves ? moves[i] : *extra;
}

/* How often the position after the last move occurred in the game. Two
 * passes rather than a history: nothing to allocate. */
static int count_repetitions(const fk_position *start, const fk_move *moves, int nmoves,
                             const fk_move *extra, const fk_position *end) {
    core_rep_key last, key;
    core_rep_key_make(end, &last);
    int n = nmoves + (extra != NULL);
    /* a capture or pawn move cannot be undone: only the positions since
     * the last one can equal the end */
    int first = n - (int)end->halfmove;
    fk_position at = *start;
    int count = 0;
    for (int i = 0; i <= n; i++) {
        if (i >= first && (n - i) % 2 == 0) {
            core_rep_key_make(&at, &key);
            count += core_rep_key_same(&key, &last);
        }
        if (i < n) fk_move_make(&at, move_at(moves, nmoves, extra, i));
    }
    return count;
}

/* fk_game_judge over the moves and then *extra, when not NULL. */
static void judge(const fk_position *start, const fk_move *moves, int nmoves, const fk_move *extra,
                  fk_game_state *out) {
    int n = nmoves + (extra != NULL);
    out->pos = *start;
    for (int i = 0; i < n; i++)
        fk_move_make(&out->pos, move_at(moves, nmoves, extra, i));
    out->repetition = count_repetitions(start, moves, nmoves, extra, &out->pos);
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

void fk_game_judge(const fk_position *start, const fk_move *moves, int nmoves, fk_game_state *out) {
    judge(start, moves, nmoves, NULL, out);
}

fk_status fk_game_judge_claim(const fk_position *start, const fk_move *moves, int nmoves,
                              const fk_move *move, fk_game_claim *out) {
    judge(start, moves, nmoves, NULL, &out->after);
    out->holds = FK_GAME_ON;
    if (out->after.end != FK_GAME_ON) return FK_ERR_INVALID;
    if (!move) {
        out->holds = out->after.claim;
        return FK_OK;
    }
    /* the generator's own move carries the flags the caller may have left out */
    fk_movelist list;
    fk_moves_generate(&out->after.pos, &list);
    const fk_move *legal = NULL;
    for (int i = 0; i < list.count && !legal; i++)
        if (list.moves[i].from == move->from && list.moves[i].to == move->to &&
            list.moves[i].promotion == move->promotion)
            legal = &list.moves[i];
    if (!legal) return FK_ERR_INVALID;
    judge(start, moves, nmoves, legal, &out->after);
    /* the claim rests on the rules' conditions alone: what else the move
     * does (a mate, a fifth repetition) comes after a correct claim */
    if (out->after.repetition >= 3)
        out->holds = FK_GAME_THREEFOLD;
    else if (out->after.pos.halfmove >= 100)
        out->holds = FK_GAME_FIFTY;
    return FK_OK;
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
