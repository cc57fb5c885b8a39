/* Piece sets: the built-in one (compiled in) and folders of twelve files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pieces.h"

/* Made from assets/pieces/cburnett by cmake/embed-pieces.cmake. */
struct fk_embedded_piece {
    const unsigned char *svg;
    size_t len;
};
extern const struct fk_embedded_piece render_builtin_pieces[12];

struct fk_piece_set {
    char name[64];
    const struct fk_embedded_piece *embedded; /* the built-in set, else NULL */
    fk_piece_art art[12];                     /* loaded sets: owned bytes */
    int has_dark;                             /* dark-square tiles loaded */
    fk_piece_art dark[FK_PIECE_COUNT];        /* [FK_EMPTY] is the empty tile */
};

static const fk_piece_set builtin = {
    "cburnett", render_builtin_pieces, {{0, NULL, 0}}, 0, {{0, NULL, 0}}};

const fk_piece_set *fk_piece_set_builtin(void) { return &builtin; }

const char *fk_piece_set_name(const fk_piece_set *set) { return set->name; }

int render_piece_set_inline(const fk_piece_set *set) { return set->embedded != NULL; }

const char *render_piece_file_stem(fk_piece piece) {
    static const char *const stems[FK_PIECE_COUNT] = {
        "", "wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"};
    return piece > FK_EMPTY && piece < FK_PIECE_COUNT ? stems[piece] : "";
}

fk_piece_art render_piece_set_art(const fk_piece_set *set, fk_piece piece) {
    if (set->embedded) {
        fk_piece_art art = {FK_ART_SVG, set->embedded[piece - 1].svg,
                            set->embedded[piece - 1].len};
        return art;
    }
    return set->art[piece - 1];
}

/* Largest piece picture read: far above any real one, and it keeps a
 * wrong path (a film, a disk image) from filling memory. */
#define MAX_PICTURE_BYTES (8u << 20)

/* Reads a whole file into a new allocation. Returns 0, -1 when it cannot
 * be opened or read, -2 when it is larger than MAX_PICTURE_BYTES. */
static int read_file(const char *path, unsigned char **out, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    unsigned char *data = NULL;
    size_t cap = 0, n = 0;
    int result = -1;
    for (;;) {
        if (n == cap) {
            if (cap >= MAX_PICTURE_BYTES) {
                result = -2;
                break;
            }
            cap = cap ? cap * 2 : 16384;
            unsigned char *grown = realloc(data, cap + 1);
            if (!grown) break;
            data = grown;
        }
        size_t got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) break;
            fclose(f);
            *out = data;
            *len = n;
            return 0;
        }
    }
    free(data);
    fclose(f);
    return result;
}

/* 1 when the bytes look like an SVG document (an <svg element in them). */
static int looks_like_svg(const unsigned char *data, size_t len) {
    for (size_t i = 0; i + 4 <= len; i++)
        if (memcmp(data + i, "<svg", 4) == 0) return 1;
    return 0;
}

/* Reads dir/stem.svg or dir/stem.png into art. On failure fills err and
 * returns FK_ERR_IO (no such file, or too large) or FK_ERR_SYNTAX (not a picture). */
static fk_status load_art(const char *dir, size_t dlen, const char *stem, fk_piece_art *art,
                          fk_error *err) {
    static const char *const exts[] = {"svg", "png"};
    char path[4096];
    unsigned char *data = NULL;
    size_t len = 0;
    int got = -1;
    for (int e = 0; e < 2 && got == -1; e++) {
        snprintf(path, sizeof path, "%.*s/%s.%s", (int)dlen, dir, stem, exts[e]);
        got = read_file(path, &data, &len);
    }
    if (got == -2) {
        if (err)
            snprintf(err->message, sizeof err->message, "%.400s is larger than %u MB", path,
                     MAX_PICTURE_BYTES >> 20);
        return FK_ERR_IO;
    }
    if (got != 0) {
        if (err)
            snprintf(err->message, sizeof err->message,
                     "piece set %.*s has no readable %s.svg or %s.png",
                     (int)(dlen > 400 ? 400 : dlen), dir, stem, stem);
        return FK_ERR_IO;
    }
    if (len >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0) {
        *art = (fk_piece_art){FK_ART_PNG, data, len};
    } else if (looks_like_svg(data, len)) {
        *art = (fk_piece_art){FK_ART_SVG, data, len};
    } else {
        free(data);
        if (err) snprintf(err->message, sizeof err->message, "%.400s is neither SVG nor PNG", path);
        return FK_ERR_SYNTAX;
    }
    return FK_OK;
}

/* Length of dir without trailing slashes. */
static size_t dir_length(const char *dir) {
    size_t dlen = strlen(dir);
    while (dlen > 1 && dir[dlen - 1] == '/') dlen--;
    return dlen;
}

/* Sets err's status (and clears its message on success); returns status. */
static fk_status finish(fk_error *err, fk_status status) {
    if (err) {
        err->status = status;
        err->offset = -1;
        if (status == FK_OK) err->message[0] = '\0';
    }
    return status;
}

fk_status fk_piece_set_load(const char *dir, fk_piece_set **out, fk_error *err) {
    *out = NULL;
    fk_piece_set *set = calloc(1, sizeof *set);
    if (!set) return finish(err, FK_ERR_NOMEM);
    size_t dlen = dir_length(dir);
    const char *base = dir + dlen;
    while (base > dir && base[-1] != '/') base--;
    snprintf(set->name, sizeof set->name, "%.*s", (int)(dir + dlen - base), base);
    fk_status status = FK_OK;
    for (fk_piece p = FK_WP; p <= FK_BK && status == FK_OK; p++)
        status = load_art(dir, dlen, render_piece_file_stem(p), &set->art[p - 1], err);
    if (status != FK_OK) {
        fk_piece_set_free(set);
        return finish(err, status);
    }
    *out = set;
    return finish(err, FK_OK);
}

fk_status fk_piece_set_load_dark(fk_piece_set *set, const char *dir, fk_error *err) {
    fk_piece_art dark[FK_PIECE_COUNT] = {{0, NULL, 0}};
    size_t dlen = dir_length(dir);
    fk_status status = FK_OK;
    for (fk_piece p = FK_EMPTY; p <= FK_BK && status == FK_OK; p++)
        status =
            load_art(dir, dlen, p == FK_EMPTY ? "empty" : render_piece_file_stem(p), &dark[p], err);
    if (status != FK_OK) {
        for (int i = 0; i < FK_PIECE_COUNT; i++) free((void *)dark[i].data);
        return finish(err, status);
    }
    for (int i = 0; i < FK_PIECE_COUNT; i++) {
        free((void *)set->dark[i].data);
        set->dark[i] = dark[i];
    }
    set->has_dark = 1;
    return finish(err, FK_OK);
}

int fk_piece_set_has_dark(const fk_piece_set *set) { return set->has_dark; }

fk_piece_art render_piece_set_dark_art(const fk_piece_set *set, fk_piece piece) {
    return set->dark[piece];
}

void fk_piece_set_free(fk_piece_set *set) {
    if (!set || set->embedded) return;
    for (int i = 0; i < 12; i++) free((void *)set->art[i].data);
    for (int i = 0; i < FK_PIECE_COUNT; i++) free((void *)set->dark[i].data);
    free(set);
}
