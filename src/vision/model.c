/* The square classifier: a small convolutional network (3x3 convolutions
 * with ReLU and 2x2 max pooling, then dense layers and a softmax) run on a
 * batch of crops, a few at a time. Convolutions are im2col + sgemm on OpenBLAS. The
 * file format is written by training/common.py (save_model). */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libs.h"
#include "vision.h"

enum { MAX_LAYERS = 8 };

struct fk_model {
    int square;                    /* input side in pixels */
    int nconv, ndense;
    int conv_in[MAX_LAYERS], conv_out[MAX_LAYERS];
    int dense_in[MAX_LAYERS], dense_out[MAX_LAYERS];
    const float *conv_w[MAX_LAYERS], *conv_b[MAX_LAYERS];
    const float *dense_w[MAX_LAYERS], *dense_b[MAX_LAYERS];
    float *owned;                  /* all weights, for a loaded model */
    int is_static;
};

/* The model compiled into the library (generated from models/). */
extern const unsigned char fk_builtin_model[];
extern const size_t fk_builtin_model_len;

static int32_t read_i32(const unsigned char *p) {
    return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                     (uint32_t)p[3] << 24);
}

fk_status fk_model_read(const void *data, size_t len, fk_model **out, fk_error *err) {
    const unsigned char *p = data;
    *out = NULL;
    if (len < 20 || memcmp(p, "FKSQNET1", 8) != 0)
        return fk_vision_fail(err, FK_ERR_SYNTAX, "not a fenkit square-classifier model");
    fk_model *m = calloc(1, sizeof *m);
    if (!m) return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the model");
    m->square = read_i32(p + 8);
    m->nconv = read_i32(p + 12);
    m->ndense = read_i32(p + 16);
    size_t at = 20;
    const char *bad = NULL;
    if (m->square < 8 || m->square > 256 || m->nconv < 1 || m->nconv > MAX_LAYERS ||
        m->ndense < 1 || m->ndense > MAX_LAYERS || len < at + 8u * (m->nconv + m->ndense))
        bad = "the model's header is damaged";
    size_t floats = 0;
    int side = m->square;
    for (int i = 0; !bad && i < m->nconv; i++, at += 8) {
        m->conv_in[i] = read_i32(p + at);
        m->conv_out[i] = read_i32(p + at + 4);
        if (m->conv_in[i] < 1 || m->conv_out[i] < 1 || m->conv_in[i] > 1024 ||
            m->conv_out[i] > 1024 || (i > 0 && m->conv_in[i] != m->conv_out[i - 1]) ||
            (i == 0 && m->conv_in[0] != 1) || side % 2)
            bad = "the model's layers do not fit together";
        side /= 2;
        floats += (size_t)m->conv_out[i] * m->conv_in[i] * 9 + m->conv_out[i];
    }
    for (int i = 0; !bad && i < m->ndense; i++, at += 8) {
        m->dense_in[i] = read_i32(p + at);
        m->dense_out[i] = read_i32(p + at + 4);
        int want = i == 0 ? m->conv_out[m->nconv - 1] * side * side : m->dense_out[i - 1];
        if (m->dense_in[i] != want || m->dense_out[i] < 1 || m->dense_out[i] > 65536 ||
            (i == m->ndense - 1 && m->dense_out[i] != FK_PIECE_COUNT))
            bad = "the model's layers do not fit together";
        floats += (size_t)m->dense_out[i] * m->dense_in[i] + m->dense_out[i];
    }
    if (!bad && len != at + floats * 4) bad = "the model file has the wrong length";
    if (bad) {
        free(m);
        return fk_vision_fail(err, FK_ERR_SYNTAX, bad);
    }
    m->owned = malloc(floats * sizeof(float));
    if (!m->owned) {
        free(m);
        return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the model");
    }
    for (size_t i = 0; i < floats; i++) {
        uint32_t u = (uint32_t)read_i32(p + at + 4 * i);
        memcpy(&m->owned[i], &u, 4);
    }
    const float *w = m->owned;
    for (int i = 0; i < m->nconv; i++) {
        m->conv_w[i] = w;
        w += (size_t)m->conv_out[i] * m->conv_in[i] * 9;
        m->conv_b[i] = w;
        w += m->conv_out[i];
    }
    for (int i = 0; i < m->ndense; i++) {
        m->dense_w[i] = w;
        w += (size_t)m->dense_out[i] * m->dense_in[i];
        m->dense_b[i] = w;
        w += m->dense_out[i];
    }
    *out = m;
    return FK_OK;
}

