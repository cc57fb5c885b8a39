/* The PGN reader: turns tokens into games, replays each move on the
 * position, counts repetitions, and reports a broken game with its place
 * before going on with the next one. Memory is fixed when the reader is
 * created; nothing is allocated per game or per move. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/pgn.h"
#include "pgn_fen.h"
#include "pgn_lex.h"
#include "pgn_san.h"
#include "rules.h"

#define PGN_BUFFER (1 << 16)
#define PGN_MAX_TAGS 128
#define PGN_TAG_ARENA (1 << 15)
#define PGN_MAX_DEPTH 24
#define PGN_HISTORY_START 1024
#define PGN_HISTORY (1 << 14)

/* One line being replayed: the main line (level 0) or a variation. */
typedef struct {
    fk_position pos;   /* where the line stands */
    fk_position prev;  /* before its last move (where a variation starts) */
    int has_prev;      /* a move was played on this line */
    int in_check;      /* the side to move at pos is in check */
    int prev_in_check; /* ... at prev */
    int ply;
    int node;          /* history node of pos */
    int prev_node;     /* history node of prev */
    int alternatives;  /* variations opened after the last move */
    int saved_top;     /* history size when the line was entered */
    size_t path_len;   /* length of the path naming this line */
} line_state;

typedef enum { OUTSIDE, TAGS, MOVES, SKIP } reader_state;

struct fk_pgn_reader {
    pgn_lexer lx;
    unsigned flags;
    reader_state state;
    int replay;   /* handle the lexer's current token again */
    int finished; /* the input ended */
    int nest;     /* open parentheses in the movetext */

    fk_pgn_game game;
    fk_pgn_tag tags[PGN_MAX_TAGS];
    char arena[PGN_TAG_ARENA];
    size_t arena_used;

    fk_pgn_ply ply;
    fk_pgn_error error;
    int error_pending; /* an error recorded, not yet handed out */
    long comments_before; /* the lexer's comment count when the last game ended */
    fk_pgn_stats stats;

    fk_pgn_event queue[4];
    int queue_len, queue_pos;

    /* FK_PGN_ANNOTATIONS: the event of the ply whose comments are being
     * gathered (FK_PGN_GAME for ply 0, FK_PGN_PLY), or FK_PGN_END for none */
    fk_pgn_event pending;
    char comment[FK_PGN_COMMENT_MAX + 1];
    size_t comment_len;

    line_state lines[PGN_MAX_DEPTH + 1];
    char path[sizeof(((fk_pgn_ply *)0)->path)];
    /* The positions of the lines being replayed, as a tree: each node's
     * parent is the position before it. Grown (by doubling, up to
     * PGN_HISTORY) only when a game is longer than any before it. */
    core_rep_key *keys;
    int *parents;
    int history;          /* nodes in use */
    int history_capacity; /* nodes allocated */
    pgn_fen_cache fen;    /* the text of the last FEN written */

    char buf[PGN_BUFFER];
};

size_t fk_pgn_read_stdio(void *file, char *buf, size_t cap) {
    return fread(buf, 1, cap, (FILE *)file);
}

fk_pgn_reader *fk_pgn_reader_create(fk_pgn_read_fn read, void *ctx, unsigned flags) {
    fk_pgn_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    core_attacks_init(); /* the SAN fast path reads the tables directly */
    r->keys = malloc(PGN_HISTORY_START * sizeof *r->keys);
    r->parents = malloc(PGN_HISTORY_START * sizeof *r->parents);
    if (!r->keys || !r->parents) {
        fk_pgn_reader_free(r);
        return NULL;
    }
    r->history_capacity = PGN_HISTORY_START;
    pgn_fen_reset(&r->fen);
    pgn_lex_init(&r->lx, read, ctx, r->buf, sizeof r->buf);
    r->flags = flags;
    r->game.tags = r->tags;
    r->lx.keep_comments = (flags & FK_PGN_ANNOTATIONS) != 0;
    r->ply.comment = r->comment;
    return r;
}

void fk_pgn_reader_free(fk_pgn_reader *reader) {
    if (!reader) return;
    free(reader->keys);
    free(reader->parents);
    free(reader);
}

/* Doubles the history. Returns 0, or -1 at the limit or out of memory. */
static int history_grow(fk_pgn_reader *r) {
    if (r->history_capacity >= PGN_HISTORY) return -1;
    int capacity = r->history_capacity * 2;
    core_rep_key *keys = realloc(r->keys, (size_t)capacity * sizeof *keys);
    if (!keys) return -1;
    r->keys = keys;
    int *parents = realloc(r->parents, (size_t)capacity * sizeof *parents);
    if (!parents) return -1;
    r->parents = parents;
    r->history_capacity = capacity;
    return 0;
}

