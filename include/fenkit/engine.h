/* fenkit: the engine layer. A UCI client that runs a chess engine
 * (Stockfish by default) as a child process, asks it about positions, and
 * checks every move it answers with the core before handing it on. */
#ifndef FENKIT_ENGINE_H
#define FENKIT_ENGINE_H

#include "fenkit/moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A running engine. Opaque: made by fk_engine_open, ended (and its process
 * reaped) by fk_engine_close. One thread at a time may use it. */
typedef struct fk_engine fk_engine;

/* Longest pv kept (longer ones are cut, not refused) and most MultiPV lines. */
#define FK_ENGINE_MAX_PV 64
#define FK_ENGINE_MAX_LINES 16

/* Starts the engine at `path` (a name without '/' is looked up on PATH,
 * then in /usr/games, where Debian installs Stockfish), or when path is
 * NULL `stockfish` found that way; then sends
 * `uci` and waits for `uciok`, and `isready` for `readyok`. timeout_ms
 * bounds each of those waits (0: 10 seconds). On success *out owns the
 * engine; on failure *out is NULL, nothing is left running, and err (may be
 * NULL) says why: FK_ERR_IO (could not start, crashed, hung, closed its
 * output) or FK_ERR_SYNTAX (it did not speak UCI). */
FK_API fk_status fk_engine_open(const char *path, int timeout_ms, fk_engine **out, fk_error *err);

/* Sends `quit`, waits a moment, kills the process if it is still there,
 * and reaps it. Never blocks for long. NULL is allowed. */
FK_API void fk_engine_close(fk_engine *engine);

/* The engine's `id name`, or its path when it gave none. */
FK_API const char *fk_engine_name(const fk_engine *engine);

/* The process id of the engine (for tests and monitoring). */
FK_API int fk_engine_pid(const fk_engine *engine);

/* Sends `setoption name NAME value VALUE` (VALUE may be NULL for a button),
 * then waits for `readyok`, so an engine that dies on the option is
 * reported here. NAME and VALUE must not hold a newline (FK_ERR_RANGE). */
FK_API fk_status fk_engine_set_option(fk_engine *engine, const char *name, const char *value,
                                      fk_error *err);

/* Sends `ucinewgame` and waits for `readyok`: the engine forgets what it
 * learnt (its hash table), so that the next search of an unrelated
 * position gives the same answer whatever came before. */
FK_API fk_status fk_engine_new_game(fk_engine *engine, fk_error *err);

/* How long a search runs. */
typedef enum {
    FK_LIMIT_DEPTH = 0, /* value plies */
    FK_LIMIT_NODES,     /* value nodes */
    FK_LIMIT_MOVETIME,  /* value milliseconds */
    FK_LIMIT_INFINITE   /* until the info callback returns nonzero, or
                           value milliseconds when value > 0 */
} fk_limit_kind;

typedef struct {
    fk_limit_kind kind;
    uint64_t value;
    int multipv;    /* lines wanted, 1..FK_ENGINE_MAX_LINES (0 means 1) */
    int timeout_ms; /* a depth or nodes search that has not answered by
                       then is stopped, and one that does not answer the
                       stop within 2 s is reported hung; 0: 60 s. Movetime
                       and infinite searches get their time plus 5 s. */
    int (*poll)(void *ctx); /* called with fk_engine_analyse's ctx about
                               every FK_ENGINE_POLL_MS while the engine
                               thinks, whether it talks or not; nonzero
                               stops the search as the info callback's
                               does. NULL: never called. */
} fk_search_limit;
#define FK_ENGINE_POLL_MS 100

/* The bound on a score, as the engine gave it. */
typedef enum { FK_BOUND_EXACT = 0, FK_BOUND_LOWER, FK_BOUND_UPPER } fk_bound;

/* A score from the side to move's view: centipawns, or mate in `mate`
 * moves (positive: the side to move mates; negative: it is mated). */
typedef struct {
    int is_mate;
    int value; /* centipawns, or the mate distance in moves */
    fk_bound bound;
} fk_score;

/* One `info` line with a score and a pv: one of the best lines. Fields the
 * engine did not send are 0. The pv is checked move by move. */
typedef struct {
    int multipv; /* 1 for the best line */
    int depth, seldepth;
    fk_score score;
    uint64_t nodes, nps;
    uint64_t time_ms;
    int pv_len;
    fk_move pv[FK_ENGINE_MAX_PV];
} fk_engine_line;

/* What a search found: the best move and the last line for each MultiPV
 * index (lines[0] is the best). */
typedef struct {
    fk_move best;
    int count;
    fk_engine_line lines[FK_ENGINE_MAX_LINES];
} fk_analysis;

/* Called for every scored line while the engine thinks (depth growing);
 * return nonzero to stop the search. */
typedef int (*fk_engine_info_fn)(const fk_engine_line *line, void *ctx);

/* Sends `position fen FEN moves ...` (the moves, nmoves of them, played
 * from pos; may be NULL) and `go` with the limit, reads `info` lines until
 * `bestmove`, and fills *result. Sets UCI_Chess960 to follow
 * pos->chess960. Every move of every pv, and the best move, must be legal
 * where it is played: else FK_ERR_INVALID, saying which move. A position
 * with no legal move is not sent (FK_ERR_RANGE). An engine that dies,
 * hangs or talks nonsense gives FK_ERR_IO or FK_ERR_SYNTAX; the engine is
 * then unusable, and later calls return FK_ERR_IO at once. on_info may be
 * NULL. */
FK_API fk_status fk_engine_analyse(fk_engine *engine, const fk_position *pos, const fk_move *moves,
                                   int nmoves, const fk_search_limit *limit,
                                   fk_engine_info_fn on_info, void *ctx, fk_analysis *result,
                                   fk_error *err);

/* Reads one UCI `info` line (text, without its newline) played in pos:
 * returns FK_OK with *line filled when it has both a score and a pv;
 * FK_ERR_RANGE when it is an info line without them (currmove, string,
 * hashfull), which is nothing to keep; FK_ERR_SYNTAX when a field is not
 * what UCI says (err names it); FK_ERR_INVALID when a pv move is not
 * legal. Unknown fields are skipped, as UCI asks. */
FK_API fk_status fk_engine_parse_info(const char *text, const fk_position *pos,
                                      fk_engine_line *line, fk_error *err);

/* Writes the pv of line, played from pos, in SAN with move numbers
 * ("1. e4 e5 2. Nf3", "12... Qxd4"), zero-terminated in buf. Returns the
 * length it needed (like snprintf). */
FK_API size_t fk_engine_line_san(const fk_position *pos, const fk_engine_line *line, char *buf,
                                 size_t cap);

/* The score from White's view. */
static inline fk_score fk_score_for_white(fk_score score, const fk_position *pos) {
    if (pos->side == FK_BLACK) {
        score.value = -score.value;
        if (score.bound != FK_BOUND_EXACT)
            score.bound = score.bound == FK_BOUND_LOWER ? FK_BOUND_UPPER : FK_BOUND_LOWER;
    }
    return score;
}

#ifdef __cplusplus
}
#endif
#endif
