/* fenkit: everything. Include this, or one layer's header.
 *
 * Threads. Every call is reentrant: it keeps no state between calls except
 * tables and libraries set up once on first use (pthread_once), so threads
 * may call anything at the same time on objects of their own. An object
 * passed to a call is only read when its pointer is const (a position, a
 * model, a piece set, a theme) and may then be shared by any number of
 * threads while none changes it; one passed without const (a problem list, a move list, an
 * fk_error, an fk_buffer, an fk_rng, an fk_pgn_reader or writer, an
 * fk_engine) belongs to one thread while the call runs. What the library
 * hands out (fk_model_builtin, fk_piece_set_builtin, fk_theme_at,
 * fk_strerror, the *_name functions) is constant and never freed. */
#ifndef FENKIT_FENKIT_H
#define FENKIT_FENKIT_H
#include "fenkit/version.h"
#include "fenkit/core.h"
#include "fenkit/render.h"
#include "fenkit/vision.h"
#include "fenkit/engine.h"
#endif
