/* The engine's process: start, talk line by line with deadlines, reap. */
#define _GNU_SOURCE /* SOCK_CLOEXEC and pipe2: descriptors closed on exec atomically */
#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

fk_status eng_error(fk_error *err, fk_status status, const char *fmt, ...) {
    if (!err) return status;
    err->status = status;
    err->offset = -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return status;
}

long long eng_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Finds name on PATH, as execvp would, then in /usr/games where Debian
 * puts Stockfish (a directory root's PATH lacks), into out. Resolving here
 * rather than in the child keeps the child to async-signal-safe calls,
 * which matters when several threads start engines at once. */
static int find_on_path(const char *name, char *out, size_t cap) {
    if (strchr(name, '/')) {
        snprintf(out, cap, "%s", name);
        return access(out, X_OK) == 0;
    }
    const char *path = getenv("PATH");
    if (!path) path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        if (n > 0 && (size_t)snprintf(out, cap, "%.*s/%s", (int)n, path, name) < cap &&
            access(out, X_OK) == 0)
            return 1;
        path += n + (path[n] == ':');
    }
    return (size_t)snprintf(out, cap, "/usr/games/%s", name) < cap && access(out, X_OK) == 0;
}

fk_status eng_process_start(eng_process *proc, const char *path, fk_error *err) {
    memset(proc, 0, sizeof *proc);
    proc->fd = -1;
    char exe[4096];
    if (!find_on_path(path, exe, sizeof exe))
        return eng_error(err, FK_ERR_IO, "cannot run the engine '%s': %s", path,
                         strchr(path, '/') ? strerror(errno)
                                           : "not found on PATH or in /usr/games");
    int sv[2], report[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return eng_error(err, FK_ERR_IO, "cannot start the engine: %s", strerror(errno));
    /* The child writes errno here when exec fails; a clean exec closes it. */
    if (pipe2(report, O_CLOEXEC) != 0) {
        int e = errno;
        close(sv[0]);
        close(sv[1]);
        return eng_error(err, FK_ERR_IO, "cannot start the engine: %s", strerror(e));
    }
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(sv[0]), close(sv[1]), close(report[0]), close(report[1]);
        return eng_error(err, FK_ERR_IO, "cannot start the engine: %s", strerror(e));
    }
    if (pid == 0) {
        /* The child: only async-signal-safe calls until exec. */
        int null = open("/dev/null", O_WRONLY | O_CLOEXEC); /* only its copy on fd 2 stays */
        if (dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0 || (null >= 0 && dup2(null, 2) < 0))
            _exit(127);
        /* an ignored SIGPIPE would survive exec; the engine expects the default */
        signal(SIGPIPE, SIG_DFL);
        char *argv[] = {exe, NULL};
        execv(exe, argv);
        int e = errno;
        ssize_t unused = write(report[1], &e, sizeof e);
        (void)unused;
        _exit(127);
    }
    close(sv[1]);
    close(report[1]);
    proc->pid = pid;
    proc->fd = sv[0];
    int child_errno = 0;
    ssize_t got;
    do
        got = read(report[0], &child_errno, sizeof child_errno);
    while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof child_errno) {
        eng_process_stop(proc, 1000);
        return eng_error(err, FK_ERR_IO, "cannot run the engine '%s': %s", exe,
                         strerror(child_errno));
    }
    return FK_OK;
}

