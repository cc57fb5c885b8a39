/* Reading the men as one piece set (sets.c), on crops drawn here: a
 * drawing read as two men takes the one its group's readings and the
 * rules favour; a drawing read as the same man as an unlike one is told
 * apart; a board that is already one set, or not drawn flat, is left as
 * read. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "vision/tell.h"

#define SIDE 32
#define LIGHT 210
#define DARK 120
#define INK 25

typedef enum { NONE, DISK, CROSS, RING, BOX } drawing;

/* One crop: the square's grey, and a man drawn in ink on it (a disk, a
 * cross, a ring or a box: four unlike drawings). */
static void draw(uint8_t *crop, int cell, drawing what, int grain) {
    int ground = fk_cell_colour(cell) ? DARK : LIGHT;
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            int v = ground, dx = x - SIDE / 2, dy = y - SIDE / 2, r2 = dx * dx + dy * dy;
            if ((what == DISK && r2 <= 64) ||
                (what == CROSS && (abs(dx - dy) <= 2 || abs(dx + dy) <= 2) && abs(dx) <= 9) ||
                (what == RING && r2 >= 64 && r2 <= 120) ||
                (what == BOX && (abs(dx) <= 9 && abs(dy) <= 9) && (abs(dx) >= 7 || abs(dy) >= 7)))
                v = INK;
            /* a wood grain: squares no program draws flat */
            if (grain) v += (int)(18 * sin(x * 1.7 + y * 0.4 + cell));
            crop[y * SIDE + x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
        }
}

typedef struct {
    uint8_t crops[64 * SIDE * SIDE];
    uint8_t spare[129 * SIDE * SIDE];
    int shaped[64], found;
    uint64_t rows[64 * 64];
    hatching hatch;
    drawings d;
    float probs[64][FK_PIECE_COUNT];
    fk_piece picture[64];
    told_apart told[64];
} board;

/* Draws cell as `what`, read by the network as a (pa) or b (the rest). */
static void place(board *bd, int cell, drawing what, fk_piece a, float pa, fk_piece b, int grain) {
    draw(bd->crops + (size_t)cell * SIDE * SIDE, cell, what, grain);
    float *p = bd->probs[cell];
    memset(p, 0, sizeof bd->probs[0]);
    for (int c = 0; c < FK_PIECE_COUNT; c++)
        p[c] = 0.001f;
    p[a] = pa;
    if (b != a) p[b] = 0.99f - pa;
    bd->picture[cell] = pa >= 0.99f - pa ? a : b;
}

/* A board of black pawns (disks), black bishops (crosses) and the two
 * kings (a ring and a box, unlike either); each pawn read as `pawn_as[i]`
 * first. */
static board *pawns_and_bishops(const fk_piece pawn_as[5], int grain) {
    board *bd = calloc(1, sizeof *bd);
    for (int i = 0; i < 64; i++) {
        draw(bd->crops + (size_t)i * SIDE * SIDE, i, NONE, grain);
        bd->probs[i][FK_EMPTY] = 1;
        bd->picture[i] = FK_EMPTY;
    }
    static const int pawns[5] = {9, 10, 11, 12, 13}; /* a row of both colours */
    for (int i = 0; i < 5; i++)
        place(bd, pawns[i], DISK, pawn_as[i], pawn_as[i] == FK_BB ? 0.6f : 0.7f,
              pawn_as[i] == FK_BB ? FK_BP : FK_BB, grain);
    place(bd, 2, CROSS, FK_BB, 0.95f, FK_BP, grain);
    place(bd, 5, CROSS, FK_BB, 0.95f, FK_BP, grain);
    place(bd, 4, RING, FK_BK, 0.97f, FK_BQ, grain);
    place(bd, 60, BOX, FK_WK, 0.97f, FK_WQ, grain);
    fk_drawings_init(&bd->d, bd->crops, SIDE, bd->spare, bd->shaped, &bd->found, bd->rows,
                     &bd->hatch, 0);
    return bd;
}

static int read_as_set_at(board *bd, double square_px) {
    return fk_read_as_set(&bd->d, (const float(*)[FK_PIECE_COUNT])bd->probs, square_px, bd->picture,
                          bd->told, 0);
}

