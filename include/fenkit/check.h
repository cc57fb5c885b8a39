/* fenkit: checking a position against the rules. */
#ifndef FENKIT_CHECK_H
#define FENKIT_CHECK_H

#include "fenkit/fen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Checks pos against the rules of chess and adds every problem found to
 * `problems` (each with a stable code, severity, message, fix and squares).
 * Returns FK_OK when no problem of severity error was added, else
 * FK_ERR_INVALID. */
FK_API fk_status fk_position_check(const fk_position *pos, fk_problems *problems);

/* Reads and checks in one call: fk_fen_parse, then fk_position_check when
 * the placement could be read. Every problem of both ends up in `problems`.
 * Returns FK_OK when nothing of severity error was found. */
FK_API fk_status fk_fen_validate(const char *text, size_t len, unsigned flags, fk_position *pos,
                                 fk_problems *problems);

#ifdef __cplusplus
}
#endif
#endif
