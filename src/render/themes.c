/* Board themes: square colours of the common looks, and the marks' colours.
 * Colours are the ones the popular boards use (see docs/render.md). */
#include <string.h>

#include "fenkit/render.h"

#define LAST_MOVE 0x9bc700 /* yellow-green, drawn half transparent */
#define ARROW 0x15781b     /* green */
#define FRAME 0x303030

static const fk_theme themes[] = {
    /* The five named looks first: brown is the default. */
    {"brown", 0xf0d9b5, 0xb58863, 0, LAST_MOVE, ARROW, FRAME},
    {"blue", 0xdee3e6, 0x8ca2ad, 0, LAST_MOVE, ARROW, FRAME},
    {"green", 0xebecd0, 0x779556, 0, 0xf6f669, 0xe07020, FRAME},
    {"grey", 0xeeeeee, 0xaaaaaa, 0, 0x6f9fd8, ARROW, FRAME},
    {"book", 0xffffff, 0x000000, 1, 0x9a9a9a, 0x202020, 0x000000},
    /* More looks found on sites and programs, for variety. */
    {"book-vertical", 0xf4f4f4, 0x000000, 2, 0x9a9a9a, 0x202020, 0x000000},
    {"lichess", 0xf0d9b5, 0xc0ae91, 0, LAST_MOVE, ARROW, FRAME},
    {"wood", 0xf6d8ab, 0xd99153, 0, LAST_MOVE, ARROW, FRAME},
    {"wikipedia", 0xffce9e, 0xd18b47, 0, LAST_MOVE, ARROW, FRAME},
    {"scid", 0xf3f3f3, 0x7389b6, 0, 0xf6f669, ARROW, FRAME},
    {"purple", 0xe3d8ed, 0x977bb2, 0, 0xf6f669, ARROW, FRAME},
    {"teal", 0xe3ebf3, 0x1c72ad, 0, 0xf6f669, 0xe07020, FRAME},
    {"ruby", 0xd2d4c8, 0x8b2635, 0, 0xf6f669, ARROW, FRAME},
    {"coral", 0xb1e4b9, 0x70a2a3, 0, 0xf6f669, 0xc03030, FRAME},
    {"marine", 0x9dacff, 0x6f73d2, 0, 0xf6f669, ARROW, FRAME},
    {"dusk", 0xccb7ae, 0x706677, 0, LAST_MOVE, ARROW, FRAME},
    {"emerald", 0xadbd8f, 0x6f8f72, 0, 0xf6f669, 0xc03030, FRAME},
    {"sandcastle", 0xe3c16f, 0xb88b4a, 0, LAST_MOVE, ARROW, FRAME},
    {"xboard", 0xc8c365, 0x77a26d, 0, 0xf6f669, 0xc03030, FRAME},
    {"gnome", 0xeeeeec, 0xbabdb6, 0, 0x729fcf, ARROW, FRAME},
    {"informator", 0xeeeeee, 0xaaaaaa, 0, 0x9a9a9a, 0x202020, 0x000000},
    {"falken", 0xf4f4f4, 0x636b6a, 0, LAST_MOVE, ARROW, FRAME},
    {"zeit", 0xcccccc, 0x6494b1, 0, LAST_MOVE, ARROW, FRAME},
    {"chess-club", 0xe6d3b1, 0xaf6b3f, 0, LAST_MOVE, ARROW, FRAME},
    {"cm-chessboard", 0xecdab9, 0xc5a076, 0, LAST_MOVE, ARROW, FRAME},
    {"black-and-white", 0xffffff, 0x9c9c9c, 0, 0x6f9fd8, 0x202020, 0x000000},
    {"maple", 0xfbe2ab, 0xb97137, 0, LAST_MOVE, ARROW, FRAME},
    {"slate", 0xcbcbcb, 0x8d8d8d, 0, 0x6f9fd8, ARROW, FRAME},
    {"walnut", 0xe3c798, 0x5c3618, 0, LAST_MOVE, ARROW, FRAME},
};

int fk_theme_count(void) { return (int)(sizeof themes / sizeof themes[0]); }

const fk_theme *fk_theme_at(int index) {
    if (index < 0 || index >= fk_theme_count()) return NULL;
    return &themes[index];
}

const fk_theme *fk_theme_find(const char *name) {
    for (int i = 0; i < fk_theme_count(); i++)
        if (strcmp(themes[i].name, name) == 0) return &themes[i];
    return NULL;
}