const fk_pgn_game *fk_pgn_reader_game(const fk_pgn_reader *reader) { return &reader->game; }
const fk_pgn_ply *fk_pgn_reader_ply(const fk_pgn_reader *reader) { return &reader->ply; }
const fk_pgn_error *fk_pgn_reader_error(const fk_pgn_reader *reader) { return &reader->error; }

fk_pgn_stats fk_pgn_reader_stats(const fk_pgn_reader *reader) {
    fk_pgn_stats stats = reader->stats;
    stats.bytes = pgn_lex_offset(&reader->lx);
    return stats;
}

size_t fk_pgn_reader_fen(fk_pgn_reader *reader, fk_ep_mode ep, char *buf, size_t cap) {
    return pgn_fen_write(&reader->fen, &reader->ply.pos, ep, buf, cap);
}

const char *fk_pgn_game_tag(const fk_pgn_game *game, const char *name) {
    for (int i = 0; i < game->tag_count; i++)
        if (strcmp(game->tags[i].name, name) == 0) return game->tags[i].value;
    return NULL;
}

/* Queues an event for fk_pgn_next (one token makes at most three). */
static void emit(fk_pgn_reader *r, fk_pgn_event event) {
    assert(r->queue_len < (int)(sizeof r->queue / sizeof r->queue[0]));
    r->queue[r->queue_len++] = event;
}

/* Hands out a ply's event, or with FK_PGN_ANNOTATIONS holds it back until
 * the comments and NAGs after its move are read. */
static void emit_ply(fk_pgn_reader *r, fk_pgn_event event) {
    r->ply.nag_count = 0;
    if (event == FK_PGN_PLY) { /* ply 0 keeps the comments read among the tags */
        r->comment_len = 0;
        r->comment[0] = '\0';
    }
    if (r->flags & FK_PGN_ANNOTATIONS)
        r->pending = event;
    else
        emit(r, event);
}

/* Adds a NAG to the ply held back (none past the first 8). */
static void add_nag(fk_pgn_reader *r, unsigned value) {
    fk_pgn_ply *ply = &r->ply;
    if (r->pending == FK_PGN_END || value > 255) return;
    if (ply->nag_count < (int)sizeof ply->nags) ply->nags[ply->nag_count++] = (unsigned char)value;
}

/* The NAG of a move suffix or a glyph ("!?", "+/="), or 0 for none. */
static unsigned glyph_nag(const char *t, size_t n) {
    static const struct {
        const char *text;
        unsigned nag;
    } glyphs[] = {{"!", 1},    {"?", 2},    {"!!", 3},   {"??", 4},   {"!?", 5},
                  {"?!", 6},   {"=", 10},   {"+=", 14},  {"+/=", 14}, {"=+", 15},
                  {"=/+", 15}, {"+/-", 16}, {"-/+", 17}, {"+-", 18},  {"-+", 19}};
    for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++)
        if (strlen(glyphs[i].text) == n && memcmp(glyphs[i].text, t, n) == 0) return glyphs[i].nag;
    return 0;
}

/* Adds a comment's text to the ply held back, a space between comments;
 * what passes FK_PGN_COMMENT_MAX is cut at a UTF-8 character's start. */
static void add_comment(fk_pgn_reader *r, const char *text, size_t n) {
    if (r->pending == FK_PGN_END && r->state != TAGS) return;
    while (n && (*text == ' ' || *text == '\t' || *text == '\r'))
        text++, n--;
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\r'))
        n--;
    if (!n) return;
    size_t room = FK_PGN_COMMENT_MAX - r->comment_len - (r->comment_len > 0);
    if (n > room) {
        n = room;
        while (n && ((unsigned char)text[n] & 0xC0) == 0x80)
            n--;
    }
    if (!n) return;
    if (r->comment_len) r->comment[r->comment_len++] = ' ';
    memcpy(r->comment + r->comment_len, text, n);
    r->comment_len += n;
    r->comment[r->comment_len] = '\0';
}

/* Records the game's error at the current token (text = the token at
 * fault, may be ""). Only the first error of a game counts. */
