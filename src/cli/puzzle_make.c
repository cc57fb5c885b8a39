/* fenkit puzzle make: puzzles found in games. The engine scans each game
 * for a move after which the other side has a clear win it did not have
 * before; when exactly one move wins there, the line is played out while
 * each solver move stays the only win, and written as a lichess CSV row. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "puzzle.h"
#include "source.h"

/* Longest solution, in solver moves: longer forced lines are cut here. */
#define MAKE_MAX_SOLVER 8
/* Material (in pawns) the solver must gain when the line does not mate. */
#define MAKE_MIN_GAIN 2

typedef struct {
    long number, line;
    char url[160];
    fk_position start;
    int n, cap;
    fk_move *moves;
    char *out; /* the CSV rows made, once done */
    size_t out_len;
    int made;
    int engine_failed;
    char why[600];
} game;

typedef struct {
    const puzzle_settings *settings;
    const char *file;
    int per_game;
    game *games;
    long made, failed;
} run;

static const int piece_value[FK_KIND_COUNT] = {1, 3, 3, 5, 9, 0};

static int material(const fk_position *pos, fk_color color) {
    int sum = 0;
    for (int k = FK_PAWN; k < FK_KING; k++)
        sum += piece_value[k] * __builtin_popcountll(pos->by_color[color] & pos->by_kind[k]);
    return sum;
}

/* The squares the piece on sq attacks. */
static fk_bitboard attacks_from(const fk_position *pos, fk_square sq) {
    return fk_piece_attacks(fk_position_at(pos, sq), sq, fk_position_occupied(pos));
}

/* A fork: the piece just moved attacks two or more enemy pieces (pawns
 * aside), the king or each worth more than itself among them at least two. */
static int is_fork(const fk_position *after, fk_move move) {
    fk_piece mover = fk_position_at(after, move.to);
    if (FK_PIECE_KIND(mover) == FK_KING) return 0;
    fk_color them = (fk_color)!FK_PIECE_COLOR(mover);
    fk_bitboard hit =
        attacks_from(after, move.to) & after->by_color[them] & ~after->by_kind[FK_PAWN];
    int targets = 0;
    for (; hit; hit &= hit - 1) {
        fk_kind kind = FK_PIECE_KIND(fk_position_at(after, __builtin_ctzll(hit)));
        if (kind == FK_KING || piece_value[kind] > piece_value[FK_PIECE_KIND(mover)]) targets++;
    }
    return targets >= 2;
}

/* Line pieces seen by a slider of this kind from sq. */
static fk_bitboard slider_attacks(fk_kind kind, fk_square sq, fk_bitboard occ) {
    return kind == FK_BISHOP ? fk_bishop_attacks(sq, occ)
           : kind == FK_ROOK ? fk_rook_attacks(sq, occ)
                             : fk_queen_attacks(sq, occ);
}

/* What a solver move sets up; a theme is told only when a later solver
 * move takes on one of these squares (or the move gives check). */
typedef struct {
    fk_bitboard pinned;     /* where a piece pinned to its king or a dearer piece
                               can stand: the line up to it, and the pinner */
    unsigned pinned_kinds;  /* 1 << kind of each pinned piece */
    fk_bitboard skewered;   /* a piece behind a king or a dearer piece */
    fk_bitboard discovered; /* pieces a slider sees once the mover stepped away */
    int discovered_check;
} setup;

static int worth(fk_piece piece) {
    return FK_PIECE_KIND(piece) == FK_KING ? 100 : piece_value[FK_PIECE_KIND(piece)];
}

