/* fenkit analyse --sanity: asks the engine about the FEN's neighbours, the
 * positions one typing mistake away (common/sanity.c makes them), and
 * reports each whose verdict differs: a strange evaluation is often one
 * of these. */
#include <stdio.h>
#include <string.h>

#include "analyse.h"
#include "cli.h"
#include "common/i18n.h"
#include "json.h"

int analyse_sanity(analyse_engine *ae, const fk_position *pos, fk_score base, FILE *out, FILE *err,
                   const char *where) {
    int json = ae->settings->json, status = CLI_OK, changes = 0, asked = 0;
    sanity_variant v[SANITY_MAX_VARIANTS];
    int n = sanity_variants(pos, v);
    sanity_verdict base_verdict = sanity_verdict_of(base);
    char base_text[32];
    sanity_score_text(base, base_text, sizeof base_text);
    if (json) fprintf(out, ",\"sanity\":{\"win_cp\":%d,\"checks\":[", SANITY_WIN_CP);
    for (int i = 0; i < n; i++) {
        char fen[FK_FEN_MAX], score_text[32] = "", message[512] = "", why[256];
        fk_fen_write(&v[i].pos, FK_EP_ALWAYS, fen, sizeof fen);
        if (json) {
            fprintf(out, "%s{\"field\":\"%s\",\"variant\":", i ? "," : "",
                    fk_field_name(v[i].field));
            cli_json_cstring(out, v[i].name);
            fputs(",\"fen\":", out);
            cli_json_cstring(out, fen);
        }
        if (sanity_unreachable(&v[i].pos, why, sizeof why)) {
            if (json) {
                fputs(",\"skipped\":", out);
                cli_json_cstring(out, why);
                fputc('}', out);
            } else {
                char name[128];
                analyse_label(out, N_("Sanity"));
                fprintf(out, _("%1$s: no game reaches that position (%2$s); not asked\n"),
                        sanity_name_said(&v[i], name, sizeof name), why);
            }
            continue;
        }
        sanity_verdict verdict;
        fk_score white = {0, 0, FK_BOUND_EXACT};
        fk_movelist list;
        if (fk_moves_generate(&v[i].pos, &list) == 0) {
            verdict = sanity_game_over(&v[i].pos, score_text, sizeof score_text);
        } else {
            fk_analysis a;
            fk_error e;
            asked++;
            if (analyse_search(ae, &v[i].pos, 1, &a, &e) != FK_OK || a.count == 0) {
                char name[128];
                fprintf(err, _("fenkit analyse: %1$s--sanity, %2$s: %3$s\n"), where,
                        sanity_name_said(&v[i], name, sizeof name),
                        a.count ? e.message : _("the engine gave no evaluation"));
                if (json) {
                    fputs(",\"error\":", out);
                    cli_json_cstring(out, a.count ? e.message : "no evaluation");
                    fputc('}', out);
                }
                status = CLI_PROBLEMS;
                continue;
            }
            white = fk_score_for_white(a.lines[0].score, &v[i].pos);
            verdict = sanity_verdict_of(white);
            sanity_score_text(white, score_text, sizeof score_text);
        }
        int changed = verdict != base_verdict;
        if (changed) changes++;
        if (changed && json)
            sanity_message(&v[i], base_verdict, base_text, verdict, score_text, message,
                           sizeof message);
        else if (changed)
            sanity_message_said(&v[i], base_verdict, base_text, verdict, score_text, message,
                                sizeof message);
        if (json) {
            fputs(",\"white\":", out);
            if (list.count == 0)
                fprintf(out, "null,\"status\":\"%s\"", score_text);
            else
                analyse_score_json(out, white);
            fprintf(out, ",\"verdict\":\"%s\",\"changes_verdict\":%s",
                    sanity_verdict_name(verdict), changed ? "true" : "false");
            if (changed) {
                fputs(",\"message\":", out);
                cli_json_cstring(out, message);
            }
            fputc('}', out);
        } else if (changed) {
            analyse_label(out, N_("Sanity"));
            fprintf(out, "%s\n", message);
        }
    }
    if (json)
        fprintf(out, "],\"changes\":%d}", changes);
    else if (changes == 0) {
        analyse_label(out, N_("Sanity"));
        fprintf(out,
                P_("no change of side to move, castling rights or en passant square moves the "
                   "verdict (%d position asked)\n",
                   "no change of side to move, castling rights or en passant square moves the "
                   "verdict (%d positions asked)\n",
                   asked),
                asked);
    }
    return status;
}
