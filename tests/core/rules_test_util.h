/* Test helper for the rules tests: a position from a FEN, failing the test
 * when it cannot be read, and a move from its UCI text. */
#ifndef FENKIT_TEST_RULES_UTIL_H
#define FENKIT_TEST_RULES_UTIL_H

#include <string.h>

#include "fenkit/core.h"
#include "fenkit/moves.h"

static inline fk_position from_fen(const char *fen) {
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    fk_status st = fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT, &pos, &problems);
    if (st != FK_OK) print_message("cannot read %s\n", fen);
    assert_int_equal(st, FK_OK);
    return pos;
}

/* The legal move with this UCI text (fails the test when there is none). */
static inline fk_move uci_move(const fk_position *pos, const char *uci) {
    fk_move move;
    fk_error err;
    fk_status st = fk_move_parse_uci(pos, uci, strlen(uci), &move, &err);
    if (st != FK_OK) print_message("%s: %s\n", uci, err.message);
    assert_int_equal(st, FK_OK);
    return move;
}

#endif
