/* fenkit for Python: the position type and the batch calls, over the
 * public C API of libfenkit.so. Python's side (fenkit/__init__.py) only
 * re-exports these and documents them. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/fenkit.h"
#include "fenkit/game.h"

static PyObject *FenError;  /* fenkit.FenError(ValueError), .problems */
static PyObject *MoveError; /* fenkit.MoveError(ValueError) */
static PyTypeObject ProblemType;

static PyStructSequence_Field problem_fields[] = {
    {"code", "stable kebab-case code (\"pawn-on-back-rank\")"},
    {"severity", "\"error\", \"warning\" or \"note\""},
    {"field", "the FEN field it is about (\"placement\", ..., \"position\")"},
    {"offset", "byte offset in the FEN read, or None"},
    {"squares", "the squares involved, as names (\"h8\")"},
    {"message", "what is wrong and where, for a chess player"},
    {"fix", "how to fix it (may hold a corrected FEN); may be \"\""},
    {NULL, NULL}};
static PyStructSequence_Desc problem_desc = {
    "fenkit.Problem", "One problem of a FEN or a position.", problem_fields, 7};

typedef struct {
    PyObject_HEAD fk_position pos;
} PositionObject;

static PyTypeObject PositionType;

/* A str of text the library wrote (FENs, moves: ASCII always), made
 * without the UTF-8 decoding PyUnicode_FromStringAndSize does. */
static PyObject *ascii_str(const char *text, size_t len) {
    PyObject *s = PyUnicode_New((Py_ssize_t)len, 127);
    if (s) memcpy(PyUnicode_DATA(s), text, len);
    return s;
}

/* A list of Problem from the C list. NULL with an exception set on failure. */
static PyObject *problems_to_list(const fk_problems *list) {
    PyObject *out = PyList_New(list->count);
    if (!out) return NULL;
    for (int i = 0; i < list->count; i++) {
        const fk_problem *p = &list->items[i];
        PyObject *squares = PyList_New(0);
        PyObject *item = PyStructSequence_New(&ProblemType);
        if (!squares || !item) {
            Py_XDECREF(squares);
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        for (fk_square sq = 0; sq < 64; sq++) {
            if (!(p->squares & FK_BIT(sq))) continue;
            char name[3];
            fk_square_name(sq, name);
            PyObject *s = PyUnicode_FromString(name);
            if (!s || PyList_Append(squares, s) != 0) {
                Py_XDECREF(s);
                Py_DECREF(squares);
                Py_DECREF(item);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(s);
        }
        PyStructSequence_SetItem(item, 0, PyUnicode_FromString(fk_problem_code_name(p->code)));
        PyStructSequence_SetItem(item, 1, PyUnicode_FromString(fk_severity_name(p->severity)));
        PyStructSequence_SetItem(item, 2, PyUnicode_FromString(fk_field_name(p->field)));
        PyObject *offset = p->offset >= 0 ? PyLong_FromLong(p->offset) : Py_NewRef(Py_None);
        PyStructSequence_SetItem(item, 3, offset);
        PyStructSequence_SetItem(item, 4, squares);
        PyStructSequence_SetItem(
            item, 5, PyUnicode_DecodeUTF8(p->message, (Py_ssize_t)strlen(p->message), "replace"));
        PyStructSequence_SetItem(
            item, 6, PyUnicode_DecodeUTF8(p->fix, (Py_ssize_t)strlen(p->fix), "replace"));
        if (PyErr_Occurred()) {
            Py_DECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    return out;
}

/* Raises FenError with the first reading error as its message and every
 * problem in .problems. */
static void raise_fen_error(const fk_problems *list) {
    const char *message = "the FEN could not be read";
    for (int i = 0; i < list->count; i++)
        if (list->items[i].severity == FK_SEV_ERROR && fk_problem_is_reading(list->items[i].code)) {
            message = list->items[i].message;
            break;
        }
    PyObject *problems = problems_to_list(list);
    if (!problems) return;
    PyObject *error = PyObject_CallFunction(FenError, "s", message);
    if (error && PyObject_SetAttrString(error, "problems", problems) == 0)
        PyErr_SetObject(FenError, error);
    Py_XDECREF(error);
    Py_DECREF(problems);
}

static PositionObject *position_new_of(PyTypeObject *type, const fk_position *pos) {
    PositionObject *self = (PositionObject *)type->tp_alloc(type, 0);
    if (self) self->pos = *pos;
    return self;
}

static PyObject *Position_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, ":Position", kwlist)) return NULL;
    fk_position pos;
    fk_position_startpos(&pos);
    return (PyObject *)position_new_of(type, &pos);
}

static PyObject *Position_from_fen(PyObject *cls, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"fen", "tolerant", "chess960", NULL};
    const char *text;
    Py_ssize_t len;
    int tolerant = 0, chess960 = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "s#|$pp:from_fen", kwlist, &text, &len, &tolerant,
                                     &chess960))
        return NULL;
    unsigned flags = (tolerant ? FK_FEN_TOLERANT : 0) | (chess960 ? FK_FEN_CHESS960 : 0);
    fk_position pos;
    fk_problems problems;
    if (fk_fen_parse(text, (size_t)len, flags, &pos, &problems) != FK_OK) {
        raise_fen_error(&problems);
        return NULL;
    }
    return (PyObject *)position_new_of((PyTypeObject *)cls, &pos);
}

/* Reads "legal" or "always". Returns 0, or -1 with ValueError set. */
static int parse_ep(const char *text, fk_ep_mode *ep) {
    if (strcmp(text, "legal") == 0)
        *ep = FK_EP_LEGAL;
    else if (strcmp(text, "always") == 0)
        *ep = FK_EP_ALWAYS;
    else {
        PyErr_Format(PyExc_ValueError, "ep is 'legal' or 'always', not '%s'", text);
        return -1;
    }
    return 0;
}

static PyObject *Position_fen(PositionObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"ep", NULL};
    const char *ep_text = "legal";
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|$s:fen", kwlist, &ep_text)) return NULL;
    fk_ep_mode ep;
    if (parse_ep(ep_text, &ep) != 0) return NULL;
    char fen[FK_FEN_MAX];
    size_t n = fk_fen_write(&self->pos, ep, fen, sizeof fen);
    return ascii_str(fen, n);
}

static PyObject *Position_check(PositionObject *self, PyObject *Py_UNUSED(ignored)) {
    fk_problems problems;
    fk_problems_clear(&problems);
    fk_position_check(&self->pos, &problems);
    return problems_to_list(&problems);
}

