/* SAN: writing moves with minimal disambiguation, and reading them the way
 * people and programs write them. */
#include <stdio.h>
#include <string.h>

#include "pgn_san.h"
#include "rules.h"

static const char piece_letters[FK_KIND_COUNT] = {'P', 'N', 'B', 'R', 'Q', 'K'};

/* 1 when the move is castling (king takes own rook). */
static int is_castle(const fk_position *pos, fk_move m) {
    int piece = pos->board[m.from], target = pos->board[m.to];
    return FK_PIECE_KIND(piece) == FK_KING && target != FK_EMPTY &&
           (int)FK_MAKE_PIECE(pos->side, FK_ROOK) == target;
}

/* SAN of move, given the legal moves of pos (for disambiguation). */
static size_t san_from_list(const fk_position *pos, const fk_movelist *list, fk_move m,
                            char *buf, size_t cap) {
    char text[16];
    size_t n = 0;
    int piece = pos->board[m.from], kind = FK_PIECE_KIND(piece);
    if (is_castle(pos, m)) {
        n = (size_t)sprintf(text, "%s", m.to > m.from ? "O-O" : "O-O-O");
    } else {
        int capture = pos->board[m.to] != FK_EMPTY ||
                      (kind == FK_PAWN && FK_FILE_OF(m.from) != FK_FILE_OF(m.to));
        if (kind != FK_PAWN) {
            text[n++] = piece_letters[kind];
            int others = 0, same_file = 0, same_rank = 0;
            for (int i = 0; i < list->count; i++) {
                fk_move o = list->moves[i];
                if (o.to != m.to || o.from == m.from || pos->board[o.from] != piece ||
                    is_castle(pos, o))
                    continue;
                others = 1;
                same_file |= FK_FILE_OF(o.from) == FK_FILE_OF(m.from);
                same_rank |= FK_RANK_OF(o.from) == FK_RANK_OF(m.from);
            }
            if (others && (!same_file || same_rank)) text[n++] = (char)('a' + FK_FILE_OF(m.from));
            if (others && same_file) text[n++] = (char)('1' + FK_RANK_OF(m.from));
        } else if (capture) {
            text[n++] = (char)('a' + FK_FILE_OF(m.from));
        }
        if (capture) text[n++] = 'x';
        fk_square_name(m.to, text + n);
        n += 2;
        if (m.promotion) {
            text[n++] = '=';
            text[n++] = piece_letters[m.promotion % FK_KIND_COUNT];
        }
    }
    fk_position after = *pos;
    fk_make(&after, m);
    if (fk_position_in_check(&after, (fk_color)after.side))
        text[n++] = core_moves_count(&after) ? '+' : '#';
    text[n] = '\0';
    if (cap) snprintf(buf, cap, "%s", text);
    return n;
}

size_t fk_move_to_san(const fk_position *pos, fk_move move, char *buf, size_t cap) {
    if (move.from >= 64 || move.to >= 64 || pos->board[move.from] == FK_EMPTY) {
        /* Not a move of this position: nothing sensible to write. */
        if (cap) buf[0] = '\0';
        return 0;
    }
    fk_movelist list;
    fk_moves_generate(pos, &list);
    return san_from_list(pos, &list, move, buf, cap);
}

const char *core_moves_describe(const fk_position *pos, const fk_movelist *legal,
                                const fk_movelist *list, char *buf, size_t cap) {
    size_t used = 0;
    if (cap == 0) return buf;
    buf[0] = '\0';
    if (list->count == 0) {
        snprintf(buf, cap, "none");
        return buf;
    }
    for (int i = 0; i < list->count; i++) {
        char san[16];
        size_t len = san_from_list(pos, legal, list->moves[i], san, sizeof san);
        /* Keep room for the " … (N more)" tail. */
        if (used + len + 2 + 24 > cap) {
            snprintf(buf + used, cap - used, "%s… (%d more)", i ? " " : "", list->count - i);
            return buf;
        }
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", i ? ", " : "", san);
    }
    return buf;
}

/* The piece kind of an upper-case SAN letter, or -1. */
static int kind_of_letter(char c) {
    const char *at = c ? strchr("PNBRQK", c) : NULL;
    return at ? (int)(at - "PNBRQK") : -1;
}

/* 1 when text (n bytes) is castling written with O, o or 0, with or
 * without dashes; *queenside says which. */
static int read_castling(const char *text, size_t n, int *queenside) {
    int letters = 0;
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        if (c == 'O' || c == 'o' || c == '0') {
            letters++;
        } else if (c != '-' || i == 0) {
            return 0;
        }
    }
    *queenside = letters == 3;
    return letters == 2 || letters == 3;
}

/* What a SAN text asks for: the piece, the target, the hints. */
typedef struct {
    int kind;       /* fk_kind of the moving piece, -1 for any */
    int castle;     /* 0, or 1 kingside, 2 queenside */
    int to;         /* target square */
    int from_file;  /* -1 when not given */
    int from_rank;  /* -1 when not given */
    int promotion;  /* fk_kind, or -1 when not given */
} san_request;

