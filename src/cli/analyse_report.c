/* fenkit analyse: one position read, asked about, and answered in text or
 * JSON. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "analyse.h"
#include "cli.h"
#include "common/coach.h"
#include "common/i18n.h"
#include "common/not_a_fen.h"
#include "common/problem_text.h"
#include "fenkit/game.h"
#include "input.h"
#include "json.h"
#include "report.h"

static fk_status engine_ready(analyse_engine *ae, fk_error *err) {
    if (ae->engine) return FK_OK;
    fk_status s = fk_engine_open(ae->settings->engine_path, 0, &ae->engine, err);
    if (s != FK_OK) {
        if (!ae->settings->engine_path && strstr(err->message, "cannot run"))
            snprintf(err->message + strlen(err->message),
                     sizeof err->message - strlen(err->message),
                     " (install Stockfish, e.g. apt-get install stockfish, or give --engine PATH)");
        return s;
    }
    char threads[16];
    snprintf(threads, sizeof threads, "%d", ae->settings->threads);
    s = fk_engine_set_option(ae->engine, "Threads", threads, err);
    if (s != FK_OK) analyse_engine_close(ae);
    return s;
}

void analyse_engine_close(analyse_engine *ae) {
    fk_engine_close(ae->engine);
    ae->engine = NULL;
}

typedef struct {
    const fk_position *pos;
    FILE *out;
} live_view;

/* Shows the best line so far on one terminal line, written over each time. */
static int show_live(const fk_engine_line *line, void *ctx) {
    const live_view *view = ctx;
    if (line->multipv != 1) return 0;
    char score[32], san[2048];
    analyse_score_text(fk_score_for_white(line->score, view->pos), score, sizeof score);
    fk_engine_line_san(view->pos, line, san, sizeof san);
    fputs("\r\033[K", view->out);
    fprintf(view->out, _("depth %d"), line->depth);
    fprintf(view->out, "  %s  %.60s", score, san);
    fflush(view->out);
    return 0;
}

fk_status analyse_search_game(analyse_engine *ae, const fk_position *start, const fk_move *moves,
                              int nmoves, const fk_position *pos, int multipv, fk_analysis *result,
                              fk_error *err) {
    fk_status s = engine_ready(ae, err);
    if (s != FK_OK) return s;
    fk_search_limit limit = ae->settings->limit;
    limit.multipv = multipv;
    /* each position on its own: the same answer whichever came before it */
    s = fk_engine_new_game(ae->engine, err);
    live_view view = {pos, ae->live};
    if (s == FK_OK)
        s = fk_engine_analyse(ae->engine, start, moves, nmoves, &limit, ae->live ? show_live : NULL,
                              &view, result, err);
    if (ae->live) fputs("\r\033[K", ae->live);
    /* after anything but a refused position the engine is in an unknown
     * state: the next search gets a fresh one */
    if (s != FK_OK && s != FK_ERR_RANGE) analyse_engine_close(ae);
    return s;
}

fk_status analyse_search(analyse_engine *ae, const fk_position *pos, int multipv,
                         fk_analysis *result, fk_error *err) {
    return analyse_search_game(ae, pos, NULL, 0, pos, multipv, result, err);
}

void analyse_score_text(fk_score score, char *buf, size_t cap) {
    sanity_score_text(score, buf, cap);
}

void analyse_score_json(FILE *out, fk_score score) {
    fprintf(out, "{\"%s\":%d", score.is_mate ? "mate" : "cp", score.value);
    if (score.bound != FK_BOUND_EXACT)
        fprintf(out, ",\"bound\":\"%s\"", score.bound == FK_BOUND_LOWER ? "lower" : "upper");
    fputc('}', out);
}

/* The labels of the text answer, in one column whatever their language. */
static const char *const labels[] = {N_("Position"),  N_("Engine"), N_("Evaluation"), N_("Verdict"),
                                     N_("Best move"), N_("Lines"),  N_("Searched"),   N_("Sanity")};

void analyse_label(FILE *out, const char *label) {
    int width = 10;
    for (size_t i = 0; i < sizeof labels / sizeof *labels; i++) {
        int n = cli_text_columns(_(labels[i]));
        if (n > width) width = n;
    }
    const char *said = *label ? _(label) : ""; /* _("") is the catalog's header */
    fprintf(out, "%s%*s", said, width + 2 - cli_text_columns(said), "");
}

/* An EPD's four fields, or a FEN as it is: a fifth word that is not a
 * number (an EPD operation such as "bm") marks an EPD. */