static PyObject *Position_legal_moves(PositionObject *self, PyObject *Py_UNUSED(ignored)) {
    /* the move list is 4 KB: on the heap, not the C stack of a thread */
    fk_movelist *moves = PyMem_Malloc(sizeof *moves);
    if (!moves) return PyErr_NoMemory();
    int count = fk_moves_generate(&self->pos, moves);
    PyObject *out = PyList_New(count);
    for (int i = 0; out && i < count; i++) {
        char uci[8];
        size_t n = fk_move_to_uci(&self->pos, moves->moves[i], uci, sizeof uci);
        PyObject *s = ascii_str(uci, n);
        if (!s)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, s);
    }
    PyMem_Free(moves);
    return out;
}

/* push_san and push_uci: plays the move, or raises MoveError saying why. */
static PyObject *push(PositionObject *self, PyObject *arg, int san) {
    Py_ssize_t len;
    const char *text = PyUnicode_AsUTF8AndSize(arg, &len);
    if (!text) return NULL;
    fk_move move;
    fk_error err;
    err.message[0] = '\0';
    fk_status st = san ? fk_move_parse_san(&self->pos, text, (size_t)len, &move, &err)
                       : fk_move_parse_uci(&self->pos, text, (size_t)len, &move, &err);
    if (st != FK_OK) {
        PyErr_SetString(MoveError, err.message[0] ? err.message : fk_strerror(st));
        return NULL;
    }
    char uci[8];
    size_t n = fk_move_to_uci(&self->pos, move, uci, sizeof uci);
    fk_move_make(&self->pos, move);
    return ascii_str(uci, n);
}
static PyObject *Position_push_san(PositionObject *self, PyObject *arg) {
    return push(self, arg, 1);
}
static PyObject *Position_push_uci(PositionObject *self, PyObject *arg) {
    return push(self, arg, 0);
}

static PyObject *Position_status(PositionObject *self, PyObject *Py_UNUSED(ignored)) {
    unsigned flags = fk_position_status(&self->pos);
    PyObject *out = PyList_New(0);
    for (unsigned f = 1; out && f <= FK_STATUS_LAST; f <<= 1) {
        if (!(flags & f)) continue;
        PyObject *s = PyUnicode_FromString(fk_status_name(f));
        if (!s || PyList_Append(out, s) != 0) Py_CLEAR(out);
        Py_XDECREF(s);
    }
    return out;
}

static PyObject *Position_copy(PositionObject *self, PyObject *Py_UNUSED(ignored)) {
    return (PyObject *)position_new_of(Py_TYPE(self), &self->pos);
}

