/* fenkit pgn: which games to keep (see pgn_select.h). */
#include "pgn_select.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

enum { OP_EQ, OP_NE, OP_MATCH, OP_LT, OP_LE, OP_GT, OP_GE };

static const char *const result_names[] = {"1-0", "0-1", "1/2-1/2", "*"};

static int say(char *why, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
    return -1;
}

void pgn_select_init(pgn_select *sel) {
    memset(sel, 0, sizeof *sel);
    sel->min_plies = sel->max_plies = -1;
}

void pgn_select_free(pgn_select *sel) {
    for (int i = 0; i < sel->tag_count; i++)
        if (sel->tags[i].op == OP_MATCH) regfree(&sel->tags[i].regex);
    free(sel->seen);
    free(sel->seen_game);
    sel->seen = NULL;
    sel->seen_game = NULL;
}

/* Reads a whole number or decimal; returns 1 with *out set, else 0. */
static int read_number(const char *text, double *out) {
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno) return 0;
    *out = v;
    return 1;
}

int pgn_select_add_tag(pgn_select *sel, const char *text, char *why, size_t cap) {
    if (sel->tag_count == PGN_SELECT_MAX)
        return say(why, cap, "at most %d tag tests", PGN_SELECT_MAX);
    size_t name_len = strcspn(text, "=!~<>");
    if (name_len == 0 || !text[name_len])
        return say(why, cap,
                   "'%s': write NAME=VALUE, NAME!=VALUE, NAME~REGEX, or NAME>=N (also >, <, <=)",
                   text);
    if (name_len >= sizeof sel->tags[0].name) return say(why, cap, "'%s': tag name too long", text);
    pgn_tag_test *t = &sel->tags[sel->tag_count];
    memcpy(t->name, text, name_len);
    t->name[name_len] = '\0';
    const char *op = text + name_len;
    static const struct {
        const char *text;
        int op;
    } ops[] = {{"!=", OP_NE},   {">=", OP_GE}, {"<=", OP_LE}, {"=", OP_EQ},
               {"~", OP_MATCH}, {">", OP_GT},  {"<", OP_LT}};
    size_t i = 0;
    while (i < sizeof ops / sizeof ops[0] && strncmp(op, ops[i].text, strlen(ops[i].text)) != 0)
        i++;
    if (i == sizeof ops / sizeof ops[0])
        return say(why, cap, "'%s': '%c' is not one of =, !=, ~, <, <=, >, >=", text, *op);
    t->op = ops[i].op;
    t->value = op + strlen(ops[i].text);
    t->is_number = read_number(t->value, &t->number);
    if (t->op == OP_MATCH) {
        int err = regcomp(&t->regex, t->value, REG_EXTENDED | REG_NOSUB);
        if (err) {
            char msg[200];
            regerror(err, &t->regex, msg, sizeof msg);
            return say(why, cap, "'%s': the regular expression: %s", text, msg);
        }
    }
    sel->tag_count++;
    return 0;
}

int pgn_select_add_result(pgn_select *sel, const char *text, char *why, size_t cap) {
    /* a comma-separated list; "draw" and "1/2" stand for 1/2-1/2 */
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, ",");
        int found = -1;
        for (int i = 0; i < 4; i++)
            if (strlen(result_names[i]) == len && strncmp(p, result_names[i], len) == 0) found = i;
        if ((len == 4 && strncmp(p, "draw", 4) == 0) || (len == 3 && strncmp(p, "1/2", 3) == 0))
            found = 2;
        if (found < 0)
            return say(why, cap, "'%.*s' is not a result: 1-0, 0-1, 1/2-1/2 (or draw), *", (int)len,
                       p);
        sel->results |= 1u << found;
        p += len + (p[len] == ',');
    }
    if (!sel->results) return say(why, cap, "give a result: 1-0, 0-1, 1/2-1/2 (or draw), *");
    return 0;
}

