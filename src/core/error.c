/* Filling in an fk_error: the one place that formats a move error. */
#include <stdarg.h>
#include <stdio.h>

#include "rules.h"

fk_status fk_error_set(fk_error *err, fk_status status, int offset, const char *fmt, ...) {
    if (!err) return status;
    err->status = status;
    err->offset = offset;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return status;
}
