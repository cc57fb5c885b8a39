/* What changed between two positions as JSON, shared by fenkit diff --json
 * and the server's /api/diff. */
#include <string.h>

#include "common/coach.h"
#include "common/diff_json.h"
#include "common/json_text.h"

/* Writes one field as {"from":..,"to":..,"changed":..}. */
static void json_field(FILE *out, const char *name, const char *from, const char *to, int quoted) {
    fprintf(out, ",\"%s\":{\"from\":", name);
    if (quoted)
        json_text_write(out, from, strlen(from), 0);
    else
        fputs(from, out);
    fputs(",\"to\":", out);
    if (quoted)
        json_text_write(out, to, strlen(to), 0);
    else
        fputs(to, out);
    fprintf(out, ",\"changed\":%s}", strcmp(from, to) ? "true" : "false");
}

void diff_json_write(FILE *out, const char *from, const char *to, const fk_position *a,
                     const fk_position *b, int a_valid, int b_valid, const fk_lines *lines) {
    static const char *const kinds[] = {"moved", "appeared", "vanished"};
    char fa[FK_FEN_MAX], fb[FK_FEN_MAX];
    fk_fen_write(a, FK_EP_ALWAYS, fa, sizeof fa);
    fk_fen_write(b, FK_EP_ALWAYS, fb, sizeof fb);
    fputs("{\"from\":", out);
    json_text_write(out, from, strlen(from), 0);
    fputs(",\"to\":", out);
    json_text_write(out, to, strlen(to), 0);
    fprintf(out, ",\"valid\":[%s,%s]", a_valid ? "true" : "false", b_valid ? "true" : "false");
    fk_position_diff d;
    fk_position_compare(a, b, &d);
    fputs(",\"men\":[", out);
    for (int i = 0; i < d.count; i++) {
        const fk_man_change *c = &d.changes[i];
        char old_sq[3], new_sq[3], said[512];
        fk_square_name(c->from, old_sq);
        fk_square_name(c->to, new_sq);
        coach_man_change(said, sizeof said, c, a, b);
        fprintf(out, "%s{\"change\":\"%s\",\"piece\":\"%c\",\"from\":", i ? "," : "",
                kinds[c->kind], fk_piece_to_char((fk_piece)c->piece));
        if (c->from == FK_NO_SQUARE)
            fputs("null", out);
        else
            fprintf(out, "\"%s\"", old_sq);
        fputs(",\"to\":", out);
        if (c->to == FK_NO_SQUARE)
            fputs("null", out);
        else
            fprintf(out, "\"%s\"", new_sq);
        fputs(",\"text\":", out);
        json_text_write(out, said, strlen(said), 0);
        fputs("}", out);
    }
    fputs("]", out);
    /* the fields as FEN writes them: side, castling, en passant, counters */
    const char *wa[6], *wb[6];
    char *pa = fa, *pb = fb;
    for (int i = 0; i < 6; i++) {
        wa[i] = pa;
        wb[i] = pb;
        pa += strcspn(pa, " ");
        pb += strcspn(pb, " ");
        if (*pa) *pa++ = '\0';
        if (*pb) *pb++ = '\0';
    }
    json_field(out, "side", wa[1], wb[1], 1);
    json_field(out, "castling", wa[2], wb[2], 1);
    json_field(out, "en_passant", wa[3], wb[3], 1);
    json_field(out, "halfmove", wa[4], wb[4], 0);
    json_field(out, "fullmove", wa[5], wb[5], 0);
    fputs(",\"moves\":", out);
    if (!lines || lines->plies < 0) {
        fputs("null", out);
    } else {
        fprintf(out, "{\"plies\":%d,\"lines\":[", lines->plies);
        for (int i = 0; i < lines->count; i++) {
            char san[128];
            coach_line_san(a, lines->moves[i], lines->plies, san, sizeof san);
            fprintf(out, "%s{\"san\":", i ? "," : "");
            json_text_write(out, san, strlen(san), 0);
            fputs(",\"uci\":[", out);
            fk_position pos = *a;
            for (int j = 0; j < lines->plies; j++) {
                char uci[8];
                fk_move_to_uci(&pos, lines->moves[i][j], uci, sizeof uci);
                fprintf(out, "%s\"%s\"", j ? "," : "", uci);
                fk_move_make(&pos, lines->moves[i][j]);
            }
            fputs("]}", out);
        }
        fprintf(out, "],\"more\":%d}", lines->more);
    }
    fputs(",\"searched\":", out);
    fputs(lines ? "true" : "false", out);
    fputs("}", out);
}
