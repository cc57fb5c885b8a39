/* A player's own piece set: the reader's last layer fitted again, on the
 * network's features of the 64 squares of one picture of a known position
 * (the starting position as a rule), and the .fks file that keeps it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vision.h"

struct fk_piece_set {
    uint32_t model;   /* fk_model_fingerprint of the model whose features it reads */
    int side;         /* crop side of that model */
    int features;     /* features a crop */
    int white_bottom; /* the side at the bottom of the picture it was learnt from */
    float scale;      /* features are divided by it before the weights */
    float *w;         /* FK_PIECE_COUNT rows of `features` */
    float b[FK_PIECE_COUNT];
};

/* The .fks file, little-endian: MAGIC, then version, model fingerprint,
 * crop side, features, classes, bottom (1 White, 2 Black) as 32-bit
 * words, the scale, the weights (classes x features) and biases as
 * 32-bit floats, and last an FNV-1a checksum of all the bytes before it. */
static const char MAGIC[8] = {'F', 'K', 'P', 'S', 'E', 'T', '\r', '\n'};
enum { VERSION = 1, HEADER = 36 };

/* Variants of each crop the fit sees besides the crop itself: moved up to
 * SHIFT pixels each way and lit up to GAIN brighter or darker, as the
 * next picture's grid and light will differ a little. */
enum { VARIANTS = 20, SHIFT = 2 };
#define GAIN 0.1
/* Full-batch gradient steps of the fit, its rate and weight decay. */
enum { STEPS = 300 };
#define RATE 0.5f
#define DECAY 1e-3f

static uint32_t fnv1a(const unsigned char *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static uint32_t get32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(unsigned char *p, uint32_t v) {
    for (int k = 0; k < 4; k++)
        p[k] = (unsigned char)(v >> 8 * k);
}

static float getf(const unsigned char *p) {
    uint32_t u = get32(p);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static void putf(unsigned char *p, float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    put32(p, u);
}

static size_t file_size(int features) {
    return HEADER + 4 * ((size_t)FK_PIECE_COUNT * features + FK_PIECE_COUNT) + 4;
}

void fk_set_free(fk_piece_set *set) {
    if (!set) return;
    free(set->w);
    free(set);
}

static fk_piece_set *set_new(int features) {
    fk_piece_set *set = calloc(1, sizeof *set);
    if (set) set->w = calloc((size_t)FK_PIECE_COUNT * features, sizeof(float));
    if (set && !set->w) {
        free(set);
        return NULL;
    }
    if (set) set->features = features;
    return set;
}

fk_status fk_set_write(const fk_piece_set *set, unsigned char **data, size_t *len) {
    size_t n = file_size(set->features);
    unsigned char *p = malloc(n);
    *data = p;
    *len = p ? n : 0;
    if (!p) return FK_ERR_NOMEM;
    memcpy(p, MAGIC, 8);
    put32(p + 8, VERSION);
    put32(p + 12, set->model);
    put32(p + 16, (uint32_t)set->side);
    put32(p + 20, (uint32_t)set->features);
    put32(p + 24, FK_PIECE_COUNT);
    put32(p + 28, set->white_bottom ? 1 : 2);
    putf(p + 32, set->scale);
    size_t at = HEADER;
    for (size_t i = 0; i < (size_t)FK_PIECE_COUNT * set->features; i++, at += 4)
        putf(p + at, set->w[i]);
    for (int c = 0; c < FK_PIECE_COUNT; c++, at += 4)
        putf(p + at, set->b[c]);
    put32(p + at, fnv1a(p, at));
    return FK_OK;
}

fk_status fk_set_read(const void *data, size_t len, fk_piece_set **out, fk_error *err) {
    const unsigned char *p = data;
    *out = NULL;
    if (len < 8 || memcmp(p, MAGIC, 8) != 0)
        return fk_vision_fail(err, FK_ERR_SYNTAX, "not a fenkit piece-set file (.fks)");
    if (len < HEADER + 4)
        return fk_vision_fail(err, FK_ERR_SYNTAX, "the piece-set file is cut short");
    if (get32(p + 8) != VERSION)
        return fk_vision_fail(err, FK_ERR_SYNTAX,
                              "the piece-set file is of another version than this fenkit reads "
                              "(version 1); learn the set again with fenkit learn-set");
    uint32_t features = get32(p + 20), bottom = get32(p + 28);
    if (features < 1 || features > 65536 || get32(p + 24) != FK_PIECE_COUNT ||
        (bottom != 1 && bottom != 2))
        return fk_vision_fail(err, FK_ERR_SYNTAX, "the piece-set file's header is damaged");
    if (len != file_size((int)features))
        return fk_vision_fail(err, FK_ERR_SYNTAX, "the piece-set file has the wrong length");
    if (get32(p + len - 4) != fnv1a(p, len - 4))
        return fk_vision_fail(err, FK_ERR_SYNTAX,
                              "the piece-set file is damaged (its checksum does not match)");
    fk_piece_set *set = set_new((int)features);
    if (!set) return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the piece set");
    set->model = get32(p + 12);
    set->side = (int)get32(p + 16);
    set->white_bottom = bottom == 1;
    set->scale = getf(p + 32);
    size_t at = HEADER;
    for (size_t i = 0; i < (size_t)FK_PIECE_COUNT * features; i++, at += 4)
        set->w[i] = getf(p + at);
    for (int c = 0; c < FK_PIECE_COUNT; c++, at += 4)
        set->b[c] = getf(p + at);
    if (!(set->scale > 0) || !isfinite(set->scale)) {
        fk_set_free(set);
        return fk_vision_fail(err, FK_ERR_SYNTAX, "the piece-set file's header is damaged");
    }
    *out = set;
    return FK_OK;
}

fk_status fk_set_load(const char *path, fk_piece_set **out, fk_error *err) {
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return fk_vision_fail(err, FK_ERR_IO, "cannot open the piece-set file");
    size_t cap = 1 << 16, len = 0, got;
    unsigned char *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            unsigned char *grown = cap >= (16u << 20) ? NULL : realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                fclose(f);
                return fk_vision_fail(err, FK_ERR_SYNTAX, "the piece-set file is too large");
            }
            buf = grown;
            cap *= 2;
        }
    }
    int failed = ferror(f);
    fclose(f);
    fk_status s = !buf ? fk_vision_fail(err, FK_ERR_NOMEM, "out of memory reading the piece set")
                  : failed ? fk_vision_fail(err, FK_ERR_IO, "cannot read the piece-set file")
                           : fk_set_read(buf, len, out, err);
    free(buf);
    return s;
}

