/* The library's version. */
#include "fenkit/version.h"

const char *fk_version(void) { return FENKIT_VERSION; }
