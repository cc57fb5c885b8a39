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
    /* a picture read (app.js) */
    N_("Could not reach the server: {why}"),
    N_("{why}: forget your set and teach it again"),
    N_("The server answered {status}."),
    N_("That file is {size} MB; fenkit reads pictures up to {limit} MB."),
    N_("Reading the picture…"),
    N_("Looking for every board in the picture…"),
    N_("The picture shows no other board."),
    N_("Reading the picture again with White at the bottom…"),
    N_("Reading the picture again with Black at the bottom…"),
    N_("The picture shows {n} boards (rows from the top, each from the left):"),
    N_("Board {n}"),
    N_("{side} is at the bottom, as you said."),
    /* xgettext:no-c-format */
    N_("{side} was taken to be at the bottom ({percent}% sure)."),
    N_("{side} is at the bottom"),
    N_("Scanned board {n} of {count}."),
    N_("Scanned."),
    N_("Every square is sure."),
    N_("{n} square is unsure, marked with dashes: check {squares} first."),
    N_("{n} squares are unsure, marked with dashes: check {squares} first."),
    /* xgettext:no-c-format */
    N_("The whole board is read right with about {percent}% chance."),
    N_("Which side is at the bottom is a guess: turn the board if it is wrong."),
    N_("{n} of them are hidden under something drawn over the board: set their men by hand."),
    N_("The picture marks the last move, {move}, so the other side is to move."),
    N_("Dots mark the moves of a man picked up, so his side is to move."),
    N_("White is to move: its king is in check."),
    N_("Black is to move: its king is in check."),
    N_("The picture does not say whose move it is: set the side to move."),
    N_("This fenkit was built without the scanner: pictures will be refused for now."),
    N_("Copied"),
    N_("Selected: press Ctrl+C"),
    N_("Read every board in the picture"),
    N_("Squares the scanner is unsure of are marked with dashes: fix them on the board, set the "
       "side to move, and copy the FEN."),
    N_("Teach it my set"),
    N_("from a photo of your board in the starting position, taken from where later photos will "
       "be."),
    N_("Forget my set"),
    /* a game against the engine and the endgame trainer (play.js): its
     * positions' names and hints are these texts too */
    N_("Copy PGN"),
    N_("Copy failed"),
    N_("White wins"),
    N_("Black wins"),
    N_("Draw"),
    N_("Game over: {winner} ({result}) by {reason}."),
    N_("checkmate"),
    N_("stalemate"),
    N_("insufficient material"),
    N_("threefold repetition, claimed"),
    N_("the fifty-move rule, claimed"),
    N_("fivefold repetition"),
    N_("the 75-move rule"),
    N_("You play {side}."),
    N_("You play {side}; the goal: {goal}."),
    N_("win with White"),
    N_("win with Black"),
    N_("hold the draw with White"),
    N_("hold the draw with Black"),
    N_("Goal: {goal}. {hint}"),
    N_("You held it: the goal was to {goal}, and the game ended {result} by {reason}."),
    N_("Not held: the goal was to {goal}, and the game ended {result} by {reason}."),
    N_("Lucena: build a bridge"),
    N_("Check the king away from the pawn, then bring your rook to the fourth rank to shield your king from the checks."),
    N_("Philidor: the third-rank defence"),
    N_("Keep your rook on the sixth rank until the pawn steps onto it, then check from behind."),
    N_("Vancura: attack the pawn from the side"),
    N_("Keep your rook beside the pawn on the sixth rank and your king near g7: checks from behind when the king comes."),
    N_("King and pawn: Black to move"),
    N_("Black has to give way: keep the opposition and walk your king in front of the pawn."),
    N_("King and pawn: the same, White to move"),
    N_("Now you have the opposition: answer each king step by facing the white king."),
    /* the moves played, the engine's lines, a game against it and the
     * interrogation of the FEN (play.js); the interrogation's sentences
     * themselves are the server's, in English */
    N_("Could not play the moves: {why}"),
    N_("A draw can be claimed: {what}. The game goes on unless a player claims it."),
    N_("the same position a third time"),
    N_("fifty moves without a capture or pawn move"),
    N_("Claim the draw"),
    N_("The engine claimed the draw ({score})."),
    N_("The engine claimed the draw with {san} ({score})."),
    N_("The draw claimed with {san} was wrong: the move stands and the game goes on."),
    N_("A draw can be claimed with the next move ({moves}): {what}."),
    N_("Now play the move you claim the draw with: the claim is judged before it is played."),
    N_("Pieces on the board"),
    N_("play legal moves"),
    N_("edit freely (drag off or right-click to remove)"),
    N_("Undo"),
    N_("depth {n}"),
    N_("depth {n}, done"),
    N_("play the line up to {move}"),
    N_("starting the engine…"),
    N_("the engine is thinking…"),
    N_("The engine failed: {why}"),
    N_("The engine cannot play: {why}"),
    N_("No analysis: {why}"),
    N_("Interrogate the FEN"),
    N_("asking the engine…"),
    N_("a draw"),
    N_("This position: {verdict}; asking about {n} neighbours…"),
    N_("This position: {verdict}; {asked} of {n} neighbours asked…"),
    N_("This position: {verdict}. One field changes the verdict:"),
    N_("This position: {verdict}. {n} changes move the verdict:"),
    N_("No change of side to move, castling rights or en passant square moves the verdict "
       "({n} neighbours asked, {nodes} nodes each)."),
    N_("{variant}: no game reaches that position ({why}); not asked."),
    N_("Use this FEN"),
    N_("No interrogation: {why}"),
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
