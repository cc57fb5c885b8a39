/* GET /api/messages: the page's own words in the client's language (the
 * "lang" argument, else Accept-Language), from the same catalogs as the
 * command line, so that the page and the tool say the same thing. */
#include <string.h>

#include "api.h"
#include "common/i18n.h"

/* Every message the page shows that is not a reply of the API. The page
 * keeps these English texts as its keys (index.html's data-msg, app.js's
 * t()); a message missing here stays English on the page. */
static const char *const page_messages[] = {
    N_("Paste a FEN, edit the board, or drop a picture of one."),
    N_("Language"),
    N_("Copy FEN"),
    N_("Open in lichess"),
    N_("SVG diagram"),
    N_("tolerant reading"),
    N_("Canonical:"),
    N_("Flip board"),
    N_("Clear"),
    N_("Start position"),
    N_("Side to move"),
    N_("White"),
    N_("Black"),
    N_("Castling rights"),
    N_("White O-O"),
    N_("White O-O-O"),
    N_("Black O-O"),
    N_("Black O-O-O"),
    N_("En passant"),
    N_("Square"),
    N_("none"),
    N_("Problems"),
    N_("Engine"),
    N_("analyse this position"),
    N_("Play from here against the engine"),
    N_("You play"),
    N_("the side to move"),
    N_("White"),
    N_("Black"),
    N_("Strength"),
    N_("full strength"),
    N_("Play from here"),
    N_("Stop the game"),
    N_("Endgame trainer"),
    N_("Position"),
    N_("Start"),
    N_("The FEN read aloud"),
    N_("Placement, rank by rank"),
    N_("Compare with"),
    N_("Compare"),
    N_("another FEN: what changed, and the moves that lead there"),
    N_("No problems: a legal game can reach this position."),
    N_("The FEN could not be read completely, so it is not read aloud field by field."),
    N_("Fix:"),
    N_("From a picture:"),
    N_("drop a screenshot or photo of a board here,"),
    N_("choose a file"),
    N_(", or paste one (Ctrl+V)."),
    N_("Put on"),
    N_("empty"),
    N_("Valid: {side} to move"),
    N_("Not a valid position: {count}"),
    N_("{n} error"),
    N_("{n} errors"),
    N_("{n} warning"),
    N_("{n} warnings"),
    N_("Valid as read, but {n} square may be misread: check {squares} first."),
    N_("Valid as read, but {n} squares may be misread: check {squares} first."),
    N_("in check"),
    N_("checkmate"),
    N_("stalemate (a draw)"),
    N_("insufficient material (a draw)"),
    N_("a draw can be claimed (fifty-move rule)"),
    N_("drawn (seventy-five-move rule)"),
};

void srv_api_messages(const srv_request *http, srv_reply *reply) {
    const char *lang = srv_lang_choose(http, http->arg ? http->arg(http->arg_ctx, "lang") : NULL);
    char known[256];
    i18n_languages(known, sizeof known);
    srv_buf *b = &reply->body;
    reply->status = 200;
    reply->type = "application/json";
    srv_buf_printf(b, "{\"lang\":\"%s\",\"languages\":[", lang);
    /* "en, vi" as a JSON list */
    const char *sep = "";
    for (char *p = known; *p;) {
        size_t n = strcspn(p, ", ");
        srv_buf_printf(b, "%s\"%.*s\"", sep, (int)n, p);
        sep = ",";
        p += n;
        p += strspn(p, ", ");
    }
    srv_buf_puts(b, "],\"messages\":{");
    srv_lang_begin(lang);
    for (size_t i = 0; i < sizeof page_messages / sizeof *page_messages; i++) {
        srv_buf_puts(b, i ? "," : "");
        srv_json_cstring(b, page_messages[i]);
        srv_buf_puts(b, ":");
        srv_json_cstring(b, _(page_messages[i]));
    }
    srv_lang_end();
    srv_buf_puts(b, "}}\n");
    if (b->failed) srv_reply_error(reply, 500, "out-of-memory", "the server ran out of memory");
}
