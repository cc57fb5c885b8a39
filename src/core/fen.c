/* FEN reading and writing. PLACEHOLDER: replaced by the FEN work. */
#include "fenkit/fen.h"

fk_status fk_fen_parse(const char *text, size_t len, unsigned flags,
                       fk_position *pos, fk_problems *problems) {
    (void)text; (void)len; (void)flags;
    fk_position_clear(pos);
    fk_problems_add(problems, FK_PROB_EMPTY_INPUT, FK_SEV_ERROR, FK_FIELD_NONE, 0, 0, NULL,
                    "FEN reading is not built yet");
    return FK_ERR_SYNTAX;
}

size_t fk_fen_write(const fk_position *pos, fk_ep_mode ep, char *buf, size_t cap) {
    (void)pos; (void)ep;
    if (cap) buf[0] = '\0';
    return 0;
}

size_t fk_fen_write_placement(const fk_position *pos, char *buf, size_t cap) {
    (void)pos;
    if (cap) buf[0] = '\0';
    return 0;
}
