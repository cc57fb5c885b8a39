/* Terminal boards. PLACEHOLDER: replaced by the command-line work. */
#include <stdio.h>

#include "fenkit/render.h"

size_t fk_render_text(const fk_position *pos, const fk_text_options *opts, char *buf,
                      size_t cap) {
    (void)pos;
    (void)opts;
    return (size_t)snprintf(buf, cap, "(board drawing not built yet)\n");
}
