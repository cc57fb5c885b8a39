/* fenkit pgn --eco: the openings table, found by position (see pgn_eco.h). */
#include "pgn_eco.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/moves.h"

/* The generated source of cmake/embed-openings.cmake. */
extern const unsigned char *const cli_openings_text;
extern const size_t cli_openings_len;

typedef struct {
    uint64_t key; /* 0: an empty slot */
    pgn_opening opening;
} slot;

static slot *table;
static size_t table_mask;
static char *table_text; /* the names point into it; kept for the run */
/* The fewest men on the board in any position of the table: a game with
 * fewer can never come back to one, as men are only ever taken. */
static int fewest_men = 32;

/* The key a position is looked up by: its Polyglot key, with the en
 * passant square only where a capture is legal, as the table writes it (a
 * game's position holds it after every double push). */
static uint64_t position_key(const fk_position *pos) {
    fk_position plain = *pos;
    if (!fk_position_ep_capturable(pos)) plain.ep_square = FK_NO_SQUARE;
    uint64_t key = fk_position_hash(&plain);
    return key ? key : 1;
}

int pgn_eco_load(void) {
    if (table) return 0;
    /* the names point into a copy of the text, its tabs and newlines
     * turned into the strings' ends */
    char *text = malloc(cli_openings_len + 1);
    size_t rows = 0;
    if (!text) return -1;
    memcpy(text, cli_openings_text, cli_openings_len);
    text[cli_openings_len] = '\0';
    for (size_t i = 0; i < cli_openings_len; i++)
        rows += text[i] == '\n';
    size_t cap = 1024;
    while (cap < 2 * rows)
        cap *= 2;
    slot *slots = calloc(cap, sizeof *slots);
    if (!slots) {
        free(text);
        return -1;
    }
    char *line = strchr(text, '\n'); /* after the header */
    while (line && *++line) {
        char *end = strchr(line, '\n');
        if (end) *end = '\0';
        char *name = strchr(line, '\t');
        char *epd = name ? strchr(name + 1, '\t') : NULL;
        if (epd) {
            *name++ = '\0';
            *epd++ = '\0';
            char fen[FK_FEN_MAX];
            fk_position pos;
            fk_problems problems;
            fk_problems_clear(&problems);
            int n = snprintf(fen, sizeof fen, "%s 0 1", epd);
            if (n > 0 && (size_t)n < sizeof fen &&
                fk_fen_parse(fen, (size_t)n, FK_FEN_TOLERANT, &pos, &problems) == FK_OK) {
                uint64_t key = position_key(&pos);
                int men = __builtin_popcountll(fk_position_occupied(&pos));
                if (men < fewest_men) fewest_men = men;
                size_t j = key & (cap - 1);
                while (slots[j].key && slots[j].key != key)
                    j = (j + 1) & (cap - 1);
                slots[j] = (slot){key, {line, name}};
            }
        }
        line = end;
    }
    table = slots;
    table_mask = cap - 1;
    table_text = text;
    return 0;
}

const pgn_opening *pgn_eco_find(const fk_position *pos) {
    if (!table || __builtin_popcountll(fk_position_occupied(pos)) < fewest_men) return NULL;
    uint64_t key = position_key(pos);
    for (size_t j = key & table_mask; table[j].key; j = (j + 1) & table_mask)
        if (table[j].key == key) return &table[j].opening;
    return NULL;
}