static PyObject *Position_richcompare(PyObject *a, PyObject *b, int op) {
    if (!PyObject_TypeCheck(b, &PositionType) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    int same = fk_position_equal(&((PositionObject *)a)->pos, &((PositionObject *)b)->pos);
    return PyBool_FromLong(op == Py_EQ ? same : !same);
}

static PyObject *Position_repr(PositionObject *self) {
    char fen[FK_FEN_MAX];
    fk_fen_write(&self->pos, FK_EP_LEGAL, fen, sizeof fen);
    return PyUnicode_FromFormat("Position.from_fen('%s')", fen);
}

static PyObject *Position_get_turn(PositionObject *self, void *Py_UNUSED(closure)) {
    return PyUnicode_FromString(self->pos.side == FK_WHITE ? "w" : "b");
}

static PyMethodDef Position_methods[] = {
    {"from_fen", (PyCFunction)(void (*)(void))Position_from_fen,
     METH_VARARGS | METH_KEYWORDS | METH_CLASS,
     "from_fen(fen, *, tolerant=False, chess960=False)\n--\n\nReads a FEN; raises FenError (with "
     ".problems) when it cannot be read."},
    {"fen", (PyCFunction)(void (*)(void))Position_fen, METH_VARARGS | METH_KEYWORDS,
     "fen(*, ep='legal')\n--\n\nThe position as a FEN; ep='always' writes the en passant square "
     "after every double push."},
    {"check", (PyCFunction)Position_check, METH_NOARGS,
     "check()\n--\n\nEvery problem against the rules of chess, as a list of Problem."},
    {"legal_moves", (PyCFunction)Position_legal_moves, METH_NOARGS,
     "legal_moves()\n--\n\nEvery legal move of the side to move, in UCI."},
    {"push_san", (PyCFunction)Position_push_san, METH_O,
     "push_san(move)\n--\n\nPlays a move written in SAN; returns it in UCI. Raises MoveError."},
    {"push_uci", (PyCFunction)Position_push_uci, METH_O,
     "push_uci(move)\n--\n\nPlays a move written in UCI; returns it. Raises MoveError."},
    {"status", (PyCFunction)Position_status, METH_NOARGS,
     "status()\n--\n\nThe game-status flags that hold: 'check', 'checkmate', 'stalemate', ..."},
    {"copy", (PyCFunction)Position_copy, METH_NOARGS, "copy()\n--\n\nAn independent copy."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Position_getset[] = {
    {"turn", (getter)Position_get_turn, NULL, "'w' or 'b': the side to move", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject PositionType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fenkit.Position",
    .tp_doc = PyDoc_STR("Position()\n--\n\nA chess position; Position() is the starting position."),
    .tp_basicsize = sizeof(PositionObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = Position_new,
    .tp_methods = Position_methods,
    .tp_getset = Position_getset,
    .tp_richcompare = Position_richcompare,
    .tp_repr = (reprfunc)Position_repr,
};

/* ---- columns of short texts ------------------------------------------ */

/* A growable run of bytes, on the C heap (malloc), so that it can grow
 * while the GIL is released. */
typedef struct {
    char *data;
    size_t len, cap;
} byte_run;

/* Appends n bytes; 0, or -1 when out of memory (no exception set). */
static int run_put(byte_run *run, const void *p, size_t n) {
    if (run->len + n > run->cap) {
        size_t cap = run->cap ? run->cap : 4096;
        while (cap < run->len + n)
            cap *= 2;
        char *data = realloc(run->data, cap);
        if (!data) return -1;
        run->data = data;
        run->cap = cap;
    }
    if (n) memcpy(run->data + run->len, p, n);
    run->len += n;
    return 0;
}

static int run_put_i64(byte_run *run, int64_t v) { return run_put(run, &v, sizeof v); }

/* Short ASCII texts (moves, FENs: under 256 bytes) one after another and
 * the length of each: a column gathered without a Python object a row. */
typedef struct {
    byte_run text, lens;
    size_t width; /* the longest */
} text_column;

/* Appends a text; 0, or -1 when out of memory (no exception set). */
static int column_put(text_column *col, const char *s, size_t n) {
    assert(n < 256);
    unsigned char len = (unsigned char)n;
    if (run_put(&col->text, s, n) != 0 || run_put(&col->lens, &len, 1) != 0) return -1;
    if (n > col->width) col->width = n;
    return 0;
}

static void column_free(text_column *col) {
    free(col->text.data);
    free(col->lens.data);
}

/* Writes text (n <= width) as one fixed-width item, NUL-padded, as NumPy
 * lays out dtype S<width> (ucs4 0) or U<width> (ucs4 1: four bytes a
 * character, native order). */
static void put_fixed(char *dst, const char *text, size_t n, size_t width, int ucs4) {
    if (ucs4) {
        Py_UCS4 *wide = (Py_UCS4 *)(void *)dst;
        for (size_t i = 0; i < n; i++)
            wide[i] = (unsigned char)text[i];
        memset(wide + n, 0, (width - n) * 4);
    } else {
        memcpy(dst, text, n);
        memset(dst + n, 0, width - n);
    }
}

/* The column as one buffer of fixed-width items (see put_fixed), its
 * longest text wide: (bytearray, width), for numpy.frombuffer. */
static PyObject *column_fixed(const text_column *col, int ucs4) {
    size_t rows = col->lens.len, width = col->width ? col->width : 1;
    size_t item = width * (ucs4 ? 4 : 1);
    PyObject *out = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)(rows * item));
    if (!out) return NULL;
    char *dst = PyByteArray_AS_STRING(out);
    const char *src = col->text.data;
    for (size_t r = 0; r < rows; r++, dst += item) {
        size_t n = (unsigned char)col->lens.data[r];
        put_fixed(dst, src, n, width, ucs4);
        src += n;
    }
    return Py_BuildValue("(Nn)", out, (Py_ssize_t)width);
}

/* A few thousand SAN and UCI texts make up every game's moves: the
 * columns share one str object per text instead of making one per ply,
 * which holds a large file's columns in a third of the objects. */
#define TEXT_SLOTS 8192
typedef struct {
    char text[16];
    PyObject *str;
} text_slot;

/* The str of text (len < 16), from the cache or made and kept there; a
 * new reference, or NULL. */
static PyObject *shared_text(text_slot *slots, const char *text, size_t len) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 16777619u;
    for (uint32_t probe = 0; probe < 8; probe++) {
        text_slot *slot = &slots[(h + probe) & (TEXT_SLOTS - 1)];
        if (slot->str && memcmp(slot->text, text, len) == 0 && slot->text[len] == '\0')
            return Py_NewRef(slot->str);
        if (!slot->str) {
            if (!(slot->str = ascii_str(text, len))) return NULL;
            memcpy(slot->text, text, len);
            slot->text[len] = '\0';
            return Py_NewRef(slot->str);
        }
    }
    return ascii_str(text, len); /* a crowded corner: not shared */
}

/* The column as a list of str, made in one pass into a list of the right
 * size; share: one str per distinct text (moves). */
static PyObject *column_list(const text_column *col, int share) {
    Py_ssize_t rows = (Py_ssize_t)col->lens.len;
    text_slot *slots = share ? PyMem_Calloc(TEXT_SLOTS, sizeof *slots) : NULL;
    if (share && !slots) return PyErr_NoMemory();
    PyObject *out = PyList_New(rows);
    const char *src = col->text.data;
    for (Py_ssize_t r = 0; out && r < rows; r++) {
        size_t n = (unsigned char)col->lens.data[r];
        PyObject *s =
            slots && n < sizeof slots->text ? shared_text(slots, src, n) : ascii_str(src, n);
        if (!s)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, r, s);
        src += n;
    }
    if (slots)
        for (int i = 0; i < TEXT_SLOTS; i++)
            Py_XDECREF(slots[i].str);
    PyMem_Free(slots);
    return out;
}

/* 1 when a FEN that fk_fen_validate accepted is canonical as it came:
 * the reader and the checker had nothing at all to say about it (the
 * reader notes whatever it would write differently, the checker an en
 * passant square no pawn can take), as fenkit normalize reasons
 * (src/cli/cmd_normalize.c), whose debug build checks it. */
static int canonical_already(const fk_problems *problems, size_t len) {
    return problems->count == 0 && problems->dropped == 0 && len < FK_FEN_MAX;
}

/* normalize_many: every FEN of a list read, checked and written back in
 * one call into C; None for a FEN with an error. A FEN canonical already
 * is answered with the str given, not a copy. */
static PyObject *normalize_many(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"fens", "tolerant", "ep", NULL};
    PyObject *fens;
    int tolerant = 0;
    const char *ep_text = "legal";
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|$ps:normalize_many", kwlist, &fens, &tolerant,
                                     &ep_text))
        return NULL;
    fk_ep_mode ep;
    if (parse_ep(ep_text, &ep) != 0) return NULL;
    PyObject *seq = PySequence_Fast(fens, "normalize_many takes a sequence of str");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    fk_problems *problems = PyMem_Malloc(sizeof *problems);
    if (!problems) PyErr_NoMemory();
    for (Py_ssize_t i = 0; out && problems && i < n; i++) {
        Py_ssize_t len;
        PyObject *given = PySequence_Fast_GET_ITEM(seq, i);
        const char *text = PyUnicode_AsUTF8AndSize(given, &len);
        if (!text) {
            Py_CLEAR(out);
            break;
        }
        fk_position pos;
        PyObject *item;
        if (fk_fen_validate(text, (size_t)len, tolerant ? FK_FEN_TOLERANT : 0, &pos, problems) !=
            FK_OK) {
            item = Py_NewRef(Py_None);
        } else if (canonical_already(problems, (size_t)len) && PyUnicode_CheckExact(given)) {
            item = Py_NewRef(given);
        } else {
            char fen[FK_FEN_MAX];
            size_t m = fk_fen_write(&pos, ep, fen, sizeof fen);
            item = ascii_str(fen, m);
        }
        if (!item)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, item);
    }
    if (!problems) Py_CLEAR(out);
    PyMem_Free(problems);
    Py_DECREF(seq);
    return out;
}

/* A NumPy array of FENs (dtype S or U) as its buffer gives it. */
typedef struct {
    const char *data;
    size_t rows, width, item; /* item: bytes an item */
    int ucs4;
    unsigned flags;
    fk_ep_mode ep;
} fen_array;

/* Normalizes every FEN of in into col ("" for an error). Returns 0, or -1
 * when out of memory. Touches no Python object: it runs without the GIL. */