static int read_as_set(board *bd) { return read_as_set_at(bd, 40); }

static void test_pawns_read_as_bishops_become_pawns(void **state) {
    (void)state;
    const fk_piece as[5] = {FK_BB, FK_BP, FK_BB, FK_BP, FK_BP};
    board *bd = pawns_and_bishops(as, 0);
    int told = read_as_set(bd);
    assert_int_equal(told, 2);
    for (int cell = 9; cell <= 13; cell++)
        assert_int_equal(bd->picture[cell], FK_BP);
    assert_int_equal(bd->picture[2], FK_BB);
    assert_int_equal(bd->picture[5], FK_BB);
    assert_int_equal(bd->told[0].how, TOLD_SET);
    free(bd);
}

/* Every disk read as a bishop at 60%, beside the sure crosses: five
 * bishops of one drawing besides two of another cannot all be bishops,
 * and the pawns are the network's runner-up. */
static void test_unlike_drawings_read_alike_are_told_apart(void **state) {
    (void)state;
    const fk_piece as[5] = {FK_BB, FK_BB, FK_BB, FK_BB, FK_BB};
    board *bd = pawns_and_bishops(as, 0);
    assert_int_equal(read_as_set(bd), 5);
    for (int cell = 9; cell <= 13; cell++)
        assert_int_equal(bd->picture[cell], FK_BP);
    assert_int_equal(bd->picture[2], FK_BB);
    free(bd);
}

static void test_one_set_already_is_left_alone(void **state) {
    (void)state;
    const fk_piece as[5] = {FK_BP, FK_BP, FK_BP, FK_BP, FK_BP};
    board *bd = pawns_and_bishops(as, 0);
    fk_piece before[64];
    memcpy(before, bd->picture, sizeof before);
    assert_int_equal(read_as_set(bd), 0);
    assert_memory_equal(before, bd->picture, sizeof before);
    free(bd);
}

/* A grained board's like men do not compare near 1: no groups. */
static void test_grain_is_left_to_the_square_reading(void **state) {
    (void)state;
    const fk_piece as[5] = {FK_BB, FK_BP, FK_BB, FK_BP, FK_BP};
    board *bd = pawns_and_bishops(as, 1);
    assert_int_equal(read_as_set(bd), 0);
    assert_int_equal(bd->picture[9], FK_BB);
    free(bd);
}

/* Squares of 16 pixels: too little detail to group men by. */
static void test_small_squares_are_left_to_the_square_reading(void **state) {
    (void)state;
    const fk_piece as[5] = {FK_BB, FK_BP, FK_BB, FK_BP, FK_BP};
    board *bd = pawns_and_bishops(as, 0);
    assert_int_equal(read_as_set_at(bd, 16), 0);
    assert_int_equal(bd->picture[9], FK_BB);
    free(bd);
}

/* A man on the back row drawn like the pawns is kept out of their group:
 * the pawns stay pawns, and he is no pawn. */
static void test_an_edge_man_joins_no_pawns(void **state) {
    (void)state;
    const fk_piece as[5] = {FK_BP, FK_BP, FK_BB, FK_BP, FK_BP};
    board *bd = pawns_and_bishops(as, 0);
    place(bd, 7, DISK, FK_BB, 0.8f, FK_BP, 0);
    assert_true(read_as_set(bd) >= 1);
    for (int cell = 9; cell <= 13; cell++)
        assert_int_equal(bd->picture[cell], FK_BP);
    assert_int_not_equal(FK_PIECE_KIND(bd->picture[7]), FK_PAWN);
    free(bd);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pawns_read_as_bishops_become_pawns),
        cmocka_unit_test(test_unlike_drawings_read_alike_are_told_apart),
        cmocka_unit_test(test_one_set_already_is_left_alone),
        cmocka_unit_test(test_grain_is_left_to_the_square_reading),
        cmocka_unit_test(test_small_squares_are_left_to_the_square_reading),
        cmocka_unit_test(test_an_edge_man_joins_no_pawns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
