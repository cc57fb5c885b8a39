/* Filling in an fk_error: the one place that formats a move error. */
#include <stdarg.h>
#include <stdio.h>

#include "rules.h"

fk_status core_error_set(fk_error *err, fk_status status, int offset, const char *fmt, ...) {
    if (!err) return status;
    err->status = status;
    err->offset = offset;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return status;
}

const char *fk_strerror(fk_status status) {
    switch (status) {
    case FK_OK: return "success";
    case FK_ERR_SYNTAX: return "the text could not be read";
    case FK_ERR_INVALID: return "read, but against the rules";
    case FK_ERR_AMBIGUOUS: return "ambiguous: more than one legal move matches";
    case FK_ERR_RANGE: return "an argument is out of range";
    case FK_ERR_NOMEM: return "out of memory";
    case FK_ERR_IO: return "reading or writing failed";
    case FK_ERR_STOPPED: return "stopped at the caller's request";
    }
    return "unknown status";
}