int pgn_select_set_plies(pgn_select *sel, const char *text, char *why, size_t cap) {
    /* N, MIN-MAX, MIN- or -MAX */
    const char *dash = strchr(text, '-');
    char *end;
    long lo = -1, hi = -1;
    if (!dash) {
        lo = hi = strtol(text, &end, 10);
        if (end == text || *end || lo < 0) goto bad;
    } else {
        if (dash != text) {
            lo = strtol(text, &end, 10);
            if (end != dash || lo < 0) goto bad;
        }
        if (dash[1]) {
            hi = strtol(dash + 1, &end, 10);
            if (*end || hi < 0) goto bad;
        }
        if (lo < 0 && hi < 0) goto bad;
        if (lo >= 0 && hi >= 0 && lo > hi)
            return say(why, cap, "'%s': the least (%ld) is more than the most (%ld)", text, lo, hi);
    }
    sel->min_plies = lo;
    sel->max_plies = hi;
    return 0;
bad:
    return say(why, cap, "'%s': write N, MIN-MAX, MIN- or -MAX (numbers of plies)", text);
}

int pgn_select_add_material(pgn_select *sel, const char *text, char *why, size_t cap) {
    if (sel->material_count == PGN_SELECT_MAX)
        return say(why, cap, "at most %d --material tests", PGN_SELECT_MAX);
    pgn_material m = {{0}, 0};
    for (const char *p = text; *p; p++) {
        fk_piece piece = fk_piece_from_char(*p);
        if (piece == FK_EMPTY)
            return say(why, cap,
                       "'%s', byte %d: '%c' is not a piece letter (KQRBNP white, kqrbnp black)",
                       text, (int)(p - text), *p);
        if (++m.count[piece] > (FK_PIECE_KIND(piece) == FK_KING ? 1 : 10))
            return say(why, cap, "'%s': more %c than a game can have", text, *p);
        m.total++;
    }
    if (m.count[FK_WK] != 1 || m.count[FK_BK] != 1)
        return say(why, cap, "'%s': name both kings (K and k), e.g. KRPkr", text);
    sel->material[sel->material_count++] = m;
    return 0;
}

int pgn_select_add_reaches(pgn_select *sel, const char *text, char *why, size_t cap) {
    if (sel->reach_count == PGN_SELECT_MAX)
        return say(why, cap, "at most %d --reaches tests", PGN_SELECT_MAX);
    char named[FK_FEN_MAX], named_why[512];
    int is_named = cli_startpos_fen(text, strlen(text), named, named_why, sizeof named_why);
    if (is_named < 0) return say(why, cap, "%s", named_why);
    const char *fen = is_named ? named : text;
    pgn_pattern pat;
    memset(&pat, 0, sizeof pat);
    pat.side = -1;
    int rank = 7, file = 0;
    const char *p = fen;
    for (; *p && *p != ' '; p++) {
        int at = (int)(p - fen);
        if (*p == '/') {
            if (file != 8)
                return say(why, cap, "'%s', byte %d: rank %d has %d squares, needs 8", text, at,
                           rank + 1, file);
            if (--rank < 0) return say(why, cap, "'%s', byte %d: more than 8 ranks", text, at);
            file = 0;
            continue;
        }
        int squares = *p >= '1' && *p <= '8' ? *p - '0' : 1;
        if (file + squares > 8)
            return say(why, cap, "'%s', byte %d: rank %d has more than 8 squares", text, at,
                       rank + 1);
        fk_piece piece = fk_piece_from_char(*p);
        if (*p != '?' && piece == FK_EMPTY && !(*p >= '1' && *p <= '8'))
            return say(why, cap,
                       "'%s', byte %d: '%c' is not a piece letter, a count of empty squares "
                       "or ? (any square)",
                       text, at, *p);
        for (int i = 0; i < squares; i++, file++) {
            fk_square sq = FK_SQUARE(file, rank);
            if (*p == '?') continue;
            pat.care |= FK_BIT(sq);
            pat.want[piece] |= FK_BIT(sq);
        }
    }
    if (rank != 0 || file != 8)
        return say(why, cap, "'%s': the placement needs 8 ranks of 8 squares (rank %d has %d)",
                   text, rank + 1, file);
    if (*p == ' ' && (p[1] == 'w' || p[1] == 'b')) pat.side = p[1] == 'w' ? FK_WHITE : FK_BLACK;
    sel->reaches[sel->reach_count++] = pat;
    return 0;
}