fk_status fk_set_save(const fk_piece_set *set, const char *path, fk_error *err) {
    unsigned char *data;
    size_t len;
    if (fk_set_write(set, &data, &len) != FK_OK)
        return fk_vision_fail(err, FK_ERR_NOMEM, "out of memory writing the piece set");
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, len, f) == len;
    if (f && fclose(f) != 0) ok = 0;
    free(data);
    return ok ? FK_OK : fk_vision_fail(err, FK_ERR_IO, "cannot write the piece-set file");
}

int fk_set_white_bottom(const fk_piece_set *set) { return set->white_bottom; }

fk_status fk_set_check(const fk_piece_set *set, const fk_model *model, fk_error *err) {
    if (!model) model = fk_model_builtin();
    if (set->model != fk_model_fingerprint(model) || set->side != fk_model_square_size(model) ||
        set->features != fk_model_feature_count(model))
        return fk_vision_fail(err, FK_ERR_INVALID,
                              "the piece set was learnt with another square classifier; learn it "
                              "again with this one");
    return FK_OK;
}

/* The set's class scores (logits) for n feature rows. */
static void set_logits(const fk_piece_set *set, const float *x, int n, float *z) {
    for (int j = 0; j < n; j++)
        for (int c = 0; c < FK_PIECE_COUNT; c++) {
            const float *w = set->w + (size_t)c * set->features, *f = x + (size_t)j * set->features;
            float v = set->b[c];
            for (int k = 0; k < set->features; k++)
                v += w[k] * f[k] / set->scale;
            z[j * FK_PIECE_COUNT + c] = v;
        }
}

fk_status fk_set_classify(const fk_piece_set *set, const fk_model *model, const uint8_t *crops,
                          int n, float *probs) {
    float *x = malloc(sizeof(float) * (size_t)n * set->features);
    float *z = malloc(sizeof(float) * (size_t)n * FK_PIECE_COUNT);
    fk_status s = x && z ? fk_model_features(model, crops, n, x) : FK_ERR_NOMEM;
    if (s == FK_OK) {
        set_logits(set, x, n, z);
        fk_softmax(z, n, FK_PIECE_COUNT, probs);
    }
    free(x);
    free(z);
    return s;
}

/* A small seeded generator, so that a set learnt twice is the same set. */
static uint32_t next_random(uint64_t *state) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (uint32_t)(*state >> 11);
}

/* Writes a variant of the side x side crop src to dst: moved by (dx, dy)
 * with the edge repeated, its grey scaled by gain. */
static void crop_variant(const uint8_t *src, int side, int dx, int dy, double gain, uint8_t *dst) {
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            int sx = x - dx, sy = y - dy;
            sx = sx < 0 ? 0 : sx >= side ? side - 1 : sx;
            sy = sy < 0 ? 0 : sy >= side ? side - 1 : sy;
            double v = src[sy * side + sx] * gain;
            dst[y * side + x] = (uint8_t)(v > 255 ? 255 : v + 0.5);
        }
}

/* Fits the softmax layer of set on n feature rows x with classes label,
 * by full-batch gradient descent from zero weights. */
