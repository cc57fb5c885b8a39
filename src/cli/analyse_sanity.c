/* fenkit analyse --sanity: asks the engine about the FEN's neighbours, the
 * positions one typing mistake away (the other side to move, a castling
 * right too many, an en passant square missing or extra), and reports each
 * whose verdict differs: a strange evaluation is often one of these. */
#include <stdio.h>
#include <string.h>

#include "analyse.h"
#include "cli.h"
#include "json.h"

#define MAX_VARIANTS 16

typedef struct {
    fk_position pos;
    fk_field field;
    char as_given[64]; /* the given position, seen from this change */
    char changed[64];  /* the variant, said after as_given */
    char name[64];     /* the variant on its own, for JSON */
} variant;

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

/* The neighbours of pos, into v; returns how many. */
static int make_variants(const fk_position *pos, variant *v) {
    static const char *const names[2] = {"White", "Black"};
    int n = 0;
    v[n].pos = *pos;
    v[n].pos.side ^= 1;
    v[n].pos.ep_square = FK_NO_SQUARE; /* it belonged to the other side's move */
    v[n].field = FK_FIELD_SIDE;
    snprintf(v[n].as_given, sizeof v[n].as_given, "With %s to move", names[pos->side]);
    snprintf(v[n].changed, sizeof v[n].changed, "with %s to move", names[!pos->side]);
    snprintf(v[n].name, sizeof v[n].name, "%s to move", names[!pos->side]);
    n++;
    for (fk_bitboard rights = pos->castling; rights && n < MAX_VARIANTS; rights &= rights - 1) {
        fk_square sq = __builtin_ctzll(rights);
        v[n].pos = *pos;
        v[n].pos.castling &= ~FK_BIT(sq);
        v[n].field = FK_FIELD_CASTLING;
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
    for (int file = 0; file < 8 && n < MAX_VARIANTS; file++) {
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
        snprintf(v[n].as_given, sizeof v[n].as_given, "Without an en passant square");
        snprintf(v[n].changed, sizeof v[n].changed, "with the en passant square %s", name);
        snprintf(v[n].name, sizeof v[n].name, "with en passant square %s", name);
        n++;
    }
    return n;
}

/* "White wins", "Black wins", or a draw said as `draw` ("this is a draw"). */
static const char *verdict_words(analyse_verdict verdict, const char *draw) {
    return verdict == VERDICT_WHITE_WINS   ? "White wins"
           : verdict == VERDICT_BLACK_WINS ? "Black wins"
                                           : draw;
}

int analyse_sanity(analyse_engine *ae, const fk_position *pos, fk_score base, FILE *out, FILE *err,
                   const char *where) {
    static const char *const verdict_names[] = {"black-wins", "draw", "white-wins"};
    int json = ae->settings->json, status = CLI_OK, changes = 0, asked = 0;
    variant v[MAX_VARIANTS];
    int n = make_variants(pos, v);
    analyse_verdict base_verdict = analyse_verdict_of(base);
    char base_text[32];
    analyse_score_text(base, base_text, sizeof base_text);
    if (json) fprintf(out, ",\"sanity\":{\"win_cp\":%d,\"checks\":[", ANALYSE_WIN_CP);
    for (int i = 0; i < n; i++) {
        char fen[FK_FEN_MAX], score_text[32] = "", message[512] = "";
        fk_fen_write(&v[i].pos, FK_EP_ALWAYS, fen, sizeof fen);
        if (json) {
            fprintf(out, "%s{\"field\":\"%s\",\"variant\":", i ? "," : "",
                    fk_field_name(v[i].field));
            cli_json_cstring(out, v[i].name);
            fputs(",\"fen\":", out);
            cli_json_cstring(out, fen);
        }
        fk_problems problems;
        fk_problems_clear(&problems);
        if (fk_position_check(&v[i].pos, &problems) != FK_OK) {
            const char *reason = problems.count ? problems.items[0].message : "impossible";
            for (int p = 0; p < problems.count; p++)
                if (problems.items[p].severity == FK_SEV_ERROR) {
                    reason = problems.items[p].message;
                    break;
                }
            if (json) {
                fputs(",\"skipped\":", out);
                cli_json_cstring(out, reason);
                fputc('}', out);
            } else {
                fprintf(out, "Sanity      %s: no game reaches that position (%s); not asked\n",
                        v[i].name, reason);
            }
            continue;
        }
        analyse_verdict verdict;
        fk_score white = {0, 0, FK_BOUND_EXACT};
        fk_movelist list;
        if (fk_moves_generate(&v[i].pos, &list) == 0) {
            int mated = fk_position_in_check(&v[i].pos, v[i].pos.side);
            verdict = !mated                      ? VERDICT_DRAW
                      : v[i].pos.side == FK_WHITE ? VERDICT_BLACK_WINS
                                                  : VERDICT_WHITE_WINS;
            snprintf(score_text, sizeof score_text, "%s", mated ? "checkmate" : "stalemate");
        } else {
            fk_analysis a;
            fk_error e;
            asked++;
            if (analyse_search(ae, &v[i].pos, 1, &a, &e) != FK_OK || a.count == 0) {
                fprintf(err, "fenkit analyse: %s--sanity, %s: %s\n", where, v[i].name,
                        a.count ? e.message : "the engine gave no evaluation");
                if (json) {
                    fputs(",\"error\":", out);
                    cli_json_cstring(out, a.count ? e.message : "no evaluation");
                    fputc('}', out);
                }
                status = CLI_PROBLEMS;
                continue;
            }
            white = fk_score_for_white(a.lines[0].score, &v[i].pos);
            verdict = analyse_verdict_of(white);
            analyse_score_text(white, score_text, sizeof score_text);
        }
        int changed = verdict != base_verdict;
        if (changed) {
            changes++;
            snprintf(message, sizeof message, "%s %s (%s); %s %s (%s). Check field %d (%s).",
                     v[i].as_given, verdict_words(base_verdict, "this is a draw"), base_text,
                     v[i].changed, verdict_words(verdict, "it is a draw"), score_text,
                     (int)v[i].field + 1, fk_field_name(v[i].field));
        }
        if (json) {
            fputs(",\"white\":", out);
            if (list.count == 0)
                fprintf(out, "null,\"status\":\"%s\"", score_text);
            else
                analyse_score_json(out, white);
            fprintf(out, ",\"verdict\":\"%s\",\"changes_verdict\":%s", verdict_names[verdict + 1],
                    changed ? "true" : "false");
            if (changed) {
                fputs(",\"message\":", out);
                cli_json_cstring(out, message);
            }
            fputc('}', out);
        } else if (changed) {
            fprintf(out, "Sanity      %s\n", message);
        }
    }
    if (json)
        fprintf(out, "],\"changes\":%d}", changes);
    else if (changes == 0)
        fprintf(
            out,
            "Sanity      no change of side to move, castling rights or en passant square moves the "
            "verdict (%d position%s asked)\n",
            asked, asked == 1 ? "" : "s");
    return status;
}