static void set_error(fk_pgn_reader *r, const char *text, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void set_error(fk_pgn_reader *r, const char *text, const char *fmt, ...) {
    if (r->game.has_error || r->error_pending) return;
    fk_pgn_error *e = &r->error;
    e->game = r->game.number;
    e->line = r->lx.tok_line;
    e->column = r->lx.tok_column;
    e->offset = r->lx.tok_offset;
    snprintf(e->move, sizeof e->move, "%s", text);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    r->error_pending = 1;
}

/* Ends the replay of a broken game: the error is handed out and the rest
 * of the game is skipped. */
static void fail(fk_pgn_reader *r) {
    if (!r->error_pending) return;
    r->error_pending = 0;
    r->game.has_error = 1;
    r->stats.errors++;
    r->state = SKIP;
    emit(r, FK_PGN_ERROR);
}

static void new_game(fk_pgn_reader *r) {
    long number = r->game.number + 1;
    memset(&r->game, 0, sizeof r->game);
    r->game.number = number;
    r->game.line = r->lx.tok_line;
    r->game.offset = r->lx.tok_offset;
    r->game.tags = r->tags;
    r->arena_used = 0;
    r->error_pending = 0;
    r->nest = 0;
    r->stats.games++;
    r->state = TAGS;
    r->comment_len = 0;
    r->comment[0] = '\0';
}

/* 1 when the n bytes are well-formed UTF-8. */
static int is_utf8(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        size_t extra;
        if (c < 0x80)
            extra = 0;
        else if (c >= 0xC2 && c <= 0xDF)
            extra = 1;
        else if ((c & 0xF0) == 0xE0)
            extra = 2;
        else if (c >= 0xF0 && c <= 0xF4)
            extra = 3;
        else
            return 0;
        if (n - i <= extra) return 0;
        for (size_t k = 1; k <= extra; k++)
            if ((s[i + k] & 0xC0) != 0x80) return 0;
        i += extra + 1;
    }
    return 1;
}

/* Copies text into the tag arena as UTF-8 (bytes of a value that is not
 * UTF-8 are read as Latin-1). Returns the copy, or NULL when full. */
static const char *arena_put(fk_pgn_reader *r, const char *text, size_t n) {
    int latin1 = !is_utf8((const unsigned char *)text, n);
    size_t need = (latin1 ? 2 * n : n) + 1;
    if (r->arena_used + need > sizeof r->arena) return NULL;
    char *out = r->arena + r->arena_used, *w = out;
    if (!latin1) { /* the usual case: copied as it is */
        memcpy(out, text, n);
        out[n] = '\0';
        r->arena_used += n + 1;
        return out;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (latin1 && c >= 0x80) {
            *w++ = (char)(0xC0 | (c >> 6));
            *w++ = (char)(0x80 | (c & 0x3F));
        } else {
            *w++ = (char)c;
        }
    }
    *w++ = '\0';
    r->arena_used += (size_t)(w - out);
    return out;
}

static void add_tag(fk_pgn_reader *r) {
    pgn_lexer *lx = &r->lx;
    int strict = r->flags & FK_PGN_STRICT;
    if (strict && (lx->lax & PGN_LAX_TAG_SPACE))
        set_error(r, lx->name, "tag %s: white space other than [%s \"value\"]", lx->name,
                  lx->name);
    if (strict && (lx->lax & PGN_LAX_TAG_QUOTE))
        set_error(r, lx->name, "tag %s: a quote inside the value must be written \\\"",
                  lx->name);
    if (lx->lax & PGN_LAX_TAG_LONG)
        set_error(r, lx->name, "tag %s: the value is longer than %d bytes", lx->name,
                  PGN_VALUE_MAX - 1);
    if (r->game.tag_count == PGN_MAX_TAGS) {
        set_error(r, lx->name, "more than %d tags", PGN_MAX_TAGS);
        return;
    }
    const char *name = arena_put(r, lx->name, strlen(lx->name));
    const char *value = name ? arena_put(r, lx->value, lx->value_len) : NULL;
    if (!value) {
        set_error(r, lx->name, "the tags of this game are longer than %d bytes", PGN_TAG_ARENA);
        return;
    }
    r->tags[r->game.tag_count].name = name;
    r->tags[r->game.tag_count].value = value;
    r->game.tag_count++;
}

static int equal_nocase(const char *a, const char *b) {
    for (; *a && *b; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a + 32) : *a;
        char y = *b >= 'A' && *b <= 'Z' ? (char)(*b + 32) : *b;
        if (x != y) return 0;
    }
    return *a == *b;
}

/* Sets up the start position from the Variant, SetUp and FEN tags.
 * Returns 0, or -1 after recording the error. */
