/* Test helper for the vision tests: the bytes of a file of
 * tests/data/scan, failing the test when it cannot be read. Include after
 * cmocka.h. */
#ifndef FENKIT_TEST_SCAN_DATA_H
#define FENKIT_TEST_SCAN_DATA_H

#include <stdio.h>
#include <stdlib.h>

/* The bytes of tests/data/scan/NAME in a buffer the caller frees; *len
 * says how many. */
static inline unsigned char *scan_data(const char *name, size_t *len) {
    char path[512];
    snprintf(path, sizeof path, "%s/scan/%s", FENKIT_TEST_DATA, name);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    unsigned char *data = malloc(n > 0 ? (size_t)n : 1);
    assert_non_null(data);
    assert_int_equal(fread(data, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return data;
}

#endif