static const char *epd_to_fen(const char *text, char *buf, size_t cap) {
    const char *p = text;
    const char *word[6];
    size_t len[6];
    int n = 0;
    while (n < 6) {
        p += strspn(p, " \t");
        if (!*p) break;
        word[n] = p;
        len[n] = strcspn(p, " \t");
        p += len[n++];
    }
    if (n < 5 || isdigit((unsigned char)word[4][0])) return text;
    snprintf(buf, cap, "%.*s %.*s %.*s %.*s 0 1", (int)len[0], word[0], (int)len[1], word[1],
             (int)len[2], word[2], (int)len[3], word[3]);
    return buf;
}

/* Writes the start of a JSON answer: the input and its line. */
static void json_head(FILE *out, const char *input, long number) {
    fputc('{', out);
    if (number > 0) fprintf(out, "\"line\":%ld,", number);
    fputs("\"input\":", out);
    cli_json_cstring(out, input);
}

/* Reports an input that cannot be analysed; returns CLI_PROBLEMS. why is
 * said in the reader's language where it is a catalog message, and as it
 * is in JSON. */
static int refuse(const analyse_settings *s, const char *input, long number, const char *why,
                  const fk_problems *problems, FILE *out, FILE *err, const char *where) {
    fprintf(err, _("fenkit analyse: %1$scannot analyse '%2$s': %3$s\n"), where, input,
            *why ? _(why) : why);
    for (int i = 0; problems && i < problems->count; i++) {
        const fk_problem *p = &problems->items[i];
        if (p->severity != FK_SEV_ERROR) continue;
        char msg[PROBLEM_TEXT_MAX], fix[PROBLEM_TEXT_MAX];
        problem_text(p, msg, sizeof msg, fix, sizeof fix);
        fprintf(err, "  %s (%s) [%s]\n", msg, problem_field_name(p->field),
                fk_problem_code_name(p->code));
        if (fix[0]) fprintf(err, _("    fix: %s\n"), fix);
    }
    if (!s->json) return CLI_PROBLEMS;
    json_head(out, input, number);
    fputs(",\"error\":", out);
    cli_json_cstring(out, why);
    if (problems) {
        fputs(",\"problems\":[", out);
        int first = 1;
        for (int i = 0; i < problems->count; i++) {
            if (problems->items[i].severity != FK_SEV_ERROR) continue;
            fprintf(out, "%s\"%s\"", first ? "" : ",",
                    fk_problem_code_name(problems->items[i].code));
            first = 0;
        }
        fputc(']', out);
    }
    fputs("}\n", out);
    return CLI_PROBLEMS;
}

/* Answers a position whose game is over (mate, stalemate, or a fivefold
 * repetition or the 75-move rule reached by the moves given): the rules
 * decide it, not the engine. */
static void write_game_over(const analyse_settings *s, const fk_position *pos, fk_game_reason why,
                            const char *fen, const char *input, long number, FILE *out) {
    const char *mover = coach_color(pos->side), *other = coach_color(!pos->side);
    if (s->json) {
        json_head(out, input, number);
        fputs(",\"fen\":", out);
        cli_json_cstring(out, fen);
        fprintf(out, ",\"status\":\"%s\",\"result\":\"%s\"}\n", fk_game_reason_name(why),
                fk_game_result(why, pos));
        return;
    }
    analyse_label(out, N_("Position"));
    fprintf(out, "%s\n", fen);
    if (why == FK_GAME_CHECKMATE)
        fprintf(out, _("Checkmate: %1$s is mated, %2$s has won. The engine is not asked.\n"), mover,
                other);
    else if (why == FK_GAME_STALEMATE)
        fprintf(out,
                _("Stalemate: %s has no legal move and is not in check; a draw. The engine is "
                  "not asked.\n"),
                mover);
    else if (why == FK_GAME_FIVEFOLD)
        fputs(_("Draw: the position has stood five times, which ends the game. The engine is "
                "not asked.\n"),
              out);
    else
        fputs(_("Draw: 75 moves each without a capture or a pawn move end the game. The "
                "engine is not asked.\n"),
              out);
}