static int setup_start(fk_pgn_reader *r, fk_position *start) {
    static const char *const standard[] = {"standard", "chess", "normal", "from position",
                                           "fromposition"};
    static const char *const chess960[] = {"chess960", "chess 960", "fischerandom",
                                           "fischer random", "fischerrandom", "960"};
    const char *variant = fk_pgn_game_tag(&r->game, "Variant");
    int is960 = 0;
    if (variant && *variant) {
        int known = 0;
        for (size_t i = 0; i < sizeof standard / sizeof *standard; i++)
            known |= equal_nocase(variant, standard[i]);
        for (size_t i = 0; i < sizeof chess960 / sizeof *chess960; i++)
            if (equal_nocase(variant, chess960[i])) known = is960 = 1;
        if (!known) {
            set_error(r, "", "variant \"%s\" is not supported (only standard chess and Chess960)",
                      variant);
            return -1;
        }
    }
    const char *fen = fk_pgn_game_tag(&r->game, "FEN");
    const char *setup = fk_pgn_game_tag(&r->game, "SetUp");
    if (!fen) {
        if (setup && strcmp(setup, "1") == 0) {
            set_error(r, "", "[SetUp \"1\"] without a [FEN] tag");
            return -1;
        }
        fk_position_startpos(start);
        start->chess960 = (uint8_t)is960;
        return 0;
    }
    if ((r->flags & FK_PGN_STRICT) && !(setup && strcmp(setup, "1") == 0)) {
        set_error(r, "", "[FEN] tag without [SetUp \"1\"]");
        return -1;
    }
    fk_problems problems;
    fk_problems_clear(&problems);
    unsigned flags = FK_FEN_TOLERANT | (is960 ? FK_FEN_CHESS960 : 0);
    if (fk_fen_parse(fen, strlen(fen), flags, start, &problems) != FK_OK) {
        const char *why = "it cannot be read";
        for (int i = 0; i < problems.count; i++)
            if (problems.items[i].severity == FK_SEV_ERROR) {
                why = problems.items[i].message;
                break;
            }
        set_error(r, "", "bad [FEN] tag \"%s\": %s", fen, why);
        return -1;
    }
    for (int color = FK_WHITE; color <= FK_BLACK; color++) {
        if (__builtin_popcountll(fk_position_pieces(start, FK_MAKE_PIECE(color, FK_KING))) != 1) {
            set_error(r, "", "bad [FEN] tag \"%s\": %s needs exactly one king", fen,
                      color == FK_WHITE ? "White" : "Black");
            return -1;
        }
    }
    if (fk_position_in_check(start, (fk_color)!start->side)) {
        set_error(r, "", "bad [FEN] tag \"%s\": the side not to move is in check", fen);
        return -1;
    }
    if (is960) start->chess960 = 1;
    return 0;
}

/* Adds pos to the history as a child of `parent`. Returns the node and
 * sets *count to the times the position occurred on this line (this one
 * included), or returns -1 when the history is full. */
static int history_push_key(fk_pgn_reader *r, int parent, const fk_position *pos, int *count) {
    if (r->history == r->history_capacity && history_grow(r) != 0) return -1;
    int node = r->history++;
    core_rep_key_make(pos, &r->keys[node]);
    r->parents[node] = parent;
    /* A capture or pawn move cannot be undone, so only the last `halfmove`
     * positions can equal this one; and only every second has the same
     * side to move. */
    const core_rep_key *key = &r->keys[node];
    if (!(r->flags & FK_PGN_VARIATIONS)) {
        /* The main line alone: each node's parent is the one before it, so
         * the positions two, four, ... plies back are read directly. */
        for (int n = node - 2, back = 2; n >= 0 && back <= (int)pos->halfmove; n -= 2, back += 2)
            (*count) += core_rep_key_same(&r->keys[n], key);
        return node;
    }
    int back = 1;
    for (int n = parent; n >= 0 && back <= (int)pos->halfmove; n = r->parents[n], back++)
        if (!(back & 1)) (*count) += core_rep_key_same(&r->keys[n], key);
    return node;
}

/* history_push_key, or with FK_PGN_NO_REPETITION only a node counted (for
 * the same limit on the length of a game). */
static inline int history_push(fk_pgn_reader *r, int parent, const fk_position *pos, int *count) {
    *count = 1;
    if (r->flags & FK_PGN_NO_REPETITION) return r->history < PGN_HISTORY ? r->history++ : -1;
    return history_push_key(r, parent, pos, count);
}

/* Starts the movetext: sets up the start position and hands out the game
 * (or its error). */
