/* fenkit: errors. Every call that can fail returns an fk_status; calls
 * that have more to say fill an fk_error the caller owns. */
#ifndef FENKIT_ERROR_H
#define FENKIT_ERROR_H

#include "fenkit/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes returned by library calls. */
typedef enum {
    FK_OK = 0,
    FK_ERR_SYNTAX,   /* the text could not be read; details in the problems */
    FK_ERR_INVALID,  /* read, but breaks a rule (e.g. illegal move) */
    FK_ERR_AMBIGUOUS,/* a move that matches more than one legal move */
    FK_ERR_RANGE,    /* an argument out of range */
    FK_ERR_NOMEM,    /* allocation failed */
    FK_ERR_IO,       /* reading or writing failed */
    FK_ERR_STOPPED   /* the caller asked the call to stop (fk_scan_options.stop) */
} fk_status;

/* An error with its place and a sentence, for moves, game records,
 * pictures and engines. Calls that take an fk_error * accept NULL. */
typedef struct {
    fk_status status;
    int offset;        /* byte offset in the text read, or -1 */
    char message[512]; /* e.g. "Nd2 is ambiguous: Nbd2, Nfd2" */
} fk_error;

/* What a status code means, in a few words ("the text could not be read"),
 * as strerror does for errno; "unknown status" for a value that is no
 * fk_status. The text is static: never freed, safe from any thread. (Not to
 * be confused with fk_status_name in moves.h, which names the game-status
 * flags of fk_position_status.) */
FK_API const char *fk_strerror(fk_status status);

#ifdef __cplusplus
}
#endif
#endif
