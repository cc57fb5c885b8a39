/* The UCI conversation: handshake, options, one search, quit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/core.h"
#include "fenkit/engine.h"
#include "process.h"

/* Lines that are neither what fenkit waits for nor known UCI chatter
 * (banners, debug output) allowed before the engine counts as babbling. */
#define NOISE_LIMIT 1000
#define DEFAULT_TIMEOUT_MS 10000
#define SEARCH_TIMEOUT_MS 60000
/* How long a search may take to answer `stop`, and extra time on top of a
 * movetime before fenkit stops waiting. */
#define STOP_GRACE_MS 2000
#define MOVETIME_SLACK_MS 5000

struct fk_engine {
    eng_process proc;
    int timeout_ms;
    int broken;   /* an earlier error left the conversation in an unknown state */
    int chess960; /* UCI_Chess960 as last set */
    int multipv;  /* MultiPV as last set */
    char name[128];
};

/* Marks the engine unusable after err; returns err's status. */
static fk_status broke(fk_engine *engine, fk_status status) {
    engine->broken = 1;
    return status;
}

/* Reads lines until one equal to `token`. */
static fk_status wait_for(fk_engine *engine, const char *token, int timeout_ms, fk_error *err) {
    long long deadline = eng_now_ms() + timeout_ms;
    for (int noise = 0; noise < NOISE_LIMIT; noise++) {
        fk_status s = eng_process_read(&engine->proc, deadline, token, err);
        if (s != FK_OK) return broke(engine, s);
        const char *line = engine->proc.line;
        if (strcmp(line, token) == 0) return FK_OK;
        if (strncmp(line, "id name ", 8) == 0)
            snprintf(engine->name, sizeof engine->name, "%s", line + 8);
    }
    return broke(engine,
                 eng_error(err, FK_ERR_SYNTAX,
                           "the engine sent %d lines that are not UCI while fenkit waited for %s",
                           NOISE_LIMIT, token));
}

fk_status fk_engine_open(const char *path, int timeout_ms, fk_engine **out, fk_error *err) {
    *out = NULL;
    fk_engine *engine = calloc(1, sizeof *engine);
    if (!engine) return eng_error(err, FK_ERR_NOMEM, "out of memory");
    if (!path) path = "stockfish"; /* on PATH, else /usr/games */
    engine->timeout_ms = timeout_ms > 0 ? timeout_ms : DEFAULT_TIMEOUT_MS;
    engine->multipv = 1;
    snprintf(engine->name, sizeof engine->name, "%s", path);
    fk_status s = eng_process_start(&engine->proc, path, err);
    if (s == FK_OK) s = eng_process_send(&engine->proc, "uci", err);
    if (s == FK_OK) s = wait_for(engine, "uciok", engine->timeout_ms, err);
    if (s == FK_OK) s = eng_process_send(&engine->proc, "isready", err);
    if (s == FK_OK) s = wait_for(engine, "readyok", engine->timeout_ms, err);
    if (s != FK_OK) {
        fk_engine_close(engine);
        return s;
    }
    *out = engine;
    return FK_OK;
}

void fk_engine_close(fk_engine *engine) {
    if (!engine) return;
    if (engine->proc.fd >= 0) eng_process_send(&engine->proc, "quit", NULL);
    eng_process_stop(&engine->proc, 500);
    free(engine);
}

const char *fk_engine_name(const fk_engine *engine) { return engine->name; }

int fk_engine_pid(const fk_engine *engine) { return (int)engine->proc.pid; }

fk_status fk_engine_set_option(fk_engine *engine, const char *name, const char *value,
                               fk_error *err) {
    if (engine->broken)
        return eng_error(err, FK_ERR_IO, "the engine is unusable after an earlier error");
    if (strpbrk(name, "\r\n") || (value && strpbrk(value, "\r\n")))
        return eng_error(err, FK_ERR_RANGE, "an option name or value holds a line break");
    char cmd[1024];
    if (value)
        snprintf(cmd, sizeof cmd, "setoption name %s value %s", name, value);
    else
        snprintf(cmd, sizeof cmd, "setoption name %s", name);
    fk_status s = eng_process_send(&engine->proc, cmd, err);
    if (s == FK_OK) s = eng_process_send(&engine->proc, "isready", err);
    if (s == FK_OK) s = wait_for(engine, "readyok", engine->timeout_ms, err);
    return s == FK_OK ? FK_OK : broke(engine, s);
}