/* The best lines as text, one a row. */
static void write_text(const analyse_engine *ae, const fk_position *pos, const char *fen,
                       const fk_analysis *a, FILE *out) {
    const fk_engine_line *best = &a->lines[0];
    char white[32], mover[32], san[2048];
    fk_score w = fk_score_for_white(best->score, pos);
    analyse_score_text(w, white, sizeof white);
    analyse_score_text(best->score, mover, sizeof mover);
    static const char *const verdicts[] = {N_("Black wins"), N_("draw"), N_("White wins")};
    static const char *const limits[] = {N_("depth"), N_("nodes"), N_("movetime ms"),
                                         N_("infinite")};
    analyse_label(out, N_("Position"));
    fprintf(out, "%s\n", fen);
    analyse_label(out, N_("Engine"));
    fprintf(out, "%s, %s %llu\n", fk_engine_name(ae->engine), _(limits[ae->settings->limit.kind]),
            (unsigned long long)ae->settings->limit.value);
    analyse_label(out, N_("Evaluation"));
    fprintf(out, _("%1$s from White's view; %2$s for %3$s, to move\n"), white, mover,
            coach_color(pos->side));
    analyse_label(out, N_("Verdict"));
    fprintf(out, _("%1$s (a win is %2$+.2f or more, or a mate)\n"),
            _(verdicts[analyse_verdict_of(w) + 1]), ANALYSE_WIN_CP / 100.0);
    fk_move_to_san(pos, a->best, san, sizeof san);
    analyse_label(out, N_("Best move"));
    fprintf(out, "%u%s %s\n", pos->fullmove, pos->side == FK_WHITE ? "." : "...", san);
    for (int i = 0; i < a->count; i++) {
        const fk_engine_line *line = &a->lines[i];
        if (line->pv_len == 0) continue;
        analyse_score_text(fk_score_for_white(line->score, pos), white, sizeof white);
        fk_engine_line_san(pos, line, san, sizeof san);
        analyse_label(out, i ? "" : N_("Lines"));
        fprintf(out, "%2d  %7s  ", line->multipv, white);
        fprintf(out, _("depth %1$d/%2$d"), line->depth, line->seldepth);
        fprintf(out, "  %s\n", san);
    }
    analyse_label(out, N_("Searched"));
    fprintf(out, _("%1$llu nodes in %2$.3f s (%3$.0f kn/s)\n"), (unsigned long long)best->nodes,
            best->time_ms / 1000.0, best->nps / 1000.0);
}

static void write_json(const analyse_engine *ae, const fk_position *pos, const char *fen,
                       const fk_analysis *a, const char *input, long number, FILE *out) {
    const fk_engine_line *best = &a->lines[0];
    static const char *const verdicts[] = {"black-wins", "draw", "white-wins"};
    char text[32];
    json_head(out, input, number);
    fputs(",\"fen\":", out);
    cli_json_cstring(out, fen);
    fputs(",\"status\":\"analysed\",\"engine\":", out);
    cli_json_cstring(out, fk_engine_name(ae->engine));
    fprintf(out, ",\"side\":\"%s\",\"white\":", pos->side == FK_WHITE ? "white" : "black");
    fk_score w = fk_score_for_white(best->score, pos);
    analyse_score_json(out, w);
    fputs(",\"mover\":", out);
    analyse_score_json(out, best->score);
    fprintf(out, ",\"verdict\":\"%s\"", verdicts[analyse_verdict_of(w) + 1]);
    fk_move_to_uci(pos, a->best, text, sizeof text);
    fprintf(out, ",\"bestmove\":{\"uci\":\"%s\"", text);
    fk_move_to_san(pos, a->best, text, sizeof text);
    fprintf(out, ",\"san\":\"%s\"},\"lines\":[", text);
    for (int i = 0; i < a->count; i++) {
        const fk_engine_line *line = &a->lines[i];
        fprintf(out, "%s{\"multipv\":%d,\"depth\":%d,\"seldepth\":%d,\"white\":", i ? "," : "",
                line->multipv, line->depth, line->seldepth);
        analyse_score_json(out, fk_score_for_white(line->score, pos));
        fputs(",\"mover\":", out);
        analyse_score_json(out, line->score);
        fprintf(out, ",\"nodes\":%llu,\"nps\":%llu,\"time_ms\":%llu,\"pv\":[",
                (unsigned long long)line->nodes, (unsigned long long)line->nps,
                (unsigned long long)line->time_ms);
        fk_position at = *pos;
        for (int m = 0; m < line->pv_len; m++) {
            fk_move_to_uci(&at, line->pv[m], text, sizeof text);
            fprintf(out, "%s\"%s\"", m ? "," : "", text);
            fk_move_make(&at, line->pv[m]);
        }
        fputs("],\"san\":", out);
        char san[2048];
        fk_engine_line_san(pos, line, san, sizeof san);
        cli_json_cstring(out, san);
        fputc('}', out);
    }
    fputc(']', out);
}

/* Where the word "moves" starts in "FEN moves ..." or "startpos moves
 * ...", or NULL (an EPD, whose operations may hold the word, has none). */
