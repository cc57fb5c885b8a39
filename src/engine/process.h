/* The engine's process: started with one socket for its standard input and
 * output, read a line at a time against a deadline, and always reaped.
 * Internal to the engine layer (eng_ prefix, not exported). */
#ifndef FENKIT_ENGINE_PROCESS_H
#define FENKIT_ENGINE_PROCESS_H

#include <stddef.h>
#include <sys/types.h>

#include "fenkit/moves.h"

/* Kept out of a shared library's exported names: only engine.h is public. */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* Longest line the engine may send; a longer one is garbage. */
#define ENG_MAX_LINE 8192

typedef struct {
    pid_t pid;  /* 0 once reaped */
    int fd;     /* our end of the socket, -1 once closed */
    int status; /* waitpid's status once reaped */
    size_t have;
    char buf[ENG_MAX_LINE + 1];
    char line[ENG_MAX_LINE + 1];
} eng_process;

/* Starts `path` (looked up on PATH when it has no '/'). Returns FK_OK, or
 * FK_ERR_IO with err saying why (no such file, not executable). */
fk_status eng_process_start(eng_process *proc, const char *path, fk_error *err);

/* Writes text and a newline. FK_ERR_IO when the engine has gone (no
 * SIGPIPE: the socket is written with MSG_NOSIGNAL). */
fk_status eng_process_send(eng_process *proc, const char *text, fk_error *err);

/* Reads the next line into proc->line (no newline, no CR) by the monotonic
 * deadline (milliseconds, from eng_now_ms). FK_ERR_IO when the engine
 * closed its output (its exit status in err) or the deadline passed;
 * FK_ERR_SYNTAX for a line too long or holding control bytes. */
fk_status eng_process_read(eng_process *proc, long long deadline_ms, const char *waiting_for,
                           fk_error *err);

/* Closes our end, gives the process grace_ms to exit, kills it if not,
 * and reaps it. Safe to call twice. */
void eng_process_stop(eng_process *proc, int grace_ms);

/* Milliseconds on the monotonic clock. */
long long eng_now_ms(void);

/* Fills err (may be NULL) and returns status. */
fk_status eng_error(fk_error *err, fk_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
