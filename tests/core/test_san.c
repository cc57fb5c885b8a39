/* Tests for src/core/san.c: SAN out, SAN in as people write it, errors,
 * and the round trip over every legal move of the perft suites, where the
 * fast path and the reader that lists the moves must agree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/perft_suites.h"
#include "core/rules.h"
#include "core/rules_test_util.h"

static const char *const kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/* SAN of the move given in UCI. */
static const char *san_of(const fk_position *pos, const char *uci, char *buf, size_t cap) {
    fk_move_to_san(pos, uci_move(pos, uci), buf, cap);
    return buf;
}

static void writes_minimal_san(void **state) {
    (void)state;
    char san[16];
    fk_position pos = from_fen(kiwipete);
    assert_string_equal(san_of(&pos, "e1g1", san, sizeof san), "O-O");
    assert_string_equal(san_of(&pos, "e1c1", san, sizeof san), "O-O-O");
    assert_string_equal(san_of(&pos, "d5e6", san, sizeof san), "dxe6");
    assert_string_equal(san_of(&pos, "e5f7", san, sizeof san), "Nxf7");
    assert_string_equal(san_of(&pos, "e2a6", san, sizeof san), "Bxa6");
    /* The rook on h1 cannot reach b1: no disambiguation. */
    assert_string_equal(san_of(&pos, "a1b1", san, sizeof san), "Rb1");
    /* Disambiguation by file, by rank, and by both. */
    pos = from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_string_equal(san_of(&pos, "b1d2", san, sizeof san), "Nbd2");
    pos = from_fen("4k3/8/8/N7/8/8/8/N3K3 w - - 0 1");
    assert_string_equal(san_of(&pos, "a1b3", san, sizeof san), "N1b3");
    pos = from_fen("4k3/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1");
    assert_string_equal(san_of(&pos, "a4b3", san, sizeof san), "Qa4b3");
    /* Promotion, check and mate. */
    pos = from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    assert_string_equal(san_of(&pos, "e7e8q", san, sizeof san), "e8=Q");
    assert_string_equal(san_of(&pos, "e7e8n", san, sizeof san), "e8=N+");
    pos = from_fen("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_string_equal(san_of(&pos, "a1a8", san, sizeof san), "Ra8#");
    pos = from_fen("4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1");
    assert_string_equal(san_of(&pos, "d5c6", san, sizeof san), "dxc6");
}

/* Reads text and expects the move given in UCI. */
static void expect_san(const fk_position *pos, const char *text, const char *uci) {
    fk_move move;
    fk_error err;
    fk_status st = fk_move_parse_san(pos, text, strlen(text), &move, &err);
    if (st != FK_OK) print_message("'%s': %s\n", text, err.message);
    assert_int_equal(st, FK_OK);
    fk_move want = uci_move(pos, uci);
    assert_memory_equal(&move, &want, sizeof move);
}

static void reads_san_as_people_write_it(void **state) {
    (void)state;
    fk_position pos;
    fk_position_startpos(&pos);
    const char *forms[] = {"Nf3", "N1f3", "Ngf3", "Ng1f3", "Ng1-f3", "Nf3!", "Nf3?!", "Nf3+", " Nf3 ", "g1f3"};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) expect_san(&pos, forms[i], "g1f3");
    pos = from_fen("4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1");
    expect_san(&pos, "dxc6", "d5c6");
    expect_san(&pos, "dxc6 e.p.", "d5c6");
    expect_san(&pos, "dxc6e.p.", "d5c6");
    expect_san(&pos, "d5xc6", "d5c6");
    expect_san(&pos, "dc6", "d5c6");
    pos = from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    expect_san(&pos, "e8=Q", "e7e8q");
    expect_san(&pos, "e8Q", "e7e8q");
    expect_san(&pos, "e8q", "e7e8q");
    expect_san(&pos, "e8=N+", "e7e8n");
    expect_san(&pos, "e8(R)", "e7e8r");
    expect_san(&pos, "e8/B", "e7e8b");
    pos = from_fen(kiwipete);
    expect_san(&pos, "O-O", "e1g1");
    expect_san(&pos, "0-0", "e1g1");
    expect_san(&pos, "O-O-O", "e1c1");
    expect_san(&pos, "0-0-0+", "e1c1");
    expect_san(&pos, "Qxf6", "f3f6");
    /* A bishop written in lower case, where no pawn can make the move. */
    pos = from_fen("4k3/8/8/8/8/8/8/1B2K3 w - - 0 1");
    expect_san(&pos, "bxe4", "b1e4");
    expect_san(&pos, "be4", "b1e4");
    /* Chess960 castling reads like standard castling. */
    pos = from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    expect_san(&pos, "Nf3", "e1f3");
}

