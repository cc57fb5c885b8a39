/* Position checks. PLACEHOLDER: replaced by the checking work. */
#include "fenkit/check.h"

fk_status fk_position_check(const fk_position *pos, fk_problems *problems) {
    (void)pos; (void)problems;
    return FK_OK;
}

fk_status fk_fen_validate(const char *text, size_t len, unsigned flags,
                          fk_position *pos, fk_problems *problems) {
    fk_status st = fk_fen_parse(text, len, flags, pos, problems);
    if (st != FK_OK) return st;
    return fk_position_check(pos, problems);
}
