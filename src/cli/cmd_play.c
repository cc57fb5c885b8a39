/* fenkit play: applies SAN or UCI moves to a position and prints the FEN
 * after each. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "common/problem_text.h"
#include "input.h"
#include "options.h"
#include "rules_common.h"

/* The --help text, with examples. */
static void play_help(FILE *out) {
    fputs(_("Usage: fenkit play [--json] [--ep legal|always] [--chess960]\n"
            "                   [--random N [--seed S]] FEN MOVE...\n\n"
            "Plays the moves in order, each in SAN (Nf3, exd6, e8=Q, O-O) or UCI\n"
            "(g1f3, e7e8q), and prints the FEN after each. Move numbers (\"1.\",\n"
            "\"3...\") and annotations (!, ?) are skipped; an argument may hold\n"
            "several moves separated by spaces. The FEN is one argument, or\n"
            "'startpos [moves ...]' as in UCI. An illegal move stops the game: its\n"
            "ply, the move and the legal alternatives are printed after the positions\n"
            "reached so far. The word 'undo' takes the last move back and prints\n"
            "the FEN before it. The word 'claim' claims a draw for the player to\n"
            "move, as FIDE allows: before a move, with that move (correct when it\n"
            "makes the same position a third time or completes fifty moves each\n"
            "without a capture or pawn move); last, on the position reached. A\n"
            "correct claim ends the game drawn; a wrong one is said on stderr, and\n"
            "the move stands.\n\n"
            "Options:\n"
            "  --json       one JSON object per ply: ply, move, san, uci, fen; an\n"
            "               illegal move gives ply, move, error, legal; an undo\n"
            "               gives ply, undo (the SAN taken back), fen; a claim adds\n"
            "               claimed (true or false), and result and reason when correct\n"
            "  --ep MODE    en passant square written only when a capture is legal\n"
            "               (legal, the default) or after every double push (always)\n"
            "  --chess960   read KQkq castling rights as X-FEN (outermost rook)\n"
            "  --random N   after the given moves, play N random legal moves (fewer\n"
            "               when the game ends); --seed S picks the game (default 1)\n"
            "  -h, --help   this help\n\n"
            "Exit status: 0 every move was played, 1 the FEN could not be used or a\n"
            "move was illegal or an undo had no move to take back (the positions\n"
            "before it are printed) or a claim was wrong, 2 usage error.\n\n"
            "Examples:\n"
            "  fenkit play startpos e4 e5 Nf3 Nc6\n"
            "  fenkit play startpos '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6'\n"
            "  fenkit play --json startpos e2e4 e7e5 g1f3\n"
            "  fenkit play startpos e4 e5 undo c5\n"
            "  fenkit play startpos Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 claim Ng8\n"
            "  fenkit play --random 40 --seed 7 startpos\n"),
          out);
}

/* 1 when the token is a move number like "12." or "3...", or a result. */
static int is_filler(const char *token, size_t len) {
    size_t i = 0;
    while (i < len && isdigit((unsigned char)token[i])) i++;
    if (i > 0 && i < len && token[i] == '.') {
        while (i < len && token[i] == '.') i++;
        return i == len;
    }
    return (len == 3 && strncmp(token, "1-0", 3) == 0) || (len == 3 && strncmp(token, "0-1", 3) == 0) ||
           (len == 7 && strncmp(token, "1/2-1/2", 7) == 0) || (len == 1 && token[0] == '*');
}

/* Reads one move, first as UCI (when it looks like one), then as SAN. */
static fk_status read_move(const fk_position *pos, const char *text, size_t len, fk_move *move,
                           fk_error *err) {
    if ((len == 4 || len == 5) && fk_square_parse(text) != FK_NO_SQUARE &&
        fk_square_parse(text + 2) != FK_NO_SQUARE &&
        fk_move_parse_uci(pos, text, len, move, NULL) == FK_OK)
        return FK_OK;
    return fk_move_parse_san(pos, text, len, move, err);
}

/* The next number of a small deterministic generator (xorshift64*), so a
 * seed always gives the same random game. */
static uint64_t next_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

/* The game so far: the move stack and the moves alone, both ply long. */
typedef struct {
    fk_undo *stack;
    fk_move *moves;
    size_t cap;
} game;

