/* POST /api/check and POST /api/moves: a FEN in, what fenkit knows about
 * it out. Both accept the FEN as the body's text or as {"fen": ...}. */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "common/not_a_fen.h"
#include "fenkit/fenkit.h"
#include "common/coach.h"
#include "common/i18n.h"
#include "common/notation.h"
#include "common/problem_text.h"

/* A FEN request: the text and how to read and write it. */
typedef struct {
    const char *text;
    size_t len;
    unsigned flags;
    fk_ep_mode ep;
    const char *lang;           /* the language asked for, or NULL */
    const char *moves;          /* moves played from the FEN (/api/moves), or NULL */
    int claim;                  /* the player claims the draw the rules allow (/api/moves) */
    const char *claim_move;     /* the move a draw is claimed with (/api/moves), or NULL */
    srv_json_member members[8]; /* holds the text when it came as JSON */
} fen_request;

/* 1 for "1"/"true"/"yes", 0 for "0"/"false"/"no", -1 otherwise. */
static int parse_flag(const char *s) {
    static const char *yes[] = {"1", "true", "yes", "on"}, *no[] = {"0", "false", "no", "off"};
    for (int i = 0; i < 4; i++) {
        if (strcmp(s, yes[i]) == 0) return 1;
        if (strcmp(s, no[i]) == 0) return 0;
    }
    return -1;
}

/* Reads the options given as strings (from JSON or the query) into req;
 * returns 0, or -1 after filling reply with a 400. */
static int read_options(fen_request *req, const char *tolerant, const char *ep, srv_reply *reply) {
    if (tolerant) {
        int on = parse_flag(tolerant);
        if (on < 0) {
            srv_reply_error(reply, 400, "bad-option", "tolerant must be true or false");
            return -1;
        }
        if (on) req->flags |= FK_FEN_TOLERANT;
    }
    if (ep) {
        if (strcmp(ep, "legal") == 0) req->ep = FK_EP_LEGAL;
        else if (strcmp(ep, "always") == 0) req->ep = FK_EP_ALWAYS;
        else {
            srv_reply_error(reply, 400, "bad-option", "ep must be legal or always");
            return -1;
        }
    }
    return 0;
}

/* Reads the FEN and options of a request: a JSON object when the body
 * starts with '{' (after white space), else the body is the FEN and the
 * options come from the query. Returns 0, or -1 with reply filled. */
static int read_fen_request(const srv_request *http, fen_request *req, srv_reply *reply) {
    req->flags = FK_FEN_STRICT;
    req->ep = FK_EP_LEGAL;
    req->lang = http->arg ? http->arg(http->arg_ctx, "lang") : NULL;
    req->moves = NULL;
    req->claim = 0;
    req->claim_move = NULL;
    size_t i = 0;
    while (i < http->body_len && strchr(" \t\r\n", http->body[i]) && http->body[i]) i++;
    if (i == http->body_len || http->body[i] != '{') {
        req->text = http->body;
        req->len = http->body_len;
        return read_options(req, http->arg(http->arg_ctx, "tolerant"),
                            http->arg(http->arg_ctx, "ep"), reply);
    }
    char error[128];
    int n = srv_json_read_object(http->body, http->body_len, req->members, 8, error, sizeof error);
    if (n < 0) {
        srv_reply_error(reply, 400, "bad-json", "the body is not a JSON object fenkit reads: %s", error);
        return -1;
    }
    const srv_json_member *fen = NULL;
    const char *tolerant = NULL, *ep = NULL;
    for (int k = 0; k < n; k++) {
        srv_json_member *m = &req->members[k];
        if (strcmp(m->key, "fen") == 0 && m->kind == SRV_JSON_STRING) fen = m;
        else if (strcmp(m->key, "tolerant") == 0 && m->kind == SRV_JSON_TRUE) tolerant = "true";
        else if (strcmp(m->key, "tolerant") == 0 && m->kind == SRV_JSON_FALSE) tolerant = "false";
        else if (strcmp(m->key, "ep") == 0 && m->kind == SRV_JSON_STRING) ep = m->value;
        else if (strcmp(m->key, "lang") == 0 && m->kind == SRV_JSON_STRING)
            req->lang = m->value;
        else if (strcmp(m->key, "moves") == 0 && m->kind == SRV_JSON_STRING)
            req->moves = m->value;
        else if (strcmp(m->key, "claim") == 0 &&
                 (m->kind == SRV_JSON_TRUE || m->kind == SRV_JSON_FALSE))
            req->claim = m->kind == SRV_JSON_TRUE;
        else if (strcmp(m->key, "claim_move") == 0 && m->kind == SRV_JSON_STRING)
            req->claim_move = m->value;
        else {
            srv_reply_error(reply, 400, "bad-json",
                            "unknown member \"%s\" or wrong type (fen: string, tolerant: "
                            "true/false, ep: \"legal\" or \"always\", lang: string, moves: "
                            "string, claim: true/false, claim_move: string)",
                            m->key);
            return -1;
        }
    }
    if (!fen) {
        srv_reply_error(reply, 400, "bad-json", "the object needs a \"fen\" string");
        return -1;
    }
    req->text = fen->value;
    req->len = fen->value_len;
    return read_options(req, tolerant, ep, reply);
}