/* Adds to *s what the solver's move, played from before to after, lines up. */
static void line_up(const fk_position *before, const fk_position *after, fk_move move, setup *s) {
    fk_color us = (fk_color)before->side, them = (fk_color)!us;
    fk_bitboard occ = fk_position_occupied(after), enemy = after->by_color[them];
    fk_kind kind = FK_PIECE_KIND(fk_position_at(after, move.to));
    if (kind == FK_BISHOP || kind == FK_ROOK || kind == FK_QUEEN) {
        fk_bitboard seen = slider_attacks(kind, move.to, occ);
        for (fk_bitboard hit = seen & enemy; hit; hit &= hit - 1) {
            fk_square front = __builtin_ctzll(hit);
            fk_bitboard behind = slider_attacks(kind, move.to, occ & ~FK_BIT(front)) & ~seen &
                                 enemy & fk_line(move.to, front);
            if (!behind) continue;
            fk_piece f = fk_position_at(after, front),
                     b = fk_position_at(after, __builtin_ctzll(behind));
            if (worth(b) > worth(f)) {
                /* the pinned piece may step along the line, even onto the
                 * pinner: taking it anywhere there cashes in the pin */
                s->pinned |= fk_between(move.to, __builtin_ctzll(behind)) | FK_BIT(move.to);
                s->pinned_kinds |= 1u << FK_PIECE_KIND(f);
            } else if (worth(f) > worth(b) && FK_PIECE_KIND(b) != FK_PAWN)
                s->skewered |= behind;
        }
    }
    fk_bitboard sliders =
        after->by_color[us] & ~FK_BIT(move.to) &
        (after->by_kind[FK_BISHOP] | after->by_kind[FK_ROOK] | after->by_kind[FK_QUEEN]);
    fk_bitboard targets = enemy & ~after->by_kind[FK_PAWN];
    for (; sliders; sliders &= sliders - 1) {
        fk_square sq = __builtin_ctzll(sliders);
        fk_bitboard fresh = attacks_from(after, sq) & ~attacks_from(before, sq) & targets;
        s->discovered |= fresh;
        if (fresh & after->by_kind[FK_KING]) s->discovered_check = 1;
    }
}

/* The lichess themes fenkit can tell from the line alone. */
static void themes_of(const fk_position *start, const fk_move *moves, int n, fk_score final,
                      char *buf, size_t cap) {
    fk_position pos = *start;
    int solver_moves = 0, promotion = 0, fork = 0, hanging = 0, pin = 0, skewer = 0, discovered = 0;
    setup lined = {0, 0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        int solver = i % 2 == 1;
        fk_position before = pos;
        if (solver) {
            solver_moves++;
            if (moves[i].promotion) promotion = 1;
            /* the first solver move takes a piece nothing defends */
            if (i == 1 && fk_position_at(&pos, moves[i].to) != FK_EMPTY &&
                FK_PIECE_KIND(fk_position_at(&pos, moves[i].to)) != FK_PAWN &&
                !fk_attackers_to(&pos, moves[i].to, (fk_color)!pos.side,
                                 fk_position_occupied(&pos)))
                hanging = 1;
            /* a capture that cashes in what an earlier solver move lined up */
            fk_piece taken = fk_position_at(&pos, moves[i].to);
            if (taken != FK_EMPTY) {
                pin |= (lined.pinned & FK_BIT(moves[i].to)) &&
                       (lined.pinned_kinds & (1u << FK_PIECE_KIND(taken)));
                skewer |= (lined.skewered & FK_BIT(moves[i].to)) != 0;
                discovered |= (lined.discovered & FK_BIT(moves[i].to)) != 0;
            }
        }
        fk_move_make(&pos, moves[i]);
        if (solver) {
            if (is_fork(&pos, moves[i])) fork = 1;
            line_up(&before, &pos, moves[i], &lined);
        }
    }
    discovered |= lined.discovered_check;
    int mate = (fk_position_status(&pos) & FK_STATUS_CHECKMATE) != 0;
    size_t used = 0;
#define THEME(name)                                                                                \
    used += (size_t)snprintf(buf + used, used < cap ? cap - used : 0, "%s%s", used ? " " : "", name)
    if (mate) {
        THEME("mate");
        char in[24];
        snprintf(in, sizeof in, "mateIn%d", solver_moves);
        if (solver_moves <= 5) THEME(in);
        fk_square king = fk_position_king(&pos, (fk_color)pos.side);
        int back = pos.side == FK_WHITE ? 0 : 7;
        fk_bitboard checkers = fk_position_checkers(&pos);
        if (king != FK_NO_SQUARE && FK_RANK_OF(king) == back && checkers &&
            FK_RANK_OF(__builtin_ctzll(checkers)) == back &&
            (FK_PIECE_KIND(fk_position_at(&pos, __builtin_ctzll(checkers))) == FK_ROOK ||
             FK_PIECE_KIND(fk_position_at(&pos, __builtin_ctzll(checkers))) == FK_QUEEN))
            THEME("backRankMate");
    } else
        THEME(final.is_mate || final.value >= 600 ? "crushing" : "advantage");
    if (fork) THEME("fork");
    if (pin) THEME("pin");
    if (skewer) THEME("skewer");
    if (discovered) THEME("discoveredAttack");
    if (hanging && solver_moves <= 2) THEME("hangingPiece");
    if (promotion) THEME("promotion");
    THEME(solver_moves == 1   ? "oneMove"
          : solver_moves == 2 ? "short"
          : solver_moves == 3 ? "long"
                              : "veryLong");
#undef THEME
}

