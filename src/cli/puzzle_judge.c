/* fenkit puzzle: the engine's verdict on a solution. At each solver move
 * the engine looks at the two best moves (MultiPV 2); the solution must be
 * the best, winning, and the runner-up clearly worse. */
#include <string.h>

#include "puzzle.h"

int puzzle_score_value(fk_score score) {
    /* a shorter mate is worth more; every mate is worth more than any score */
    if (score.is_mate) return score.value > 0 ? 100000 - score.value : -100000 - score.value;
    return score.value;
}

int puzzle_winning(const puzzle_settings *s, fk_score score) {
    return score.is_mate ? score.value > 0 : score.value >= s->win_cp;
}

static void san_of(const fk_position *pos, fk_move move, char *buf, size_t cap) {
    if (!fk_move_to_san(pos, move, buf, cap)) snprintf(buf, cap, "?");
}

/* The score as the solver sees it, in text ("+2.35", "#3"). */
static void score_of(fk_score score, char *buf, size_t cap) { analyse_score_text(score, buf, cap); }

static int accepted(const puzzle *p, int index, fk_move move) {
    if (index == puzzle_first_solver(p) && p->nalts) {
        for (int i = 0; i < p->nalts; i++)
            if (puzzle_same_move(p->alts[i], move)) return 1;
        return 0;
    }
    return puzzle_same_move(p->moves[index], move);
}

/* Judges the solver's move at index, played in pos. Returns 0, or -1 when
 * the engine failed. */
static int judge_step(analyse_engine *ae, const puzzle_settings *s, puzzle *p, int index,
                      const fk_position *pos) {
    fk_move solution = p->moves[index];
    /* lichess accepts any mate as the last move: another mate is no rival */
    if (puzzle_gives_mate(pos, solution)) return 0;
    fk_analysis a;
    fk_error err = {0};
    fk_movelist legal;
    int multipv = fk_moves_generate(pos, &legal) > 1 ? 2 : 1;
    if (analyse_search(ae, pos, multipv, &a, &err) != FK_OK || a.count < 1) {
        puzzle_problem(p, "the engine failed at move %d: %s", index + 1, err.message);
        return -1;
    }
    const fk_engine_line *best = &a.lines[0], *second = a.count > 1 ? &a.lines[1] : NULL;
    char want[16], got[16], sb[32], ss[32];
    san_of(pos, solution, want, sizeof want);
    score_of(best->score, sb, sizeof sb);
    if (best->pv_len < 1) {
        puzzle_problem(p, "the engine gave no move at move %d", index + 1);
        return 0;
    }
    san_of(pos, best->pv[0], got, sizeof got);
    if (!accepted(p, index, best->pv[0])) {
        if (second && second->pv_len && accepted(p, index, second->pv[0]) &&
            puzzle_winning(s, second->score)) {
            score_of(second->score, ss, sizeof ss);
            puzzle_problem(p, "move %d: %s wins too (%s), as well as the solution's %s (%s)",
                           index + 1, got, sb, want, ss);
        } else
            puzzle_problem(p, "move %d: the engine plays %s (%s), not the solution's %s", index + 1,
                           got, sb, want);
        return 0;
    }
    if (!puzzle_winning(s, best->score)) {
        puzzle_problem(p, "move %d: the solution's %s does not win (%s for the solver)", index + 1,
                       want, sb);
        return 0;
    }
    if (second && second->pv_len && !accepted(p, index, second->pv[0]) &&
        puzzle_winning(s, second->score) &&
        puzzle_score_value(best->score) - puzzle_score_value(second->score) < s->margin_cp) {
        san_of(pos, second->pv[0], got, sizeof got);
        score_of(second->score, ss, sizeof ss);
        puzzle_problem(p, "move %d: not the only winning move: %s scores %s, the solution's %s %s",
                       index + 1, got, ss, want, sb);
    }
    return 0;
}

int puzzle_judge(analyse_engine *ae, const puzzle_settings *s, puzzle *p) {
    fk_position pos = p->start;
    for (int i = 0; i < p->nmoves; i++) {
        if ((i - puzzle_first_solver(p)) % 2 == 0 && i >= puzzle_first_solver(p))
            if (judge_step(ae, s, p, i, &pos) != 0) return -1;
        fk_move_make(&pos, p->moves[i]);
    }
    /* the end: mate, or the solver (who moved last) still wins */
    unsigned status = fk_position_status(&pos);
    if (status & FK_STATUS_CHECKMATE) return 0;
    if (status & FK_STATUS_STALEMATE) {
        puzzle_problem(p, "the line ends in stalemate");
        return 0;
    }
    fk_analysis a;
    fk_error err = {0};
    if (analyse_search(ae, &pos, 1, &a, &err) != FK_OK || a.count < 1) {
        puzzle_problem(p, "the engine failed on the final position: %s", err.message);
        return -1;
    }
    fk_score solver = a.lines[0].score;
    solver.value = -solver.value;
    if (solver.bound != FK_BOUND_EXACT)
        solver.bound = solver.bound == FK_BOUND_LOWER ? FK_BOUND_UPPER : FK_BOUND_LOWER;
    if (!puzzle_winning(s, solver)) {
        char sb[32];
        score_of(solver, sb, sizeof sb);
        puzzle_problem(p, "the final position is not won: %s for the solver", sb);
    }
    return 0;
}