size_t srv_fen_fill_side(const char *text, size_t len, char *out, size_t cap) {
    /* the white space before the board stays, so that offsets are the text's */
    size_t at = 0;
    while (len && strchr(" \t\r\n", text[len - 1]) && text[len - 1]) len--;
    while (at < len && strchr(" \t\r\n", text[at]) && text[at]) at++;
    const char *board = text + at;
    size_t n = len - at;
    if (!n || !memchr(board, '/', n) || memchr(board, ' ', n) || memchr(board, '\t', n) ||
        memchr(board, '\n', n) || memchr(board, '\r', n) || len + 3 > cap)
        return 0;
    memcpy(out, text, len);
    memcpy(out + len, " w", 3);
    return len + 2;
}

/* What the server read a FEN request as: the position and its problems,
 * and the problem of its own it has to tell before them, if any. */
typedef struct {
    fk_position pos;
    fk_problems problems;
    const char *own_code; /* "not-a-fen", "side-filled" or NULL */
    int own_offset;
} fen_reading;

/* Reads the FEN of req into r: text that is no FEN at all is one problem,
 * not one for every byte; a board alone, in tolerant mode, is read with
 * White to move. */
static void read_position(const fen_request *req, fen_reading *r) {
    char filled[SRV_MAX_FEN_BODY + 8];
    const char *text = req->text;
    size_t len = req->len;
    fk_problems_clear(&r->problems);
    r->own_code = NULL;
    if (not_a_fen(text, len)) {
        r->own_code = "not-a-fen";
        r->own_offset = 0;
        fk_fen_parse("8/8/8/8/8/8/8/8 w - - 0 1", 25, FK_FEN_STRICT, &r->pos, &r->problems);
        return;
    }
    if (req->flags & FK_FEN_TOLERANT) {
        size_t n = srv_fen_fill_side(text, len, filled, sizeof filled);
        if (n) {
            r->own_code = "side-filled";
            r->own_offset = (int)n - 2;
            text = filled;
            len = n;
        }
    }
    fk_fen_validate(text, len, req->flags, &r->pos, &r->problems);
    notation_note(text, len, &r->problems);
}

/* Appends the server's own problem of r as a JSON object, its sentences
 * in the language srv_lang_begin chose when `in_lang`. */
