/* GET /api/analyse: a position to the engine, its thoughts back as
 * Server-Sent Events while the depth grows. The HTTP side (the stream,
 * the pool, the workers) is in http.c; this file reads the query and
 * turns the engine's lines into events. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "common/sanity.h"
#include "fenkit/fenkit.h"

/* Longest line sent to the page: enough to read a plan, small enough
 * for an event a few times a second. */
#define EVENT_PV_MAX 16
/* The depth where an analysis ends, when its time has not ended it. */
#define SRV_ANALYSIS_DEPTH 99

/* Reads the whole number argument `name` in [lo, hi] into *out (left as
 * it is when absent). Returns 0, or -1 with a 400 in reply. */
static int read_whole(const srv_request *req, const char *name, long lo, long hi, int *out,
                      srv_reply *reply) {
    const char *text = req->arg(req->arg_ctx, name);
    if (!text) return 0;
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < lo || v > hi) {
        srv_reply_error(reply, 400, "bad-option", "%s must be a whole number from %ld to %ld", name,
                        lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* Plays the moves of `text` (UCI or SAN, separated by spaces or '_') from
 * a->pos, keeping those since the last capture or pawn move for the
 * engine. Returns 0, or -1 with a 400 in reply. */
static int read_moves(const char *text, srv_analysis *a, srv_reply *reply) {
    a->start = a->pos;
    a->nmoves = 0;
    for (int ply = 1;; ply++) {
        text += strspn(text, " _");
        size_t n = strcspn(text, " _");
        if (!n) return 0;
        fk_move move;
        fk_error err;
        if (fk_move_parse_uci(&a->pos, text, n, &move, NULL) != FK_OK &&
            fk_move_parse_san(&a->pos, text, n, &move, &err) != FK_OK) {
            srv_reply_error(reply, 400, "illegal-move", "move %d, '%.*s': %s", ply,
                            (int)(n > 16 ? 16 : n), text, err.message);
            return -1;
        }
        fk_move_make(&a->pos, move);
        if (a->pos.halfmove == 0 || a->nmoves == SRV_ANALYSIS_MAX_MOVES) {
            /* nothing before here can repeat (or is kept): start again */
            a->start = a->pos;
            a->nmoves = 0;
        } else {
            a->moves[a->nmoves++] = move;
        }
        text += n;
    }
}

int srv_analysis_read(const srv_request *req, srv_analysis *a, srv_reply *reply) {
    memset(a, 0, sizeof *a);
    a->multipv = 1;
    a->skill = -1;
    a->nodes = SRV_SANITY_NODES;
    const char *fen = req->arg(req->arg_ctx, "fen");
    if (!fen) {
        srv_reply_error(reply, 400, "bad-option", "the query needs fen=, the position to analyse");
        return 0;
    }
    if (read_whole(req, "multipv", 1, SRV_MAX_MULTIPV, &a->multipv, reply) < 0 ||
        read_whole(req, "movetime", 1, 60000, &a->movetime_ms, reply) < 0 ||
        read_whole(req, "elo", 500, 3500, &a->elo, reply) < 0 ||
        read_whole(req, "skill", 0, 20, &a->skill, reply) < 0 ||
        read_whole(req, "sanity", 0, 1, &a->sanity, reply) < 0 ||
        read_whole(req, "nodes", 1000, 10000000, &a->nodes, reply) < 0)
        return 0;
    if (a->sanity && (a->movetime_ms || a->elo || a->skill >= 0 || a->multipv > 1)) {
        srv_reply_error(reply, 400, "bad-option",
                        "sanity=1 goes with nodes= alone, not movetime, elo, skill or multipv");
        return 0;
    }
    fk_problems problems;
    fk_problems_clear(&problems);
    fk_fen_validate(fen, strlen(fen), FK_FEN_STRICT, &a->pos, &problems);
    a->start = a->pos;
    for (int i = 0; i < problems.count; i++) {
        if (problems.items[i].severity != FK_SEV_ERROR) continue;
        srv_reply_error(reply, 400, "invalid-position",
                        "only a valid position is analysed; the first problem: %s (%s)",
                        problems.items[i].message, fk_problem_code_name(problems.items[i].code));
        return 0;
    }
    const char *moves = req->arg(req->arg_ctx, "moves");
    if (moves && read_moves(moves, a, reply) < 0) return 0;
    unsigned status = fk_position_status(&a->pos);
    if (status & (FK_STATUS_CHECKMATE | FK_STATUS_STALEMATE)) {
        const char *side = a->pos.side == FK_WHITE ? "White" : "Black";
        if (status & FK_STATUS_CHECKMATE)
            srv_reply_error(reply, 422, "game-over",
                            "checkmate: %s is mated; the engine is not asked", side);
        else
            srv_reply_error(reply, 422, "game-over",
                            "stalemate: %s has no legal move, a draw; the engine is not asked",
                            side);
        return 0;
    }
    return 1;
}

/* What a search has sent so far, and where its events go. */
typedef struct {
    const srv_analysis *a;
    srv_event_fn send;
    void *ctx;
    int gone;
    fk_engine_line lines[SRV_MAX_MULTIPV];
    int count;
} search;

/* Appends a score from White's view as {"cp":N} or {"mate":N}, with its
 * bound when it is one. */
static void json_score(srv_buf *b, fk_score score, const fk_position *pos) {
    score = fk_score_for_white(score, pos);
    srv_buf_printf(b, "{\"%s\":%d", score.is_mate ? "mate" : "cp", score.value);
    if (score.bound != FK_BOUND_EXACT)
        srv_buf_printf(b, ",\"bound\":\"%s\"", score.bound == FK_BOUND_LOWER ? "lower" : "upper");
    srv_buf_puts(b, "}");
}

/* Appends one line: its score, depth, speed, and its moves in UCI and
 * SAN (at most EVENT_PV_MAX) and as text with move numbers. */
static void json_line(srv_buf *b, const fk_engine_line *line, const fk_position *pos) {
    srv_buf_printf(b, "{\"multipv\":%d,\"depth\":%d,\"seldepth\":%d,\"white\":", line->multipv,
                   line->depth, line->seldepth);
    json_score(b, line->score, pos);
    srv_buf_printf(b, ",\"nodes\":%llu,\"nps\":%llu", (unsigned long long)line->nodes,
                   (unsigned long long)line->nps);
    int n = line->pv_len < EVENT_PV_MAX ? line->pv_len : EVENT_PV_MAX;
    fk_position at = *pos;
    srv_buf uci = {0}, san = {0};
    for (int i = 0; i < n; i++) {
        char u[8], s[16];
        fk_move_to_uci(&at, line->pv[i], u, sizeof u);
        fk_move_to_san(&at, line->pv[i], s, sizeof s);
        srv_buf_printf(&uci, "%s\"%s\"", i ? "," : "", u);
        srv_buf_printf(&san, "%s\"%s\"", i ? "," : "", s);
        fk_move_make(&at, line->pv[i]);
    }
    srv_buf_puts(b, ",\"pv\":[");
    if (uci.len) srv_buf_add(b, uci.data, uci.len);
    srv_buf_puts(b, "],\"san\":[");
    if (san.len) srv_buf_add(b, san.data, san.len);
    srv_buf_puts(b, "],\"text\":");
    fk_engine_line cut = *line;
    cut.pv_len = n;
    char text[EVENT_PV_MAX * 16];
    fk_engine_line_san(pos, &cut, text, sizeof text);
    srv_json_cstring(b, text);
    srv_buf_puts(b, "}");
    if (uci.failed || san.failed) b->failed = 1;
    srv_buf_free(&uci);
    srv_buf_free(&san);
}

/* Sends one event; a failed allocation is as bad as a client gone. */
static void send_event(search *s, const char *event, srv_buf *data) {
    if (data->failed)
        s->gone = 1;
    else if (s->send(s->ctx, event, data->data, data->len))
        s->gone = 1;
    srv_buf_free(data);
}

/* The engine's info callback: the line replaces the last one of its rank,
 * and every line known so far goes to the client. */
static int on_info(const fk_engine_line *line, void *ctx) {
    search *s = ctx;
    if (line->multipv < 1 || line->multipv > s->a->multipv) return s->gone;
    s->lines[line->multipv - 1] = *line;
    if (line->multipv > s->count) s->count = line->multipv;
    srv_buf b = {0};
    srv_buf_printf(&b, "{\"depth\":%d,\"lines\":[", s->lines[0].depth);
    for (int i = 0; i < s->count; i++) {
        if (i) srv_buf_puts(&b, ",");
        /* a line the engine has not sent at this depth yet keeps its last */
        json_line(&b, &s->lines[i], &s->a->pos);
    }
    srv_buf_puts(&b, "]}");
    send_event(s, "info", &b);
    return s->gone;
}

/* The search's poll: whether the client has gone while the engine
 * thinks without a word (an empty event asks the stream). */
static int on_poll(void *ctx) {
    search *s = ctx;
    if (!s->gone && s->send(s->ctx, NULL, NULL, 0)) s->gone = 1;
    return s->gone;
}

/* Sets the engine's strength for a game; returns FK_OK or the failure. */
static fk_status set_strength(fk_engine *engine, const srv_analysis *a, fk_error *err) {
    char value[16];
    fk_status st = FK_OK;
    if (a->elo) {
        snprintf(value, sizeof value, "%d", a->elo);
        st = fk_engine_set_option(engine, "UCI_LimitStrength", "true", err);
        if (st == FK_OK) st = fk_engine_set_option(engine, "UCI_Elo", value, err);
    }
    if (st == FK_OK && a->skill >= 0) {
        snprintf(value, sizeof value, "%d", a->skill);
        st = fk_engine_set_option(engine, "Skill Level", value, err);
    }
    return st;
}

/* Appends one position's verdict: its FEN, its score from White's view
 * (null with "status" for a position with no legal move) and verdict. */
static void json_verdict(srv_buf *b, const fk_position *pos, const fk_analysis *result,
                         sanity_verdict verdict, const char *over) {
    char fen[FK_FEN_MAX];
    fk_fen_write(pos, FK_EP_ALWAYS, fen, sizeof fen);
    srv_buf_puts(b, "\"fen\":");
    srv_json_cstring(b, fen);
    srv_buf_puts(b, ",\"white\":");
    if (over)
        srv_buf_printf(b, "null,\"status\":\"%s\"", over);
    else
        json_score(b, result->lines[0].score, pos);
    srv_buf_printf(b, ",\"verdict\":\"%s\"", sanity_verdict_name(verdict));
}

/* Searches pos for its verdict; `over` gets "checkmate" or "stalemate"
 * when pos has no move (the engine is not asked), else is left empty. */
static fk_status judge(search *s, fk_engine *engine, const fk_position *pos,
                       const fk_search_limit *limit, fk_analysis *result, sanity_verdict *verdict,
                       fk_score *white, char *over, fk_error *err) {
    fk_movelist list;
    over[0] = '\0';
    if (fk_moves_generate(pos, &list) == 0) {
        *verdict = sanity_game_over(pos, over, 16);
        return FK_OK;
    }
    /* each position on its own: the same answer whichever came before */
    fk_status st = fk_engine_new_game(engine, err);
    if (st == FK_OK) st = fk_engine_analyse(engine, pos, NULL, 0, limit, NULL, s, result, err);
    if (st == FK_OK && result->count == 0) {
        snprintf(err->message, sizeof err->message, "the engine gave no evaluation");
        st = FK_ERR_SYNTAX;
    }
    if (st != FK_OK) return st;
    *white = fk_score_for_white(result->lines[0].score, pos);
    *verdict = sanity_verdict_of(*white);
    return FK_OK;
}

/* Interrogates the FEN: the position's verdict, then each neighbour's,
 * an event each. Returns the engine's status. */
static fk_status run_sanity(search *s, fk_engine *engine, int max_ms, fk_analysis *result,
                            fk_error *err) {
    const srv_analysis *a = s->a;
    sanity_variant *v = malloc(SANITY_MAX_VARIANTS * sizeof *v);
    if (!v) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return FK_ERR_NOMEM;
    }
    int n = sanity_variants(&a->pos, v);
    fk_search_limit limit = {.kind = FK_LIMIT_NODES,
                             .value = (uint64_t)a->nodes,
                             .multipv = 1,
                             .timeout_ms = max_ms / (n + 1),
                             .poll = on_poll};
    sanity_verdict base, verdict;
    fk_score white = {0}, base_white = {0};
    char over[16], base_text[32], text[32];
    fk_status st = judge(s, engine, &a->pos, &limit, result, &base, &base_white, over, err);
    if (st == FK_OK) {
        if (over[0]) snprintf(base_text, sizeof base_text, "%s", over);
        else sanity_score_text(base_white, base_text, sizeof base_text);
        srv_buf b = {0};
        srv_buf_puts(&b, "{");
        json_verdict(&b, &a->pos, result, base, over[0] ? over : NULL);
        srv_buf_printf(&b, ",\"checks\":%d,\"win_cp\":%d}", n, SANITY_WIN_CP);
        send_event(s, "base", &b);
    }
    int changes = 0;
    for (int i = 0; i < n && st == FK_OK && !s->gone; i++) {
        char why[256], message[512];
        srv_buf b = {0};
        srv_buf_printf(&b, "{\"field\":\"%s\",\"variant\":", fk_field_name(v[i].field));
        srv_json_cstring(&b, v[i].name);
        srv_buf_puts(&b, ",");
        if (sanity_unreachable(&v[i].pos, why, sizeof why)) {
            char fen[FK_FEN_MAX];
            fk_fen_write(&v[i].pos, FK_EP_ALWAYS, fen, sizeof fen);
            srv_buf_puts(&b, "\"fen\":");
            srv_json_cstring(&b, fen);
            srv_buf_puts(&b, ",\"skipped\":");
            srv_json_cstring(&b, why);
            srv_buf_puts(&b, "}");
            send_event(s, "check", &b);
            continue;
        }
        st = judge(s, engine, &v[i].pos, &limit, result, &verdict, &white, over, err);
        if (st != FK_OK) {
            srv_buf_free(&b);
            break;
        }
        if (over[0]) snprintf(text, sizeof text, "%s", over);
        else sanity_score_text(white, text, sizeof text);
        json_verdict(&b, &v[i].pos, result, verdict, over[0] ? over : NULL);
        srv_buf_printf(&b, ",\"changes_verdict\":%s", verdict != base ? "true" : "false");
        if (verdict != base) {
            changes++;
            sanity_message(&v[i], base, base_text, verdict, text, message, sizeof message);
            srv_buf_puts(&b, ",\"message\":");
            srv_json_cstring(&b, message);
        }
        srv_buf_puts(&b, "}");
        send_event(s, "check", &b);
    }
    free(v);
    if (st == FK_OK) {
        srv_buf b = {0};
        srv_buf_puts(&b, "{\"engine\":");
        srv_json_cstring(&b, fk_engine_name(engine));
        srv_buf_printf(&b, ",\"nodes\":%d,\"changes\":%d,\"stopped\":%s}", a->nodes, changes,
                       s->gone ? "true" : "false");
        send_event(s, "done", &b);
    }
    return st;
}

int srv_analysis_run(const srv_analysis *a, fk_engine *engine, int max_ms, srv_event_fn send,
                     void *ctx) {
    search s = {.a = a, .send = send, .ctx = ctx};
    fk_search_limit limit = {.multipv = a->multipv, .poll = on_poll};
    if (a->movetime_ms) {
        limit.kind = FK_LIMIT_MOVETIME;
        limit.value = (uint64_t)(a->movetime_ms < max_ms ? a->movetime_ms : max_ms);
    } else {
        /* a depth rather than `go infinite`: in a simple ending the engine
         * reaches its deepest search in a moment and would then wait in
         * silence, so the search would not notice a client that left */
        limit.kind = FK_LIMIT_DEPTH;
        limit.value = SRV_ANALYSIS_DEPTH;
        limit.timeout_ms = max_ms;
    }
    fk_analysis *result = malloc(sizeof *result);
    fk_error err = {0};
    fk_status st = result ? set_strength(engine, a, &err) : FK_ERR_NOMEM;
    if (!result) snprintf(err.message, sizeof err.message, "out of memory");
    if (st == FK_OK && a->sanity)
        st = run_sanity(&s, engine, max_ms, result, &err);
    else if (st == FK_OK)
        st = fk_engine_analyse(engine, &a->start, a->moves, a->nmoves, &limit, on_info, &s, result,
                               &err);
    srv_buf b = {0};
    if (st != FK_OK) {
        srv_buf_puts(&b, "{\"code\":\"engine-failed\",\"message\":");
        srv_json_cstring(&b, err.message);
        srv_buf_puts(&b, "}");
        send_event(&s, "error", &b);
    } else if (!a->sanity) {
        char uci[8], san[16], fen[FK_FEN_MAX];
        fk_position after = a->pos;
        fk_move_to_uci(&a->pos, result->best, uci, sizeof uci);
        fk_move_to_san(&a->pos, result->best, san, sizeof san);
        fk_move_make(&after, result->best);
        fk_fen_write(&after, FK_EP_LEGAL, fen, sizeof fen);
        srv_buf_printf(&b, "{\"bestmove\":{\"uci\":\"%s\",\"san\":\"%s\",\"fen\":", uci, san);
        srv_json_cstring(&b, fen);
        srv_buf_printf(&b, "},\"engine\":");
        srv_json_cstring(&b, fk_engine_name(engine));
        srv_buf_printf(&b, ",\"depth\":%d,\"stopped\":%s}", s.lines[0].depth,
                       s.gone ? "true" : "false");
        send_event(&s, "done", &b);
    }
    free(result);
    return st == FK_OK && !a->elo && a->skill < 0;
}