static int normalize_rows(const fen_array *in, text_column *col) {
    fk_problems *problems = malloc(sizeof *problems);
    char *text = malloc(in->width + 1); /* a U item narrowed */
    int rc = !problems || !text ? -1 : 0;
    for (size_t r = 0; rc == 0 && r < in->rows; r++) {
        const char *item = in->data + r * in->item;
        /* NumPy drops an item's trailing NULs, and only those */
        size_t n = in->width;
        uint32_t any = 0;
        if (in->ucs4) {
            while (n && !item[4 * n - 4] && !item[4 * n - 3] && !item[4 * n - 2] &&
                   !item[4 * n - 1])
                n--;
            for (size_t i = 0; i < n; i++) {
                uint32_t c;
                memcpy(&c, item + 4 * i, 4);
                any |= c;
                text[i] = (char)c;
            }
            item = text;
        } else {
            while (n && !item[n - 1])
                n--;
        }
        int ascii = any < 128;
        fk_position pos;
        char fen[FK_FEN_MAX];
        const char *written = fen;
        size_t m = 0;
        if (ascii && fk_fen_validate(item, n, in->flags, &pos, problems) == FK_OK) {
            if (canonical_already(problems, n)) {
                written = item;
                m = n;
            } else {
                m = fk_fen_write(&pos, in->ep, fen, sizeof fen);
            }
        }
        rc = column_put(col, written, m);
    }
    free(problems);
    free(text);
    return rc;
}

/* normalize_many over a NumPy array of FENs (dtype S or U: fixed-width
 * items, NUL-padded), read through its buffer and written back as one
 * buffer of the same kind, "" where a FEN has an error: (bytearray,
 * width). No Python object is made a FEN, and other threads run
 * meanwhile. */
static PyObject *normalize_array(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"fens", "tolerant", "ep", NULL};
    PyObject *fens;
    int tolerant = 0;
    const char *ep_text = "legal";
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|$ps:_normalize_array", kwlist, &fens, &tolerant,
                                     &ep_text))
        return NULL;
    fen_array in = {.flags = tolerant ? FK_FEN_TOLERANT : 0};
    if (parse_ep(ep_text, &in.ep) != 0) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(fens, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) != 0) return NULL;
    /* NumPy writes "80s" for S80, "80w" (or "<80w") for U80 */
    const char *format = view.format ? view.format : "B";
    char kind = format[strlen(format) - 1];
    in.ucs4 = kind == 'w';
    if ((kind != 's' && !in.ucs4) || format[0] == '>' || format[0] == '!' || view.itemsize < 1) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError,
                        "normalize_many takes a NumPy array of dtype str or bytes");
        return NULL;
    }
    in.data = view.buf;
    in.item = (size_t)view.itemsize;
    in.width = in.item / (in.ucs4 ? 4 : 1);
    in.rows = (size_t)(view.len / view.itemsize);
    text_column col = {0};
    PyThreadState *saved = PyEval_SaveThread();
    int rc = normalize_rows(&in, &col);
    PyEval_RestoreThread(saved);
    PyBuffer_Release(&view);
    PyObject *result = rc == 0 ? column_fixed(&col, in.ucs4) : PyErr_NoMemory();
    column_free(&col);
    return result;
}

/* ---- PGN ------------------------------------------------------------ */

/* A reader of games: from a path (read with stdio) or from a Python file
 * object opened in binary mode (read through its read method, so that
 * gzip.open(...) and friends work). Each next() gives one game as
 * (number, headers, plies, error), plies a list of (san, uci, fen). */
typedef struct {
    PyObject_HEAD fk_pgn_reader *reader;
    FILE *file;       /* when opened from a path */
    PyObject *stream; /* when reading a file object */
    int failed;       /* the stream's read raised: stop */
    fk_ep_mode ep;
} PgnReaderObject;

static PyTypeObject PgnReaderType;

/* fk_pgn_read_fn over a Python file object; an exception ends the input
 * and is raised by next(). */
static size_t read_stream(void *ctx, char *buf, size_t cap) {
    PgnReaderObject *self = ctx;
    if (self->failed) return 0;
    PyObject *chunk = PyObject_CallMethod(self->stream, "read", "n", (Py_ssize_t)cap);
    if (!chunk) {
        self->failed = 1;
        return 0;
    }
    char *data;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(chunk, &data, &len) != 0) {
        self->failed = 1;
        Py_DECREF(chunk);
        PyErr_SetString(PyExc_TypeError, "read_pgn needs a file opened in binary mode ('rb')");
        return 0;
    }
    if ((size_t)len > cap) len = (Py_ssize_t)cap;
    memcpy(buf, data, (size_t)len);
    Py_DECREF(chunk);
    return (size_t)len;
}

static PyObject *read_pgn(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"source", "ep", NULL};
    PyObject *source;
    const char *ep_text = "legal";
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|$s:read_pgn", kwlist, &source, &ep_text))
        return NULL;
    fk_ep_mode ep;
    if (parse_ep(ep_text, &ep) != 0) return NULL;
    PgnReaderObject *self = PyObject_New(PgnReaderObject, &PgnReaderType);
    if (!self) return NULL;
    self->reader = NULL;
    self->file = NULL;
    self->stream = NULL;
    self->failed = 0;
    self->ep = ep;
    if (PyObject_HasAttrString(source, "read")) {
        self->stream = Py_NewRef(source);
        self->reader = fk_pgn_reader_create(read_stream, self, FK_PGN_NO_REPETITION);
    } else {
        PyObject *path = NULL;
        if (!PyUnicode_FSConverter(source, &path)) {
            Py_DECREF(self);
            return NULL;
        }
        self->file = fopen(PyBytes_AS_STRING(path), "rb");
        if (!self->file) PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, source);
        Py_DECREF(path);
        if (!self->file) {
            Py_DECREF(self);
            return NULL;
        }
        self->reader = fk_pgn_reader_create(fk_pgn_read_stdio, self->file, FK_PGN_NO_REPETITION);
    }
    if (!self->reader) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

/* Frees the reader and closes the file it opened; what is left of the
 * input then reads as no more games. */
static PyObject *PgnReader_close(PgnReaderObject *self, PyObject *Py_UNUSED(ignored)) {
    fk_pgn_reader_free(self->reader);
    self->reader = NULL;
    if (self->file) fclose(self->file);
    self->file = NULL;
    Py_CLEAR(self->stream);
    Py_RETURN_NONE;
}

static void PgnReader_dealloc(PgnReaderObject *self) {
    Py_XDECREF(PgnReader_close(self, NULL));
    PyObject_Free(self);
}

/* The game's tags as a dict (insertion order is the file's). */
static PyObject *tags_dict(const fk_pgn_game *game) {
    PyObject *d = PyDict_New();
    for (int i = 0; d && i < game->tag_count; i++) {
        PyObject *v = PyUnicode_DecodeUTF8(game->tags[i].value,
                                           (Py_ssize_t)strlen(game->tags[i].value), "replace");
        if (!v || PyDict_SetItemString(d, game->tags[i].name, v) != 0) Py_CLEAR(d);
        Py_XDECREF(v);
    }
    return d;
}