static void json_own_problem(srv_buf *b, const fen_reading *r, int in_lang) {
    static const char side_filled[] = N_(
        "The side to move is missing; read as w (White to move), as lichess reads a board alone.");
    static const char paste_fix[] = N_("Paste a FEN, such as the start position: "
                                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.");
    static const char side_fix[] = N_("Add ' w' or ' b' after the placement: who is to move?");
    int not_fen = strcmp(r->own_code, "not-a-fen") == 0;
    const char *message = not_fen ? not_a_fen_message : side_filled;
    const char *fix = not_fen ? paste_fix : side_fix;
    srv_buf_printf(b, "{\"code\":\"%s\",\"severity\":\"%s\",\"field\":\"%s\",\"offset\":%d,",
                   r->own_code, not_fen ? "error" : "warning", not_fen ? "placement" : "side",
                   r->own_offset);
    srv_buf_puts(b, "\"message\":");
    srv_json_cstring(b, in_lang ? _(message) : message);
    srv_buf_puts(b, ",\"fix\":");
    srv_json_cstring(b, in_lang ? _(fix) : fix);
    srv_buf_puts(b, ",\"squares\":[]}");
}

/* Game status flags with their JSON names (as `fenkit check --json`). */
/* Appends the game status of a valid position as a JSON list of names. */
static void json_status(srv_buf *b, const fk_position *pos) {
    unsigned status = fk_position_status(pos);
    const char *sep = "";
    srv_buf_puts(b, "[");
    for (unsigned flag = 1; flag <= FK_STATUS_LAST; flag <<= 1) {
        if (!(status & flag)) continue;
        srv_buf_printf(b, "%s\"%s\"", sep, fk_status_name(flag));
        sep = ",";
    }
    srv_buf_puts(b, "]");
}

/* Appends the problems of r as a JSON list (fields as `fenkit check
 * --json`), the server's own first; their sentences in the language that
 * srv_lang_begin chose when `in_lang`, else the core's English. */
static void json_problems(srv_buf *b, const fen_reading *r, int in_lang) {
    const fk_problems *problems = &r->problems;
    srv_buf_puts(b, "[");
    if (r->own_code) json_own_problem(b, r, in_lang);
    for (int i = 0; i < problems->count; i++) {
        const fk_problem *p = &problems->items[i];
        srv_buf_printf(b, "%s{\"code\":\"%s\",\"severity\":\"%s\",\"field\":\"%s\",\"offset\":",
                       i || r->own_code ? "," : "", fk_problem_code_name(p->code),
                       fk_severity_name(p->severity),
                       fk_field_name(p->field));
        if (p->offset >= 0) srv_buf_printf(b, "%d", p->offset);
        else srv_buf_puts(b, "null");
        char message[PROBLEM_TEXT_MAX], fix[PROBLEM_TEXT_MAX];
        if (in_lang) {
            problem_text(p, message, sizeof message, fix, sizeof fix);
        } else {
            snprintf(message, sizeof message, "%s", p->message);
            snprintf(fix, sizeof fix, "%s", p->fix);
        }
        srv_buf_puts(b, ",\"message\":");
        srv_json_cstring(b, message);
        srv_buf_puts(b, ",\"fix\":");
        srv_json_cstring(b, fix);
        srv_buf_puts(b, ",\"squares\":");
        srv_json_squares(b, p->squares);
        srv_buf_puts(b, "}");
    }
    srv_buf_puts(b, "]");
}

/* Appends the placement at the start of text read rank by rank, as a JSON
 * list of {"rank", "text", "squares", "said"}. */
static void json_placement(srv_buf *b, const char *text, size_t len) {
    while (len && strchr(" \t\r\n", *text) && *text)
        text++, len--;
    fk_rank_reading ranks[10];
    int n = fk_placement_read(text, len, ranks, 10);
    srv_buf_puts(b, "[");
    for (int i = 0; i < n && i < 10; i++) {
        const fk_rank_reading *r = &ranks[i];
        char said[4096];
        coach_rank(said, sizeof said, text + r->offset, r);
        srv_buf_printf(b, "%s{\"rank\":%d,\"text\":", i ? "," : "", r->rank);
        srv_json_string(b, text + r->offset, (size_t)r->length);
        srv_buf_printf(b, ",\"squares\":%d,\"said\":", r->squares);
        srv_json_cstring(b, said);
        srv_buf_puts(b, "}");
    }
    srv_buf_puts(b, "]");
}

/* Appends the explanation of pos as a JSON list of its lines. */
static void json_explanation(srv_buf *b, const fk_position *pos) {
    char small[4096], *text = small;
    size_t need = coach_fields(pos, small, sizeof small);
    if (need >= sizeof small) {
        text = malloc(need + 1);
        if (!text) {
            b->failed = 1;
            return;
        }
        coach_fields(pos, text, need + 1);
    }
    srv_buf_puts(b, "[");
    const char *sep = "";
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len) {
            srv_buf_puts(b, sep);
            srv_json_string(b, line, len);
            sep = ",";
        }
        line += len + (end != NULL);
    }
    srv_buf_puts(b, "]");
    if (text != small) free(text);
}

