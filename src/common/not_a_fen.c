/* Text that is no FEN at all (see not_a_fen.h). */
#include "not_a_fen.h"

#include <string.h>

#include "common/i18n.h"

const char not_a_fen_message[] =
    N_("not a FEN: a FEN starts with the board, its eight ranks separated by '/'");

int not_a_fen(const char *text, size_t len) {
    size_t at = 0;
    while (at < len && strchr(" \t\r\n", text[at]) && text[at])
        at++;
    int strange = 0;
    for (size_t i = at; i < len && text[i] != ' ' && text[i] != '\t'; i++) {
        if (text[i] == '/') return 0;
        strange += !strchr("12345678pnbrqkPNBRQK", text[i]) || !text[i];
    }
    return strange >= 2;
}