/* Judges a draw claimed by the player to move at pos, after `played` plies
 * of the game: with *move when move is not NULL, else on pos. Only the
 * plies since the last capture or pawn move are looked at: nothing earlier
 * can repeat. Returns as fk_game_judge_claim. */
static fk_status judge_claim(const fk_position *pos, int played, const game *g, const fk_move *move,
                             fk_game_claim *out) {
    int back = (int)pos->halfmove < played ? (int)pos->halfmove : played;
    return fk_game_judge_claim(back ? &g->stack[played - back].before : pos,
                               g->moves + played - back, back, move, out);
}

/* The ground of a correct claim, in words. */
static const char *claim_words(fk_game_reason holds) {
    return holds == FK_GAME_THREEFOLD ? _("the same position a third time")
                                      : _("fifty moves each without a capture or pawn move");
}

/* Says on stderr how a claim at ply `ply` was judged (with the move `san`,
 * or NULL): a wrong one always, a correct one when the output is FENs and
 * cannot say it. */
static void say_claim(int ply, const char *san, const fk_game_claim *c, int json) {
    if (c->holds != FK_GAME_ON) {
        if (json) return;
        fprintf(stderr, "fenkit play: ");
        fprintf(stderr, _("ply %1$d: draw claimed (%2$s), %3$s"), ply, claim_words(c->holds),
                fk_game_result(c->holds, &c->after.pos));
    } else if (san) {
        fprintf(stderr, "fenkit play: ");
        fprintf(stderr,
                _("ply %1$d: the claim with %2$s is wrong (the position seen %3$d of 3 times, %4$d "
                  "of 100 plies without a capture or pawn move); the move stands"),
                ply, san, c->after.repetition, (int)c->after.pos.halfmove);
    } else {
        fprintf(stderr, "fenkit play: ");
        fprintf(stderr,
                _("ply %1$d: no draw to claim (the position seen %2$d of 3 times, %3$d of 100 "
                  "plies without a capture or pawn move)"),
                ply, c->after.repetition, (int)c->after.pos.halfmove);
    }
    fputc('\n', stderr);
}

/* Plays move as ply number `ply` of the game, judges where it leads (from
 * the last capture or pawn move on: nothing earlier can repeat), and
 * prints the position as a FEN line or a JSON object; `claim`, when not
 * NULL, is the draw claimed with the move, judged. Returns why the game is
 * over there (a correct claim included), or FK_GAME_ON. */
static fk_game_reason print_ply(fk_position *pos, fk_move move, int ply, const char *given,
                                size_t len, int json, fk_ep_mode ep, game *g,
                                const fk_game_claim *claim) {
    char san[16], uci[16], written[FK_FEN_MAX];
    fk_move_to_san(pos, move, san, sizeof san);
    fk_move_to_uci(pos, move, uci, sizeof uci);
    g->moves[ply - 1] = move;
    fk_move_push(pos, move, &g->stack[ply - 1]);
    fk_fen_write(pos, ep, written, sizeof written);
    int back = (int)pos->halfmove < ply ? (int)pos->halfmove : ply;
    fk_game_state judged;
    fk_game_judge(back ? &g->stack[ply - back].before : pos, g->moves + ply - back, back, &judged);
    if (claim && claim->holds != FK_GAME_ON) {
        /* the claim drew the game: nothing is left to claim or end */
        judged.end = claim->holds;
        judged.claim = FK_GAME_ON;
    }
    if (json) {
        char shown[64];
        if (given)
            snprintf(shown, sizeof shown, "%.*s", (int)(len < 60 ? len : 60), given);
        else
            snprintf(shown, sizeof shown, "%s", san);
        printf("{\"ply\":%d,\"move\":", ply);
        rules_json_string(stdout, shown);
        printf(",\"san\":\"%s\",\"uci\":\"%s\",\"fen\":\"%s\"", san, uci, written);
        if (claim) printf(",\"claimed\":%s", claim->holds != FK_GAME_ON ? "true" : "false");
        if (judged.claim != FK_GAME_ON)
            printf(",\"claim\":\"%s\"", fk_game_reason_name(judged.claim));
        if (judged.end != FK_GAME_ON)
            printf(",\"result\":\"%s\",\"reason\":\"%s\"", fk_game_result(judged.end, pos),
                   fk_game_reason_name(judged.end));
        printf("}\n");
    } else {
        printf("%s\n", written);
    }
    if (claim) {
        cli_flush_stdout();
        say_claim(ply, san, claim, json);
    }
    return judged.end;
}

