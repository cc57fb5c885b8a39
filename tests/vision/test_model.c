/* The square classifier: the built-in model gives the probabilities
 * PyTorch gave the same crops when it was trained (the fixture
 * tests/data/scan/parity-*), and damaged model files are refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "fenkit/fenkit.h"

extern const unsigned char fk_builtin_model[];
extern const size_t fk_builtin_model_len;

static void test_builtin_model_matches_pytorch(void **state) {
    (void)state;
    const fk_model *m = fk_model_builtin();
    assert_non_null(m);
    int side = fk_model_square_size(m);
    FILE *f = fopen(FENKIT_TEST_DATA "/scan/parity-crops.u8", "rb");
    assert_non_null(f);
    uint8_t crops[16 * 64 * 64];
    size_t n = fread(crops, (size_t)side * side, 16, f);
    fclose(f);
    assert_int_equal(n, 16);
    float probs[16 * FK_PIECE_COUNT];
    assert_int_equal(fk_model_classify(m, crops, 16, probs), FK_OK);
    f = fopen(FENKIT_TEST_DATA "/scan/parity-probs.txt", "r");
    assert_non_null(f);
    int agree = 0;
    for (int i = 0; i < 16; i++) {
        int label, best = 0;
        assert_int_equal(fscanf(f, "%d", &label), 1);
        for (int c = 0; c < FK_PIECE_COUNT; c++) {
            double want;
            assert_int_equal(fscanf(f, "%lf", &want), 1);
            float got = probs[i * FK_PIECE_COUNT + c];
            if (fabs(got - want) > 1e-4)
                fail_msg("crop %d class %d: C %.6f, PyTorch %.6f", i, c, got, want);
            if (got > probs[i * FK_PIECE_COUNT + best]) best = c;
        }
        agree += best == label;
    }
    fclose(f);
    /* The crops are labelled validation squares: a trained model reads most
     * (a broken one about one in thirteen). */
    assert_true(agree >= 10);
}

static void test_classifies_batches_like_single_crops(void **state) {
    (void)state;
    const fk_model *m = fk_model_builtin();
    int side = fk_model_square_size(m), px = side * side;
    uint8_t *crops = malloc((size_t)5 * px);
    for (int i = 0; i < 5 * px; i++) crops[i] = (uint8_t)((i * 37 + i / px * 11) & 0xff);
    float all[5 * FK_PIECE_COUNT], one[FK_PIECE_COUNT];
    assert_int_equal(fk_model_classify(m, crops, 5, all), FK_OK);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(fk_model_classify(m, crops + (size_t)i * px, 1, one), FK_OK);
        float sum = 0;
        for (int c = 0; c < FK_PIECE_COUNT; c++) {
            assert_true(fabsf(one[c] - all[i * FK_PIECE_COUNT + c]) < 1e-5f);
            sum += one[c];
        }
        assert_true(fabsf(sum - 1) < 1e-4f);
    }
    free(crops);
}

static void test_refuses_damaged_model_files(void **state) {
    (void)state;
    fk_model *m = NULL;
    fk_error err;
    assert_int_equal(fk_model_read("not a model", 11, &m, &err), FK_ERR_SYNTAX);
    assert_null(m);
    assert_int_equal(fk_model_read(fk_builtin_model, fk_builtin_model_len - 4, &m, &err),
                     FK_ERR_SYNTAX);
    assert_non_null(strstr(err.message, "length"));
    unsigned char *copy = malloc(fk_builtin_model_len);
    memcpy(copy, fk_builtin_model, fk_builtin_model_len);
    copy[12] = 99; /* layer count */
    assert_int_equal(fk_model_read(copy, fk_builtin_model_len, &m, &err), FK_ERR_SYNTAX);
    memcpy(copy, fk_builtin_model, fk_builtin_model_len);
    assert_int_equal(fk_model_read(copy, fk_builtin_model_len, &m, &err), FK_OK);
    fk_model_free(m);
    free(copy);
    assert_int_equal(fk_model_load(FENKIT_TEST_DATA "/no-such-model.fkm", &m, &err), FK_ERR_IO);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_model_matches_pytorch),
        cmocka_unit_test(test_classifies_batches_like_single_crops),
        cmocka_unit_test(test_refuses_damaged_model_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
