/* The neighbours of a FEN and the words for a verdict that changes (see
 * sanity.h). */
#include "common/sanity.h"

#include <stdio.h>
#include <string.h>

#include "common/coach.h"
#include "common/i18n.h"
#include "common/problem_text.h"

/* The castling letter of a right (the rook on sq): K/Q/k/q, or the rook's
 * file where the FEN named files. */
static char castling_letter(const fk_position *pos, fk_square sq) {
    int black = FK_RANK_OF(sq) == 7;
    fk_square king = fk_position_king(pos, black ? FK_BLACK : FK_WHITE);
    char c;
    if (pos->castling_style == FK_CASTLING_SHREDDER || king == FK_NO_SQUARE)
        c = (char)('A' + FK_FILE_OF(sq));
    else
        c = FK_FILE_OF(sq) > FK_FILE_OF(king) ? 'K' : 'Q';
    return black ? (char)(c - 'A' + 'a') : c;
}

int sanity_variants(const fk_position *pos, sanity_variant *v) {
    static const char *const names[2] = {"White", "Black"};
    int n = 0;
    v[n].pos = *pos;
    v[n].pos.side ^= 1;
    v[n].pos.ep_square = FK_NO_SQUARE; /* it belonged to the other side's move */
    v[n].field = FK_FIELD_SIDE;
    v[n].kind = SANITY_OTHER_SIDE;
    v[n].what[0] = '\0';
    snprintf(v[n].as_given, sizeof v[n].as_given, "With %s to move", names[pos->side]);
    snprintf(v[n].changed, sizeof v[n].changed, "with %s to move", names[!pos->side]);
    snprintf(v[n].name, sizeof v[n].name, "%s to move", names[!pos->side]);
    n++;
    for (fk_bitboard rights = pos->castling; rights && n < SANITY_MAX_VARIANTS;
         rights &= rights - 1) {
        fk_square sq = __builtin_ctzll(rights);
        v[n].pos = *pos;
        v[n].pos.castling &= ~FK_BIT(sq);
        v[n].field = FK_FIELD_CASTLING;
        v[n].kind = SANITY_NO_CASTLING;
        v[n].what[0] = castling_letter(pos, sq);
        v[n].what[1] = '\0';
        snprintf(v[n].as_given, sizeof v[n].as_given, "With castling right %c",
                 castling_letter(pos, sq));
        snprintf(v[n].changed, sizeof v[n].changed, "without it");
        snprintf(v[n].name, sizeof v[n].name, "without castling right %c",
                 castling_letter(pos, sq));
        n++;
    }
    char name[3];
    if (pos->ep_square != FK_NO_SQUARE) {
        if (fk_position_ep_capturable(pos)) {
            v[n].pos = *pos;
            v[n].pos.ep_square = FK_NO_SQUARE;
            v[n].field = FK_FIELD_EP;
            fk_square_name(pos->ep_square, name);
            v[n].kind = SANITY_NO_EP;
            memcpy(v[n].what, name, sizeof name);
            snprintf(v[n].as_given, sizeof v[n].as_given, "With the en passant square %s", name);
            snprintf(v[n].changed, sizeof v[n].changed, "without it");
            snprintf(v[n].name, sizeof v[n].name, "without en passant square %s", name);
            n++;
        }
        return n;
    }
    /* every square the last move could have passed over, two-step pawns
     * of the side that just moved */
    int white = pos->side == FK_WHITE;
    int pawn_rank = white ? 4 : 3, ep_rank = white ? 5 : 2, from_rank = white ? 6 : 1;
    fk_piece pawn = white ? FK_BP : FK_WP;
    for (int file = 0; file < 8 && n < SANITY_MAX_VARIANTS; file++) {
        if (fk_position_at(pos, FK_SQUARE(file, pawn_rank)) != pawn ||
            fk_position_at(pos, FK_SQUARE(file, ep_rank)) != FK_EMPTY ||
            fk_position_at(pos, FK_SQUARE(file, from_rank)) != FK_EMPTY)
            continue;
        v[n].pos = *pos;
        v[n].pos.ep_square = (uint8_t)FK_SQUARE(file, ep_rank);
        v[n].pos.halfmove = 0; /* a double step resets the clock */
        if (!fk_position_ep_capturable(&v[n].pos)) continue;
        v[n].field = FK_FIELD_EP;
        fk_square_name(FK_SQUARE(file, ep_rank), name);
        v[n].kind = SANITY_WITH_EP;
        memcpy(v[n].what, name, sizeof name);
        snprintf(v[n].as_given, sizeof v[n].as_given, "Without an en passant square");
        snprintf(v[n].changed, sizeof v[n].changed, "with the en passant square %s", name);
        snprintf(v[n].name, sizeof v[n].name, "with en passant square %s", name);
        n++;
    }
    return n;
}

int sanity_unreachable(const fk_position *pos, char *why, size_t cap) {
    fk_problems problems;
    fk_problems_clear(&problems);
    if (fk_position_check(pos, &problems) == FK_OK) return 0;
    const char *reason = problems.count ? problems.items[0].message : "impossible";
    for (int p = 0; p < problems.count; p++)
        if (problems.items[p].severity == FK_SEV_ERROR) {
            reason = problems.items[p].message;
            break;
        }
    snprintf(why, cap, "%s", reason);
    return 1;
}

