/* Growing byte buffers for the render layer (internal). */
#ifndef FENKIT_RENDER_BUFFER_H
#define FENKIT_RENDER_BUFFER_H

#include "fenkit/render.h"

/* Appends len bytes; returns 0, or -1 when memory ran out (buf unchanged). */
int render_buffer_append(fk_buffer *buf, const void *data, size_t len);
/* Appends printf-formatted text; returns 0 or -1. */
int render_buffer_printf(fk_buffer *buf, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends data as base64; returns 0 or -1. */
int render_buffer_base64(fk_buffer *buf, const unsigned char *data, size_t len);

#endif
