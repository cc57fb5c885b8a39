/* The scan result as JSON, for the command line and the server alike. */
#include "scan_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_text.h"
#include "problem_text.h"
#include "scan_text.h"

char *scan_result_json(const fk_scan_result *r, const char *image, int html_safe, int in_lang,
                       size_t *len) {
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    if (!out) return NULL;
    putc('{', out);
    if (image) {
        fputs("\"image\":", out);
        json_text_write(out, image, strlen(image), html_safe);
        putc(',', out);
    }
    static const char *const side_from[] = {"assumed", "given", "last_move", "check", "dots"};
    fputs("\"fen\":", out);
    json_text_write(out, r->fen, strlen(r->fen), html_safe);
    fprintf(out, ",\"side_from\":\"%s\"", side_from[r->side_from]);
    fprintf(out, ",\"size\":[%d,%d],\"board\":[", r->width, r->height);
    for (int i = 0; i < 4; i++)
        fprintf(out, "%s[%.2f,%.2f]", i ? "," : "", r->board.corners[i].x, r->board.corners[i].y);
    fprintf(out,
            "],\"board_score\":%.3f,\"bottom\":\"%s\",\"bottom_confidence\":%.3f,"
            "\"bottom_given\":%s,\"squares\":[",
            r->board.score, r->white_bottom ? "white" : "black", r->bottom_confidence,
            r->bottom_given ? "true" : "false");
    for (int rank = 7; rank >= 0; rank--)
        for (int file = 0; file < 8; file++) {
            fk_square sq = FK_SQUARE(file, rank);
            const fk_square_reading *s = &r->squares[sq];
            char name[3];
            fk_square_name(sq, name);
            fprintf(out,
                    "%s{\"square\":\"%s\",\"class\":\"%c\",\"prob\":%.4f,\"second\":\"%c\","
                    "\"second_prob\":%.4f,\"read\":\"%c\",\"read_prob\":%.4f,"
                    "\"other_prob\":%.4f,\"unlike\":%.3f,\"right\":%.4f}",
                    sq == FK_SQUARE(0, 7) ? "" : ",", name, fk_piece_to_char(s->piece), s->prob,
                    fk_piece_to_char(s->second), s->second_prob, fk_piece_to_char(s->read),
                    s->read_prob, s->other_prob, s->unlike, s->right);
        }
    fprintf(out,
            "],\"doubt\":\"%s\",\"board_right\":%.4f,\"uncertain\":", r->doubt ? "some" : "none",
            r->board_right);
    json_squares_write(out, r->uncertain);
    fputs(",\"repaired\":", out);
    json_squares_write(out, r->repaired);
    fputs(",\"arrows\":[", out);
    for (int i = 0; i < r->arrow_count; i++) {
        char from[3], to[3];
        if (r->arrows[i].from == FK_NO_SQUARE) {
            fprintf(out, "%s{\"from\":null,\"to\":null}", i ? "," : "");
            continue;
        }
        fk_square_name(r->arrows[i].from, from);
        fk_square_name(r->arrows[i].to, to);
        fprintf(out, "%s{\"from\":\"%s\",\"to\":\"%s\"}", i ? "," : "", from, to);
    }
    fputs("],\"last_move\":", out);
    if (r->last_from == FK_NO_SQUARE || r->last_to == FK_NO_SQUARE) {
        fputs("null", out);
    } else {
        char from[3], to[3];
        fk_square_name(r->last_from, from);
        fk_square_name(r->last_to, to);
        fprintf(out, "{\"from\":\"%s\",\"to\":\"%s\"}", from, to);
    }
    fputs(",\"move_dots\":", out);
    json_squares_write(out, r->move_dots);
    fputs(",\"covered\":", out);
    json_squares_write(out, r->covered);
    fputs(",\"notes\":[", out);
    for (int i = 0; i < r->note_count; i++) {
        if (i) putc(',', out);
        char worded[SCAN_NOTE_MAX];
        const char *note = in_lang ? scan_note_text(r, i, worded, sizeof worded) : r->notes[i];
        json_text_write(out, note, strlen(note), html_safe);
    }
    fputs("],\"problems\":[", out);
    for (int i = 0; i < r->problems.count; i++) {
        const fk_problem *p = &r->problems.items[i];
        fprintf(out, "%s{\"code\":\"%s\",\"severity\":\"%s\",\"message\":", i ? "," : "",
                fk_problem_code_name(p->code), fk_severity_name(p->severity));
        char message[PROBLEM_TEXT_MAX], fix[PROBLEM_TEXT_MAX];
        if (in_lang) problem_text(p, message, sizeof message, fix, sizeof fix);
        const char *said = in_lang ? message : p->message;
        json_text_write(out, said, strlen(said), html_safe);
        fputs(",\"squares\":", out);
        json_squares_write(out, p->squares);
        putc('}', out);
    }
    fputs("]}\n", out);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}