sanity_verdict sanity_verdict_of(fk_score white) {
    if (white.is_mate) return white.value > 0 ? VERDICT_WHITE_WINS : VERDICT_BLACK_WINS;
    if (white.value >= SANITY_WIN_CP) return VERDICT_WHITE_WINS;
    if (white.value <= -SANITY_WIN_CP) return VERDICT_BLACK_WINS;
    return VERDICT_DRAW;
}

const char *sanity_verdict_name(sanity_verdict verdict) {
    static const char *const names[] = {"black-wins", "draw", "white-wins"};
    return names[verdict + 1];
}

sanity_verdict sanity_game_over(const fk_position *pos, char *text, size_t cap) {
    int mated = fk_position_in_check(pos, pos->side);
    snprintf(text, cap, "%s", mated ? "checkmate" : "stalemate");
    return !mated ? VERDICT_DRAW : pos->side == FK_WHITE ? VERDICT_BLACK_WINS : VERDICT_WHITE_WINS;
}

void sanity_score_text(fk_score score, char *buf, size_t cap) {
    const char *bound = score.bound == FK_BOUND_LOWER   ? ">="
                        : score.bound == FK_BOUND_UPPER ? "<="
                                                        : "";
    if (score.is_mate)
        snprintf(buf, cap, "%s#%d", bound, score.value);
    else if (score.value == 0)
        snprintf(buf, cap, "%s0.00", bound);
    else
        snprintf(buf, cap, "%s%+.2f", bound, score.value / 100.0);
}

/* "White wins", "Black wins", or a draw said as `draw` ("this is a draw"). */
static const char *verdict_words(sanity_verdict verdict, const char *draw) {
    return verdict == VERDICT_WHITE_WINS   ? "White wins"
           : verdict == VERDICT_BLACK_WINS ? "Black wins"
                                           : draw;
}

void sanity_message(const sanity_variant *v, sanity_verdict base, const char *base_text,
                    sanity_verdict verdict, const char *text, char *buf, size_t cap) {
    snprintf(buf, cap, "%s %s (%s); %s %s (%s). Check field %d (%s).", v->as_given,
             verdict_words(base, "this is a draw"), base_text, v->changed,
             verdict_words(verdict, "it is a draw"), text, (int)v->field + 1,
             fk_field_name(v->field));
}

/* A verdict in the reader's language; a draw said as `draw`. */
static const char *verdict_said(sanity_verdict verdict, const char *draw) {
    return verdict == VERDICT_WHITE_WINS   ? _("White wins")
           : verdict == VERDICT_BLACK_WINS ? _("Black wins")
                                           : _(draw);
}

void sanity_message_said(const sanity_variant *v, sanity_verdict base, const char *base_text,
                         sanity_verdict verdict, const char *text, char *buf, size_t cap) {
    if (problem_text_english()) {
        sanity_message(v, base, base_text, verdict, text, buf, cap);
        return;
    }
    /* the side to move as given: the variant has the other one */
    int white = v->pos.side != FK_WHITE;
    char given[160], changed[160];
    switch (v->kind) {
    case SANITY_OTHER_SIDE:
        snprintf(given, sizeof given, "%s",
                 white ? _("With White to move") : _("With Black to move"));
        snprintf(changed, sizeof changed, "%s",
                 white ? _("with Black to move") : _("with White to move"));
        break;
    case SANITY_NO_CASTLING:
        snprintf(given, sizeof given, _("With castling right %s"), v->what);
        snprintf(changed, sizeof changed, "%s", _("without it"));
        break;
    case SANITY_NO_EP:
        snprintf(given, sizeof given, _("With the en passant square %s"), v->what);
        snprintf(changed, sizeof changed, "%s", _("without it"));
        break;
    default:
        snprintf(given, sizeof given, "%s", _("Without an en passant square"));
        snprintf(changed, sizeof changed, _("with the en passant square %s"), v->what);
        break;
    }
    snprintf(buf, cap, _("%1$s %2$s (%3$s); %4$s %5$s (%6$s). Check field %7$d (%8$s)."), given,
             verdict_said(base, N_("this is a draw")), base_text, changed,
             verdict_said(verdict, N_("it is a draw")), text, (int)v->field + 1,
             problem_field_name(v->field));
}

const char *sanity_name_said(const sanity_variant *v, char *buf, size_t cap) {
    if (problem_text_english()) {
        snprintf(buf, cap, "%s", v->name);
        return buf;
    }
    switch (v->kind) {
    case SANITY_OTHER_SIDE:
        snprintf(buf, cap, "%s", v->pos.side == FK_WHITE ? _("White to move") : _("Black to move"));
        break;
    case SANITY_NO_CASTLING: snprintf(buf, cap, _("without castling right %s"), v->what); break;
    case SANITY_NO_EP: snprintf(buf, cap, _("without en passant square %s"), v->what); break;
    default: snprintf(buf, cap, _("with en passant square %s"), v->what); break;
    }
    return buf;
}