/* A draw claimed on the position reached after `ply` plies: prints
 * {"ply","claimed"} (with result and reason when correct) under --json,
 * and says the verdict as say_claim does. Returns the claim's ground, or
 * FK_GAME_ON when it is wrong; -1 when the game was already over. */
static int print_claim(const fk_position *pos, int ply, int json, const game *g) {
    fk_game_claim c;
    if (judge_claim(pos, ply, g, NULL, &c) != FK_OK) return -1;
    if (json) {
        printf("{\"ply\":%d,\"claimed\":%s", ply, c.holds != FK_GAME_ON ? "true" : "false");
        if (c.holds != FK_GAME_ON)
            printf(",\"result\":\"%s\",\"reason\":\"%s\"", fk_game_result(c.holds, pos),
                   fk_game_reason_name(c.holds));
        printf("}\n");
    }
    cli_flush_stdout();
    say_claim(ply, NULL, &c, json);
    return (int)c.holds;
}

/* Takes the last move back and prints the position before it. */
static void print_undo(fk_position *pos, const fk_undo *undo, int ply, int json, fk_ep_mode ep) {
    char san[16], written[FK_FEN_MAX];
    fk_move move = fk_move_pop(pos, undo);
    fk_move_to_san(pos, move, san, sizeof san);
    fk_fen_write(pos, ep, written, sizeof written);
    if (json)
        printf("{\"ply\":%d,\"undo\":\"%s\",\"fen\":\"%s\"}\n", ply, san, written);
    else
        printf("%s\n", written);
}

/* Prints the legal moves of pos in SAN, for an error report. */
static void print_legal(FILE *out, const fk_position *pos, int json) {
    fk_movelist list;
    fk_moves_generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        char san[16];
        fk_move_to_san(pos, list.moves[i], san, sizeof san);
        fprintf(out, json ? "%s\"%s\"" : "%s%s", i ? (json ? "," : " ") : "", san);
    }
}

/* Writes the legal moves of pos in SAN, "Na3, Nc3, ...", into buf; cut
 * short with an ellipsis when they do not fit. */
static void legal_list(const fk_position *pos, char *buf, size_t cap) {
    fk_movelist list;
    fk_moves_generate(pos, &list);
    size_t used = 0;
    buf[0] = '\0';
    if (list.count == 0) snprintf(buf, cap, "%s", _("none"));
    for (int i = 0; i < list.count && used + 24 < cap; i++) {
        char san[16];
        fk_move_to_san(pos, list.moves[i], san, sizeof san);
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", i ? ", " : "", san);
        if (i + 1 < list.count && used + 24 >= cap) snprintf(buf + used, cap - used, " …");
    }
}

/* Why a move could not be played, in the reader's language: the core's
 * English as it is, else worded again from its status; the candidates of
 * an ambiguous move are the SAN list the core's sentence ends with. */
static const char *move_error(const fk_position *pos, const fk_error *err, const char *token,
                              size_t len, char *buf, size_t cap) {
    if (problem_text_english()) return err->message;
    char shown[40], legal[400];
    snprintf(shown, sizeof shown, "%.*s", (int)(len < 32 ? len : 32), token);
    const char *among = strstr(err->message, ": ");
    if (err->status == FK_ERR_AMBIGUOUS) {
        snprintf(buf, cap, _("%1$s is ambiguous: %2$s"), shown, among ? among + 2 : "");
    } else if (err->status == FK_ERR_INVALID) {
        legal_list(pos, legal, sizeof legal);
        snprintf(buf, cap, _("%1$s is not legal here; legal moves: %2$s"), shown, legal);
    } else {
        snprintf(buf, cap, _("'%s' is not a move: write it in SAN (Nf3, exd6, O-O) or UCI (g1f3)"),
                 shown);
    }
    return buf;
}

