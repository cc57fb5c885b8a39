/* Finding the built-in files by their path. */
#include "assets.h"

#include <string.h>

const srv_asset *srv_asset_find(const char *path) {
    if (strcmp(path, "/") == 0) path = "/index.html";
    for (int i = 0; i < srv_asset_count; i++)
        if (strcmp(srv_assets[i].path, path) == 0) return &srv_assets[i];
    return NULL;
}
