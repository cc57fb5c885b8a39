/* Explaining a position in words, in the reader's language: the FEN read
 * back field by field, the way a coach reads it aloud. The problems are not
 * repeated here; the caller prints those with their fixes. */
#include <stdarg.h>
#include <stdio.h>

#include "common/coach.h"
#include "common/i18n.h"

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

/* Writes "e5", "c5 and e5" or "a5, c5 and e5" for the squares of bb. */
static const char *squares(fk_bitboard bb, char *out, size_t cap) {
    text t = {out, cap, 0};
    if (cap) out[0] = '\0';
    for (int first = 1; bb; bb &= bb - 1, first = 0) {
        char name[3];
        fk_square_name(lowest(bb), name);
        say(&t, "%s%s", first ? "" : (bb & (bb - 1)) ? _(", ") : _(" and "), name);
    }
    return out;
}

/* Appends what color's castling rights mean. */
static void say_castling(text *t, const fk_position *pos, fk_color c) {
    fk_bitboard back = (fk_bitboard)0xFF << (c == FK_WHITE ? 0 : 56);
    fk_bitboard rights = pos->castling & back;
    fk_square king = fk_position_king(pos, c);
    if (!rights) {
        say(t, c == FK_WHITE ? _("White may no longer castle") : _("Black may no longer castle"));
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
    char rooks[64];
    squares(rights, rooks, sizeof rooks);
    int n = __builtin_popcountll(rights);
    if (king_side && queen_side)
        say(t, P_("%1$s may still castle on both sides (with the rook on %2$s)",
                  "%1$s may still castle on both sides (with the rooks on %2$s)", n),
            coach_color(c), rooks);
    else if (king_side)
        say(t, P_("%1$s may still castle on the king side only (with the rook on %2$s)",
                  "%1$s may still castle on the king side only (with the rooks on %2$s)", n),
            coach_color(c), rooks);
    else
        say(t, P_("%1$s may still castle on the queen side only (with the rook on %2$s)",
                  "%1$s may still castle on the queen side only (with the rooks on %2$s)", n),
            coach_color(c), rooks);
}

/* Appends the en passant field: which pawn just moved two squares and which
 * pawns may take it. */
static void say_en_passant(text *t, const fk_position *pos) {
    if (pos->ep_square == FK_NO_SQUARE) {
        say(t, "%s\n", _("En passant: none (\"-\"): no en passant capture is possible this move."));
        return;
    }
    fk_color us = (fk_color)pos->side, them = (fk_color)!pos->side;
    fk_square ep = pos->ep_square;
    int step = them == FK_WHITE ? 8 : -8;
    char name[3], to[3], from[3];
    fk_square_name(ep, name);
    if (FK_RANK_OF(ep) != (them == FK_WHITE ? 2 : 5)) {
        say(t,
            them == FK_WHITE
                ? _("En passant: %s, which is not on the rank a white pawn skips with a "
                    "two-square move.")
                : _("En passant: %s, which is not on the rank a black pawn skips with a "
                    "two-square move."),
            name);
        say(t, "\n");
        return;
    }
    fk_square_name(ep + step, to);
    fk_square_name(ep - step, from);
    if (fk_position_at(pos, ep + step) != FK_MAKE_PIECE(them, FK_PAWN)) {
        say(t,
            them == FK_WHITE ? _("En passant: %1$s, but no white pawn stands on %2$s, where a "
                                 "pawn passing over %1$s would be.")
                             : _("En passant: %1$s, but no black pawn stands on %2$s, where a "
                                 "pawn passing over %1$s would be."),
            name, to);
        say(t, "\n");
        return;
    }
    say(t, _("En passant: %1$s. %2$s's last move was the pawn %3$s-%4$s, passing over %1$s; "),
        name, coach_color(them), from, to);
    fk_bitboard takers =
        fk_pawn_attacks(them, ep) & fk_position_pieces(pos, FK_MAKE_PIECE(us, FK_PAWN));
    if (!takers) {
        say(t, "%s\n",
            us == FK_WHITE ? _("no white pawn stands beside it to take it.")
                           : _("no black pawn stands beside it to take it."));
        return;
    }
    char list[64];
    squares(takers, list, sizeof list);
    int n = __builtin_popcountll(takers);
    if (fk_position_ep_capturable(pos))
        say(t,
            us == FK_WHITE
                ? P_("the white pawn on %1$s may take it now (landing on %2$s), and only on "
                     "this move.",
                     "the white pawns on %1$s may take it now (landing on %2$s), and only on "
                     "this move.",
                     n)
                : P_("the black pawn on %1$s may take it now (landing on %2$s), and only on "
                     "this move.",
                     "the black pawns on %1$s may take it now (landing on %2$s), and only on "
                     "this move.",
                     n),
            list, name);
    else
        say(t,
            us == FK_WHITE
                ? P_("the white pawn on %s stands beside it, but taking would leave the white "
                     "king in check.",
                     "the white pawns on %s stand beside it, but taking would leave the white "
                     "king in check.",
                     n)
                : P_("the black pawn on %s stands beside it, but taking would leave the black "
                     "king in check.",
                     "the black pawns on %s stand beside it, but taking would leave the black "
                     "king in check.",
                     n),
            list);
    say(t, "\n");
}

/* Appends the halfmove clock and what it means for the fifty- and
 * seventy-five-move rules. */
static void say_halfmove(text *t, const fk_position *pos) {
    unsigned h = pos->halfmove;
    say(t, _("Halfmove clock: %u. "), h);
    if (h == 0) {
        say(t, "%s\n",
            _("The last move was a capture or a pawn move (or the game has just begun)."));
    } else if (h < 100) {
        unsigned left = (100 - h + 1) / 2;
        say(t,
            P_("%u half-move since the last capture or pawn move; ",
               "%u half-moves since the last capture or pawn move; ", h),
            h);
        say(t,
            P_("%u more move without a capture or pawn move and either player may claim a draw "
               "(fifty-move rule).",
               "%u more moves without a capture or pawn move and either player may claim a draw "
               "(fifty-move rule).",
               left),
            left);
        say(t, "\n");
    } else if (h < 150) {
        say(t, "%s\n",
            _("Fifty moves by each side without a capture or pawn move: either player may claim "
              "a draw now; at 150 the game is drawn automatically (seventy-five-move rule)."));
    } else {
        say(t, "%s\n",
            _("Seventy-five moves by each side without a capture or pawn move: the game is "
              "drawn (seventy-five-move rule), unless the last move gave mate."));
    }
}

/* Appends each side's men and their value (pawn 1, knight and bishop 3,
 * rook 5, queen 9) and who is ahead. */
static void say_material(text *t, const fk_position *pos) {
    static const int value[FK_KIND_COUNT] = {1, 3, 3, 5, 9, 0};
    int points[2] = {0, 0};
    say(t, "%s", _("Material: "));
    for (int c = FK_WHITE; c <= FK_BLACK; c++) {
        char men[512];
        text list = {men, sizeof men, 0};
        men[0] = '\0';
        int kinds = 0;
        for (int k = FK_PAWN; k <= FK_KING; k++)
            kinds += (pos->by_color[c] & pos->by_kind[k]) != 0;
        for (int k = FK_KING, listed = 0; k >= FK_PAWN; k--) {
            int n = __builtin_popcountll(pos->by_color[c] & pos->by_kind[k]);
            if (!n) continue;
            points[c] += n * value[k];
            listed++;
            say(&list, "%s", listed == 1 ? "" : listed == kinds ? _(" and ") : _(", "));
            const char *name = coach_men(FK_MAKE_PIECE(c, k), n, 0);
            if (n == 1)
                say(&list, "%s", name);
            else
                say(&list, _("%1$d %2$s"), n, name);
        }
        if (!kinds) say(&list, "%s", _("nothing"));
        say(t, P_("%1$s has %2$s (%3$d point)", "%1$s has %2$s (%3$d points)", points[c]),
            coach_color((fk_color)c), men, points[c]);
        say(t, "%s", c == FK_WHITE ? _("; ") : _(". "));
    }
    int diff = points[FK_WHITE] - points[FK_BLACK];
    int ahead = diff > 0 ? diff : -diff;
    if (diff == 0)
        say(t, "%s", _("Material is level."));
    else
        say(t, P_("%1$s is ahead by %2$d point.", "%1$s is ahead by %2$d points.", ahead),
            coach_color(diff > 0 ? FK_WHITE : FK_BLACK), ahead);
    say(t, "\n");
}

/* Appends the game status: check, mate, stalemate, a dead position. */
static void say_status(text *t, const fk_position *pos) {
    fk_color us = (fk_color)pos->side;
    unsigned status = fk_position_status(pos);
    if (fk_position_king(pos, us) != FK_NO_SQUARE && fk_position_in_check(pos, us))
        status |= FK_STATUS_CHECK;
    say(t, "%s", _("Status: "));
    if (status & FK_STATUS_CHECKMATE) {
        say(t, _("checkmate: %1$s is mated and %2$s wins."), coach_color(us),
            coach_color((fk_color)!us));
    } else if (status & FK_STATUS_STALEMATE) {
        say(t, _("stalemate: %s has no legal move and is not in check, so the game is drawn."),
            coach_color(us));
    } else {
        const char *sep = "";
        if (status & FK_STATUS_CHECK) {
            say(t, _("%s is in check and must answer it."), coach_color(us));
            sep = " ";
        }
        if (status & FK_STATUS_INSUFFICIENT) {
            say(t, "%s%s", sep,
                _("Neither side has enough material left to mate: the game is drawn."));
            sep = " ";
        }
        if (status & FK_STATUS_SEVENTY_FIVE)
            say(t, "%s%s", sep, _("The seventy-five-move rule has drawn the game."));
        else if (status & FK_STATUS_FIFTY_CLAIMABLE)
            say(t, "%s%s", sep, _("Either player may claim a draw under the fifty-move rule."));
        else if (!*sep)
            say(t, _("the game goes on; %s is not in check."), coach_color(us));
    }
    say(t, "\n");
}

size_t coach_fields(const fk_position *pos, char *buf, size_t cap) {
    text t = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    fk_color us = (fk_color)pos->side;
    say(&t, _("Side to move: %1$s (\"%2$c\")."), coach_color(us), us == FK_WHITE ? 'w' : 'b');
    say(&t, "\n%s", _("Castling: "));
    if (!pos->castling) {
        say(&t, "%s\n", _("none (\"-\"): neither side may castle any more."));
    } else {
        say_castling(&t, pos, FK_WHITE);
        say(&t, "%s", _("; "));
        say_castling(&t, pos, FK_BLACK);
        say(&t, ".\n");
    }
    say_en_passant(&t, pos);
    say_halfmove(&t, pos);
    unsigned long long played = pos->fullmove ? 2ull * (pos->fullmove - 1) + us : 0;
    say(&t, _("Fullmove number: %u. "), pos->fullmove);
    if (pos->fullmove == 0)
        say(&t, "%s", _("It should start at 1."));
    else
        say(&t,
            P_("It is %1$s's move %2$u; %3$llu half-move played since the start (if the game "
               "began from the usual position).",
               "It is %1$s's move %2$u; %3$llu half-moves played since the start (if the game "
               "began from the usual position).",
               played),
            coach_color(us), pos->fullmove, played);
    say(&t, "\n");
    say_material(&t, pos);
    say_status(&t, pos);
    return t.len;
}