void srv_api_check(const srv_request *http, srv_reply *reply) {
    fen_request req;
    if (read_fen_request(http, &req, reply) < 0) return;
    if (req.moves || req.claim_move) {
        srv_reply_error(reply, 400, "bad-json",
                        "/api/check takes no moves: POST them to /api/moves");
        return;
    }
    fen_reading r;
    read_position(&req, &r);
    const fk_position *pos = &r.pos;
    const fk_problems *problems = &r.problems;
    int not_fen = r.own_code && strcmp(r.own_code, "not-a-fen") == 0;
    int valid = !not_fen && !fk_problems_has_error(problems);
    int read = !not_fen && fk_problems_fen_read(problems);
    char fen[FK_FEN_MAX], as_read[FK_FEN_MAX];
    fk_fen_write(pos, req.ep, fen, sizeof fen);
    fk_fen_write(pos, FK_EP_ALWAYS, as_read, sizeof as_read);
    fk_bitboard marked = 0;
    for (int i = 0; i < problems->count; i++) marked |= problems->items[i].squares;

    srv_buf *b = &reply->body;
    reply->status = 200;
    reply->type = "application/json";
    srv_buf_puts(b, "{\"input\":");
    srv_json_string(b, req.text, req.len);
    srv_buf_printf(b, ",\"valid\":%s,\"read\":%s,\"fen\":", valid ? "true" : "false",
                   read ? "true" : "false");
    srv_json_cstring(b, valid ? fen : NULL);
    srv_buf_puts(b, ",\"as_read\":");
    srv_json_cstring(b, as_read);
    srv_buf_printf(b, ",\"chess960\":%s", pos->chess960 ? "true" : "false");
    const char *lang = srv_lang_choose(http, req.lang);
    srv_buf_puts(b, ",\"problems\":");
    srv_lang_begin(lang);
    json_problems(b, &r, 1);
    srv_lang_end();
    if (problems->dropped) srv_buf_printf(b, ",\"problems_dropped\":%d", problems->dropped);
    srv_buf_puts(b, ",\"marked\":");
    srv_json_squares(b, marked);
    srv_buf_puts(b, ",\"status\":");
    if (valid) json_status(b, pos);
    else srv_buf_puts(b, "null");
    /* the words in the client's language: the placement rank by rank (a
     * broken one too, where its count goes wrong) and the other fields */
    srv_buf_printf(b, ",\"lang\":\"%s\",\"placement\":", lang);
    srv_lang_begin(lang);
    if (!not_fen)
        json_placement(b, req.text, req.len);
    else
        srv_buf_puts(b, "null");
    srv_buf_puts(b, ",\"explanation\":");
    if (read) json_explanation(b, pos);
    else srv_buf_puts(b, "null");
    srv_lang_end();
    srv_buf_puts(b, "}\n");
    if (b->failed) srv_reply_error(reply, 500, "out-of-memory", "the server ran out of memory");
}

/* The moves a request played from its FEN: the JSON of each (its UCI,
 * SAN and the FEN after it), and the moves themselves. */
typedef struct {
    srv_buf played; /* the JSON objects of the moves, comma-separated */
    fk_move *moves; /* the moves, in order */
    int plies;
} game;

static int pgn_to_buf(void *ctx, const char *text, size_t len) {
    srv_buf_add(ctx, text, len);
    return ((srv_buf *)ctx)->failed ? -1 : 0;
}

/* Reads one move, in UCI or SAN, where pos stands; errors as
 * fk_move_parse_san. */
static fk_status read_move(const fk_position *pos, const char *text, size_t len, fk_move *move,
                           fk_error *err) {
    if (fk_move_parse_uci(pos, text, len, move, NULL) == FK_OK) return FK_OK;
    return fk_move_parse_san(pos, text, len, move, err);
}

/* Plays a legal move on pos as the game's next ply, and adds it to the
 * JSON of the moves played. */
static void add_move(game *g, fk_position *pos, fk_move move, fk_ep_mode ep) {
    char uci[8], san[16], fen[FK_FEN_MAX];
    fk_move_to_uci(pos, move, uci, sizeof uci);
    fk_move_to_san(pos, move, san, sizeof san);
    g->moves[g->plies] = move;
    fk_move_make(pos, move);
    fk_fen_write(pos, ep, fen, sizeof fen);
    srv_buf_printf(&g->played, "%s{\"uci\":\"%s\",\"san\":\"%s\",\"fen\":", g->plies ? "," : "",
                   uci, san);
    srv_json_cstring(&g->played, fen);
    srv_buf_puts(&g->played, "}");
    g->plies++;
}

/* Plays the space-separated moves (UCI or SAN) of `text` on pos, with
 * room for one move more (a claimed one). Returns 0, or -1 with a 400 in
 * reply naming the first move that cannot be played, its number, and the
 * legal moves there. */