static void start_moves(fk_pgn_reader *r) {
    if (!r->error_pending && setup_start(r, &r->game.start) == 0) {
        r->history = 0;
        line_state *main = &r->lines[0];
        memset(main, 0, sizeof *main);
        main->pos = r->game.start;
        main->in_check = fk_position_in_check(&main->pos, (fk_color)main->pos.side);
        int count;
        main->node = history_push(r, -1, &main->pos, &count);
        r->path[0] = '\0';
        memset(&r->ply, 0, sizeof r->ply);
        r->ply.pos = main->pos;
        pgn_fen_touch(&r->fen, 0xFF);
        r->ply.repetition = 1;
        r->ply.line = r->lx.tok_line;
        r->ply.column = r->lx.tok_column;
        r->state = MOVES;
        /* Outside strict mode a move number only has its periods skipped:
         * the lexer does that itself from now on (the start above took
         * its place from the first token of the movetext). */
        r->lx.skip_numbers = !(r->flags & FK_PGN_STRICT);
        r->ply.comment = r->comment;
        emit_ply(r, FK_PGN_GAME);
        return;
    }
    fail(r);
}

/* Ends the game. `missing` when no result closed it. */
static void end_game(fk_pgn_reader *r, int missing) {
    /* a result is the game's last byte; else the token that ends it (a tag,
     * the end of the input) is the next game's */
    r->game.end = missing ? r->lx.tok_offset : pgn_lex_offset(&r->lx);
    if (r->state == TAGS) start_moves(r);
    if (r->state == MOVES && (r->flags & FK_PGN_STRICT)) {
        if (r->nest > 0)
            set_error(r, "", "a variation is not closed at the end of the game");
        else if (missing)
            set_error(r, "", "the game has no result (1-0, 0-1, 1/2-1/2 or *) at its end");
        fail(r);
    }
    /* a comment between two games is counted with the next one */
    r->game.comments = (int)(r->lx.comments - r->comments_before);
    r->comments_before = r->lx.comments;
    emit(r, FK_PGN_GAME_END);
    r->state = OUTSIDE;
    r->lx.skip_numbers = 0;
}

static int is_result(const char *t) {
    if (t[0] != '0' && t[0] != '1' && t[0] != '*') return 0;
    if (t[1] != '-' && t[1] != '/' && t[1] != '\0') return 0; /* a move number */
    return strcmp(t, "1-0") == 0 || strcmp(t, "0-1") == 0 || strcmp(t, "1/2-1/2") == 0 ||
           strcmp(t, "*") == 0;
}

/* A token made only of evaluation glyphs and suffixes: "+/=", "+-", "!?",
 * "=", "∞" (non-ASCII bytes). */
static int is_glyph(const char *t) {
    for (; *t; t++)
        if (!((unsigned char)*t >= 0x80 || strchr("+-=/!?~", *t))) return 0;
    return 1;
}

/* Plays the null move ("--", "Z0"): the other side moves next. */
static void make_null(fk_position *pos) {
    pos->ep_square = FK_NO_SQUARE;
    pos->halfmove++;
    if (pos->side == FK_BLACK) pos->fullmove++;
    pos->side = (uint8_t)!pos->side;
}

/* 1 when text has the shape of a UCI move ("g1f3", "e7e8q"). */
static int looks_like_uci(const char *t) {
    size_t n = strlen(t);
    return (n == 4 || (n == 5 && strchr("qrbn", t[4]))) && t[0] >= 'a' && t[0] <= 'h' &&
           t[1] >= '1' && t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' && t[3] <= '8';
}

/* Reads and plays one move (text, len bytes, zero-terminated) on the
 * current line. The lexer has just stored the text byte by byte, so it is
 * read byte by byte too: a wide read (strlen, memcpy) would stall until
 * those stores are done. */