fk_status fk_engine_new_game(fk_engine *engine, fk_error *err) {
    if (engine->broken)
        return eng_error(err, FK_ERR_IO, "the engine is unusable after an earlier error");
    fk_status s = eng_process_send(&engine->proc, "ucinewgame", err);
    if (s == FK_OK) s = eng_process_send(&engine->proc, "isready", err);
    if (s == FK_OK) s = wait_for(engine, "readyok", engine->timeout_ms, err);
    return s == FK_OK ? FK_OK : broke(engine, s);
}

/* Writes `position fen ... moves ...` into cmd and plays the moves on *at. */
static fk_status position_command(const fk_position *pos, const fk_move *moves, int nmoves,
                                  fk_position *at, char *cmd, size_t cap, fk_error *err) {
    char fen[FK_FEN_MAX];
    fk_fen_write(pos, FK_EP_LEGAL, fen, sizeof fen);
    size_t used = (size_t)snprintf(cmd, cap, "position fen %s%s", fen, nmoves > 0 ? " moves" : "");
    *at = *pos;
    for (int i = 0; i < nmoves; i++) {
        fk_movelist list;
        fk_moves_generate(at, &list);
        /* matched on squares and promotion: the caller's flags may be unset */
        const fk_move *legal = NULL;
        for (int j = 0; j < list.count && !legal; j++)
            if (list.moves[j].from == moves[i].from && list.moves[j].to == moves[i].to &&
                list.moves[j].promotion == moves[i].promotion)
                legal = &list.moves[j];
        if (!legal)
            return eng_error(err, FK_ERR_INVALID, "move %d of those to play is not legal", i + 1);
        char uci[16];
        fk_move_to_uci(at, *legal, uci, sizeof uci);
        if (used + strlen(uci) + 2 >= cap)
            return eng_error(err, FK_ERR_RANGE, "too many moves to play");
        used += (size_t)snprintf(cmd + used, cap - used, " %s", uci);
        fk_move_make(at, *legal);
    }
    return FK_OK;
}

/* Writes the `go` command of a limit. */
static void go_command(const fk_search_limit *limit, char *cmd, size_t cap) {
    static const char *const words[] = {"depth", "nodes", "movetime"};
    if (limit->kind == FK_LIMIT_INFINITE)
        snprintf(cmd, cap, "go infinite");
    else
        snprintf(cmd, cap, "go %s %llu", words[limit->kind], (unsigned long long)limit->value);
}

/* Sets an option when it differs from what the engine has. */
static fk_status follow_option(fk_engine *engine, int *have, int want, const char *name,
                               const char *value, fk_error *err) {
    if (*have == want) return FK_OK;
    fk_status s = fk_engine_set_option(engine, name, value, err);
    if (s == FK_OK) *have = want;
    return s;
}

/* The searching itself: info lines until bestmove, stopping at the limit's
 * deadline and giving up STOP_GRACE_MS after. */