static int play_moves(const char *text, fk_position *pos, game *g, fk_ep_mode ep,
                      srv_reply *reply) {
    size_t len = strlen(text);
    /* a move takes two bytes or more */
    g->moves = malloc((len / 2 + 2) * sizeof *g->moves);
    if (!g->moves) {
        srv_reply_error(reply, 500, "out-of-memory", "the server ran out of memory");
        return -1;
    }
    for (const char *at = text;;) {
        at += strspn(at, " \t\r\n");
        size_t n = strcspn(at, " \t\r\n");
        if (!n) break;
        fk_move move;
        fk_error err;
        if (read_move(pos, at, n, &move, &err) != FK_OK) {
            srv_reply_error(reply, 400, "illegal-move", "move %d, '%.*s' (byte %d of moves): %s",
                            g->plies + 1, (int)(n > 16 ? 16 : n), at, (int)(at - text),
                            err.message);
            return -1;
        }
        add_move(g, pos, move, ep);
        at += n;
    }
    return 0;
}

/* Plays the move a draw is claimed with (`text`, UCI or SAN) after the
 * game's moves from first, when the claim is correct. Returns the claim's
 * ground, or FK_GAME_ON with a 400 in reply: the move cannot be played
 * (illegal-move), or the claim is wrong or comes after the game's end
 * (no-claim). */
static fk_game_reason play_claimed_move(const char *text, const fk_position *first,
                                        fk_position *pos, game *g, fk_ep_mode ep,
                                        srv_reply *reply) {
    size_t len = strlen(text);
    while (len && strchr(" \t\r\n", text[len - 1]))
        len--;
    while (len && strchr(" \t\r\n", *text))
        text++, len--;
    fk_move move;
    fk_error err;
    if (read_move(pos, text, len, &move, &err) != FK_OK) {
        srv_reply_error(reply, 400, "illegal-move", "claim_move '%.*s': %s",
                        (int)(len > 16 ? 16 : len), text, err.message);
        return FK_GAME_ON;
    }
    fk_game_claim c;
    if (fk_game_judge_claim(first, g->moves, g->plies, &move, &c) != FK_OK) {
        srv_reply_error(reply, 400, "no-claim", "no draw can be claimed: the game is over (%s)",
                        fk_game_reason_name(c.after.end));
        return FK_GAME_ON;
    }
    if (c.holds == FK_GAME_ON) {
        char san[16];
        fk_move_to_san(pos, move, san, sizeof san);
        srv_reply_error(reply, 400, "no-claim",
                        "no draw can be claimed with %s: after it the position occurs %d of 3 "
                        "times, and %d of 100 plies are without a capture or pawn move",
                        san, c.after.repetition, (int)c.after.pos.halfmove);
        return FK_GAME_ON;
    }
    add_move(g, pos, move, ep);
    return c.holds;
}

/* The position where the plies that can repeat begin: the last capture or
 * pawn move of the game's moves from first (or first itself). *back is
 * the number of moves after it. */
static fk_position repeat_window(const fk_position *first, const fk_position *pos, const game *g,
                                 int *back) {
    *back = (int)pos->halfmove < g->plies ? (int)pos->halfmove : g->plies;
    fk_position at = *first;
    for (int i = 0; i < g->plies - *back; i++)
        fk_move_make(&at, g->moves[i]);
    return at;
}