static void play(fk_pgn_reader *r, const char *text, size_t len) {
    int strict = r->flags & FK_PGN_STRICT;
    line_state *line = &r->lines[r->nest];
    /* With the main line alone (and no strict check that could refuse the
     * move after it is made), the move is played on the ply's position
     * itself, which then needs no copy. */
    fk_position *pos = r->flags & (FK_PGN_VARIATIONS | FK_PGN_STRICT) ? &line->pos : &r->ply.pos;
    char trimmed[PGN_TEXT_MAX];
    unsigned suffix_nag = 0;
    const char *san = text;
    size_t n = len;
    char last = len ? text[len - 1] : '\0';
    if (last == '!' || last == '?' || last == '.') { /* a suffix to take off */
        while (n > 0 && (text[n - 1] == '!' || text[n - 1] == '?')) n--;
        if (n < len) r->game.nags++;
        suffix_nag = glyph_nag(text + n, len - n);
        if (n > 4 && text[n - 4] == 'e' && text[n - 3] == '.' && text[n - 2] == 'p' &&
            text[n - 1] == '.') {
            if (strict) {
                set_error(r, text, "%s: \"e.p.\" is not part of SAN", text);
                fail(r);
                return;
            }
            n -= 4;
        }
        if (n < len) { /* the move without its suffix */
            for (size_t i = 0; i < n; i++) trimmed[i] = text[i];
            trimmed[n] = '\0';
            san = trimmed;
        }
    }
    if (r->lx.text_cut) {
        set_error(r, text, "%s...: not a move", text);
        fail(r);
        return;
    }

    fk_pgn_ply *ply = &r->ply;
    fk_move move = {0, 0, 0, 0};
    int null = n == 2 && ((san[0] == '-' && san[1] == '-') || (san[0] == 'Z' && san[1] == '0'));
    int fast = !null && pgn_san_fast(pos, line->in_check, san, n, &move, ply->san);
    if (null && strict) {
        set_error(r, text, "%s: null moves are not part of standard PGN", text);
        fail(r);
        return;
    }
    if (!null && !fast) {
        fk_error err;
        err.message[0] = '\0';
        /* "b8d7" is a UCI move, though a loose SAN reader could take it
         * for a bishop move: UCI first (lenient only). */
        fk_status st = FK_ERR_SYNTAX;
        if (!strict && looks_like_uci(san))
            st = fk_move_parse_uci(pos, san, n, &move, NULL);
        if (st != FK_OK) st = core_san_parse_listed(pos, san, n, &move, &err);
        if (st != FK_OK && strict && looks_like_uci(san) &&
            fk_move_parse_uci(pos, san, n, &move, NULL) == FK_OK) {
            char standard[16];
            fk_move_to_san(pos, move, standard, sizeof standard);
            snprintf(err.message, sizeof err.message, "%s is a UCI move: in SAN it is %s", san,
                     standard);
        }
        if (st != FK_OK) {
            const char *who = pos->side == FK_WHITE ? "White" : "Black";
            if (err.message[0]) /* it names the move */
                set_error(r, text, "%s's move %u: %s", who, pos->fullmove, err.message);
            else
                set_error(r, text, "%s's move %u: %s is %s", who, pos->fullmove, text,
                          st == FK_ERR_AMBIGUOUS ? "ambiguous"
                          : st == FK_ERR_SYNTAX  ? "not a move"
                                                 : "illegal in this position");
            fail(r);
            return;
        }
    }

    fk_piece mover = fk_position_at(pos, move.from);
    if (null) {
        memcpy(ply->san, "--", 3);
    } else if (!fast && FK_PIECE_KIND(mover) == FK_KING &&
               fk_position_at(pos, move.to) == FK_MAKE_PIECE(pos->side, FK_ROOK)) {
        /* castling (the king takes its own rook): the check mark follows */
        memcpy(ply->san, move.to > move.from ? "O-O" : "O-O-O", move.to > move.from ? 4 : 6);
        fast = 1;
    } else if (!fast) {
        fk_move_to_san(pos, move, ply->san, sizeof ply->san);
    }
    if (r->flags & FK_PGN_VARIATIONS) {
        line->prev = *pos;
        line->prev_node = line->node;
        line->has_prev = 1;
        line->prev_in_check = line->in_check;
        line->alternatives = 0;
    }
    if (null)
        make_null(pos);
    else
        fk_make(pos, move);
    /* The FEN writer compares only the ranks a move can change (castling's
     * rook and an en passant capture stay on the ranks of from and to);
     * a variation's ply may follow a position of another line. */
    pgn_fen_touch(&r->fen, r->flags & FK_PGN_VARIATIONS
                               ? 0xFFu
                               : (1u << FK_RANK_OF(move.from)) | (1u << FK_RANK_OF(move.to)));
    line->in_check = fk_king_attacked(pos, pos->side);
    if (fast && line->in_check) pgn_san_mark_check(pos, ply->san);
    if (strict && strcmp(ply->san, san) != 0) {
        set_error(r, text, "%s is not standard SAN: it should be %s", text, ply->san);
        fail(r);
        return;
    }
    line->ply++;
    int count;
    int node = history_push(r, line->node, pos, &count);
    if (node < 0) {
        set_error(r, text, "the game is longer than %d positions (or memory ran out)",
                  PGN_HISTORY);
        fail(r);
        return;
    }
    line->node = node;
    if (pos != &ply->pos) ply->pos = *pos;
    ply->move = move;
    ply->ply = line->ply;
    ply->depth = r->nest;
    ply->repetition = count;
    if (line->path_len) memcpy(ply->path, r->path, line->path_len);
    ply->path[line->path_len] = '\0';
    ply->line = r->lx.tok_line;
    ply->column = r->lx.tok_column;
    r->stats.plies++;
    if (r->nest == 0) r->game.plies++;
    emit_ply(r, FK_PGN_PLY);
    if (suffix_nag) add_nag(r, suffix_nag);
}

