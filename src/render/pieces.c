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
extern const struct fk_embedded_piece fk_builtin_pieces[12];

struct fk_piece_set {
    char name[64];
    const struct fk_embedded_piece *embedded; /* the built-in set, else NULL */
    fk_piece_art art[12];                     /* loaded sets: owned bytes */
};

static const fk_piece_set builtin = {"cburnett", fk_builtin_pieces, {{0, NULL, 0}}};

const fk_piece_set *fk_piece_set_builtin(void) { return &builtin; }

const char *fk_piece_set_name(const fk_piece_set *set) { return set->name; }

int fk_piece_set_inline(const fk_piece_set *set) { return set->embedded != NULL; }

const char *fk_piece_file_stem(fk_piece piece) {
    static const char *const stems[FK_PIECE_COUNT] = {
        "", "wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"};
    return piece > FK_EMPTY && piece < FK_PIECE_COUNT ? stems[piece] : "";
}

fk_piece_art fk_piece_set_art(const fk_piece_set *set, fk_piece piece) {
    if (set->embedded) {
        fk_piece_art art = {FK_ART_SVG, set->embedded[piece - 1].svg,
                            set->embedded[piece - 1].len};
        return art;
    }
    return set->art[piece - 1];
}

/* Reads a whole file into a new allocation; returns NULL when it cannot. */
static unsigned char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    unsigned char *data = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 16384;
            unsigned char *grown = realloc(data, cap);
            if (!grown) break;
            data = grown;
        }
        size_t got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            fclose(f);
            *len = n;
            return data;
        }
    }
    free(data);
    fclose(f);
    return NULL;
}

/* 1 when the bytes look like an SVG document (an <svg element early on). */
static int looks_like_svg(const unsigned char *data, size_t len) {
    size_t scan = len < 4096 ? len : 4096;
    for (size_t i = 0; i + 4 <= scan; i++)
        if (memcmp(data + i, "<svg", 4) == 0) return 1;
    return 0;
}

fk_status fk_piece_set_load(const char *dir, fk_piece_set **out, fk_error *err) {
    *out = NULL;
    fk_piece_set *set = calloc(1, sizeof *set);
    if (!set) return FK_ERR_NOMEM;
    size_t dlen = strlen(dir);
    while (dlen > 1 && dir[dlen - 1] == '/') dlen--;
    const char *base = dir + dlen;
    while (base > dir && base[-1] != '/') base--;
    snprintf(set->name, sizeof set->name, "%.*s", (int)(dir + dlen - base), base);

    fk_status status = FK_OK;
    char path[4096];
    for (fk_piece p = FK_WP; p <= FK_BK && status == FK_OK; p++) {
        static const char *const exts[] = {"svg", "png"};
        unsigned char *data = NULL;
        size_t len = 0;
        for (int e = 0; e < 2 && !data; e++) {
            snprintf(path, sizeof path, "%.*s/%s.%s", (int)dlen, dir, fk_piece_file_stem(p),
                     exts[e]);
            data = read_file(path, &len);
        }
        if (!data) {
            status = FK_ERR_IO;
            if (err)
                snprintf(err->message, sizeof err->message,
                         "piece set %.*s has no readable %s.svg or %s.png", (int)(dlen > 400 ? 400 : dlen), dir,
                         fk_piece_file_stem(p), fk_piece_file_stem(p));
            break;
        }
        fk_art_format format;
        if (len >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0)
            format = FK_ART_PNG;
        else if (looks_like_svg(data, len))
            format = FK_ART_SVG;
        else {
            free(data);
            status = FK_ERR_SYNTAX;
            if (err)
                snprintf(err->message, sizeof err->message, "%.400s is neither SVG nor PNG", path);
            break;
        }
        set->art[p - 1] = (fk_piece_art){format, data, len};
    }
    if (err) {
        err->status = status;
        err->offset = -1;
        if (status == FK_OK) err->message[0] = '\0';
    }
    if (status != FK_OK) {
        fk_piece_set_free(set);
        return status;
    }
    *out = set;
    return FK_OK;
}

void fk_piece_set_free(fk_piece_set *set) {
    if (!set || set->embedded) return;
    for (int i = 0; i < 12; i++) free((void *)set->art[i].data);
    free(set);
}