/* The id: 8 letters and digits of a 64-bit FNV-1a hash of the FEN and the
 * moves, so the same puzzle gets the same id from any game. */
static void puzzle_id(const char *fen, const char *moves, char out[9]) {
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    uint64_t h = 1469598103934665603ULL;
    for (const char *t = fen; *t; t++)
        h = (h ^ (unsigned char)*t) * 1099511628211ULL;
    h = (h ^ ' ') * 1099511628211ULL;
    for (const char *t = moves; *t; t++)
        h = (h ^ (unsigned char)*t) * 1099511628211ULL;
    for (int i = 0; i < 8; i++, h /= 62)
        out[i] = digits[h % 62];
    out[8] = 0;
}

static fk_score negate(fk_score s) {
    s.value = -s.value;
    if (s.bound != FK_BOUND_EXACT)
        s.bound = s.bound == FK_BOUND_LOWER ? FK_BOUND_UPPER : FK_BOUND_LOWER;
    return s;
}

/* Tries a puzzle at before (the position before the opponent's setting
 * move). Returns 1 and writes a CSV row to out when the line holds, 0 when
 * it does not, -1 when the engine failed. *plies gets the line's length. */
static int try_puzzle(analyse_engine *ae, const puzzle_settings *s, const game *g,
                      const fk_position *before, fk_move setting, FILE *out, int *plies,
                      fk_error *err) {
    fk_move line[2 * MAKE_MAX_SOLVER + 1];
    int n = 0, solver_moves = 0;
    line[n++] = setting;
    fk_position pos = *before;
    fk_move_make(&pos, setting);
    fk_color solver = (fk_color)pos.side;
    int start_balance = material(&pos, solver) - material(&pos, (fk_color)!solver);
    fk_analysis a;
    fk_movelist legal;
    while (solver_moves < MAKE_MAX_SOLVER && fk_moves_generate(&pos, &legal) > 0) {
        if (analyse_search(ae, &pos, legal.count > 1 ? 2 : 1, &a, err) != FK_OK) return -1;
        const fk_engine_line *best = &a.lines[0];
        if (a.count < 1 || best->pv_len < 1 || !puzzle_winning(s, best->score)) break;
        int mates = puzzle_gives_mate(&pos, best->pv[0]);
        int only =
            a.count < 2 || a.lines[1].pv_len < 1 || !puzzle_winning(s, a.lines[1].score) ||
            puzzle_score_value(best->score) - puzzle_score_value(a.lines[1].score) >= s->margin_cp;
        /* any mate is accepted as the last move, so a second mate is no rival */
        if (!only && !mates) break;
        line[n++] = best->pv[0];
        solver_moves++;
        fk_move_make(&pos, best->pv[0]);
        if (mates || fk_moves_generate(&pos, &legal) == 0) break;
        /* the opponent's best reply, as the engine's line has it */
        if (best->pv_len >= 2)
            line[n++] = best->pv[1];
        else {
            if (analyse_search(ae, &pos, 1, &a, err) != FK_OK) return -1;
            if (a.count < 1 || a.lines[0].pv_len < 1) break;
            line[n++] = a.lines[0].pv[0];
        }
        fk_move_make(&pos, line[n - 1]);
    }
    /* a solution ends with the solver's move */
    fk_position end = *before;
    if (n % 2 == 1) n--;
    if (solver_moves == 0 || n < 2) return 0;
    for (int i = 0; i < n; i++)
        fk_move_make(&end, line[i]);
    *plies = n;
    unsigned status = fk_position_status(&end);
    if (status & FK_STATUS_STALEMATE) return 0;
    fk_score final = {1, 1, FK_BOUND_EXACT};
    if (!(status & FK_STATUS_CHECKMATE)) {
        /* not mate: the solver must stay winning and be material up after
         * the opponent's best answer (a recapture counts against it) */
        if (analyse_search(ae, &end, 1, &a, err) != FK_OK) return -1;
        if (a.count < 1) return 0;
        final = negate(a.lines[0].score);
        if (!puzzle_winning(s, final)) return 0;
        fk_position answered = end;
        if (a.lines[0].pv_len >= 1) fk_move_make(&answered, a.lines[0].pv[0]);
        int gain =
            material(&answered, solver) - material(&answered, (fk_color)!solver) - start_balance;
        if (gain < MAKE_MIN_GAIN && !final.is_mate) return 0;
    }
    char fen[FK_FEN_MAX], moves[16 * (2 * MAKE_MAX_SOLVER + 1)] = "", themes[256], id[9];
    fk_fen_write(before, FK_EP_LEGAL, fen, sizeof fen);
    fk_position walk = *before;
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        char uci[8];
        fk_move_to_uci(&walk, line[i], uci, sizeof uci);
        used += (size_t)snprintf(moves + used, sizeof moves - used, "%s%s", i ? " " : "", uci);
        fk_move_make(&walk, line[i]);
    }
    themes_of(before, line, n, final, themes, sizeof themes);
    puzzle_id(fen, moves, id);
    /* Rating, RatingDeviation, Popularity and NbPlays are 0: nobody has
     * played the puzzle yet */
    fprintf(out, "%s,%s,%s,0,0,0,0,%s,%s,\n", id, fen, moves, themes, g->url);
    return 1;
}

