/* fenkit serve: the page's files, built into the binary at build time
 * (cmake/embed-web.cmake). Nothing is ever read from the file system. */
#ifndef FENKIT_SERVER_ASSETS_H
#define FENKIT_SERVER_ASSETS_H

#include <stddef.h>

typedef struct {
    const char *path; /* as requested: "/index.html", "/pieces/wK.svg" */
    const char *type; /* Content-Type */
    const unsigned char *data;
    size_t len;
} srv_asset;

extern const srv_asset srv_assets[];
extern const int srv_asset_count;

/* The built-in file served at path ("/" is "/index.html"), or NULL. */
const srv_asset *srv_asset_find(const char *path);

#endif