static const char *moves_word(const char *text) {
    for (const char *p = strstr(text, "moves"); p; p = strstr(p + 1, "moves")) {
        if (memchr(text, ';', (size_t)(p - text)) || memchr(text, '"', (size_t)(p - text)))
            return NULL;
        if ((p == text || p[-1] == ' ' || p[-1] == '\t') && strchr(" \t", p[5])) return p;
    }
    return NULL;
}

/* Plays the moves of text (UCI or SAN, separated by blanks) on *pos, into
 * moves. Returns how many, or -1 with why filled. */
static int play_moves(const char *text, fk_position *pos, fk_move *moves, int cap, char *why,
                      size_t why_cap) {
    int n = 0;
    for (;;) {
        text += strspn(text, " \t");
        size_t len = strcspn(text, " \t");
        if (!len) return n;
        fk_error e;
        e.message[0] = '\0';
        if (n == cap) {
            snprintf(why, why_cap, "more than %d moves", cap);
            return -1;
        }
        if (fk_move_parse_uci(pos, text, len, &moves[n], NULL) != FK_OK &&
            fk_move_parse_san(pos, text, len, &moves[n], &e) != FK_OK) {
            snprintf(why, why_cap, "move %d, '%.*s': %s", n + 1, (int)(len < 40 ? len : 40), text,
                     e.message[0] ? e.message : "not a legal move");
            return -1;
        }
        fk_move_make(pos, moves[n++]);
        text += len;
    }
}

int analyse_one(analyse_engine *ae, const char *text, const char *where, long number, FILE *out,
                FILE *err) {
    const analyse_settings *s = ae->settings;
    char named[FK_FEN_MAX], epd[FK_FEN_MAX + 16], why[512], head[FK_FEN_MAX + 16];
    /* the moves played from the position go to the engine with it, so
     * that it sees the repetitions they make */
    const char *input = text, *moves_text = moves_word(text);
    if (moves_text) {
        size_t len = (size_t)(moves_text - text);
        if (len >= sizeof head)
            return refuse(s, input, number, N_("the FEN is too long"), NULL, out, err, where);
        memcpy(head, text, len);
        head[len] = '\0';
        text = head;
        moves_text += 5;
    }
    int startpos = cli_startpos_fen(text, strlen(text), named, why, sizeof why);
    if (startpos < 0) return refuse(s, input, number, why, NULL, out, err, where);
    const char *fen_text = startpos ? named : epd_to_fen(text, epd, sizeof epd);
    if (not_a_fen(fen_text, strlen(fen_text)))
        return refuse(s, input, number, not_a_fen_message, NULL, out, err, where);
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    if (fk_fen_validate(fen_text, strlen(fen_text), s->fen_flags | FK_FEN_TOLERANT, &pos,
                        &problems) != FK_OK)
        return refuse(s, input, number,
                      N_("no game can reach this position, so the engine is not asked"), &problems,
                      out, err, where);
    fk_position start = pos;
    fk_move moves[ANALYSE_MAX_MOVES];
    int nmoves =
        moves_text ? play_moves(moves_text, &pos, moves, ANALYSE_MAX_MOVES, why, sizeof why) : 0;
    if (nmoves < 0) return refuse(s, input, number, why, NULL, out, err, where);
    char fen[FK_FEN_MAX];
    fk_fen_write(&pos, FK_EP_LEGAL, fen, sizeof fen);
    /* mate and stalemate, and the draws the moves given make automatic;
     * a dead position is still the engine's to show */
    fk_game_state game;
    fk_game_judge(&start, moves, nmoves, &game);
    fk_movelist list;
    if (fk_moves_generate(&pos, &list) == 0)
        game.end = fk_position_in_check(&pos, pos.side) ? FK_GAME_CHECKMATE : FK_GAME_STALEMATE;
    if (game.end != FK_GAME_ON && game.end != FK_GAME_INSUFFICIENT) {
        write_game_over(s, &pos, game.end, fen, input, number, out);
        return CLI_OK;
    }
    fk_analysis a;
    fk_error e;
    if (analyse_search_game(ae, &start, moves, nmoves, &pos, s->limit.multipv, &a, &e) != FK_OK)
        return refuse(s, input, number, e.message, NULL, out, err, where);
    if (a.count == 0 || a.lines[0].pv_len == 0)
        return refuse(s, input, number, N_("the engine answered a best move but no evaluation"),
                      NULL, out, err, where);
    if (s->json)
        write_json(ae, &pos, fen, &a, input, number, out);
    else
        write_text(ae, &pos, fen, &a, out);
    int status = CLI_OK;
    if (s->sanity)
        status =
            analyse_sanity(ae, &pos, fk_score_for_white(a.lines[0].score, &pos), out, err, where);
    if (s->json) fputs("}\n", out);
    return status;
}