fk_status fk_model_load(const char *path, fk_model **out, fk_error *err) {
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return fk_vision_fail(err, FK_ERR_IO, "cannot open the model file");
    unsigned char *buf = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len == cap) {
            cap = cap ? cap * 2 : 1 << 20;
            unsigned char *grown = cap > (64u << 20) ? NULL : realloc(buf, cap);
            if (!grown) {
                free(buf);
                fclose(f);
                return fk_vision_fail(err, FK_ERR_SYNTAX, "the model file is too large");
            }
            buf = grown;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    int failed = ferror(f);
    fclose(f);
    fk_status s = failed ? fk_vision_fail(err, FK_ERR_IO, "cannot read the model file")
                         : fk_model_read(buf, len, out, err);
    free(buf);
    return s;
}

void fk_model_free(fk_model *model) {
    if (!model || model->is_static) return;
    free(model->owned);
    free(model);
}

static fk_model *builtin;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

/* Reads the built-in model, once per process. */
static void read_builtin(void) {
    if (fk_model_read(fk_builtin_model, fk_builtin_model_len, &builtin, NULL) == FK_OK)
        builtin->is_static = 1;
}

const fk_model *fk_model_builtin(void) {
    /* A damaged built-in model is a build error, which the tests catch. */
    pthread_once(&builtin_once, read_builtin);
    return builtin;
}

int fk_model_square_size(const fk_model *model) { return model->square; }

/* 3x3 patches (zero padded) of n planes of c x side x side, laid out with
 * channels outermost: act[c][n][y][x]. cols gets (c*9) rows of n*side*side.
 * Each patch row is the source row shifted by one pixel or none. */
static void im2col(const float *act, int c, int n, int side, float *cols) {
    size_t plane = (size_t)side * side, row = (size_t)n * plane;
    for (int ch = 0; ch < c; ch++)
        for (int ky = 0; ky < 3; ky++)
            for (int kx = 0; kx < 3; kx++) {
                float *dst = cols + (size_t)(ch * 9 + ky * 3 + kx) * row;
                for (int b = 0; b < n; b++) {
                    const float *src = act + ((size_t)ch * n + b) * plane;
                    for (int y = 0; y < side; y++) {
                        int sy = y + ky - 1;
                        float *d = dst + (size_t)b * plane + (size_t)y * side;
                        if (sy < 0 || sy >= side) {
                            memset(d, 0, sizeof(float) * side);
                            continue;
                        }
                        const float *s = src + (size_t)sy * side;
                        if (kx == 0) {
                            d[0] = 0.0f;
                            memcpy(d + 1, s, sizeof(float) * (side - 1));
                        } else if (kx == 1) {
                            memcpy(d, s, sizeof(float) * side);
                        } else {
                            memcpy(d, s + 1, sizeof(float) * (side - 1));
                            d[side - 1] = 0.0f;
                        }
                    }
                }
            }
}

/* Bias, ReLU and 2x2 max pooling of c planes (n per channel) of side x side. */
static void bias_relu_pool(const float *in, const float *bias, int c, int n, int side, float *out) {
    int half = side / 2;
    for (int ch = 0; ch < c; ch++)
        for (int b = 0; b < n; b++) {
            const float *s = in + ((size_t)ch * n + b) * side * side;
            float *d = out + ((size_t)ch * n + b) * half * half;
            for (int y = 0; y < half; y++)
                for (int x = 0; x < half; x++) {
                    const float *q = s + (size_t)(2 * y) * side + 2 * x;
                    float top = q[0] > q[1] ? q[0] : q[1];
                    float low = q[side] > q[side + 1] ? q[side] : q[side + 1];
                    float v = (top > low ? top : low) + bias[ch];
                    d[y * half + x] = v > 0 ? v : 0;
                }
        }
}

/* Crops that go through the convolutions together: products still wide
 * enough for the BLAS, and working buffers small enough to stay in the
 * cache (all 64 crops at once need 20 MB, and took 2.5 times as long,
 * most of it faulting fresh pages in). */
enum { CHUNK = 4 };

/* Runs the convolutions on n crops (n <= CHUNK) and writes each crop's
 * features, flattened in (channel, y, x) order as torch's Flatten does, to
 * feat (one row of `features` floats per crop). a, b and cols are work
 * buffers of `work` floats. */
static void convolve(const fk_model *m, const uint8_t *crops, int n, float *a, float *b,
                     float *cols, float *feat, int features) {
    int side = m->square, s = side;
    for (size_t i = 0; i < (size_t)n * side * side; i++)
        a[i] = crops[i] / 255.0f;
    for (int i = 0; i < m->nconv; i++, s /= 2) {
        int k = m->conv_in[i] * 9, pixels = n * s * s;
        im2col(a, m->conv_in[i], n, s, cols);
        fk_blas.cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m->conv_out[i], pixels, k,
                            1.0f, m->conv_w[i], k, cols, pixels, 0.0f, b, pixels);
        bias_relu_pool(b, m->conv_b[i], m->conv_out[i], n, s, a);
    }
    int c = m->conv_out[m->nconv - 1], plane = s * s;
    for (int j = 0; j < n; j++)
        for (int ch = 0; ch < c; ch++)
            memcpy(feat + (size_t)j * features + (size_t)ch * plane,
                   a + ((size_t)ch * n + j) * plane, sizeof(float) * plane);
}