/* Reads text and expects status, with `words` in the message. */
static void expect_error(const fk_position *pos, const char *text, fk_status status, const char *words) {
    fk_move move;
    fk_error err;
    assert_int_equal(fk_move_parse_san(pos, text, strlen(text), &move, &err), status);
    assert_int_equal(err.status, status);
    if (!strstr(err.message, words)) print_message("message: %s\n", err.message);
    assert_non_null(strstr(err.message, words));
}

static void reports_ambiguous_and_illegal_moves(void **state) {
    (void)state;
    fk_position pos = from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    expect_error(&pos, "Nd2", FK_ERR_AMBIGUOUS, "Nd2 is ambiguous: Nbd2, Nfd2");
    fk_position_startpos(&pos);
    expect_error(&pos, "Nf4", FK_ERR_INVALID, "legal moves: ");
    expect_error(&pos, "Nf4", FK_ERR_INVALID, "Nf3");
    expect_error(&pos, "O-O", FK_ERR_INVALID, "not legal");
    expect_error(&pos, "e5", FK_ERR_INVALID, "e4");
    expect_error(&pos, "Zf3", FK_ERR_SYNTAX, "unexpected 'Z'");
    expect_error(&pos, "", FK_ERR_SYNTAX, "empty");
    expect_error(&pos, "N", FK_ERR_SYNTAX, "target square");
    pos = from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    expect_error(&pos, "e8", FK_ERR_AMBIGUOUS, "e8=Q, e8=R, e8=B, e8=N");
    /* A NULL error is allowed. */
    fk_move move;
    assert_int_equal(fk_move_parse_san(&pos, "Ka1", 3, &move, NULL), FK_ERR_INVALID);
}

typedef struct {
    long positions, moves, failed, compared;
    char last_fen[1024];
} round_trip_run;

/* SAN out and back in for every legal move of a record's position (each
 * position once, though the suites list it once per depth). */
static void round_trip_record(const char *file, const char *fen, int depth, uint64_t nodes, void *ctx) {
    (void)depth;
    (void)nodes;
    round_trip_run *run = ctx;
    if (strcmp(fen, run->last_fen) == 0) return;
    snprintf(run->last_fen, sizeof run->last_fen, "%s", fen);
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    assert_int_equal(fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT | FK_FEN_CHESS960, &pos, &problems),
                     FK_OK);
    fk_movelist list;
    fk_moves_generate(&pos, &list);
    run->positions++;
    for (int i = 0; i < list.count; i++) {
        char san[16];
        fk_move back;
        fk_error err;
        size_t len = fk_move_to_san(&pos, list.moves[i], san, sizeof san);
        run->moves++;
        if (fk_move_parse_san(&pos, san, len, &back, &err) != FK_OK ||
            memcmp(&back, &list.moves[i], sizeof back) != 0) {
            print_message("%s: %s: %s does not read back (%s)\n", file, fen, san, err.message);
            run->failed++;
        }
        /* The fast path and the reader that lists the moves must agree,
         * on the SAN and on other ways to write the move: without its check
         * mark, with its whole from square, and cut short. */
        fk_move m = list.moves[i];
        char variants[4][24];
        snprintf(variants[0], sizeof variants[0], "%s", san);
        snprintf(variants[1], sizeof variants[1], "%.*s", (int)strcspn(san, "+#"), san);
        int kind = FK_PIECE_KIND(fk_position_at(&pos, m.from));
        char piece[2] = {kind == FK_PAWN ? '\0' : "PNBRQK"[kind], '\0'};
        snprintf(variants[2], sizeof variants[2], "%s%c%c%s%c%c", piece, 'a' + FK_FILE_OF(m.from),
                 '1' + FK_RANK_OF(m.from), (m.flags & FK_MOVE_CAPTURE) ? "x" : "",
                 'a' + FK_FILE_OF(m.to), '1' + FK_RANK_OF(m.to));
        snprintf(variants[3], sizeof variants[3], "%.*s", (int)(len > 2 ? len - 1 : 1), san);
        for (int v = 0; v < 4; v++) {
            fk_move fast = {0, 0, 0, 0}, listed = {0, 0, 0, 0};
            fk_status a = fk_move_parse_san(&pos, variants[v], strlen(variants[v]), &fast, NULL);
            fk_status b =
                core_san_parse_listed(&pos, variants[v], strlen(variants[v]), &listed, NULL);
            run->compared++;
            if (a != b || (a == FK_OK && memcmp(&fast, &listed, sizeof fast) != 0)) {
                print_message("%s: %s: \"%s\" read as %d-%d (%d), listed %d-%d (%d)\n", file, fen,
                              variants[v], fast.from, fast.to, a, listed.from, listed.to, b);
                run->failed++;
            }
        }
    }
}