/* Says how a reaped process ended, into buf. */
static void describe_exit(int status, char *buf, size_t cap) {
    if (WIFSIGNALED(status))
        snprintf(buf, cap, "crashed (signal %d, %s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status))
        snprintf(buf, cap, "exited with status %d", WEXITSTATUS(status));
    else
        snprintf(buf, cap, "stopped");
}

fk_status eng_process_send(eng_process *proc, const char *text, fk_error *err) {
    if (proc->fd < 0) return eng_error(err, FK_ERR_IO, "the engine is not running");
    char line[ENG_MAX_LINE + 2];
    int n = snprintf(line, sizeof line, "%s\n", text);
    if (n < 0 || (size_t)n >= sizeof line)
        return eng_error(err, FK_ERR_RANGE, "command too long for the engine");
    for (int done = 0; done < n;) {
        ssize_t w = send(proc->fd, line + done, (size_t)(n - done), MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && errno == EPIPE) {
            eng_process_stop(proc, 1000);
            char how[128];
            describe_exit(proc->status, how, sizeof how);
            return eng_error(err, FK_ERR_IO, "the engine %s before fenkit could send '%.40s'", how,
                             text);
        }
        if (w < 0) return eng_error(err, FK_ERR_IO, "writing to the engine: %s", strerror(errno));
        done += (int)w;
    }
    return FK_OK;
}

/* Takes one line out of the buffer when a whole one is there. */
static int take_line(eng_process *proc, fk_error *err, fk_status *status) {
    char *nl = memchr(proc->buf, '\n', proc->have);
    if (!nl) {
        if (proc->have >= ENG_MAX_LINE) {
            *status = eng_error(err, FK_ERR_SYNTAX, "the engine sent a line longer than %d bytes",
                                ENG_MAX_LINE);
            return 1;
        }
        return 0;
    }
    size_t len = (size_t)(nl - proc->buf);
    memcpy(proc->line, proc->buf, len);
    proc->have -= len + 1;
    memmove(proc->buf, nl + 1, proc->have);
    if (len > 0 && proc->line[len - 1] == '\r') len--;
    proc->line[len] = '\0';
    *status = FK_OK;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)proc->line[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            *status =
                eng_error(err, FK_ERR_SYNTAX, "the engine sent garbage (byte 0x%02x in a line)", c);
            break;
        }
    }
    return 1;
}

fk_status eng_process_read(eng_process *proc, long long deadline_ms, const char *waiting_for,
                           fk_error *err) {
    fk_status status;
    if (take_line(proc, err, &status)) return status;
    if (proc->fd < 0) return eng_error(err, FK_ERR_IO, "the engine is not running");
    for (;;) {
        long long left = deadline_ms - eng_now_ms();
        if (left <= 0)
            return eng_error(err, FK_ERR_IO, "the engine did not answer in time (waiting for %s)",
                             waiting_for);
        struct pollfd p = {proc->fd, POLLIN, 0};
        int ready = poll(&p, 1, left > 60000 ? 60000 : (int)left);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0)
            return eng_error(err, FK_ERR_IO, "waiting for the engine: %s", strerror(errno));
        if (ready == 0) continue;
        ssize_t got = read(proc->fd, proc->buf + proc->have, ENG_MAX_LINE - proc->have);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (got <= 0) {
            int e = got < 0 ? errno : 0;
            eng_process_stop(proc, 1000);
            char how[128];
            describe_exit(proc->status, how, sizeof how);
            if (e)
                return eng_error(err, FK_ERR_IO, "reading the engine: %s (it %s, waiting for %s)",
                                 strerror(e), how, waiting_for);
            return eng_error(err, FK_ERR_IO, "the engine %s while fenkit waited for %s", how,
                             waiting_for);
        }
        proc->have += (size_t)got;
        if (take_line(proc, err, &status)) return status;
    }
}

void eng_process_stop(eng_process *proc, int grace_ms) {
    if (proc->fd >= 0) {
        close(proc->fd); /* an engine reading its input sees the end of it */
        proc->fd = -1;
    }
    if (proc->pid <= 0) return;
    long long deadline = eng_now_ms() + grace_ms;
    for (;;) {
        pid_t r = waitpid(proc->pid, &proc->status, WNOHANG);
        if (r == proc->pid || (r < 0 && errno != EINTR)) break;
        if (eng_now_ms() >= deadline) {
            kill(proc->pid, SIGKILL);
            while (waitpid(proc->pid, &proc->status, 0) < 0 && errno == EINTR) {
            }
            break;
        }
        struct timespec nap = {0, 5 * 1000000};
        nanosleep(&nap, NULL);
    }
    proc->pid = 0;
}