/* '(' : a variation replaces the last move of the current line. */
static void open_variation(fk_pgn_reader *r) {
    line_state *line = &r->lines[r->nest];
    if (!line->has_prev) {
        set_error(r, "(", "a variation must follow the move it replaces");
        fail(r);
        return;
    }
    if (r->nest == PGN_MAX_DEPTH) {
        set_error(r, "(", "variations nested deeper than %d", PGN_MAX_DEPTH);
        fail(r);
        return;
    }
    line->alternatives++;
    int len = snprintf(r->path + line->path_len, sizeof r->path - line->path_len, "%s%d.%d",
                       line->path_len ? "/" : "", line->ply, line->alternatives);
    if (len < 0 || (size_t)len >= sizeof r->path - line->path_len) {
        set_error(r, "(", "variations nested too deep to name");
        fail(r);
        return;
    }
    line_state *sub = &r->lines[++r->nest];
    sub->pos = line->prev;
    sub->in_check = line->prev_in_check;
    sub->has_prev = 0;
    sub->ply = line->ply - 1;
    sub->node = line->prev_node;
    sub->alternatives = 0;
    sub->saved_top = r->history;
    sub->path_len = line->path_len + (size_t)len;
}

/* Handles one movetext token while the game is replayed. */
static void movetext_token(fk_pgn_reader *r, pgn_tok_kind kind) {
    pgn_lexer *lx = &r->lx;
    int strict = r->flags & FK_PGN_STRICT;
    int replaying = r->state == MOVES && (r->nest == 0 || (r->flags & FK_PGN_VARIATIONS));
    const char *t = lx->text;

    switch (kind) {
    case PGN_TOK_OPEN:
        if (r->nest == 0 && r->state == MOVES) r->game.variations++;
        if (replaying && (r->flags & FK_PGN_VARIATIONS))
            open_variation(r);
        else
            r->nest++;
        return;
    case PGN_TOK_CLOSE:
        if (r->nest == 0) {
            if (strict && r->state == MOVES) {
                set_error(r, ")", "')' without a variation to close");
                fail(r);
            }
            return;
        }
        if (r->state == MOVES && (r->flags & FK_PGN_VARIATIONS))
            r->history = r->lines[r->nest].saved_top;
        r->nest--;
        return;
    case PGN_TOK_STAR: t = "*"; /* fall through */
    case PGN_TOK_SYMBOL:
        if ((t[0] >= 'a' && t[0] <= 'h' && t[1] != '.') || t[0] == 'N' || t[0] == 'B' ||
            t[0] == 'R' || t[0] == 'Q' || t[0] == 'K' || t[0] == 'O') {
            if (replaying) play(r, t, lx->text_len); /* the usual case: a move */
            return;
        }
        if (is_result(t)) {
            if (r->nest == 0) {
                size_t len = strlen(t); /* a result: at most 7 bytes */
                memcpy(r->game.result, t, len + 1 <= sizeof r->game.result ? len + 1 : 1);
                end_game(r, 0);
            } else if (strict && replaying) {
                set_error(r, t, "a result inside a variation");
                fail(r);
            }
            return;
        }
        if (!replaying) return;
        if (t[0] >= '0' && t[0] <= '9') {
            size_t digits = 1;
            while (t[digits] >= '0' && t[digits] <= '9') digits++;
            if (t[digits] == '\0') {
                if (strict && strtoul(t, NULL, 10) != r->lines[r->nest].pos.fullmove) {
                    set_error(r, t, "move number %s where %u is due", t,
                              r->lines[r->nest].pos.fullmove);
                    fail(r);
                }
                pgn_lex_skip_dots(lx); /* each would be a token of its own */
                return;
            }
            if (strncmp(t, "0-0", 3) == 0) {
                if (strict) {
                    set_error(r, t, "%s: castling is written with the letter O", t);
                    fail(r);
                    return;
                }
                char castle[PGN_TEXT_MAX];
                snprintf(castle, sizeof castle, "%s", t);
                for (char *c = castle; *c == '0' || *c == '-'; c++)
                    if (*c == '0') *c = 'O';
                play(r, castle, strlen(castle));
                return;
            }
            set_error(r, t, "%s: not a move, move number or result", t);
            fail(r);
            return;
        }
        if (strcmp(t, "e.p.") == 0) {
            if (strict) {
                set_error(r, t, "\"e.p.\" is not part of SAN");
                fail(r);
            }
            return;
        }
        if (strcmp(t, "--") != 0 && is_glyph(t)) {
            r->game.nags++;
            add_nag(r, glyph_nag(t, strlen(t)));
            if (strict) {
                set_error(r, t, "%s: evaluation glyphs must be written as NAGs ($n)", t);
                fail(r);
            }
            return;
        }
        play(r, t, kind == PGN_TOK_STAR ? 1 : lx->text_len);
        return;
    case PGN_TOK_BAD:
        if (r->state == SKIP) return;
        set_error(r, "", "%s", lx->message);
        fail(r);
        return;
    case PGN_TOK_NAG:
        r->game.nags++;
        if (replaying) add_nag(r, (unsigned)strtoul(lx->text, NULL, 10));
        return;
    case PGN_TOK_COMMENT:
        if (replaying) add_comment(r, lx->value, lx->value_len);
        return;
    case PGN_TOK_DOT:
    default: return;
    }
}