/* Appends (san, uci, fen) of the reader's current ply, played from *before;
 * then *before becomes the ply's position. Returns 0, or -1. */
static int append_ply(PgnReaderObject *self, PyObject *plies, fk_position *before) {
    const fk_pgn_ply *ply = fk_pgn_reader_ply(self->reader);
    char uci[8], fen[FK_FEN_MAX];
    size_t uci_len = ply->ply ? fk_move_to_uci(before, ply->move, uci, sizeof uci) : 0;
    size_t fen_len = fk_pgn_reader_fen(self->reader, self->ep, fen, sizeof fen);
    *before = ply->pos;
    PyObject *t = Py_BuildValue("(s#s#s#)", ply->san, (Py_ssize_t)strlen(ply->san), uci,
                                (Py_ssize_t)uci_len, fen, (Py_ssize_t)fen_len);
    int rc = t ? PyList_Append(plies, t) : -1;
    Py_XDECREF(t);
    return rc;
}

static PyObject *PgnReader_next(PgnReaderObject *self) {
    if (!self->reader) return NULL; /* closed: no more games */
    PyObject *headers = NULL, *plies = NULL, *error = Py_NewRef(Py_None);
    fk_position before;
    fk_position_clear(&before);
    long number = 0;
    for (;;) {
        fk_pgn_event ev = fk_pgn_next(self->reader);
        if (self->failed) goto fail; /* the file object's read raised */
        const fk_pgn_game *game = fk_pgn_reader_game(self->reader);
        switch (ev) {
        case FK_PGN_END:
            Py_XDECREF(headers);
            Py_XDECREF(plies);
            Py_DECREF(error);
            return NULL; /* StopIteration */
        case FK_PGN_GAME:
            number = game->number;
            Py_XDECREF(plies);
            if (!(plies = PyList_New(0))) goto fail;
            before = fk_pgn_reader_ply(self->reader)->pos;
            if (append_ply(self, plies, &before) != 0) goto fail;
            break;
        case FK_PGN_PLY:
            if (append_ply(self, plies, &before) != 0) goto fail;
            break;
        case FK_PGN_ERROR: {
            const fk_pgn_error *e = fk_pgn_reader_error(self->reader);
            Py_DECREF(error);
            error = Py_BuildValue("{s:s,s:l,s:l,s:s}", "message", e->message, "line", e->line,
                                  "column", e->column, "move", e->move);
            if (!error) goto fail;
            break;
        }
        case FK_PGN_GAME_END:
            number = game->number;
            if (!(headers = tags_dict(game))) goto fail;
            if (!plies && !(plies = PyList_New(0))) goto fail;
            {
                PyObject *result = Py_BuildValue("(lNNN)", number, headers, plies, error);
                return result;
            }
        }
    }
fail:
    Py_XDECREF(headers);
    Py_XDECREF(plies);
    Py_XDECREF(error);
    return NULL;
}

/* Appends v to list and drops the reference; 0, or -1. */
static int append_new(PyObject *list, PyObject *v) {
    int rc = v ? PyList_Append(list, v) : -1;
    Py_XDECREF(v);
    return rc;
}

/* The value of the game's tag `name` as a str, or None when the game has
 * no such tag; a new reference, or NULL. */
static PyObject *tag_value(const fk_pgn_game *game, const char *name) {
    for (int i = 0; i < game->tag_count; i++)
        if (strcmp(game->tags[i].name, name) == 0)
            return PyUnicode_DecodeUTF8(game->tags[i].value,
                                        (Py_ssize_t)strlen(game->tags[i].value), "replace");
    return Py_NewRef(Py_None);
}

/* The plies of the games left, gathered in C before any Python object is
 * made, so that each column is then built in one pass at its final size
 * (or handed to NumPy as one buffer). */
typedef struct {
    byte_run game, ply, slot; /* int64 each; slot: the row's game, counted in this batch */
    text_column san, uci, fen;
    Py_ssize_t extra;  /* tag names asked */
    PyObject **values; /* per tag name, a list: its value in each game of the batch */
} pgn_rows;

static void rows_free(pgn_rows *rows) {
    free(rows->game.data);
    free(rows->ply.data);
    free(rows->slot.data);
    column_free(&rows->san);
    column_free(&rows->uci);
    column_free(&rows->fen);
    for (Py_ssize_t i = 0; rows->values && i < rows->extra; i++)
        Py_XDECREF(rows->values[i]);
    PyMem_Free(rows->values);
}

/* Reads every ply of the games left into rows, with the tags of each game
 * named in header_names (a tuple of str, or NULL). 0, or -1 with an
 * exception set. */
static int rows_read(PgnReaderObject *self, PyObject *header_names, pgn_rows *rows) {
    rows->extra = header_names ? PyTuple_GET_SIZE(header_names) : 0;
    rows->values = PyMem_Calloc((size_t)rows->extra + 1, sizeof *rows->values);
    if (!rows->values) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < rows->extra; i++)
        if (!(rows->values[i] = PyList_New(0))) return -1;
    int64_t games = 0;
    fk_position before;
    fk_position_clear(&before);
    for (fk_pgn_event ev; self->reader && (ev = fk_pgn_next(self->reader)) != FK_PGN_END;) {
        if (self->failed) return -1;
        const fk_pgn_game *game = fk_pgn_reader_game(self->reader);
        if (ev == FK_PGN_GAME) {
            for (Py_ssize_t i = 0; i < rows->extra; i++) {
                const char *name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(header_names, i));
                if (!name || append_new(rows->values[i], tag_value(game, name)) != 0) return -1;
            }
            games++;
            before = fk_pgn_reader_ply(self->reader)->pos;
        }
        if (ev != FK_PGN_GAME && ev != FK_PGN_PLY) continue;
        const fk_pgn_ply *ply = fk_pgn_reader_ply(self->reader);
        char uci[8], fen[FK_FEN_MAX];
        size_t uci_len = ply->ply ? fk_move_to_uci(&before, ply->move, uci, sizeof uci) : 0;
        size_t fen_len = fk_pgn_reader_fen(self->reader, self->ep, fen, sizeof fen);
        before = ply->pos;
        if (run_put_i64(&rows->game, game->number) != 0 || run_put_i64(&rows->ply, ply->ply) != 0 ||
            (rows->extra && run_put_i64(&rows->slot, games - 1) != 0) ||
            column_put(&rows->san, ply->san, strlen(ply->san)) != 0 ||
            column_put(&rows->uci, uci, uci_len) != 0 ||
            column_put(&rows->fen, fen, fen_len) != 0) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return self->failed ? -1 : 0;
}

/* A column of int64: a list of int, or (as_bytes) a bytearray of the
 * int64s in native order, for numpy.frombuffer. */