/* The index of a result's text in result_names, or -1. */
static int result_of(const char *text) {
    for (int i = 0; text && i < 4; i++)
        if (strcmp(text, result_names[i]) == 0) return i;
    return -1;
}

int pgn_select_needs_moves(const pgn_select *sel, const fk_pgn_game *game) {
    return sel->checkmate || sel->min_plies >= 0 || sel->max_plies >= 0 || sel->material_count ||
           sel->reach_count || sel->dedupe ||
           (sel->results && result_of(fk_pgn_game_tag(game, "Result")) < 0);
}

int pgn_select_deferred(const pgn_select *sel) {
    return sel->results || sel->checkmate || sel->min_plies >= 0 || sel->max_plies >= 0 ||
           sel->material_count || sel->reach_count || sel->dedupe;
}

/* 1 when the game's tag passes test t (a missing tag passes only !=). */
static int tag_passes(const pgn_tag_test *t, const char *value) {
    if (!value) return t->op == OP_NE;
    switch (t->op) {
    case OP_EQ: return strcmp(value, t->value) == 0;
    case OP_NE: return strcmp(value, t->value) != 0;
    case OP_MATCH: return regexec(&t->regex, value, 0, NULL, 0) == 0;
    default: break;
    }
    /* numbers compare as numbers (Elo), anything else as text, which keeps
     * PGN dates (YYYY.MM.DD) in order; an unknown value ("?", "-") never
     * passes a comparison with a number */
    double v;
    int cmp;
    if (t->is_number && read_number(value, &v))
        cmp = v < t->number ? -1 : v > t->number;
    else if (t->is_number && !(value[0] >= '0' && value[0] <= '9'))
        return 0;
    else
        cmp = strcmp(value, t->value);
    switch (t->op) {
    case OP_LT: return cmp < 0;
    case OP_LE: return cmp <= 0;
    case OP_GT: return cmp > 0;
    default: return cmp >= 0;
    }
}

/* The game's result: its Result tag's, else (no tag, or "?") the one at
 * the end of its movetext. */
static int result_index(const fk_pgn_game *game) {
    int tag = result_of(fk_pgn_game_tag(game, "Result"));
    return tag >= 0 ? tag : result_of(game->result);
}

int pgn_select_game_start(pgn_select *sel, const fk_pgn_game *game, const fk_pgn_ply *start) {
    /* a Result tag decides --result before the moves are read */
    int tag_result = result_of(fk_pgn_game_tag(game, "Result"));
    if (sel->results && tag_result >= 0 && !(sel->results & (1u << tag_result))) {
        sel->rejected++;
        return 0;
    }
    for (int i = 0; i < sel->tag_count; i++) {
        if (!tag_passes(&sel->tags[i], fk_pgn_game_tag(game, sel->tags[i].name))) {
            sel->rejected++;
            return 0;
        }
    }
    sel->reached = sel->reach_count == 0;
    sel->material_seen = sel->material_count == 0;
    sel->line_hash = fk_position_hash(&start->pos);
    pgn_select_ply(sel, start);
    return 1;
}

static int pattern_matches(const pgn_pattern *pat, const fk_position *pos) {
    if (pat->side >= 0 && pos->side != pat->side) return 0;
    fk_bitboard care = pat->care;
    if ((~fk_position_occupied(pos) & care) != pat->want[FK_EMPTY]) return 0;
    for (int piece = 1; piece < FK_PIECE_COUNT; piece++)
        if ((fk_position_pieces(pos, (fk_piece)piece) & care) != pat->want[piece]) return 0;
    return 1;
}

