/* Explaining a position in words. PLACEHOLDER: replaced by the checking work. */
#include <stdio.h>

#include "fenkit/check.h"

size_t fk_position_explain(const fk_position *pos, char *buf, size_t cap) {
    (void)pos;
    return (size_t)snprintf(buf, cap, "(explanation not built yet)\n");
}
