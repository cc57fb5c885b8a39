/* POST /api/diff: two FENs in; what changed between them and the moves that
 * lead from the first to the second out, as `fenkit diff --json` writes
 * it, with the words of `fenkit diff` in the client's language. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "common/coach.h"
#include "common/diff_json.h"

/* One FEN of the request, read. */
typedef struct {
    fk_position pos;
    fk_problems problems;
    int read, valid;
} side;

static void read_side(const srv_json_member *m, unsigned flags, side *s) {
    fk_problems_clear(&s->problems);
    fk_fen_validate(m->value, m->value_len, flags, &s->pos, &s->problems);
    s->read = fk_problems_fen_read(&s->problems);
    s->valid = !fk_problems_has_error(&s->problems);
}

/* Appends text's lines as a JSON list of strings. */
static void json_lines(srv_buf *b, const char *text) {
    srv_buf_puts(b, "[");
    const char *sep = "";
    for (const char *line = text; *line;) {
        size_t len = strcspn(line, "\n");
        if (len) {
            srv_buf_puts(b, sep);
            srv_json_string(b, line, len);
            sep = ",";
        }
        line += len + (line[len] == '\n');
    }
    srv_buf_puts(b, "]");
}

void srv_api_diff(const srv_request *http, srv_reply *reply) {
    srv_json_member members[5];
    char error[128];
    int n = srv_json_read_object(http->body, http->body_len, members, 5, error, sizeof error);
    if (n < 0) {
        srv_reply_error(reply, 400, "bad-json", "the body is not a JSON object fenkit reads: %s",
                        error);
        return;
    }
    const srv_json_member *from = NULL, *to = NULL;
    const char *lang = http->arg ? http->arg(http->arg_ctx, "lang") : NULL;
    unsigned flags = FK_FEN_STRICT;
    for (int i = 0; i < n; i++) {
        const srv_json_member *m = &members[i];
        if (strcmp(m->key, "from") == 0 && m->kind == SRV_JSON_STRING)
            from = m;
        else if (strcmp(m->key, "to") == 0 && m->kind == SRV_JSON_STRING)
            to = m;
        else if (strcmp(m->key, "lang") == 0 && m->kind == SRV_JSON_STRING)
            lang = m->value;
        else if (strcmp(m->key, "tolerant") == 0 && m->kind == SRV_JSON_TRUE)
            flags |= FK_FEN_TOLERANT;
        else if (strcmp(m->key, "tolerant") == 0 && m->kind == SRV_JSON_FALSE)
            continue;
        else {
            srv_reply_error(reply, 400, "bad-json",
                            "unknown member \"%s\" or wrong type (from, to: strings, tolerant: "
                            "true/false, lang: string)",
                            m->key);
            return;
        }
    }
    if (!from || !to) {
        srv_reply_error(reply, 400, "bad-json", "the object needs \"from\" and \"to\" FEN strings");
        return;
    }
    side *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    fk_lines *lines = malloc(sizeof *lines);
    char *json = NULL, *said = NULL;
    size_t json_len = 0, said_len = 0;
    if (!a || !b || !lines) goto out_of_memory;
    read_side(from, flags, a);
    read_side(to, flags, b);
    if (!a->read || !b->read) {
        srv_reply_error(reply, 422, "not-read", "the %s FEN could not be read: %s",
                        !a->read ? "first" : "second",
                        (!a->read ? a : b)->problems.count
                            ? (!a->read ? a : b)->problems.items[0].message
                            : "it is empty");
        goto done;
    }
    /* moves only from a legal position: the generator needs both kings */
    int search = a->valid;
    if (search) fk_moves_between(&a->pos, &b->pos, 3, lines);
    lang = srv_lang_choose(http, lang);
    FILE *jf = open_memstream(&json, &json_len), *sf = open_memstream(&said, &said_len);
    if (!jf || !sf) {
        if (jf) fclose(jf);
        if (sf) fclose(sf);
        goto out_of_memory;
    }
    srv_lang_begin(lang);
    diff_json_write(jf, from->value, to->value, &a->pos, &b->pos, a->valid, b->valid,
                    search ? lines : NULL);
    coach_diff(sf, &a->pos, &b->pos, search ? lines : NULL);
    srv_lang_end();
    fclose(jf);
    fclose(sf);
    reply->status = 200;
    reply->type = "application/json";
    /* the object diff_json_write wrote, with the language and the words */
    srv_buf_printf(&reply->body, "%.*s,\"lang\":\"%s\",\"said\":", (int)(json_len - 1), json, lang);
    json_lines(&reply->body, said);
    srv_buf_puts(&reply->body, "}\n");
    if (reply->body.failed) goto out_of_memory;
    goto done;
out_of_memory:
    srv_buf_free(&reply->body);
    srv_reply_error(reply, 500, "out-of-memory", "the server ran out of memory");
done:
    free(json);
    free(said);
    free(a);
    free(b);
    free(lines);
}