static void work(void *ctx, int i, analyse_engine *ae) {
    run *r = ctx;
    game *g = &r->games[i];
    FILE *out = open_memstream(&g->out, &g->out_len);
    if (!out) return;
    fk_position pos = g->start, before = g->start;
    fk_analysis a;
    fk_error err = {0};
    fk_movelist legal;
    /* the score of the position before each move, for the side to move */
    int have_before = 0, skip_to = 0;
    fk_score score_before = {0, 0, FK_BOUND_EXACT};
    /* the start too: a game set up from a FEN may blunder at its first move */
    if (g->n > 0 && fk_moves_generate(&pos, &legal) > 0) {
        if (analyse_search(ae, &pos, 1, &a, &err) != FK_OK || a.count < 1) {
            snprintf(g->why, sizeof g->why, _("the engine failed: %s"), err.message);
            g->engine_failed = 1;
            fclose(out);
            return;
        }
        score_before = a.lines[0].score;
        have_before = 1;
    }
    for (int k = 0; k < g->n && g->made < r->per_game; k++) {
        before = pos;
        fk_move_make(&pos, g->moves[k]);
        if (fk_moves_generate(&pos, &legal) == 0) break;
        if (analyse_search(ae, &pos, 1, &a, &err) != FK_OK || a.count < 1) {
            snprintf(g->why, sizeof g->why, _("the engine failed: %s"), err.message);
            g->engine_failed = 1;
            break;
        }
        fk_score now = a.lines[0].score;
        /* the mover's opponent wins now, and did not before this move */
        if (k >= skip_to && have_before && puzzle_winning(r->settings, now) &&
            !puzzle_winning(r->settings, negate(score_before))) {
            int plies = 0,
                got = try_puzzle(ae, r->settings, g, &before, g->moves[k], out, &plies, &err);
            if (got < 0) {
                snprintf(g->why, sizeof g->why, _("the engine failed: %s"), err.message);
                g->engine_failed = 1;
                break;
            }
            if (got) g->made++, skip_to = k + plies;
        }
        score_before = now;
        have_before = 1;
    }
    fclose(out);
}

static void done(void *ctx, int i) {
    run *r = ctx;
    game *g = &r->games[i];
    if (g->out) fwrite(g->out, 1, g->out_len, stdout);
    if (g->engine_failed) {
        fprintf(stderr, _("%1$s: game %2$ld (line %3$ld): %4$s\n"), r->file, g->number, g->line,
                g->why);
        r->failed++;
    }
    r->made += g->made;
    free(g->out), free(g->moves);
    fflush(stdout);
}