/* How the draw claims of a game went: a correct one ends it. */
typedef struct {
    int claiming; /* the word claim came: the next move is the one claimed with */
    int drawn;    /* a correct claim drew the game at ply drawn_ply */
    int drawn_ply;
    int wrong; /* a claim was wrong */
} claims;

/* Notes a claim judged at ply `ply`: holds as fk_game_judge_claim sets it,
 * or -1 when the game was already over there, which is said on stderr.
 * Returns 0 in that case. */
static int note_claim(claims *c, int holds, int ply) {
    if (holds < 0) {
        fprintf(stderr, "fenkit play: ");
        fprintf(stderr, _("ply %d: the game is already over: no draw to claim"), ply);
        fputc('\n', stderr);
        return 0;
    }
    if (holds == FK_GAME_ON) {
        c->wrong = 1;
    } else {
        c->drawn = 1;
        c->drawn_ply = ply;
    }
    return 1;
}

/* Makes room for ply plies in the game; returns 0 when out of memory. */
static int grow_game(game *g, int ply) {
    if ((size_t)ply < g->cap) return 1;
    size_t want = g->cap ? g->cap * 2 : 64;
    fk_undo *stack = realloc(g->stack, want * sizeof *stack);
    if (stack) g->stack = stack;
    fk_move *moves = realloc(g->moves, want * sizeof *moves);
    if (moves) g->moves = moves;
    if (!stack || !moves) return 0;
    g->cap = want;
    return 1;
}

