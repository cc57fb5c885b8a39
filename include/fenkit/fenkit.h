/* fenkit: everything. Include this, or one layer's header. */
#ifndef FENKIT_FENKIT_H
#define FENKIT_FENKIT_H
#include "fenkit/core.h"
#include "fenkit/render.h"
#include "fenkit/vision.h"
#include "fenkit/engine.h"
#define FENKIT_VERSION "0.1.0"
const char *fk_version(void);
#endif