/* Reads every game's start and main line; a broken game is reported and
 * its moves before the fault are kept. Returns the count, or -1. */
static int read_games(const char *path, game **games, int *failed) {
    char why[512];
    cli_source *source = cli_source_open(path, why, sizeof why);
    fk_pgn_reader *reader =
        source ? fk_pgn_reader_create(cli_source_read, source, FK_PGN_NO_REPETITION) : NULL;
    if (!reader) {
        if (source)
            fputs(_("fenkit puzzle: cannot read the games: out of memory\n"), stderr);
        else
            fprintf(stderr, _("fenkit puzzle: cannot read %s\n"), why);
        cli_source_close(source);
        return -1;
    }
    int count = 0, cap = 0;
    game *g = NULL;
    for (fk_pgn_event e; (e = fk_pgn_next(reader)) != FK_PGN_END;) {
        const fk_pgn_game *info = fk_pgn_reader_game(reader);
        if (e == FK_PGN_GAME) {
            if (count == cap) {
                cap = cap ? cap * 2 : 64;
                game *grown = realloc(*games, (size_t)cap * sizeof **games);
                if (!grown) break;
                *games = grown;
            }
            g = &(*games)[count++];
            memset(g, 0, sizeof *g);
            g->number = info->number;
            g->line = info->line;
            g->start = fk_pgn_reader_ply(reader)->pos;
            const char *site = fk_pgn_game_tag(info, "Site");
            /* GameUrl holds a link; a Site that is a place name is left out */
            if (site && (!strncmp(site, "https://", 8) || !strncmp(site, "http://", 7)) &&
                !strpbrk(site, ",\""))
                snprintf(g->url, sizeof g->url, "%s", site);
        } else if (e == FK_PGN_PLY && g && fk_pgn_reader_ply(reader)->depth == 0) {
            if (g->n == g->cap) {
                g->cap = g->cap ? g->cap * 2 : 128;
                fk_move *grown = realloc(g->moves, (size_t)g->cap * sizeof *g->moves);
                if (!grown) continue;
                g->moves = grown;
            }
            g->moves[g->n++] = fk_pgn_reader_ply(reader)->move;
        } else if (e == FK_PGN_ERROR) {
            const fk_pgn_error *pe = fk_pgn_reader_error(reader);
            fprintf(stderr, _("%1$s: game %2$ld (line %3$ld, column %4$ld): %5$s"), path, pe->game,
                    pe->line, pe->column, pe->message);
            fprintf(stderr, pe->move[0] ? " ('%s')\n" : "%s\n", pe->move);
            if (g && g->n)
                fprintf(stderr,
                        P_("%1$s: game %2$ld: its %3$d move before that is still searched\n",
                           "%1$s: game %2$ld: its %3$d moves before that are still searched\n",
                           g->n),
                        path, pe->game, g->n);
            *failed = 1;
        } else if (e == FK_PGN_GAME_END)
            g = NULL;
    }
    const char *failure = cli_source_error(source);
    if (failure) {
        fprintf(stderr, "%s: %s\n", path, failure);
        *failed = 1;
    }
    fk_pgn_reader_free(reader);
    cli_source_close(source);
    return count;
}

int puzzle_make(const puzzle_settings *s, const char *file, int jobs, int per_game) {
    run r = {s, file, per_game, NULL, 0, 0};
    int failed = 0;
    int count = read_games(file, &r.games, &failed);
    if (count < 0) return CLI_PROBLEMS;
    puts("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags");
    if (puzzle_pool_run(s, count, jobs, work, done, &r, N_("games")) != 0) {
        fputs(_("fenkit puzzle: cannot start a worker thread\n"), stderr);
        free(r.games);
        return CLI_PROBLEMS;
    }
    free(r.games);
    fprintf(stderr, P_("%ld puzzle made", "%ld puzzles made", r.made), r.made);
    fprintf(stderr, P_(" from %d game\n", " from %d games\n", count), count);
    return failed || r.failed ? CLI_PROBLEMS : CLI_OK;
}