/* fenkit play: the FEN, then the moves, each argument maybe holding several. */
int cmd_play(int argc, char **argv) {
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},         {"json", no_argument, NULL, 'j'},
        {"chess960", no_argument, NULL, '9'},     {"ep", required_argument, NULL, 'e'},
        {"random", required_argument, NULL, 'r'}, {"seed", required_argument, NULL, 's'},
        {NULL, 0, NULL, 0}};
    int json = 0;
    long random_plies = 0;
    uint64_t seed = 1;
    unsigned flags = 0;
    fk_ep_mode ep = FK_EP_LEGAL;
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        char *end;
        switch (c) {
        case 'h': play_help(stdout); return CLI_OK;
        case 'j': json = 1; break;
        case '9': flags |= FK_FEN_CHESS960; break;
        case 'e':
            if (cli_parse_ep(o.value, &ep) != 0)
                return cli_usage_error("play", "--ep takes legal or always, not '%s'", o.value);
            break;
        case 'r':
            random_plies = strtol(o.value, &end, 10);
            if (*end || end == o.value || random_plies < 0)
                return cli_usage_error("play", "--random: give the number of random plies, not '%s'",
                                       o.value);
            break;
        case 's':
            seed = strtoull(o.value, &end, 10);
            if (*end || end == o.value)
                return cli_usage_error("play", "--seed: give a whole number, not '%s'", o.value);
            break;
        default: return CLI_USAGE;
        }
    }
    if (o.count == 0) return cli_usage_error("play", "give a FEN (or 'startpos') and the moves to play");
    const char *fen = argv[1];
    argc = o.count + 1; /* the moves are argv[2..o.count] */
    int first_move = 2;
    fk_position pos;
    if (!rules_read_position("play", fen, flags, &pos)) return CLI_PROBLEMS;
    int ply = 0;
    /* one entry per ply played and not taken back */
    game g = {0};
    claims claim = {0};
    int status = CLI_OK;
    for (int i = first_move; i < argc && status == CLI_OK; i++) {
        const char *at = argv[i];
        for (;;) {
            while (*at == ' ' || *at == '\t') at++;
            if (!*at) break;
            size_t len = strcspn(at, " \t");
            const char *token = at;
            at += len;
            if (is_filler(token, len)) continue;
            int is_claim = len == 5 && strncmp(token, "claim", 5) == 0;
            int is_undo = len == 4 && strncmp(token, "undo", 4) == 0;
            /* a claim that no move follows is made on the position reached */
            if (claim.claiming && (is_claim || is_undo)) {
                claim.claiming = 0;
                if (!note_claim(&claim, print_claim(&pos, ply, json, &g), ply)) {
                    status = CLI_PROBLEMS;
                    break;
                }
            }
            if (claim.drawn) {
                fprintf(stderr, "fenkit play: ");
                fprintf(stderr,
                        _("the game was drawn by the claim at ply %d: nothing more can be played"),
                        claim.drawn_ply);
                fputc('\n', stderr);
                status = CLI_PROBLEMS;
                break;
            }
            if (is_claim) {
                claim.claiming = 1;
                continue;
            }
            if (is_undo) {
                if (ply == 0) {
                    fprintf(stderr, "fenkit play: %s\n", _("undo: no move to take back"));
                    status = CLI_PROBLEMS;
                    break;
                }
                ply--;
                print_undo(&pos, &g.stack[ply], ply, json, ep);
                continue;
            }
            if (!grow_game(&g, ply)) {
                fprintf(stderr, _("fenkit %s: out of memory\n"), "play");
                status = CLI_PROBLEMS;
                break;
            }
            /* "1.e4": a move number glued to the move. */
            size_t digits = 0;
            while (digits < len && isdigit((unsigned char)token[digits])) digits++;
            if (digits && digits < len && token[digits] == '.') {
                while (digits < len && token[digits] == '.') digits++;
                token += digits;
                len -= digits;
            }
            ply++;
            fk_move move;
            fk_error err;
            if (read_move(&pos, token, len, &move, &err) != FK_OK) {
                char worded[sizeof err.message];
                const char *why = move_error(&pos, &err, token, len, worded, sizeof worded);
                cli_flush_stdout();
                if (json) {
                    printf("{\"ply\":%d,\"move\":", ply);
                    char shown[64];
                    snprintf(shown, sizeof shown, "%.*s", (int)(len < 60 ? len : 60), token);
                    rules_json_string(stdout, shown);
                    printf(",\"error\":");
                    rules_json_string(stdout, why);
                    printf(",\"legal\":[");
                    print_legal(stdout, &pos, 1);
                    printf("]}\n");
                }
                fprintf(stderr, "fenkit play: ");
                fprintf(stderr, _("ply %1$d: %2$s"), ply, why);
                fputc('\n', stderr);
                /* Only a syntax error leaves the legal moves unsaid. */
                if (err.status == FK_ERR_SYNTAX) {
                    fprintf(stderr, "  %s ", _("legal moves:"));
                    print_legal(stderr, &pos, 0);
                    fprintf(stderr, "\n");
                }
                status = CLI_PROBLEMS;
                break;
            }
            fk_game_claim verdict;
            int with_claim = claim.claiming;
            if (with_claim) {
                claim.claiming = 0;
                int holds = judge_claim(&pos, ply - 1, &g, &move, &verdict) == FK_OK
                                ? (int)verdict.holds
                                : -1;
                if (!note_claim(&claim, holds, ply)) {
                    status = CLI_PROBLEMS;
                    break;
                }
            }
            print_ply(&pos, move, ply, token, len, json, ep, &g, with_claim ? &verdict : NULL);
        }
    }
    if (status == CLI_OK && claim.claiming &&
        !note_claim(&claim, print_claim(&pos, ply, json, &g), ply))
        status = CLI_PROBLEMS;
    if (status != CLI_OK) {
        free(g.stack);
        free(g.moves);
        return status;
    }
    uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 1;
    for (long i = 0; i < random_plies && !claim.drawn; i++) {
        fk_movelist list;
        if (fk_moves_generate(&pos, &list) == 0) break;
        if (!grow_game(&g, ply)) {
            fprintf(stderr, _("fenkit %s: out of memory\n"), "play");
            status = CLI_PROBLEMS;
            break;
        }
        fk_move move = list.moves[next_random(&state) % (uint64_t)list.count];
        /* a game the rules end (fivefold repetition, 75 moves, a dead
         * position) ends here, as one without a move does */
        if (print_ply(&pos, move, ++ply, NULL, 0, json, ep, &g, NULL) != FK_GAME_ON) break;
    }
    free(g.stack);
    free(g.moves);
    return status == CLI_OK && claim.wrong ? CLI_PROBLEMS : status;
}