void srv_api_moves(const srv_request *http, srv_reply *reply) {
    fen_request req;
    if (read_fen_request(http, &req, reply) < 0) return;
    if (req.claim && req.claim_move) {
        srv_reply_error(reply, 400, "bad-json",
                        "claim and claim_move are two claims: give one (claim_move claims with "
                        "the move, claim on the position the moves reach)");
        return;
    }
    fen_reading r;
    read_position(&req, &r);
    fk_position pos = r.pos;
    int not_fen = r.own_code && strcmp(r.own_code, "not-a-fen") == 0;
    if (not_fen || fk_problems_has_error(&r.problems)) {
        /* the problems go with the error, so a program need not ask twice */
        reply->status = 400;
        reply->type = "application/json";
        srv_buf_puts(&reply->body, "{\"status\":400,\"code\":\"invalid-position\",\"message\":"
                                   "\"moves are only listed for a valid position\",\"problems\":");
        json_problems(&reply->body, &r, 0);
        srv_buf_puts(&reply->body, "}\n");
        return;
    }
    char start[FK_FEN_MAX];
    fk_fen_write(&pos, req.ep, start, sizeof start);
    fk_position first = pos;
    game g = {0};
    srv_buf pgn = {0};
    fk_movelist *list = NULL;
    if (play_moves(req.moves ? req.moves : "", &pos, &g, req.ep, reply) < 0) goto done;
    fk_game_reason claimed = FK_GAME_ON;
    if (req.claim_move) {
        claimed = play_claimed_move(req.claim_move, &first, &pos, &g, req.ep, reply);
        if (claimed == FK_GAME_ON) goto done;
    }
    fk_game_state judged;
    fk_game_judge(&first, g.moves, g.plies, &judged);
    fk_game_reason reason = judged.end, claim = judged.claim;
    if (claimed != FK_GAME_ON) {
        /* the claim drew the game before anything the move does */
        reason = claimed;
        claim = FK_GAME_ON;
    } else if (req.claim) {
        if (claim == FK_GAME_ON) {
            srv_reply_error(reply, 400, "no-claim",
                            "no draw can be claimed here: a claim needs a threefold repetition "
                            "or fifty moves without a capture or pawn move");
            goto done;
        }
        reason = claim;
        claim = FK_GAME_ON;
    }
    const char *result = fk_game_result(reason, &pos);
    /* the writer takes the result from the Result tag, so it starts once
     * the result is known */
    fk_pgn_tag tag = {"Result", result};
    fk_pgn_writer writer;
    fk_pgn_writer_begin(&writer, pgn_to_buf, &pgn, &first, &tag, result != NULL);
    for (int i = 0; i < g.plies; i++)
        fk_pgn_writer_move(&writer, g.moves[i]);
    fk_pgn_writer_end(&writer);
    list = malloc(sizeof *list);
    if (!list) {
        srv_reply_error(reply, 500, "out-of-memory", "the server ran out of memory");
        goto done;
    }
    fk_moves_generate(&pos, list);
    char fen[FK_FEN_MAX];
    fk_fen_write(&pos, req.ep, fen, sizeof fen);
    srv_buf *b = &reply->body;
    reply->status = 200;
    reply->type = "application/json";
    srv_buf_puts(b, "{\"fen\":");
    srv_json_cstring(b, fen);
    srv_buf_printf(b, ",\"count\":%d,\"moves\":[", list->count);
    int back;
    fk_position window = repeat_window(&first, &pos, &g, &back);
    for (int i = 0; i < list->count; i++) {
        char uci[8], san[16], after[FK_FEN_MAX];
        fk_position next = pos;
        fk_move_to_uci(&pos, list->moves[i], uci, sizeof uci);
        fk_move_to_san(&pos, list->moves[i], san, sizeof san);
        fk_move_make(&next, list->moves[i]);
        fk_fen_write(&next, req.ep, after, sizeof after);
        srv_buf_printf(b, "%s{\"uci\":\"%s\",\"san\":\"%s\",\"fen\":", i ? "," : "", uci, san);
        srv_json_cstring(b, after);
        /* the draw the player to move may claim with this move, if any */
        fk_game_claim c;
        if (!result &&
            fk_game_judge_claim(&window, g.moves + g.plies - back, back, &list->moves[i], &c) ==
                FK_OK &&
            c.holds != FK_GAME_ON) {
            srv_buf_puts(b, ",\"claim\":");
            srv_json_cstring(b, fk_game_reason_name(c.holds));
        }
        srv_buf_puts(b, "}");
    }
    srv_buf_puts(b, "],\"status\":");
    json_status(b, &pos);
    srv_buf_puts(b, ",\"start\":");
    srv_json_cstring(b, start);
    srv_buf_puts(b, ",\"played\":[");
    if (g.played.len) srv_buf_add(b, g.played.data, g.played.len);
    srv_buf_printf(b, "],\"repetition\":%d,\"result\":", judged.repetition);
    srv_json_cstring(b, result);
    srv_buf_puts(b, ",\"reason\":");
    srv_json_cstring(b, fk_game_reason_name(reason));
    srv_buf_puts(b, ",\"claim\":");
    srv_json_cstring(b, fk_game_reason_name(claim));
    srv_buf_puts(b, ",\"pgn\":");
    srv_json_string(b, pgn.data ? pgn.data : "", pgn.len);
    srv_buf_puts(b, "}\n");
    if (b->failed || g.played.failed || pgn.failed)
        srv_reply_error(reply, 500, "out-of-memory", "the server ran out of memory");
done:
    free(list);
    free(g.moves);
    srv_buf_free(&g.played);
    srv_buf_free(&pgn);
}
