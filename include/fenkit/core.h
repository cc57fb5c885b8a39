/* fenkit: the core layer (no dependencies beyond libc). */
#ifndef FENKIT_CORE_H
#define FENKIT_CORE_H
#include "fenkit/types.h"
#include "fenkit/position.h"
#include "fenkit/fen.h"
#include "fenkit/check.h"
#include "fenkit/moves.h"
#include "fenkit/pgn.h"
#include "fenkit/book.h"
#endif
