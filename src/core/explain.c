/* Explaining a position in words: the FEN read back field by field, the way
 * a coach reads it aloud. The problems are not repeated here; the caller
 * prints those with their fixes. */
#include <stdarg.h>
#include <stdio.h>

#include "fenkit/check.h"
#include "fenkit/moves.h"

static const char *const color_title[2] = {"White", "Black"};
static const char *const color_word[2] = {"white", "black"};

/* Text written so far; like snprintf, `len` keeps counting past `cap`. */
typedef struct {
    char *buf;
    size_t cap;
    size_t len;
} text;

static void say(text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Appends formatted text, truncating (zero-terminated) at the capacity. */
static void say(text *t, const char *fmt, ...) {
    char *at = t->len < t->cap ? t->buf + t->len : NULL;
    size_t room = t->len < t->cap ? t->cap - t->len : 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(at, room, fmt, ap);
    va_end(ap);
    if (n > 0) t->len += (size_t)n;
}

static inline fk_square lowest(fk_bitboard bb) { return (fk_square)__builtin_ctzll(bb); }

/* Appends "e5" or "c5 and e5" for the squares of bb. */
static void say_squares(text *t, fk_bitboard bb) {
    for (int first = 1; bb; bb &= bb - 1, first = 0) {
        char name[3];
        fk_square_name(lowest(bb), name);
        say(t, "%s%s", first ? "" : (bb & (bb - 1)) ? ", " : " and ", name);
    }
}

/* Appends what color's castling rights mean. */
static void say_castling(text *t, const fk_position *pos, fk_color c) {
    fk_bitboard back = (fk_bitboard)0xFF << (c == FK_WHITE ? 0 : 56);
    fk_bitboard rights = pos->castling & back;
    fk_square king = fk_position_king(pos, c);
    if (!rights) {
        say(t, "%s may no longer castle", color_title[c]);
        return;
    }
    /* The side of a right is the side of the king its rook stands on; with
     * no king on the back rank, fall back to the e-file. */
    int king_file = king != FK_NO_SQUARE && (FK_BIT(king) & back) ? FK_FILE_OF(king) : 4;
    fk_bitboard king_side = 0, queen_side = 0;
    for (fk_bitboard bb = rights; bb; bb &= bb - 1) {
        if (FK_FILE_OF(lowest(bb)) > king_file)
            king_side |= FK_BIT(lowest(bb));
        else
            queen_side |= FK_BIT(lowest(bb));
    }
    if (king_side && queen_side)
        say(t, "%s may still castle on both sides", color_title[c]);
    else
        say(t, "%s may still castle on the %s side only", color_title[c],
            king_side ? "king" : "queen");
    say(t, " (with the rook%s on ", __builtin_popcountll(rights) > 1 ? "s" : "");
    say_squares(t, rights);
    say(t, ")");
}

/* Appends the en passant field: which pawn just moved two squares and which
 * pawns may take it. */
static void say_en_passant(text *t, const fk_position *pos) {
    if (pos->ep_square == FK_NO_SQUARE) {
        say(t, "En passant: none (\"-\"): no en passant capture is possible this move.\n");
        return;
    }
    fk_color us = (fk_color)pos->side, them = (fk_color)!pos->side;
    fk_square ep = pos->ep_square;
    int step = them == FK_WHITE ? 8 : -8;
    char name[3], to[3], from[3];
    fk_square_name(ep, name);
    if (FK_RANK_OF(ep) != (them == FK_WHITE ? 2 : 5)) {
        say(t, "En passant: %s, which is not on the rank a %s pawn skips with a two-square "
               "move.\n", name, color_word[them]);
        return;
    }
    fk_square_name(ep + step, to);
    fk_square_name(ep - step, from);
    if (fk_position_at(pos, ep + step) != FK_MAKE_PIECE(them, FK_PAWN)) {
        say(t, "En passant: %s, but no %s pawn stands on %s, where a pawn passing over %s "
               "would be.\n", name, color_word[them], to, name);
        return;
    }
    say(t, "En passant: %s. %s's last move was the pawn %s-%s, passing over %s; ", name,
        color_title[them], from, to, name);
    fk_bitboard takers = fk_pawn_attacks(them, ep) & fk_position_pieces(pos, FK_MAKE_PIECE(us, FK_PAWN));
    if (!takers) {
        say(t, "no %s pawn stands beside it to take it.\n", color_word[us]);
        return;
    }
    say(t, "the %s pawn%s on ", color_word[us], takers & (takers - 1) ? "s" : "");
    say_squares(t, takers);
    if (fk_position_ep_capturable(pos))
        say(t, " may take it now (landing on %s), and only on this move.\n", name);
    else
        say(t, " stand%s beside it, but taking would leave the %s king in check.\n",
            takers & (takers - 1) ? "" : "s", color_word[us]);
}

/* Appends the halfmove clock and what it means for the fifty- and
 * seventy-five-move rules. */
static void say_halfmove(text *t, const fk_position *pos) {
    unsigned h = pos->halfmove;
    say(t, "Halfmove clock: %u. ", h);
    if (h == 0)
        say(t, "The last move was a capture or a pawn move (or the game has just begun).\n");
    else if (h < 100)
        say(t, "%u half-move%s since the last capture or pawn move; %u more move%s without a "
               "capture or pawn move and either player may claim a draw (fifty-move rule).\n",
            h, h == 1 ? "" : "s", (100 - h + 1) / 2, (100 - h + 1) / 2 == 1 ? "" : "s");
    else if (h < 150)
        say(t, "Fifty moves by each side without a capture or pawn move: either player may "
               "claim a draw now; at 150 the game is drawn automatically (seventy-five-move "
               "rule).\n");
    else
        say(t, "Seventy-five moves by each side without a capture or pawn move: the game is "
               "drawn (seventy-five-move rule), unless the last move gave mate.\n");
}

/* Appends each side's men and their value (pawn 1, knight and bishop 3,
 * rook 5, queen 9) and who is ahead. */
static void say_material(text *t, const fk_position *pos) {
    static const char *const names[2][FK_KIND_COUNT] = {
        {"pawn", "knight", "bishop", "rook", "queen", "king"},
        {"pawns", "knights", "bishops", "rooks", "queens", "kings"}};
    static const int value[FK_KIND_COUNT] = {1, 3, 3, 5, 9, 0};
    int points[2] = {0, 0};
    say(t, "Material: ");
    for (int c = FK_WHITE; c <= FK_BLACK; c++) {
        say(t, "%s has ", color_title[c]);
        int kinds = 0;
        for (int k = FK_PAWN; k <= FK_KING; k++)
            kinds += (pos->by_color[c] & pos->by_kind[k]) != 0;
        for (int k = FK_KING, listed = 0; k >= FK_PAWN; k--) {
            int n = __builtin_popcountll(pos->by_color[c] & pos->by_kind[k]);
            if (!n) continue;
            points[c] += n * value[k];
            listed++;
            say(t, "%s", listed == 1 ? "" : listed == kinds ? " and " : ", ");
            if (n == 1)
                say(t, "%s %s", k == FK_KING ? "the" : "a", names[0][k]);
            else
                say(t, "%d %s", n, names[1][k]);
        }
        if (!kinds) say(t, "nothing");
        say(t, " (%d point%s)%s", points[c], points[c] == 1 ? "" : "s",
            c == FK_WHITE ? "; " : ". ");
    }
    int diff = points[FK_WHITE] - points[FK_BLACK];
    if (diff == 0)
        say(t, "Material is level.\n");
    else
        say(t, "%s is ahead by %d point%s.\n", color_title[diff > 0 ? FK_WHITE : FK_BLACK],
            diff > 0 ? diff : -diff, diff == 1 || diff == -1 ? "" : "s");
}

/* Appends the game status: check, mate, stalemate, a dead position. */
static void say_status(text *t, const fk_position *pos) {
    fk_color us = (fk_color)pos->side;
    unsigned status = fk_position_status(pos);
    if (fk_position_king(pos, us) != FK_NO_SQUARE && fk_position_in_check(pos, us))
        status |= FK_STATUS_CHECK;
    say(t, "Status: ");
    if (status & FK_STATUS_CHECKMATE)
        say(t, "checkmate: %s is mated and %s wins.\n", color_title[us], color_title[!us]);
    else if (status & FK_STATUS_STALEMATE)
        say(t, "stalemate: %s has no legal move and is not in check, so the game is drawn.\n",
            color_title[us]);
    else {
        const char *sep = "";
        if (status & FK_STATUS_CHECK) {
            say(t, "%s is in check and must answer it.", color_title[us]);
            sep = " ";
        }
        if (status & FK_STATUS_INSUFFICIENT) {
            say(t, "%sNeither side has enough material left to mate: the game is drawn.", sep);
            sep = " ";
        }
        if (status & FK_STATUS_SEVENTY_FIVE)
            say(t, "%sThe seventy-five-move rule has drawn the game.", sep);
        else if (status & FK_STATUS_FIFTY_CLAIMABLE)
            say(t, "%sEither player may claim a draw under the fifty-move rule.", sep);
        else if (!*sep)
            say(t, "the game goes on; %s is not in check.", color_title[us]);
        say(t, "\n");
    }
}

size_t fk_position_explain(const fk_position *pos, char *buf, size_t cap) {
    text t = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    fk_color us = (fk_color)pos->side;
    say(&t, "Side to move: %s (\"%c\").\n", color_title[us], us == FK_WHITE ? 'w' : 'b');
    say(&t, "Castling: ");
    if (!pos->castling) {
        say(&t, "none (\"-\"): neither side may castle any more.\n");
    } else {
        say_castling(&t, pos, FK_WHITE);
        say(&t, "; ");
        say_castling(&t, pos, FK_BLACK);
        say(&t, ".\n");
    }
    say_en_passant(&t, pos);
    say_halfmove(&t, pos);
    unsigned long long played = pos->fullmove ? 2ull * (pos->fullmove - 1) + us : 0;
    say(&t, "Fullmove number: %u. ", pos->fullmove);
    if (pos->fullmove == 0)
        say(&t, "It should start at 1.\n");
    else
        say(&t, "It is %s's move %u; %llu half-move%s played since the start (if the game began "
                "from the usual position).\n", color_title[us], pos->fullmove, played,
            played == 1 ? "" : "s");
    say_material(&t, pos);
    say_status(&t, pos);
    return t.len;
}