static int material_matches(const pgn_material *m, const fk_position *pos) {
    if (__builtin_popcountll(fk_position_occupied(pos)) != m->total) return 0;
    for (int piece = 1; piece < FK_PIECE_COUNT; piece++)
        if (__builtin_popcountll(fk_position_pieces(pos, (fk_piece)piece)) != m->count[piece])
            return 0;
    return 1;
}

/* A 64-bit mix (splitmix64's finaliser): every bit of the input moves
 * about half the bits of the output. */
static uint64_t mix(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void pgn_select_ply(pgn_select *sel, const fk_pgn_ply *ply) {
    if (ply->depth > 0) return;
    if (ply->ply > 0)
        sel->line_hash =
            mix(sel->line_hash ^ ((uint64_t)ply->move.from | (uint64_t)ply->move.to << 6 |
                                  (uint64_t)ply->move.promotion << 12 | (uint64_t)ply->ply << 16));
    for (int i = 0; !sel->reached && i < sel->reach_count; i++)
        sel->reached = pattern_matches(&sel->reaches[i], &ply->pos);
    for (int i = 0; !sel->material_seen && i < sel->material_count; i++)
        sel->material_seen = material_matches(&sel->material[i], &ply->pos);
    /* copied, not tested: only the last one counts, a mate can end no other */
    if (sel->checkmate) sel->last = ply->pos;
}

/* Looks the hash up in the duplicate table and adds it when it is new.
 * Returns the game that had it first, 0 when it is new, or -1 when out of
 * memory (the game is then kept). */
static long seen_before(pgn_select *sel, uint64_t hash, long number) {
    if (hash == 0) hash = 1; /* 0 marks an empty slot */
    if (2 * (sel->seen_used + 1) > sel->seen_cap) {
        size_t cap = sel->seen_cap ? sel->seen_cap * 2 : 1 << 16;
        uint64_t *keys = calloc(cap, sizeof *keys);
        long *games = malloc(cap * sizeof *games);
        if (!keys || !games) {
            free(keys);
            free(games);
            return -1;
        }
        for (size_t i = 0; i < sel->seen_cap; i++) {
            if (!sel->seen[i]) continue;
            size_t j = sel->seen[i] & (cap - 1);
            while (keys[j])
                j = (j + 1) & (cap - 1);
            keys[j] = sel->seen[i];
            games[j] = sel->seen_game[i];
        }
        free(sel->seen);
        free(sel->seen_game);
        sel->seen = keys;
        sel->seen_game = games;
        sel->seen_cap = cap;
    }
    size_t j = hash & (sel->seen_cap - 1);
    while (sel->seen[j]) {
        if (sel->seen[j] == hash) return sel->seen_game[j];
        j = (j + 1) & (sel->seen_cap - 1);
    }
    sel->seen[j] = hash;
    sel->seen_game[j] = number;
    sel->seen_used++;
    return 0;
}

int pgn_select_game_end(pgn_select *sel, const fk_pgn_game *game, long number, long *first) {
    *first = 0;
    int ok = sel->reached && sel->material_seen &&
             (!sel->checkmate || (fk_position_status(&sel->last) & FK_STATUS_CHECKMATE)) &&
             (sel->min_plies < 0 || game->plies >= sel->min_plies) &&
             (sel->max_plies < 0 || game->plies <= sel->max_plies);
    if (ok && sel->results) {
        int r = result_index(game);
        ok = r >= 0 && (sel->results & (1u << r));
    }
    if (ok && sel->dedupe) {
        long before = seen_before(sel, mix(sel->line_hash ^ (uint64_t)game->plies), number);
        if (before > 0) {
            *first = before;
            sel->duplicates++;
            return 0;
        }
    }
    if (ok)
        sel->selected++;
    else
        sel->rejected++;
    return ok;
}
