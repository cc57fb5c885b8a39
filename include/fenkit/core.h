/* fenkit: the core layer (no dependencies beyond libc). */
#ifndef FENKIT_CORE_H
#define FENKIT_CORE_H
#include "fenkit/error.h"
#include "fenkit/types.h"
#include "fenkit/position.h"
#include "fenkit/problems.h"
#include "fenkit/fen.h"
#include "fenkit/check.h"
#include "fenkit/placement.h"
#include "fenkit/diff.h"
#include "fenkit/moves.h"
#include "fenkit/pgn.h"
#include "fenkit/book.h"
#include "fenkit/game.h"
#endif