/* 1 when the legal move m fits the request. */
static int matches(const fk_position *pos, fk_move m, const san_request *q) {
    int castle = is_castle(pos, m);
    if (q->castle) return castle && (q->castle == 2) == (m.to < m.from);
    if (castle || m.to != q->to) return 0;
    if (q->kind >= 0 && (int)FK_PIECE_KIND(pos->board[m.from]) != q->kind) return 0;
    if (q->from_file >= 0 && FK_FILE_OF(m.from) != q->from_file) return 0;
    if (q->from_rank >= 0 && FK_RANK_OF(m.from) != q->from_rank) return 0;
    if (q->promotion >= 0) return m.promotion == q->promotion;
    return 1;
}

/* Copies at most 32 bytes of the text into buf, for a message. */
static const char *show(const char *text, size_t len, char *buf, size_t cap) {
    snprintf(buf, cap, "%.*s", (int)(len < 32 ? len : 32), text);
    return buf;
}

fk_status fk_move_parse_san(const fk_position *pos, const char *text, size_t len,
                            fk_move *move, fk_error *err) {
    core_attacks_init();
    fk_move found;
    char standard[16];
    if (pgn_san_fast(pos, fk_king_attacked(pos, pos->side), text, len, &found, standard)) {
        if (move) *move = found;
        return FK_OK;
    }
    return core_san_parse_listed(pos, text, len, move, err);
}

fk_status core_san_parse_listed(const fk_position *pos, const char *text, size_t len, fk_move *move,
                                fk_error *err) {
    size_t start = 0, end = len;
    while (start < end && (text[start] == ' ' || text[start] == '\t')) start++;
    /* Drop what follows the move itself: check marks, annotation glyphs,
     * an "e.p." note, white space. */
    for (;;) {
        while (end > start && strchr("!?+# \t", text[end - 1])) end--;
        if (end - start >= 4 && strncmp(text + end - 4, "e.p.", 4) == 0)
            end -= 4;
        else
            break;
    }
    const char *s = text + start;
    size_t n = end - start;
    /* The move as given, for messages; written only when one is needed. */
    char shown_buf[40];
#define shown show(text, len, shown_buf, sizeof shown_buf)
    if (n == 0) return core_error_set(err, FK_ERR_SYNTAX, (int)start, "empty move");

    san_request q = {FK_PAWN, 0, FK_NO_SQUARE, -1, -1, -1};
    int queenside = 0;
    if (read_castling(s, n, &queenside)) {
        q.castle = queenside ? 2 : 1;
        q.kind = FK_KING;
    } else {
        size_t i = 0, j = n;
        if (kind_of_letter(s[0]) >= 0) q.kind = kind_of_letter(s[i++]);
        /* Promotion at the end: "=Q", "Q", "(Q)", "/Q", or a lower-case
         * letter right after the rank ("e8q"). */
        if (j > i && s[j - 1] == ')') j--;
        if (j >= i + 3) {
            char c = s[j - 1], before = s[j - 2];
            int kind = kind_of_letter((char)(c & ~0x20));
            int upper = c >= 'A' && c <= 'Z';
            if (kind >= FK_KNIGHT && kind <= FK_QUEEN &&
                ((before >= '1' && before <= '8') || (upper && strchr("=/(", before)))) {
                q.promotion = kind;
                j--;
                if (strchr("=/(", s[j - 1])) j--;
            }
        }
        if (j < i + 2 || fk_square_parse(s + j - 2) == FK_NO_SQUARE)
            return core_error_set(err, FK_ERR_SYNTAX, (int)start,
                                  "'%s' is not a move: it should end "
                                  "with the target square, like Nf3 or exd6",
                                  shown);
        q.to = fk_square_parse(s + j - 2);
        for (size_t k = i; k < j - 2; k++) {
            char c = s[k];
            if (c >= 'a' && c <= 'h')
                q.from_file = c - 'a';
            else if (c >= '1' && c <= '8')
                q.from_rank = c - '1';
            else if (c != 'x' && c != ':' && c != '-')
                return core_error_set(err, FK_ERR_SYNTAX, (int)(start + k),
                                      "'%s': unexpected '%c' in a move", shown, c);
        }
        /* Long algebraic without a piece letter ("g1f3"): any piece. */
        if (i == 0 && q.from_file >= 0 && q.from_rank >= 0) q.kind = -1;
    }

    fk_movelist list;
    fk_moves_generate(pos, &list);
    fk_movelist found;
    found.count = 0;
    for (int i = 0; i < list.count; i++)
        if (matches(pos, list.moves[i], &q)) found.moves[found.count++] = list.moves[i];
    /* "bxc3" may be a bishop written in lower case when no pawn fits. */
    if (found.count == 0 && q.kind == FK_PAWN && s[0] == 'b' && q.from_file == 1 &&
        q.promotion < 0) {
        q.kind = FK_BISHOP;
        q.from_file = -1;
        for (int i = 0; i < list.count; i++)
            if (matches(pos, list.moves[i], &q)) found.moves[found.count++] = list.moves[i];
    }
    if (found.count == 1) {
        if (move) *move = found.moves[0];
        return FK_OK;
    }
    char names[400];
    if (found.count > 1)
        return core_error_set(err, FK_ERR_AMBIGUOUS, (int)start, "%s is ambiguous: %s", shown,
                              core_moves_describe(pos, &list, &found, names, sizeof names));
    return core_error_set(err, FK_ERR_INVALID, (int)start, "%s is not legal here; legal moves: %s",
                          shown, core_moves_describe(pos, &list, &list, names, sizeof names));
#undef shown
}