static fk_status fit(fk_piece_set *set, const float *x, const int *label, int n) {
    int d = set->features;
    double sum = 0;
    for (size_t i = 0; i < (size_t)n * d; i++)
        sum += (double)x[i] * x[i];
    set->scale = (float)sqrt(sum / ((double)n * d));
    if (!(set->scale > 0)) set->scale = 1;
    float *z = malloc(sizeof(float) * (size_t)n * FK_PIECE_COUNT);
    float *g = malloc(sizeof(float) * (size_t)FK_PIECE_COUNT * d);
    if (!z || !g) {
        free(z);
        free(g);
        return FK_ERR_NOMEM;
    }
    for (int step = 0; step < STEPS; step++) {
        set_logits(set, x, n, z);
        fk_softmax(z, n, FK_PIECE_COUNT, z);
        float gb[FK_PIECE_COUNT] = {0};
        memset(g, 0, sizeof(float) * (size_t)FK_PIECE_COUNT * d);
        for (int j = 0; j < n; j++) {
            const float *f = x + (size_t)j * d;
            for (int c = 0; c < FK_PIECE_COUNT; c++) {
                float e = (z[j * FK_PIECE_COUNT + c] - (c == label[j])) / n;
                if (e == 0) continue;
                gb[c] += e;
                float *gc = g + (size_t)c * d;
                for (int k = 0; k < d; k++)
                    gc[k] += e * f[k] / set->scale;
            }
        }
        for (int c = 0; c < FK_PIECE_COUNT; c++) {
            float *w = set->w + (size_t)c * d, *gc = g + (size_t)c * d;
            for (int k = 0; k < d; k++)
                w[k] -= RATE * (gc[k] + DECAY * w[k]);
            set->b[c] -= RATE * gb[c];
        }
    }
    free(z);
    free(g);
    return FK_OK;
}

/* How well the network's own readings fit the known position with White
 * at the bottom or not: the sum of the log probabilities of the men. */
static double fit_of(const float (*probs)[FK_PIECE_COUNT], const fk_position *known,
                     int white_bottom) {
    double sum = 0;
    for (int i = 0; i < 64; i++)
        sum += log(1e-6 + probs[i][fk_position_at(known, fk_cell_square(i, white_bottom))]);
    return sum;
}

fk_status fk_set_learn(const fk_image *image, const fk_position *known, fk_bottom bottom,
                       const fk_model *model, fk_piece_set **out, fk_error *err) {
    *out = NULL;
    if (!model) model = fk_model_builtin();
    int side = fk_model_square_size(model), d = fk_model_feature_count(model);
    int n = 64 * (1 + VARIANTS);
    size_t area = (size_t)side * side;
    uint8_t *crops = malloc(area * n);
    float *x = malloc(sizeof(float) * (size_t)n * d);
    int *label = malloc(sizeof(int) * (size_t)n);
    float(*probs)[FK_PIECE_COUNT] = malloc(sizeof(float) * 64 * FK_PIECE_COUNT);
    fk_piece_set *set = set_new(d);
    fk_status s = FK_OK;
    if (!crops || !x || !label || !probs || !set)
        s = fk_vision_fail(err, FK_ERR_NOMEM, "out of memory learning the set");
    fk_board_location where;
    if (s == FK_OK) s = fk_scan_crops(image, model, crops, &where, err);
    int white_bottom = bottom != FK_BOTTOM_BLACK;
    if (s == FK_OK && bottom == FK_BOTTOM_AUTO) {
        /* The network reads most men of a set roughly right: the way
         * round that fits the known position better is taken. */
        if (fk_model_classify(model, crops, 64, &probs[0][0]) != FK_OK)
            s = fk_vision_fail(err, FK_ERR_NOMEM, "out of memory learning the set");
        else
            white_bottom = fit_of((const float(*)[FK_PIECE_COUNT])probs, known, 1) >=
                           fit_of((const float(*)[FK_PIECE_COUNT])probs, known, 0);
    }
    if (s == FK_OK) {
        uint64_t state = 0x9e3779b97f4a7c15ull;
        for (int i = 0; i < 64; i++)
            label[i] = fk_position_at(known, fk_cell_square(i, white_bottom));
        for (int v = 1; v <= VARIANTS; v++)
            for (int i = 0; i < 64; i++) {
                int dx = (int)(next_random(&state) % (2 * SHIFT + 1)) - SHIFT;
                int dy = (int)(next_random(&state) % (2 * SHIFT + 1)) - SHIFT;
                double gain = 1 - GAIN + 2 * GAIN * (next_random(&state) % 1001) / 1000.0;
                crop_variant(crops + i * area, side, dx, dy, gain, crops + (v * 64 + i) * area);
                label[v * 64 + i] = label[i];
            }
        if (fk_model_features(model, crops, n, x) != FK_OK || fit(set, x, label, n) != FK_OK)
            s = fk_vision_fail(err, FK_ERR_NOMEM, "out of memory learning the set");
    }
    if (s == FK_OK) {
        set->model = fk_model_fingerprint(model);
        set->side = side;
        set->white_bottom = white_bottom;
        *out = set;
        set = NULL;
    }
    fk_set_free(set);
    free(crops);
    free(x);
    free(label);
    free(probs);
    return s;
}