static fk_status read_search(fk_engine *engine, const fk_position *at, const fk_search_limit *limit,
                             fk_engine_info_fn on_info, void *ctx, fk_analysis *result,
                             fk_error *err) {
    long long now = eng_now_ms();
    long long stop_at;
    if (limit->kind == FK_LIMIT_MOVETIME)
        stop_at = now + (long long)limit->value + MOVETIME_SLACK_MS;
    else if (limit->kind == FK_LIMIT_INFINITE)
        stop_at = limit->value > 0 ? now + (long long)limit->value : -1;
    else
        stop_at = now + (limit->timeout_ms > 0 ? limit->timeout_ms : SEARCH_TIMEOUT_MS);
    int stopped = 0, noise = 0;
    long long deadline = stop_at;
    for (;;) {
        if (deadline < 0) deadline = eng_now_ms() + 24LL * 3600 * 1000;
        /* a caller that polls is asked between the engine's lines too, so
         * it can stop a search that has gone quiet (a deep iteration) */
        long long wake = deadline;
        if (limit->poll && !stopped && eng_now_ms() + FK_ENGINE_POLL_MS < wake)
            wake = eng_now_ms() + FK_ENGINE_POLL_MS;
        fk_status s = eng_process_read(&engine->proc, wake,
                                       stopped ? "bestmove after stop" : "bestmove", err);
        if (s == FK_ERR_IO && wake < deadline && engine->proc.fd >= 0 && eng_now_ms() < deadline) {
            if (limit->poll(ctx)) {
                if ((s = eng_process_send(&engine->proc, "stop", err)) != FK_OK) return s;
                stopped = 1;
                deadline = eng_now_ms() + STOP_GRACE_MS;
            }
            continue;
        }
        /* a read that failed with the engine still there (its end open) ran
         * out of time: the limit's time is up, so ask for the answer so far */
        if (s == FK_ERR_IO && !stopped && stop_at >= 0 && eng_now_ms() >= stop_at &&
            engine->proc.fd >= 0) {
            if ((s = eng_process_send(&engine->proc, "stop", err)) != FK_OK) return s;
            stopped = 1;
            deadline = eng_now_ms() + STOP_GRACE_MS;
            continue;
        }
        if (s != FK_OK) return s;
        const char *line = engine->proc.line;
        if (strncmp(line, "info", 4) == 0 && (line[4] == ' ' || line[4] == '\0')) {
            fk_engine_line got;
            s = fk_engine_parse_info(line, at, &got, err);
            if (s == FK_ERR_RANGE) continue;
            if (s != FK_OK) return s;
            if (got.multipv >= 1 && got.multipv <= FK_ENGINE_MAX_LINES) {
                result->lines[got.multipv - 1] = got;
                if (got.multipv > result->count) result->count = got.multipv;
            }
            if (on_info && on_info(&got, ctx) && !stopped) {
                if ((s = eng_process_send(&engine->proc, "stop", err)) != FK_OK) return s;
                stopped = 1;
                deadline = eng_now_ms() + STOP_GRACE_MS;
            }
            continue;
        }
        if (strncmp(line, "bestmove", 8) == 0 && (line[8] == ' ' || line[8] == '\0')) {
            const char *move = line + 8 + strspn(line + 8, " \t");
            size_t len = strcspn(move, " \t");
            char fen[FK_FEN_MAX];
            fk_fen_write(at, FK_EP_LEGAL, fen, sizeof fen);
            if (len == 0)
                return eng_error(err, FK_ERR_SYNTAX, "the engine sent 'bestmove' without a move");
            if (fk_move_parse_uci(at, move, len, &result->best, NULL) != FK_OK)
                return eng_error(err, FK_ERR_INVALID,
                                 "the engine's best move '%.*s' is not legal in %s",
                                 (int)(len > 16 ? 16 : len), move, fen);
            return FK_OK;
        }
        if (++noise >= NOISE_LIMIT)
            return eng_error(err, FK_ERR_SYNTAX,
                             "the engine sent %d lines that are not UCI during a search", noise);
    }
}

fk_status fk_engine_analyse(fk_engine *engine, const fk_position *pos, const fk_move *moves,
                            int nmoves, const fk_search_limit *limit, fk_engine_info_fn on_info,
                            void *ctx, fk_analysis *result, fk_error *err) {
    memset(result, 0, sizeof *result);
    if (engine->broken)
        return eng_error(err, FK_ERR_IO, "the engine is unusable after an earlier error");
    int multipv = limit->multipv > 0 ? limit->multipv : 1;
    if (multipv > FK_ENGINE_MAX_LINES || (unsigned)limit->kind > FK_LIMIT_INFINITE)
        return eng_error(err, FK_ERR_RANGE, "MultiPV is 1 to %d", FK_ENGINE_MAX_LINES);
    fk_position at;
    char cmd[ENG_MAX_LINE];
    fk_status s = position_command(pos, moves, nmoves, &at, cmd, sizeof cmd, err);
    if (s != FK_OK) return s;
    fk_movelist list;
    if (fk_moves_generate(&at, &list) == 0)
        return eng_error(err, FK_ERR_RANGE, "the position has no legal move (%s)",
                         fk_position_in_check(&at, at.side) ? "checkmate" : "stalemate");
    char number[16];
    snprintf(number, sizeof number, "%d", multipv);
    s = follow_option(engine, &engine->chess960, pos->chess960 ? 1 : 0, "UCI_Chess960",
                      pos->chess960 ? "true" : "false", err);
    if (s == FK_OK) s = follow_option(engine, &engine->multipv, multipv, "MultiPV", number, err);
    if (s == FK_OK) s = eng_process_send(&engine->proc, cmd, err);
    if (s == FK_OK) s = eng_process_send(&engine->proc, "isready", err);
    if (s == FK_OK) s = wait_for(engine, "readyok", engine->timeout_ms, err);
    if (s == FK_OK)
        go_command(limit, cmd, sizeof cmd), s = eng_process_send(&engine->proc, cmd, err);
    if (s == FK_OK) s = read_search(engine, &at, limit, on_info, ctx, result, err);
    return s == FK_OK ? FK_OK : broke(engine, s);
}
