/* fenkit: the library's version. */
#ifndef FENKIT_VERSION_H
#define FENKIT_VERSION_H

#include "fenkit/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version these headers belong to. */
#define FENKIT_VERSION "0.1.0"

/* The version of the library linked ("0.1.0"), which may differ from
 * FENKIT_VERSION when a program runs against a newer shared library. */
FK_API const char *fk_version(void);

#ifdef __cplusplus
}
#endif
#endif