static PyObject *ints_out(const byte_run *run, int as_bytes) {
    if (as_bytes)
        return PyByteArray_FromStringAndSize(run->data ? run->data : "", (Py_ssize_t)run->len);
    Py_ssize_t rows = (Py_ssize_t)(run->len / sizeof(int64_t));
    PyObject *out = PyList_New(rows), *last = NULL;
    int64_t last_value = 0;
    for (Py_ssize_t r = 0; out && r < rows; r++) {
        int64_t v;
        memcpy(&v, run->data + r * (Py_ssize_t)sizeof v, sizeof v);
        /* a game's rows share its number */
        if (!last || v != last_value) {
            Py_XSETREF(last, PyLong_FromLongLong(v));
            last_value = v;
        }
        if (!last)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, r, Py_NewRef(last));
    }
    Py_XDECREF(last);
    return out;
}

/* The column of a tag: its value in each row's game (one object a game,
 * shared by its rows). */
static PyObject *tag_column(const pgn_rows *rows, PyObject *values) {
    Py_ssize_t n = (Py_ssize_t)(rows->slot.len / sizeof(int64_t));
    PyObject *out = PyList_New(n);
    for (Py_ssize_t r = 0; out && r < n; r++) {
        int64_t slot;
        memcpy(&slot, rows->slot.data + r * (Py_ssize_t)sizeof slot, sizeof slot);
        PyList_SET_ITEM(out, r, Py_NewRef(PyList_GET_ITEM(values, (Py_ssize_t)slot)));
    }
    return out;
}

/* Every ply of the games left as columns, in one call: the batch form of
 * the reader (to_columns, to_numpy, to_pandas). The columns game, ply,
 * san, uci and fen, and with headers (a sequence of tag names) one more
 * per name holding that tag of the ply's game, so that a dataset keeps
 * e.g. the players' ratings without a second pass over the file. By
 * default every column is a list; ints_as_bytes makes game and ply
 * bytearrays of int64, strings "S" or "U" makes the texts (bytearray,
 * width) in NumPy's layout of that dtype. */
static PyObject *PgnReader_columns(PgnReaderObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"headers", "ints_as_bytes", "strings", NULL};
    PyObject *header_arg = NULL;
    int ints_as_bytes = 0;
    const char *strings = "list";
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O$ps:columns", kwlist, &header_arg,
                                     &ints_as_bytes, &strings))
        return NULL;
    int fixed = strcmp(strings, "S") == 0 ? 1 : strcmp(strings, "U") == 0 ? 2 : 0;
    if (!fixed && strcmp(strings, "list") != 0)
        return PyErr_Format(PyExc_ValueError, "strings is 'list', 'S' or 'U', not '%s'", strings);
    PyObject *header_names = NULL; /* a tuple of str, or NULL */
    if (header_arg && header_arg != Py_None) {
        if (PyUnicode_Check(header_arg)) {
            PyErr_SetString(PyExc_TypeError, "headers must be a list of tag names, not one str");
            return NULL;
        }
        if (!(header_names = PySequence_Tuple(header_arg))) return NULL;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(header_names); i++)
            if (!PyUnicode_Check(PyTuple_GET_ITEM(header_names, i))) {
                PyErr_Format(PyExc_TypeError, "headers[%zd] is not a str", i);
                Py_DECREF(header_names);
                return NULL;
            }
    }
    pgn_rows rows = {0};
    PyObject *out = NULL;
    if (rows_read(self, header_names, &rows) != 0 || !(out = PyDict_New())) goto done;
    const text_column *texts[] = {&rows.san, &rows.uci, &rows.fen};
    static const char *const text_names[] = {"san", "uci", "fen"};
    PyObject *game = ints_out(&rows.game, ints_as_bytes), *ply = ints_out(&rows.ply, ints_as_bytes);
    int rc = !game || !ply || PyDict_SetItemString(out, "game", game) != 0 ||
             PyDict_SetItemString(out, "ply", ply) != 0;
    Py_XDECREF(game);
    Py_XDECREF(ply);
    for (int i = 0; !rc && i < 3; i++) {
        PyObject *col = fixed ? column_fixed(texts[i], fixed == 2) : column_list(texts[i], i < 2);
        rc = !col || PyDict_SetItemString(out, text_names[i], col) != 0;
        Py_XDECREF(col);
    }
    for (Py_ssize_t i = 0; !rc && i < rows.extra; i++) {
        PyObject *col = tag_column(&rows, rows.values[i]);
        rc = !col || PyDict_SetItem(out, PyTuple_GET_ITEM(header_names, i), col) != 0;
        Py_XDECREF(col);
    }
    if (rc) Py_CLEAR(out);
done:
    rows_free(&rows);
    Py_XDECREF(header_names);
    return out;
}

/* Where the games lie, found without replaying a move (each game's moves
 * are skipped, as fenkit pgn --shard does), so that a file can be cut into
 * pieces at game boundaries: the byte offsets of games 1, 1 + every,
 * 1 + 2 * every, ... (the first is always 0, so that what precedes the
 * first tag stays with the first game), and the number of games. */
static PyObject *PgnReader_offsets(PgnReaderObject *self, PyObject *arg) {
    long every = PyLong_AsLong(arg);
    if (every == -1 && PyErr_Occurred()) return NULL;
    if (every < 1) {
        PyErr_Format(PyExc_ValueError, "offsets needs every >= 1, not %ld", every);
        return NULL;
    }
    PyObject *starts = PyList_New(0);
    long games = 0;
    for (fk_pgn_event ev;
         starts && self->reader && (ev = fk_pgn_next(self->reader)) != FK_PGN_END;) {
        if (self->failed) {
            Py_CLEAR(starts);
            break;
        }
        if (ev == FK_PGN_GAME) fk_pgn_reader_skip_game(self->reader);
        if (ev != FK_PGN_GAME_END) continue;
        const fk_pgn_game *game = fk_pgn_reader_game(self->reader);
        games = game->number;
        if ((game->number - 1) % every == 0 &&
            append_new(starts, PyLong_FromUnsignedLongLong(game->number == 1 ? 0 : game->offset)) !=
                0)
            Py_CLEAR(starts);
    }
    if (!starts) return NULL;
    return Py_BuildValue("(Nl)", starts, games);
}

static PyMethodDef PgnReader_methods[] = {
    {"columns", (PyCFunction)(void (*)(void))PgnReader_columns, METH_VARARGS | METH_KEYWORDS,
     "columns(headers=None, *, ints_as_bytes=False, strings='list')\n--\n\nEvery ply of the "
     "games left as columns game, ply, san, uci, fen, and one column per tag name in headers."},
    {"close", (PyCFunction)PgnReader_close, METH_NOARGS,
     "close()\n--\n\nCloses the file the reader opened; no more games are read."},
    {"offsets", (PyCFunction)PgnReader_offsets, METH_O,
     "offsets(every)\n--\n\nThe byte offsets of games 1, 1 + every, ... and the number of "
     "games, read without replaying moves."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject PgnReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fenkit._PgnReader",
    .tp_basicsize = sizeof(PgnReaderObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)PgnReader_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)PgnReader_next,
    .tp_methods = PgnReader_methods,
};