/* SAN out then SAN in gives the same move, for every legal move of every
 * position in the suites. */
static void round_trip_over_the_suites(void **state) {
    (void)state;
    round_trip_run run = {0, 0, 0, 0, ""};
    for (size_t i = 0; i < PERFT_SUITE_FILE_COUNT; i++)
        assert_true(perft_suite_read(perft_suite_files[i], round_trip_record, &run) > 0);
    print_message("SAN round trip: %ld positions, %ld moves, %ld texts read both ways, %ld failed\n",
                  run.positions, run.moves, run.compared, run.failed);
    assert_true(run.moves > 100000);
    assert_true(run.compared == 4 * run.moves);
    assert_int_equal(run.failed, 0);
}

/* Plays the SAN of real games and compares the FEN after every ply with
 * the one other tools wrote, with both en passant conventions. */
static void replays_master_games(void **state) {
    (void)state;
    FILE *f = fopen(FENKIT_TEST_DATA "/moves/games25_plies.tsv", "r");
    assert_non_null(f);
    char line[1024];
    fk_position pos;
    long plies = 0, failed = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *fields[5];
        int n = 0;
        for (char *p = line; n < 5 && p; n++) {
            fields[n] = p;
            p = strchr(p, '\t');
            if (p) *p++ = '\0';
        }
        if (n < 5 || strcmp(fields[0], "game") == 0) continue;
        if (strcmp(fields[1], "1") == 0) fk_position_startpos(&pos);
        fk_move move;
        fk_error err;
        plies++;
        if (fk_move_parse_san(&pos, fields[2], strlen(fields[2]), &move, &err) != FK_OK) {
            print_message("game %s ply %s: %s\n", fields[0], fields[1], err.message);
            failed++;
            break;
        }
        fk_move_make(&pos, move);
        char legal[FK_FEN_MAX], always[FK_FEN_MAX];
        fk_fen_write(&pos, FK_EP_LEGAL, legal, sizeof legal);
        fk_fen_write(&pos, FK_EP_ALWAYS, always, sizeof always);
        if (strcmp(legal, fields[3]) != 0 || strcmp(always, fields[4]) != 0) {
            print_message("game %s ply %s %s: %s | %s, expected %s | %s\n", fields[0], fields[1],
                          fields[2], legal, always, fields[3], fields[4]);
            failed++;
        }
    }
    fclose(f);
    print_message("replayed %ld plies, %ld failed\n", plies, failed);
    assert_true(plies > 2000);
    assert_int_equal(failed, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writes_minimal_san),
        cmocka_unit_test(reads_san_as_people_write_it),
        cmocka_unit_test(reports_ambiguous_and_illegal_moves),
        cmocka_unit_test(round_trip_over_the_suites),
        cmocka_unit_test(replays_master_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
