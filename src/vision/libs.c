/* Opening Leptonica and the BLAS on first use. */
#include "libs.h"

#include <pthread.h>
#include <stdlib.h>

fk_lept_api fk_lept;
fk_blas_api fk_blas;
static pthread_once_t lept_once = PTHREAD_ONCE_INIT, blas_once = PTHREAD_ONCE_INIT;
static char lept_problem[200], blas_problem[200];

/* Opens Leptonica and finds every function the scanner calls. */
static void lept_open(void) {
    static const char *const libraries[] = {"liblept.so.5"};
    static const char *const names[] = {LEPT_FUNCTIONS(LAZY_NAME)};
    _Static_assert(sizeof fk_lept == sizeof names, "one pointer per function");
    lazy_load(libraries, 1, names, (int)(sizeof names / sizeof names[0]), &fk_lept,
              "reading pictures (Debian: liblept5)", lept_problem, sizeof lept_problem);
}

/* Opens OpenBLAS, or another BLAS that Debian's alternatives point to.
 * The scanner's products are small and run a few crops at a time, so
 * OpenBLAS is asked for one thread (unless the caller's environment says
 * otherwise): its default pool, started as the library loads, spins
 * beside the scanning thread and doubled `fenkit scan`'s wall time. */
static void blas_open(void) {
    setenv("OPENBLAS_NUM_THREADS", "1", 0);
    static const char *const names[] = {BLAS_FUNCTIONS(LAZY_NAME)};
    static const char *const openblas[] = {"libopenblas.so.0"}, *const any[] = {"libblas.so.3"};
    if (!lazy_load(openblas, 1, names, 1, &fk_blas, "the scanner's network", blas_problem,
                   sizeof blas_problem))
        lazy_load(any, 1, names, 1, &fk_blas, "the scanner's network (Debian: libopenblas0)",
                  blas_problem, sizeof blas_problem);
}

fk_status fk_lept_ready(fk_error *err) {
    pthread_once(&lept_once, lept_open);
    return lept_problem[0] ? fk_vision_fail(err, FK_ERR_IO, lept_problem) : FK_OK;
}

int fk_blas_ready(void) {
    pthread_once(&blas_once, blas_open);
    return blas_problem[0] == '\0';
}

PIX *fk_grey_pix(const uint8_t *grey, int w, int h) {
    PIX *pix = fk_lept.pixCreate(w, h, 8);
    if (!pix) return NULL;
    /* Leptonica keeps the first pixel of each 32-bit word in its high byte. */
    l_uint32 *data = fk_lept.pixGetData(pix);
    int wpl = fk_lept.pixGetWpl(pix);
    for (int y = 0; y < h; y++) {
        l_uint32 *row = data + (size_t)y * wpl;
        const uint8_t *src = grey + (size_t)y * w;
        for (int x = 0; x < w; x++) {
            int shift = 24 - 8 * (x & 3);
            row[x >> 2] = (row[x >> 2] & ~((l_uint32)0xff << shift)) | (l_uint32)src[x] << shift;
        }
    }
    return pix;
}