/* ---- drawing and scanning ------------------------------------------ */

static PyObject *render_svg(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"position", "size", "flip", "coords", "theme", NULL};
    PyObject *position;
    int size = 400, flip = 0;
    const char *coords = "none", *theme = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!|$ipsz:render_svg", kwlist, &PositionType,
                                     &position, &size, &flip, &coords, &theme))
        return NULL;
    fk_diagram_options opts;
    fk_diagram_options_default(&opts);
    opts.size = size;
    opts.flip = flip;
    if (strcmp(coords, "none") == 0)
        opts.coords = FK_COORDS_NONE;
    else if (strcmp(coords, "inside") == 0)
        opts.coords = FK_COORDS_INSIDE;
    else if (strcmp(coords, "outside") == 0)
        opts.coords = FK_COORDS_OUTSIDE;
    else
        return PyErr_Format(PyExc_ValueError, "coords is 'none', 'inside' or 'outside', not '%s'",
                            coords);
    if (theme && !(opts.theme = fk_theme_find(theme)))
        return PyErr_Format(PyExc_ValueError, "no theme called '%s'", theme);
    fk_buffer svg = {0};
    fk_status st = fk_render_svg(&((PositionObject *)position)->pos, &opts, &svg);
    PyObject *out = NULL;
    if (st == FK_OK)
        out = PyUnicode_DecodeUTF8(svg.data, (Py_ssize_t)svg.len, "strict");
    else if (st == FK_ERR_NOMEM)
        PyErr_NoMemory();
    else
        PyErr_Format(PyExc_ValueError, "cannot draw it: %s (size is 16 to 8192)", fk_strerror(st));
    fk_buffer_free(&svg);
    return out;
}

/* The names of the squares of a set, a1 first. */
static PyObject *square_names(fk_bitboard set) {
    PyObject *out = PyList_New(0);
    for (fk_square sq = 0; out && sq < 64; sq++) {
        if (!(set & FK_BIT(sq))) continue;
        char name[3];
        fk_square_name(sq, name);
        PyObject *s = PyUnicode_FromString(name);
        if (!s || PyList_Append(out, s) != 0) Py_CLEAR(out);
        Py_XDECREF(s);
    }
    return out;
}

static PyObject *scan(PyObject *Py_UNUSED(module), PyObject *arg) {
    Py_buffer image;
    if (PyObject_GetBuffer(arg, &image, PyBUF_SIMPLE) != 0) return NULL;
    fk_scan_result *result = PyMem_Malloc(sizeof *result);
    if (!result) {
        PyBuffer_Release(&image);
        return PyErr_NoMemory();
    }
    fk_scan_options opts;
    fk_scan_options_default(&opts);
    fk_error err;
    err.message[0] = '\0';
    fk_status st;
    /* tens of milliseconds of work on the caller's bytes: other threads run */
    Py_BEGIN_ALLOW_THREADS st = fk_scan_bytes(image.buf, (size_t)image.len, &opts, result, &err);
    Py_END_ALLOW_THREADS PyBuffer_Release(&image);
    PyObject *out = NULL;
    if (st != FK_OK) {
        PyErr_SetString(st == FK_ERR_NOMEM ? PyExc_MemoryError : PyExc_ValueError,
                        err.message[0] ? err.message : fk_strerror(st));
    } else {
        PyObject *squares = PyDict_New();
        for (fk_square sq = 0; squares && sq < 64; sq++) {
            fk_piece piece = result->squares[sq].read;
            if (piece == FK_EMPTY) continue;
            char name[3], letter[2] = {fk_piece_to_char(piece), 0};
            fk_square_name(sq, name);
            PyObject *v = PyUnicode_FromString(letter);
            if (!v || PyDict_SetItemString(squares, name, v) != 0) Py_CLEAR(squares);
            Py_XDECREF(v);
        }
        PyObject *uncertain = square_names(result->uncertain);
        if (squares && uncertain)
            out = Py_BuildValue(
                "{s:s,s:N,s:N,s:s,s:d,s:O}", "fen", result->fen, "squares", squares, "uncertain",
                uncertain, "bottom", result->white_bottom ? "white" : "black", "bottom_confidence",
                result->bottom_confidence, "doubt", result->doubt ? Py_True : Py_False);
        else {
            Py_XDECREF(squares);
            Py_XDECREF(uncertain);
        }
    }
    PyMem_Free(result);
    return out;
}

/* Reads one move, in UCI or SAN, where pos stands; raises MoveError. */
static int read_move(const fk_position *pos, PyObject *item, fk_move *move) {
    Py_ssize_t len;
    const char *text = PyUnicode_Check(item) ? PyUnicode_AsUTF8AndSize(item, &len) : NULL;
    if (!text) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a move is a str (UCI or SAN)");
        return -1;
    }
    fk_error err;
    err.message[0] = '\0';
    if (fk_move_parse_uci(pos, text, (size_t)len, move, &err) == FK_OK) return 0;
    err.message[0] = '\0';
    if (fk_move_parse_san(pos, text, (size_t)len, move, &err) == FK_OK) return 0;
    PyErr_Format(MoveError, "%s", err.message[0] ? err.message : "not a legal move here");
    return -1;
}

/* The start position and the moves (NULL: none) of judge() and
 * judge_claim(), played to check them; *moves is PyMem memory for the caller to free. */
static int read_game(PyObject *start, PyObject *seq, fk_position *pos, fk_move **moves, int *n) {
    if (!PyObject_TypeCheck(start, &PositionType)) {
        PyErr_SetString(PyExc_TypeError, "the start is a fenkit.Position");
        return -1;
    }
    *pos = ((PositionObject *)start)->pos;
    if (!seq) { /* no moves given */
        *moves = PyMem_Malloc(sizeof **moves);
        *n = 0;
        return *moves ? 0 : (PyErr_NoMemory(), -1);
    }
    /* a str is a sequence too, of letters: one move alone is a mistake */
    if (PyUnicode_Check(seq)) {
        PyErr_SetString(PyExc_TypeError, "the moves are a sequence of str, not one str");
        return -1;
    }
    PyObject *fast = PySequence_Fast(seq, "the moves are a sequence of str");
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    *moves = PyMem_Malloc(sizeof **moves * (size_t)(count ? count : 1));
    *n = 0;
    fk_position at = *pos;
    int bad = !*moves;
    if (bad) PyErr_NoMemory();
    for (Py_ssize_t i = 0; !bad && i < count; i++) {
        bad = read_move(&at, PySequence_Fast_GET_ITEM(fast, i), &(*moves)[i]) != 0;
        if (!bad) fk_move_make(&at, (*moves)[i]), (*n)++;
    }
    Py_DECREF(fast);
    if (bad) {
        PyMem_Free(*moves);
        *moves = NULL;
    }
    return bad ? -1 : 0;
}