/* 1 when the token adds to the annotations of the ply held back: a
 * comment, a NAG or a glyph. */
static int is_annotation(const fk_pgn_reader *r, pgn_tok_kind kind) {
    if (kind == PGN_TOK_COMMENT || kind == PGN_TOK_NAG) return 1;
    return kind == PGN_TOK_SYMBOL && strcmp(r->lx.text, "--") != 0 && is_glyph(r->lx.text) &&
           r->lx.text[0] != '\0';
}

/* Moves the game along by one token, queueing the events it makes. */
static void handle_token(fk_pgn_reader *r, pgn_tok_kind kind) {
    if (r->pending != FK_PGN_END && !is_annotation(r, kind)) {
        /* the held ply's annotations are complete: it goes out, and the
         * token is handled on the next call, once the ply is read */
        emit(r, r->pending);
        r->pending = FK_PGN_END;
        r->replay = 1;
        return;
    }
    if (kind == PGN_TOK_COMMENT && r->state != MOVES) {
        /* before the first move: ply 0's; between games: nobody's */
        if (r->state == TAGS) add_comment(r, r->lx.value, r->lx.value_len);
        return;
    }
    if (r->state == OUTSIDE) {
        if (kind == PGN_TOK_EOF) {
            r->finished = 1;
            return;
        }
        new_game(r);
    }
    if (r->state == TAGS) {
        if (kind == PGN_TOK_TAG) {
            add_tag(r);
            return;
        }
        if (kind == PGN_TOK_BAD && !r->lx.ends_game) {
            /* a broken tag line, or junk among the tags: the tags go on */
            set_error(r, "", "%s", r->lx.message);
            return;
        }
        if (r->error_pending && kind != PGN_TOK_EOF && !r->lx.ends_game &&
            !(kind == PGN_TOK_STAR || (kind == PGN_TOK_SYMBOL && is_result(r->lx.text))))
            return; /* the junk goes on until a tag or a result */
        if (kind != PGN_TOK_EOF) {
            start_moves(r);
            /* FK_PGN_GAME hands out ply 0: the token (maybe a move, when
             * no move number comes first) waits for the next call */
            if (r->state == MOVES) {
                r->replay = 1;
                return;
            }
        }
    }
    if (kind == PGN_TOK_TAG || kind == PGN_TOK_EOF) {
        end_game(r, 1);
        r->replay = 1; /* the tag starts the next game; EOF ends the input */
        return;
    }
    movetext_token(r, kind);
}

void fk_pgn_reader_skip_game(fk_pgn_reader *r) {
    /* the state of a broken game's rest: results still end it, moves are
     * not replayed */
    if (r->state == MOVES) r->state = SKIP;
}

fk_pgn_event fk_pgn_next(fk_pgn_reader *r) {
    for (;;) {
        if (r->queue_pos < r->queue_len) return r->queue[r->queue_pos++];
        r->queue_len = r->queue_pos = 0;
        if (r->finished) return FK_PGN_END;
        pgn_tok_kind kind = r->replay ? r->lx.kind : pgn_lex_next(&r->lx);
        r->replay = 0;
        handle_token(r, kind);
    }
}
