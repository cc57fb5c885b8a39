/* Leptonica and the BLAS, opened when the scanner first needs them (see
 * src/lazy.h), so that commands that never scan do not load them and the
 * image codecs behind them at every start. Internal to the vision layer. */
#ifndef FENKIT_VISION_LIBS_H
#define FENKIT_VISION_LIBS_H

#include <cblas.h>
#include <leptonica/allheaders.h>

#include "lazy.h"
#include "vision.h"

#define LEPT_FUNCTIONS(X)                                                                    \
    X(findFileFormatBuffer) X(pixClone) X(pixConvertTo32) X(pixCreate) X(pixDestroy)         \
    X(pixFindSkewSweepAndSearch) X(pixGetColormap) X(pixGetData) X(pixGetDepth)              \
    X(pixGetHeight) X(pixGetSpp) X(pixGetWidth) X(pixGetWpl) X(pixInvert)                    \
    X(pixReadHeaderMem) X(pixReadMem) X(pixReadMemJpeg) X(pixRenderLineArb)                  \
    X(pixSobelEdgeFilter) X(pixThresholdToBinary) X(pixWrite) X(setMsgSeverity)
#define BLAS_FUNCTIONS(X) X(cblas_sgemm)

typedef struct {
    LEPT_FUNCTIONS(LAZY_FIELD)
} fk_lept_api;
typedef struct {
    BLAS_FUNCTIONS(LAZY_FIELD)
} fk_blas_api;

/* The tables, valid once the matching *_ready call returned FK_OK. */
extern fk_lept_api fk_lept;
extern fk_blas_api fk_blas;

/* Opens Leptonica (once); FK_OK, or FK_ERR_IO with err saying what is missing. */
fk_status fk_lept_ready(fk_error *err);
/* Opens the BLAS (once): 1 when ready, 0 when it could not be. */
int fk_blas_ready(void);

/* A new 8 bpp Leptonica picture holding w x h grey levels (Leptonica ready);
 * NULL when out of memory. */
PIX *fk_grey_pix(const uint8_t *grey, int w, int h);

#endif