/* Runs the network on n crops up to and including dense layer `last`
 * (the final one gives probabilities through a softmax; -1 stops after
 * the convolutions), writing that layer's outputs, a row a crop, to out. */
static fk_status run_network(const fk_model *m, const uint8_t *crops, int n, int last, float *out) {
    if (!fk_blas_ready()) return FK_ERR_IO;
    int side = m->square, features = m->dense_in[0];
    size_t work = (size_t)CHUNK * side * side, dense = 0;
    for (int i = 0, s = side; i < m->nconv; i++, s /= 2) {
        size_t cols = (size_t)m->conv_in[i] * 9 * CHUNK * s * s;
        size_t outs = (size_t)m->conv_out[i] * CHUNK * s * s;
        if (cols > work) work = cols;
        if (outs > work) work = outs;
    }
    for (int i = 0; i < m->ndense; i++) {
        size_t d = (size_t)n * (m->dense_in[i] > m->dense_out[i] ? m->dense_in[i] : m->dense_out[i]);
        if (d > dense) dense = d;
    }
    /* The three work buffers in one block, which fk_picture_alloc takes in
     * a huge page: fresh small pages faulted in one by one are a good part
     * of a single `fenkit scan`'s cost. */
    float *work_block = fk_picture_alloc(sizeof(float) * 3 * work);
    float *a = work_block, *b = a ? a + work : NULL, *cols = a ? b + work : NULL;
    float *x = malloc(sizeof(float) * dense), *y = malloc(sizeof(float) * dense);
    if (!work_block || !x || !y) {
        free(work_block);
        free(x);
        free(y);
        return FK_ERR_NOMEM;
    }
    for (int j = 0; j < n; j += CHUNK) {
        int count = n - j < CHUNK ? n - j : CHUNK;
        convolve(m, crops + (size_t)j * side * side, count, a, b, cols, x + (size_t)j * features,
                 features);
    }
    /* The dense layers take all crops in one product each. */
    for (int i = 0; i <= last; i++) {
        int in = m->dense_in[i], o = m->dense_out[i];
        fk_blas.cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, n, o, in, 1.0f, x, in,
                            m->dense_w[i], in, 0.0f, y, o);
        for (int j = 0; j < n; j++)
            for (int k = 0; k < o; k++) {
                float v = y[(size_t)j * o + k] + m->dense_b[i][k];
                y[(size_t)j * o + k] = i + 1 < m->ndense && v < 0 ? 0 : v;
            }
        float *t = x;
        x = y;
        y = t;
    }
    int o = last < 0 ? features : m->dense_out[last];
    if (last == m->ndense - 1)
        fk_softmax(x, n, o, out);
    else
        memcpy(out, x, sizeof(float) * n * o);
    free(work_block);
    free(x);
    free(y);
    return FK_OK;
}

void fk_softmax(const float *z, int n, int classes, float *probs) {
    for (int j = 0; j < n; j++) {
        const float *r = z + (size_t)j * classes;
        float *p = probs + (size_t)j * classes, top = r[0], sum = 0;
        for (int k = 1; k < classes; k++) top = fmaxf(top, r[k]);
        for (int k = 0; k < classes; k++) sum += p[k] = expf(r[k] - top);
        for (int k = 0; k < classes; k++) p[k] /= sum;
    }
}

fk_status fk_model_classify(const fk_model *m, const uint8_t *crops, int n, float *probs) {
    return run_network(m, crops, n, m->ndense - 1, probs);
}

int fk_model_feature_count(const fk_model *m) {
    return m->ndense > 1 ? m->dense_out[m->ndense - 2] : m->dense_in[0];
}

fk_status fk_model_features(const fk_model *m, const uint8_t *crops, int n, float *features) {
    return run_network(m, crops, n, m->ndense - 2, features);
}

uint32_t fk_model_fingerprint(const fk_model *m) {
    /* FNV-1a over the final layer's weights, which tell models apart: a
     * set learnt in one model's features means nothing in another's. */
    uint32_t h = 2166136261u;
    int layer = m->ndense - 1, in = m->dense_in[layer];
    const unsigned char *p = (const unsigned char *)m->dense_w[layer];
    for (size_t i = 0; i < (size_t)in * m->dense_out[layer] * sizeof(float); i++)
        h = (h ^ p[i]) * 16777619u;
    return h ^ (uint32_t)m->square ^ (uint32_t)in << 8;
}
