/* The library's version. */
#include "fenkit/fenkit.h"

const char *fk_version(void) { return FENKIT_VERSION; }