/* A reason's name, or None for a game that goes on. */
static PyObject *reason_name(fk_game_reason reason) {
    const char *name = fk_game_reason_name(reason);
    if (name) return PyUnicode_FromString(name);
    Py_RETURN_NONE;
}

static PyObject *judge(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"start", "moves", NULL};
    PyObject *start, *seq = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O:judge", kwlist, &start, &seq)) return NULL;
    fk_position pos;
    fk_move *moves;
    int n;
    if (read_game(start, seq, &pos, &moves, &n) != 0) return NULL;
    fk_game_state state;
    fk_game_judge(&pos, moves, n, &state);
    PyMem_Free(moves);
    char fen[FK_FEN_MAX];
    fk_fen_write(&state.pos, FK_EP_LEGAL, fen, sizeof fen);
    const char *result = fk_game_result(state.end, &state.pos);
    return Py_BuildValue("{s:s,s:i,s:N,s:s,s:N}", "fen", fen, "repetition", state.repetition, "end",
                         reason_name(state.end), "result", result, "claim",
                         reason_name(state.claim));
}

static PyObject *judge_claim(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"start", "moves", "move", NULL};
    PyObject *start, *seq = NULL, *with = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OO:judge_claim", kwlist, &start, &seq, &with))
        return NULL;
    fk_position pos;
    fk_move *moves;
    int n;
    if (read_game(start, seq, &pos, &moves, &n) != 0) return NULL;
    fk_move move;
    fk_game_claim claim;
    if (with != Py_None) {
        fk_game_state reached;
        fk_game_judge(&pos, moves, n, &reached);
        if (read_move(&reached.pos, with, &move) != 0) {
            PyMem_Free(moves);
            return NULL;
        }
    }
    fk_status st = fk_game_judge_claim(&pos, moves, n, with != Py_None ? &move : NULL, &claim);
    PyMem_Free(moves);
    /* the move was read as legal above, so only a game already over is
     * refused here */
    if (st != FK_OK) {
        const char *why = fk_game_reason_name(claim.after.end);
        return PyErr_Format(MoveError, "no claim can be made: the game is over (%s)",
                            why ? why : "?");
    }
    char fen[FK_FEN_MAX];
    fk_fen_write(&claim.after.pos, FK_EP_LEGAL, fen, sizeof fen);
    return Py_BuildValue("{s:N,s:s,s:i,s:i}", "holds", reason_name(claim.holds), "fen", fen,
                         "repetition", claim.after.repetition, "halfmove",
                         (int)claim.after.pos.halfmove);
}

static PyObject *version(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return PyUnicode_FromString(fk_version());
}

static PyMethodDef module_methods[] = {
    {"normalize_many", (PyCFunction)(void (*)(void))normalize_many, METH_VARARGS | METH_KEYWORDS,
     "normalize_many(fens, *, tolerant=False, ep='legal')\n--\n\nEach FEN read, checked and "
     "written canonically, in one call into C; None where a FEN has an error."},
    {"_normalize_array", (PyCFunction)(void (*)(void))normalize_array, METH_VARARGS | METH_KEYWORDS,
     "_normalize_array(fens, *, tolerant=False, ep='legal')\n--\n\nnormalize_many over a NumPy "
     "array of dtype S or U: (bytearray, width) in the same layout, '' for an error."},
    {"_read_pgn", (PyCFunction)(void (*)(void))read_pgn, METH_VARARGS | METH_KEYWORDS,
     "_read_pgn(source, *, ep='legal')\n--\n\nAn iterator of (number, headers, plies, error) "
     "per game; plies are (san, uci, fen)."},
    {"_render_svg", (PyCFunction)(void (*)(void))render_svg, METH_VARARGS | METH_KEYWORDS,
     "_render_svg(position, *, size=400, flip=False, coords='none', theme=None)\n--\n\nThe "
     "diagram as SVG text."},
    {"_scan", scan, METH_O,
     "_scan(image_bytes)\n--\n\nReads the board in a picture: a dict of fen, squares, uncertain, "
     "bottom, bottom_confidence, doubt."},
    {"judge", (PyCFunction)(void (*)(void))judge, METH_VARARGS | METH_KEYWORDS,
     "judge(start, moves=())\n--\n\nWhere a game stands after its moves (UCI or SAN) from the "
     "Position start, repetitions included: a dict of fen, repetition, end (what ends the game "
     "now, or None), result and claim (a draw the player to move may claim, or None)."},
    {"judge_claim", (PyCFunction)(void (*)(void))judge_claim, METH_VARARGS | METH_KEYWORDS,
     "judge_claim(start, moves=(), move=None)\n--\n\nA draw claimed by the player to move "
     "after the moves, on the position reached, or with the move about to be played (FIDE "
     "9.2.1.1, 9.3.1): a dict of holds (the rule that grants it, or None), fen, repetition and "
     "halfmove after the move."},
    {"library_version", version, METH_NOARGS,
     "library_version()\n--\n\nThe version of libfenkit loaded."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT,
                                        "fenkit._fenkit",
                                        "fenkit's C core for Python.",
                                        -1,
                                        module_methods,
                                        NULL,
                                        NULL,
                                        NULL,
                                        NULL};

PyMODINIT_FUNC PyInit__fenkit(void) {
    if (PyStructSequence_InitType2(&ProblemType, &problem_desc) != 0) return NULL;
    if (PyType_Ready(&PositionType) != 0 || PyType_Ready(&PgnReaderType) != 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    FenError = PyErr_NewExceptionWithDoc("fenkit.FenError",
                                         "A FEN that cannot be read; .problems lists why.",
                                         PyExc_ValueError, NULL);
    MoveError = PyErr_NewExceptionWithDoc("fenkit.MoveError", "A move that cannot be played here.",
                                          PyExc_ValueError, NULL);
    if (!FenError || !MoveError || PyModule_AddObjectRef(m, "FenError", FenError) != 0 ||
        PyModule_AddObjectRef(m, "MoveError", MoveError) != 0 ||
        PyModule_AddObjectRef(m, "Position", (PyObject *)&PositionType) != 0 ||
        PyModule_AddObjectRef(m, "Problem", (PyObject *)&ProblemType) != 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
