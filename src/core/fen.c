/* FEN reading and writing. The reader walks the text with a cursor, field
 * by field, and never stops at the first problem: every field is read and
 * every syntax problem is reported with its field, byte offset and a
 * sentence. Well-formed text takes a fast path (place_fast, tail_fast);
 * anything else is read again by the careful readers (place_careful, or
 * read_placement for the rarest placements, and the field readers), which
 * say what is wrong. Messages are only written when a problem happens. The
 * policy choices (what strict and tolerant accept) are in
 * docs/fen-policy.md; how the readers are made fast, in
 * docs/design/fen-reader-speed.md. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fenkit/fen.h"
#include "fenkit/moves.h"
#include "fen_tail.h"
#include "overread.h"
#include "problems.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The largest counter the reader accepts (six digits). The longest possible
 * game has fewer than 9,000 moves, so anything above is a typing error, and
 * the limit keeps every counter far from any integer overflow. */
#define COUNTER_MAX 999999u

#define PRINTF_LIKE FK_PRINTF_LIKE

/* Keeps a careful reader out of the function that holds the fast paths,
 * whose registers it would otherwise take. */
#if defined(__GNUC__)
#define OUT_OF_LINE __attribute__((noinline))
#else
#define OUT_OF_LINE
#endif

/* The FEN fields in order; also used to name them in messages. */
#define FIELD_COUNT 6

/* One reading in progress. */
typedef struct {
    const char *text;
    size_t len;
    size_t at; /* the cursor */
    unsigned flags;
    fk_position *pos;
    fk_problems *problems; /* NULL: count the errors, write no problem */
    int errors;   /* problems of severity error added by this reading */
    int ws_noted; /* a white space problem has been reported */
    int form;     /* errors of form only: tolerant mode would read them */
} reader;

static const char *const field_title[FIELD_COUNT] = {"piece placement", "side to move",
                                                     "castling",        "en passant",
                                                     "halfmove clock",  "fullmove number"};

/* 1 for the bytes that separate fields: spaces, tabs, line ends, and the
 * underscore of lichess URLs. */
static const uint8_t separator[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\v'] = 1, ['\f'] = 1, ['_'] = 1};
static int is_separator(unsigned char c) { return separator[c]; }

/* The letters of the castling field: K Q k q, and the files A-H a-h. */
enum { CASTLE_KQ = 1, CASTLE_FILE = 2 };
static const uint8_t castling_class[256] = {
    ['K'] = CASTLE_KQ,   ['Q'] = CASTLE_KQ,   ['k'] = CASTLE_KQ,   ['q'] = CASTLE_KQ,
    ['A'] = CASTLE_FILE, ['B'] = CASTLE_FILE, ['C'] = CASTLE_FILE, ['D'] = CASTLE_FILE,
    ['E'] = CASTLE_FILE, ['F'] = CASTLE_FILE, ['G'] = CASTLE_FILE, ['H'] = CASTLE_FILE,
    ['a'] = CASTLE_FILE, ['b'] = CASTLE_FILE, ['c'] = CASTLE_FILE, ['d'] = CASTLE_FILE,
    ['e'] = CASTLE_FILE, ['f'] = CASTLE_FILE, ['g'] = CASTLE_FILE, ['h'] = CASTLE_FILE};

/* The length of the well-formed UTF-8 sequence of two to four bytes at s
 * (n bytes available), or 0. */
static size_t utf8_length(const unsigned char *s, size_t n) {
    size_t len = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
    if (len == 0 || len > n || s[0] > 0xF4) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return len;
}

/* Copies up to 24 bytes of text into out for a message: printable ASCII and
 * well-formed UTF-8 as they are, any other byte as \xNN, so a message never
 * carries broken UTF-8. Returns the length written (at most 99), and
 * zero-terminates it. */
static size_t quote_into(const char *text, size_t len, char *out) {
    const unsigned char *s = (const unsigned char *)text;
    size_t n = 0, i = 0;
    while (i < len && i < 24) {
        size_t u = s[i] >= 0x80 ? utf8_length(s + i, len - i) : 0;
        if (u) {
            memcpy(out + n, s + i, u);
            n += u;
            i += u;
        } else if (s[i] >= 0x20 && s[i] < 0x7f) {
            out[n++] = (char)s[i++];
        } else {
            static const char hex[] = "0123456789ABCDEF";
            out[n++] = '\\';
            out[n++] = 'x';
            out[n++] = hex[s[i] >> 4];
            out[n++] = hex[s[i] & 15];
            i++;
        }
    }
    if (i < len) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
    return n;
}

/* quote_into for a message's %s. */
static const char *quote(const char *text, size_t len, char out[100]) {
    quote_into(text, len, out);
    return out;
}

/* Makes the n bytes of text (cap bytes of room) a sentence, as the checker
 * writes them: an upper-case first letter and a full stop at the end. */
static void as_sentence(char *text, size_t n, size_t cap) {
    if (n == 0) return;
    if (text[0] >= 'a' && text[0] <= 'z') text[0] = (char)(text[0] - 32);
    if (text[n - 1] != '.' && text[n - 1] != '?' && n + 1 < cap) {
        text[n] = '.';
        text[n + 1] = '\0';
    }
}

/* Formats the fix of problem p (a sentence, see as_sentence). */
PRINTF_LIKE(2, 3) static void set_fix(fk_problem *p, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    size_t n = core_vformat(p->fix, sizeof p->fix, fmt, ap);
    va_end(ap);
    as_sentence(p->fix, n, sizeof p->fix);
}

/* Takes the next problem of the reading, at byte `offset` of the text, with
 * an empty message and fix; counts errors so the reading knows its result.
 * Returns NULL when the list is full or the reading writes none. */
static fk_problem *add_problem(reader *r, fk_problem_code code, fk_severity severity,
                               fk_field field, size_t offset) {
    if (severity == FK_SEV_ERROR) r->errors++;
    if (!r->problems) return NULL;
    return core_problems_next(r->problems, code, severity, field, (int)offset, 0);
}

/* Adds a problem at byte `offset` of the text, with a message from fmt and
 * a plain `fix` (or NULL; callers may format one into the returned
 * problem's fix). Returns the problem, or NULL (see add_problem). */
PRINTF_LIKE(7, 8)
static fk_problem *report(reader *r, fk_problem_code code, fk_severity severity, fk_field field,
                          size_t offset, const char *fix, const char *fmt, ...) {
    fk_problem *p = add_problem(r, code, severity, field, offset);
    if (!p) return NULL;
    va_list ap;
    va_start(ap, fmt);
    size_t n = core_vformat(p->message, sizeof p->message, fmt, ap);
    va_end(ap);
    as_sentence(p->message, n, sizeof p->message);
    if (fix) as_sentence(p->fix, core_copy_text(p->fix, sizeof p->fix, fix), sizeof p->fix);
    return p;
}

/* The severity of something tolerant mode accepts and strict mode refuses. */
static fk_severity lenient(reader *r) {
    if (r->flags & FK_FEN_TOLERANT) return FK_SEV_NOTE;
    r->form++;
    return FK_SEV_ERROR;
}

/* The code of such a thing: a note "nonstandard-notation" in tolerant mode,
 * the field's own error code in strict mode. */
static fk_problem_code lenient_code(const reader *r, fk_problem_code strict_code) {
    return (r->flags & FK_FEN_TOLERANT) ? FK_PROB_NONSTANDARD : strict_code;
}

/* 1 when [s, s+n) is a Unicode dash or minus sign in UTF-8 (hyphen,
 * non-breaking hyphen, figure dash, en dash, em dash, minus sign). */
static int is_unicode_dash(const char *s, size_t n) {
    if (n != 3 || (unsigned char)s[0] != 0xE2) return 0;
    unsigned char b = (unsigned char)s[1], c = (unsigned char)s[2];
    return (b == 0x80 && c >= 0x90 && c <= 0x94) || (b == 0x88 && c == 0x92);
}

/* The problems that broken FENs have most (a rank's length, two digits in
 * a row, a byte that is no piece letter, the number of ranks) are written
 * without the formatter, which would cost more than the reading: their
 * sentences are put together from pieces whose lengths the compiler knows,
 * as report() would write them. Each is far shorter than a problem's
 * message or fix. */
#define PUT(at, literal) fk_put_bytes(at, literal, sizeof literal - 1)

/* Appends v as %d writes it; returns the end. */
static char *put_int(char *at, int v) {
    if (v >= 0) return fen_put_uint(at, (uint32_t)v);
    *at++ = '-';
    return fen_put_uint(at, 0u - (uint32_t)v);
}

/* Appends the name of the rank at index from the top as people say it
 * ("rank 7"; past the eighth, "rank 9 from the top"), with an upper-case
 * first letter when it starts a sentence; returns the end. */
static char *put_rank(char *at, int index, int capital) {
    at = capital ? PUT(at, "Rank ") : PUT(at, "rank ");
    if (index < 8) {
        *at++ = (char)('8' - index);
        return at;
    }
    return PUT(put_int(at, index + 1), " from the top");
}

/* Reports a rank (index from the top) that starts at byte `at` and covers
 * `squares` squares instead of 8. */
static void report_rank_length(reader *r, int rank, size_t at, int squares) {
    static const char fix[] = "The pieces and the digits of empty squares in a rank add up to 8.";
    fk_problem *p = add_problem(r, FK_PROB_RANK_LENGTH, FK_SEV_ERROR, FK_FIELD_PLACEMENT, at);
    if (!p) return;
    p->args.n[0] = rank;
    p->args.n[1] = squares;
    /* "Rank 7 has 7 squares, needs 8." */
    char *m = put_int(PUT(put_rank(p->message, rank, 1), " has "), squares);
    m = squares == 1 ? PUT(m, " square, needs 8.") : PUT(m, " squares, needs 8.");
    *m = '\0';
    memcpy(p->fix, fix, sizeof fix);
}

/* Reports the run of digits starting at `from` (like "44"), once. */
static void report_digit_run(reader *r, int rank, size_t from, size_t end) {
    static const char fix[] = "Write the empty squares as one digit, 1 to 8.";
    const unsigned char *s = (const unsigned char *)r->text;
    size_t to = from;
    int sum = 0;
    while (to < end && s[to] >= '0' && s[to] <= '9')
        sum += s[to++] - '0';
    fk_problem *p = add_problem(r, FK_PROB_BAD_DIGIT, FK_SEV_ERROR, FK_FIELD_PLACEMENT, from);
    if (!p) return;
    p->args.n[0] = rank;
    p->args.n[1] = sum;
    /* "Rank 6 has two digits in a row ('44'): empty squares are one digit,
     * 1 to 8." */
    char *m = PUT(put_rank(p->message, rank, 1), " has two digits in a row ('");
    size_t quoted = quote_into((const char *)s + from, to - from, m);
    core_format(p->args.quote, sizeof p->args.quote, "%.*s", (int)quoted, m);
    m = PUT(m + quoted, "'): empty squares are one digit, 1 to 8.");
    *m = '\0';
    if (sum >= 1 && sum <= 8) {
        /* "Write 8." */
        m = PUT(p->fix, "Write ");
        *m++ = (char)('0' + sum);
        memcpy(m, ".", 2);
    } else {
        memcpy(p->fix, fix, sizeof fix);
    }
}

/* Reports the digit 9 (`nine`) or 0 at `at`, in the rank at index `rank`
 * from the top. */
static void report_bad_digit(reader *r, int rank, size_t at, int nine) {
    static const char fix9[] = "Write 8 for a whole empty rank.", fix0[] = "Remove the 0.";
    fk_problem *p = add_problem(r, FK_PROB_BAD_DIGIT, FK_SEV_ERROR, FK_FIELD_PLACEMENT, at);
    if (!p) return;
    p->args.variant = nine ? 1 : 2;
    p->args.n[0] = rank;
    /* "Rank 6 has the digit 9: a rank has only 8 squares." */
    char *m = put_rank(p->message, rank, 1);
    if (nine) {
        memcpy(PUT(m, " has the digit 9: a rank has only 8 squares"), ".", 2);
        memcpy(p->fix, fix9, sizeof fix9);
    } else {
        memcpy(PUT(m, " has the digit 0: a digit counts empty squares, 1 to 8"), ".", 2);
        memcpy(p->fix, fix0, sizeof fix0);
    }
}

/* Reports the byte (or UTF-8 character) of n bytes at `at`, in the rank at
 * index `rank` from the top, that is no piece letter; `glued` when it is a
 * side letter with no space before it. */
static void report_bad_piece(reader *r, int rank, size_t at, size_t n, int glued) {
    static const char fix[] = "Use K Q R B N P, upper case for White, lower case for Black.";
    fk_problem *p = add_problem(r, FK_PROB_BAD_PIECE, FK_SEV_ERROR, FK_FIELD_PLACEMENT, at);
    if (!p) return;
    p->args.variant = glued != 0;
    p->args.n[0] = rank;
    /* "'x' in rank 5 is not a piece letter." */
    char *m = PUT(p->message, "'");
    size_t quoted = quote_into(r->text + at, n, m);
    core_format(p->args.quote, sizeof p->args.quote, "%.*s", (int)quoted, m);
    m += quoted;
    m = put_rank(PUT(m, "' in "), rank, 0);
    m = glued ? PUT(m, " is not a piece letter (is the space before the side to move missing?).")
              : PUT(m, " is not a piece letter.");
    *m = '\0';
    memcpy(p->fix, fix, sizeof fix);
}

/* Adds a problem whose message is `before` (nb bytes), the token of n
 * bytes at s as quote_into writes it, and `after` (na bytes and its zero;
 * together a sentence, as report() would make it), and whose fix is the
 * sentence `fix` (nf bytes and its zero), or none. Used for the problems of
 * a broken tail, which are many: no formatter, and every such message fits
 * (the quote is at most 99 bytes, the rest much less than 100). */
static fk_problem *report_token_n(reader *r, fk_problem_code code, fk_severity severity,
                                  fk_field field, size_t offset, const char *fix, size_t nf,
                                  const char *before, size_t nb, const char *s, size_t n,
                                  const char *after, size_t na) {
    fk_problem *p = add_problem(r, code, severity, field, offset);
    if (!p) return NULL;
    char *m = fk_put_bytes(p->message, before, nb);
    size_t quoted = quote_into(s, n, m);
    /* the quote is kept for wordings in other languages (fk_problem_args) */
    core_format(p->args.quote, sizeof p->args.quote, "%.*s", (int)quoted, m);
    m += quoted;
    memcpy(m, after, na + 1);
    if (fix) memcpy(p->fix, fix, nf + 1);
    return p;
}

/* report_token_n with the lengths measured here, inline, where the
 * compiler knows the texts (nearly always literals) and measures them. */
static inline fk_problem *report_token(reader *r, fk_problem_code code, fk_severity severity,
                                       fk_field field, size_t offset, const char *fix,
                                       const char *before, const char *s, size_t n,
                                       const char *after) {
    return report_token_n(r, code, severity, field, offset, fix, fix ? strlen(fix) : 0, before,
                          strlen(before), s, n, after, strlen(after));
}

/* report_token kept out of line, for read_text, whose fast paths keep
 * their registers that way. */
OUT_OF_LINE static fk_problem *report_token_measured(reader *r, fk_problem_code code,
                                                     fk_severity severity, fk_field field,
                                                     size_t offset, const char *fix,
                                                     const char *before, const char *s, size_t n,
                                                     const char *after) {
    return report_token(r, code, severity, field, offset, fix, before, s, n, after);
}

/* report_token with no token: the message is a plain sentence. Returns
 * the problem, or NULL. */
static fk_problem *report_sentence(reader *r, fk_problem_code code, fk_severity severity,
                                   fk_field field, size_t offset, const char *fix,
                                   const char *message) {
    return report_token(r, code, severity, field, offset, fix, message, "", 0, "");
}

/* Reports a placement of `ranks` ranks (not 8) that starts at `start`. */
static void report_rank_count(reader *r, size_t start, int ranks) {
    static const char fix[] = "A board has 8 ranks separated by 7 '/'.";
    fk_problem *p = add_problem(r, FK_PROB_RANK_COUNT, FK_SEV_ERROR, FK_FIELD_PLACEMENT, start);
    if (!p) return;
    p->args.n[0] = ranks;
    /* "There are 9 ranks, a board has 8." */
    char *m = ranks == 1 ? PUT(p->message, "There is 1 rank")
                         : PUT(put_int(PUT(p->message, "There are "), ranks), " ranks");
    memcpy(m, ", a board has 8.", sizeof ", a board has 8.");
    memcpy(p->fix, fix, sizeof fix);
}

/* The checks at the end of a placement [start, end) that both placement
 * readers make: the last rank's length (`file` squares, from rank_start,
 * unless a digit problem was said in it) and the number of ranks (`rank` is
 * the index of the last one). */
static void placement_end(reader *r, size_t start, size_t end, int rank, int file, int rank_bad,
                          size_t rank_start) {
    /* A '/' at the very end (the crazyhouse habit) is said as such, not as
     * an empty ninth rank. */
    if (file == 0 && rank > 0 && r->text[end - 1] == '/') {
        fk_problem *p = report(r, FK_PROB_RANK_COUNT, FK_SEV_ERROR, FK_FIELD_PLACEMENT, end - 1,
                               "remove the last '/'", "the piece placement ends with '/'");
        if (p) p->args.variant = 1;
        rank--;
    } else if (rank < 8 && !rank_bad && file != 8) {
        report_rank_length(r, rank, rank_start, file);
    }
    if (rank + 1 != 8) report_rank_count(r, start, rank + 1);
}


/* Sets pos's bitboards from its board, for read_placement, which fills the
 * board array (place_fast and place_careful gather each piece's squares as
 * they go). It does not call fk_position_put per piece, which costs a sixth
 * of a whole reading. */
static void set_bitboards(fk_position *pos) {
    const uint8_t *board = pos->board;
#if defined(__SSE2__)
    /* Sixteen squares per instruction: the kind is the piece less 6 for
     * Black, White's pieces are 1 to 6, and no loop runs over squares. */
    const __m128i one = _mm_set1_epi8(1), five = _mm_set1_epi8(6 - 1), six = _mm_set1_epi8(6);
    fk_bitboard white = 0, occupied = 0, kinds[FK_KIND_COUNT] = {0};
    for (int k = 0; k < 4; k++) {
        __m128i piece = _mm_loadu_si128((const __m128i *)(board + 16 * k));
        __m128i less_one = _mm_sub_epi8(piece, one); /* empty: 255 */
        __m128i is_white = _mm_cmpeq_epi8(_mm_min_epu8(less_one, five), less_one);
        __m128i empty = _mm_cmpeq_epi8(piece, _mm_setzero_si128());
        __m128i kind = _mm_sub_epi8(piece, _mm_and_si128(_mm_cmpgt_epi8(piece, six), six));
        white |= (fk_bitboard)(uint16_t)_mm_movemask_epi8(is_white) << (16 * k);
        occupied |= (fk_bitboard)(uint16_t)~_mm_movemask_epi8(empty) << (16 * k);
        for (int t = FK_PAWN; t < FK_KIND_COUNT; t++) {
            __m128i same = _mm_cmpeq_epi8(kind, _mm_set1_epi8((char)(t + 1)));
            kinds[t] |= (fk_bitboard)(uint16_t)_mm_movemask_epi8(same) << (16 * k);
        }
    }
    pos->by_color[FK_WHITE] = white;
    pos->by_color[FK_BLACK] = occupied & ~white;
    for (int t = FK_PAWN; t < FK_KIND_COUNT; t++)
        pos->by_kind[t] = kinds[t];
#else
    memset(pos->by_color, 0, sizeof pos->by_color);
    memset(pos->by_kind, 0, sizeof pos->by_kind);
    for (int sq = 0; sq < 64; sq++) {
        unsigned p = board[sq];
        if (p == FK_EMPTY) continue;
        pos->by_color[FK_PIECE_COLOR(p)] |= FK_BIT(sq);
        pos->by_kind[FK_PIECE_KIND(p)] |= FK_BIT(sq);
    }
#endif
}

#if defined(__SSE2__)
/* The piece of each FEN letter, FK_EMPTY for every other byte. The letters
 * repeat fk_piece_from_char's (a loop over the letters) for speed; a test
 * reads every byte value both ways and compares. */
static const uint8_t piece_code[256] = {
    ['P'] = FK_WP, ['N'] = FK_WN, ['B'] = FK_WB, ['R'] = FK_WR, ['Q'] = FK_WQ, ['K'] = FK_WK,
    ['p'] = FK_BP, ['n'] = FK_BN, ['b'] = FK_BB, ['r'] = FK_BR, ['q'] = FK_BQ, ['k'] = FK_BK,
};

/* FK_BIT(sq) for every square: one load, where a shift by a variable
 * takes three instructions without BMI2; and none for 64, which
 * place_careful uses for the squares off the board. */
#define RANK_BITS(r)                                                                        \
    FK_BIT(8 * (r)), FK_BIT(8 * (r) + 1), FK_BIT(8 * (r) + 2), FK_BIT(8 * (r) + 3),         \
        FK_BIT(8 * (r) + 4), FK_BIT(8 * (r) + 5), FK_BIT(8 * (r) + 6), FK_BIT(8 * (r) + 7)
static const fk_bitboard square_bit[64 + 1] = {
    RANK_BITS(0), RANK_BITS(1), RANK_BITS(2), RANK_BITS(3),
    RANK_BITS(4), RANK_BITS(5), RANK_BITS(6), RANK_BITS(7), 0};
#undef RANK_BITS

/* The sums of 16 bytes up to each, with the four shifted additions. */
static inline __m128i prefix_sums(__m128i x) {
    x = _mm_add_epi8(x, _mm_slli_si128(x, 1));
    x = _mm_add_epi8(x, _mm_slli_si128(x, 2));
    x = _mm_add_epi8(x, _mm_slli_si128(x, 4));
    return _mm_add_epi8(x, _mm_slli_si128(x, 8));
}

/* The running sums of the squares that the 16 bytes c cover, on top of
 * `before` (the sum of the bytes before, in every byte): a digit 1 to 8
 * covers its number of squares, a '/' none, anything else one. Saturated at
 * 255, so that a sum never wraps round to a plausible one. Also gives the
 * digits 1 to 8 and the '/' as masks of bytes. */
static inline __m128i running_sums(__m128i c, __m128i before, __m128i *is_digit,
                                   __m128i *is_slash) {
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
    __m128i value = _mm_sub_epi8(c, _mm_set1_epi8('0'));
    *is_digit = _mm_cmpeq_epi8(_mm_subs_epu8(_mm_sub_epi8(value, one), _mm_set1_epi8(7)), zero);
    *is_slash = _mm_cmpeq_epi8(c, _mm_set1_epi8('/'));
    __m128i width = _mm_or_si128(_mm_and_si128(*is_digit, value),
                                 _mm_andnot_si128(_mm_or_si128(*is_digit, *is_slash), one));
    return _mm_adds_epu8(prefix_sums(width), before); /* the prefix sums are at most 128 */
}

/* The last of 16 sums, in every byte. */
static inline __m128i last_sum(__m128i sums) {
    __m128i last = _mm_unpackhi_epi8(sums, sums);
    last = _mm_shufflehi_epi16(last, 0xFF);
    return _mm_unpackhi_epi64(last, last);
}

/* Sets pos's bitboards from the squares of each piece (by_piece[FK_EMPTY]
 * is not read). */
static inline void set_piece_bitboards(fk_position *pos, const fk_bitboard *by_piece) {
    /* The colours gathered in locals: stores to pos->by_kind could alias. */
    fk_bitboard white = 0, black = 0;
    for (int k = FK_PAWN; k < FK_KIND_COUNT; k++) {
        fk_bitboard w = by_piece[FK_MAKE_PIECE(FK_WHITE, k)];
        fk_bitboard b = by_piece[FK_MAKE_PIECE(FK_BLACK, k)];
        pos->by_kind[k] = w | b;
        white |= w;
        black |= b;
    }
    pos->by_color[FK_WHITE] = white;
    pos->by_color[FK_BLACK] = black;
}

/* The number of bits set in b: a few instructions where the POPCNT
 * instruction may be missing. */
static inline int count_bits(uint64_t b) {
    b -= (b >> 1) & 0x5555555555555555ull;
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((b * 0x0101010101010101ull) >> 56);
}

/* 1 when bb holds exactly seven squares. */
static inline int seven_bits(uint64_t bb) {
    for (int k = 0; k < 6; k++) bb &= bb - 1; /* clear six */
    return bb && !(bb & (bb - 1));
}

/* What place_fast saw of a placement it could not read, or what
 * scan_placement sees: the bytes loaded (the text, or a copy), their running
 * sums, and where the placement ends. place_careful reads these instead of
 * loading the bytes again. */
typedef struct {
    unsigned char copy[64]; /* the text, when loads past its end could leave its page */
    uint8_t sum[64];        /* byte k: the squares covered by bytes 0 to k, at most 255 */
    unsigned count; /* bytes before the first space (place_fast) or separator, or the end */
    int loaded;     /* 0 when nothing is known: place_fast found no space in 64 bytes */
} placement_seen;

/* Notes where a placement that place_fast leaves to place_careful ends
 * (`count` bytes: at its first space, or at the end of the text). Returns
 * 0, place_fast's answer. Nothing more is kept, so that the letters' loop in
 * place_fast keeps its registers. */
static inline size_t leave_to_careful(placement_seen *scan, unsigned count) {
    scan->count = count;
    scan->loaded = 1;
    return 0;
}

/* Reads a well-formed placement starting at `start` into pos's board (all
 * empty) and returns where it ends, at the space before the side to move,
 * or returns 0 at the first thing out of the ordinary, so that
 * read_placement reads it again (and rewrites the whole board) and says
 * what is wrong.
 *
 * Sixteen bytes at a time, it counts squares in reading order (a8 = 0 ...
 * h1 = 63): a digit covers its number of squares, a letter one, a '/'
 * none, and four shifted additions give every byte's running sum, which is
 * the square of a letter. The loads only gather masks (digits, '/', spaces,
 * bytes after a multiple of 8 squares) and the squares; the rules are
 * tested once, on the masks of the whole placement. It is well formed when
 * it has 7 '/' each after a multiple of 8 squares, no rank is empty, no two
 * digits touch, every letter names a piece and 64 squares are covered:
 * then every rank has exactly 8. Only letters take a step of their own, to
 * be put on the board, in one loop at the end. A placement of 64 bytes or
 * more (no real position needs that many) and other builds are read by
 * read_placement. */
static size_t place_fast(fk_position *pos, const unsigned char *s, size_t start, size_t len,
                         placement_seen *scan) {
    enum { SPAN = 64 }; /* four loads of 16 bytes */
    const unsigned char *p = s + start;
    size_t left = len - start; /* bytes of text from p on */
    if (left < SPAN && !fk_page_holds(p, SPAN)) {
        /* A load past the end of the text could leave its page: load from
         * a copy instead, padded with spaces (the worst case: see below). */
        memcpy(scan->copy, p, left);
        memset(scan->copy + left, ' ', SPAN - left);
        p = scan->copy;
    }
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
    uint8_t at[SPAN];       /* byte k: the square of a letter in byte k */
    uint8_t *sum = scan->sum;
    /* Bit k of each mask is byte k. */
    uint64_t spaces = 0, digits = 0, slashes = 0, whole_ranks = 0;
    __m128i before = zero; /* the squares covered by the earlier loads */
    for (unsigned i = 0;; i += 16) {
        if (i == SPAN) return (size_t)(scan->loaded = 0); /* no space in 64 bytes */
        __m128i c = _mm_loadu_si128((const __m128i *)(p + i)), is_digit, is_slash;
        __m128i sums = running_sums(c, before, &is_digit, &is_slash);
        _mm_storeu_si128((__m128i *)(sum + i), sums);
        __m128i eighths = _mm_cmpeq_epi8(_mm_and_si128(sums, _mm_set1_epi8(7)), zero);
        /* A letter's square: its running sum less one, flipped to a1 = 0
         * (exact while the sum is at most 64; a larger one fails below). */
        __m128i square = _mm_and_si128(
            _mm_xor_si128(_mm_sub_epi8(sums, one), _mm_set1_epi8(56)), _mm_set1_epi8(63));
        _mm_storeu_si128((__m128i *)(at + i), square);
        uint64_t space = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(c, _mm_set1_epi8(' ')));
        spaces |= space << i;
        digits |= (uint64_t)(unsigned)_mm_movemask_epi8(is_digit) << i;
        slashes |= (uint64_t)(unsigned)_mm_movemask_epi8(is_slash) << i;
        whole_ranks |= (uint64_t)(unsigned)_mm_movemask_epi8(eighths) << i;
        if (space) break;
        before = last_sum(sums);
    }
    /* A space past the end of the text is none: bytes there were loaded
     * but, the placement ending before its space, are never used. */
    unsigned count = (unsigned)__builtin_ctzll(spaces); /* bytes before the space, < 64 */
    if (count == 0 || count >= left || sum[count - 1] != 64)
        return leave_to_careful(scan, count < left ? count : (unsigned)left);
    uint64_t inside = (FK_BIT(count) - 1);
    digits &= inside;
    slashes &= inside;
    /* Each '/' after a multiple of 8 squares; no two digits in a row; no
     * two '/' in a row, nor one first or last (an empty rank). */
    uint64_t bad = (slashes & ~whole_ranks) | (digits & (digits << 1)) |
                   (slashes & ((slashes << 1) | 1 | FK_BIT(count - 1)));
    if (bad || !seven_bits(slashes)) return leave_to_careful(scan, count);
    /* Now every rank has 8 squares and every letter a square of its own. */
    uint8_t *board = pos->board;
    /* The squares of each piece; FK_EMPTY's gathers bytes that are no
     * piece letter. Set to 0 by hand: = {0} becomes a slow rep stos. */
    fk_bitboard by_piece[FK_PIECE_COUNT + 1];
    for (int k = 0; k < FK_PIECE_COUNT; k += 2) _mm_storeu_si128((__m128i *)(by_piece + k), zero);
    for (uint64_t m = inside & ~digits & ~slashes; m; m &= m - 1) {
        /* Word-sized indexes: no sign or zero extension per letter. */
        size_t k = (size_t)__builtin_ctzll(m), piece = piece_code[p[k]], sq = at[k];
        board[sq] = (uint8_t)piece;
        by_piece[piece] |= square_bit[sq];
    }
    if (by_piece[FK_EMPTY]) return leave_to_careful(scan, count);
    set_piece_bitboards(pos, by_piece);
    return start + count;
}

/* Reads the placement from p (left bytes of text) as place_fast does, but
 * only for place_careful: the running sums, and where the first separator
 * or the end of the text ends it. Returns 0 when no separator comes within
 * 64 bytes. */
static int scan_placement(placement_seen *scan, const unsigned char *p, size_t left) {
    enum { SPAN = 64 };
    if (left < SPAN && !fk_page_holds(p, SPAN)) {
        memcpy(scan->copy, p, left);
        memset(scan->copy + left, ' ', SPAN - left);
        p = scan->copy;
    }
    uint64_t separators = 0;
    __m128i before = _mm_setzero_si128();
    for (unsigned i = 0; i < SPAN; i += 16) {
        __m128i c = _mm_loadu_si128((const __m128i *)(p + i)), is_digit, is_slash;
        __m128i sums = running_sums(c, before, &is_digit, &is_slash);
        _mm_storeu_si128((__m128i *)(scan->sum + i), sums);
        /* ' ', '_' and the bytes 9 to 13 (tab, line ends, vertical tab,
         * form feed): the separator[] table's bytes. */
        __m128i control = _mm_subs_epu8(_mm_sub_epi8(c, _mm_set1_epi8(9)), _mm_set1_epi8(4));
        __m128i is_separator = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(c, _mm_set1_epi8('_'))),
            _mm_cmpeq_epi8(control, _mm_setzero_si128()));
        uint64_t ends = (unsigned)_mm_movemask_epi8(is_separator);
        separators |= ends << i;
        if (ends || i + 16 >= left) break;
        before = last_sum(sums);
    }
    /* The end of the text ends the placement too; bytes loaded past it are
     * never used. */
    if (left < SPAN) separators |= FK_BIT(left);
    if (!separators) return 0;
    scan->count = (unsigned)__builtin_ctzll(separators);
    return scan->loaded = 1;
}

/* The running sums of squares of the first count bytes from p (rounded up
 * to 16), as running_sums makes them but with a 0 covering no square and a
 * 9 nine: for place_careful, when a placement has such a digit. */
static void sums_with_all_digits(const unsigned char *p, unsigned count, uint8_t sum[64]) {
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
    __m128i before = zero;
    for (unsigned i = 0; i < count; i += 16) {
        __m128i c = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i value = _mm_sub_epi8(c, _mm_set1_epi8('0'));
        __m128i is_digit = _mm_cmpeq_epi8(_mm_subs_epu8(value, _mm_set1_epi8(9)), zero);
        __m128i is_slash = _mm_cmpeq_epi8(c, _mm_set1_epi8('/'));
        __m128i width = _mm_or_si128(_mm_and_si128(is_digit, value),
                                     _mm_andnot_si128(_mm_or_si128(is_digit, is_slash), one));
        /* The prefix sums are at most 16 * 9 = 144: no byte wraps round. */
        __m128i sums = _mm_adds_epu8(prefix_sums(width), before);
        _mm_storeu_si128((__m128i *)(sum + i), sums);
        before = last_sum(sums);
    }
}

/* Reads a placement from start as read_placement does, with the same
 * problems in the same order, and returns where it ends; or returns 0 and
 * leaves it to read_placement when it holds anything rarer than piece
 * letters, digits, '/' and other ASCII bytes ('[', a byte above 0x7F, a 0
 * next to another digit, a separator other than a space where place_fast
 * looked only for spaces), runs 64 bytes without a separator, or covers
 * 255 squares or more.
 *
 * It starts from what place_fast saw (`scan`), or scans the bytes itself:
 * every byte's running sum of squares, which, less the sum at the '/'
 * before it, is a letter's file. Only the letters, and the things to be
 * said (a rank of other than 8 squares, two digits in a row, a digit 0 or
 * 9, a byte that is no piece letter), then take a step each, in order. A 0
 * or a 9, which those sums count as one square, sends it round once more
 * with sums of its own. */
OUT_OF_LINE static size_t place_careful(reader *r, size_t start, placement_seen *scan) {
    const unsigned char *s = (const unsigned char *)r->text;
    size_t left = r->len - start;
    if (!scan->loaded && !scan_placement(scan, s + start, left)) return 0;
    /* The bytes were loaded from the copy where place_fast and
     * scan_placement make one. */
    const unsigned char *p = left < 64 && !fk_page_holds(s + start, 64) ? scan->copy : s + start;
    const uint8_t *sum = scan->sum;
    uint8_t own_sum[64]; /* sums_with_all_digits's, when there is a 0 or a 9 */
    unsigned count = scan->count;
    if (count == 0) return 0;
    uint64_t inside = FK_BIT(count) - 1;

    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
    const __m128i high = _mm_set1_epi8((char)0xF8);
    uint8_t at[64];           /* byte k: the square of a letter in byte k, 64 off the board */
    uint8_t board[64 + 1];
    fk_bitboard by_piece[FK_PIECE_COUNT + 1];
    uint64_t digits, slashes;
    uint64_t whole_ranks; /* the '/' that end a rank of 8 squares */
again:
    if (sum[count - 1] == 255) return 0;
    digits = slashes = whole_ranks = 0;
    /* The number of '/' and the sum at the last '/' before each load, in
     * every byte. */
    __m128i ranks_before = zero, base_before = zero;
    for (unsigned i = 0; i < count; i += 16) {
        __m128i c = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i sums = _mm_loadu_si128((const __m128i *)(sum + i));
        __m128i is_slash = _mm_cmpeq_epi8(c, _mm_set1_epi8('/'));
        __m128i is_digit = _mm_cmpeq_epi8( /* 1 to 8, as running_sums finds them */
            _mm_subs_epu8(_mm_sub_epi8(c, _mm_set1_epi8('1')), _mm_set1_epi8(7)), zero);
        /* A letter's rank is the number of '/' before it, its file the sum
         * before it less the sum at the last '/' before it (the sums at
         * the '/' only grow, so that is their running maximum); a '/' ends
         * a rank of 8 squares when its sum is 8 more than that. */
        __m128i ranks = _mm_add_epi8(prefix_sums(_mm_and_si128(is_slash, one)), ranks_before);
        __m128i at_slash = _mm_and_si128(is_slash, sums);
        __m128i bases = _mm_slli_si128(at_slash, 1);
        bases = _mm_max_epu8(bases, _mm_slli_si128(bases, 1));
        bases = _mm_max_epu8(bases, _mm_slli_si128(bases, 2));
        bases = _mm_max_epu8(bases, _mm_slli_si128(bases, 4));
        bases = _mm_max_epu8(_mm_max_epu8(bases, _mm_slli_si128(bases, 8)), base_before);
        __m128i covered = _mm_sub_epi8(sums, bases);
        __m128i file = _mm_sub_epi8(covered, one);
        __m128i eight = _mm_and_si128(is_slash, _mm_cmpeq_epi8(covered, _mm_set1_epi8(8)));
        __m128i row = _mm_and_si128(
            _mm_slli_epi16(_mm_sub_epi8(_mm_set1_epi8(7), ranks), 3), high); /* 8 * (7 - rank) */
        __m128i on_board = _mm_cmpeq_epi8(_mm_and_si128(_mm_or_si128(ranks, file), high), zero);
        __m128i square = _mm_or_si128(_mm_and_si128(on_board, _mm_or_si128(row, file)),
                                      _mm_andnot_si128(on_board, _mm_set1_epi8(64)));
        _mm_storeu_si128((__m128i *)(at + i), square);
        whole_ranks |= (uint64_t)(unsigned)_mm_movemask_epi8(eight) << i;
        digits |= (uint64_t)(unsigned)_mm_movemask_epi8(is_digit) << i;
        slashes |= (uint64_t)(unsigned)_mm_movemask_epi8(is_slash) << i;
        ranks_before = last_sum(ranks);
        base_before = last_sum(_mm_max_epu8(bases, at_slash));
    }
    digits &= inside;
    slashes &= inside;

    /* The letters: pieces go on the board (square 64 holds those off it),
     * other bytes are said below. */
    memset(board, 0, sizeof board);
    for (int k = 0; k < FK_PIECE_COUNT; k += 2) _mm_storeu_si128((__m128i *)(by_piece + k), zero);
    uint64_t others = 0;
    for (uint64_t m = inside & ~digits & ~slashes; m; m &= m - 1) {
        size_t k = (size_t)__builtin_ctzll(m), piece = piece_code[p[k]], sq = at[k];
        if (!piece) {
            others |= FK_BIT(k);
            continue;
        }
        board[sq] = (uint8_t)piece;
        by_piece[piece] |= square_bit[sq];
    }

    /* The bytes that are neither piece letters nor digits 1 to 8 nor '/'. A
     * 0 or a 9 needs sums that count it as it is: once more with those. */
    uint64_t zeros = 0, nines = 0, glued = 0;
    for (uint64_t o = others; o; o &= o - 1) {
        unsigned k = (unsigned)__builtin_ctzll(o), c = p[k];
        if (c == '0' || c == '9') {
            if (sum == scan->sum) {
                sums_with_all_digits(p, count, own_sum);
                sum = own_sum;
                goto again;
            }
            *(c == '0' ? &zeros : &nines) |= FK_BIT(k);
        } else if (c >= 0x80 || c == '[' || separator[c]) {
            return 0;
        } else if ((c | 0x20) == 'w' && k == count - 1) {
            glued = FK_BIT(k); /* a side letter with no space before it: no square */
        }
    }
    others &= ~(zeros | nines);

    /* The digits 1 to 9 (a 0 next to one of them, or to another 0, is left
     * to read_placement, for which a 0 neither starts nor ends a run). A
     * run's second digit says the run; a 9 that starts a run says itself;
     * every 0 says itself. Any of them spares its rank the length check. */
    uint64_t numbers = digits | nines;
    if (zeros & (((numbers | zeros) << 1) | ((numbers | zeros) >> 1))) return 0;
    uint64_t runs = numbers & (numbers << 1) & ~(numbers << 2);
    uint64_t lone_nines = nines & ~(numbers << 1);
    uint64_t spared = runs | nines | zeros;

    /* What is to be said, in the order of the bytes: the end of a rank of
     * other than 8 squares, the second digit of a run of digits, a digit 0
     * or 9, a byte that is no piece letter. Each finds its rank from the
     * '/' before it. */
    for (uint64_t e = (slashes & ~whole_ranks) | runs | lone_nines | zeros | others; e;
         e &= e - 1) {
        unsigned k = (unsigned)__builtin_ctzll(e);
        uint64_t before_k = slashes & (FK_BIT(k) - 1);
        int rank = count_bits(before_k);
        unsigned from = before_k ? 64 - (unsigned)__builtin_clzll(before_k) : 0; /* its first byte */
        if (slashes & FK_BIT(k)) {
            if (rank < 8 && !(spared & (FK_BIT(k) - FK_BIT(from))))
                report_rank_length(r, rank, start + from, sum[k] - (from ? sum[from - 1] : 0));
        } else if (runs & FK_BIT(k)) {
            report_digit_run(r, rank, start + k - 1, r->len);
        } else if ((zeros | nines) & FK_BIT(k)) {
            report_bad_digit(r, rank, start + k, (nines & FK_BIT(k)) != 0);
        } else {
            report_bad_piece(r, rank, start + k, 1, glued != 0 && k == count - 1);
        }
    }
    unsigned from = slashes ? 64 - (unsigned)__builtin_clzll(slashes) : 0; /* the last rank */
    placement_end(r, start, start + count, count_bits(slashes),
                  sum[count - 1] - (from ? sum[from - 1] : 0) - (glued != 0),
                  (spared >> from) != 0, start + from);
    memcpy(r->pos->board, board, 64);
    set_piece_bitboards(r->pos, by_piece);
    return start + count;
}
#else
/* Without SSE2 every placement is read by read_placement. */
typedef int placement_seen;
static size_t place_fast(fk_position *pos, const unsigned char *s, size_t start, size_t len,
                         placement_seen *scan) {
    (void)pos, (void)s, (void)start, (void)len, (void)scan;
    return 0;
}
static size_t place_careful(reader *r, size_t start, placement_seen *scan) {
    (void)r, (void)start, (void)scan;
    return 0;
}
#endif


/* Reads a counter of one to six digits, without a leading zero, at *at;
 * moves *at past it. Returns 0 for anything else. */
static int number_fast(const char *s, size_t *at, size_t len, uint32_t *out) {
    size_t i = *at, first = i;
    uint32_t value = 0;
    while (i < len && i - first < 7 && (unsigned)(s[i] - '0') < 10)
        value = value * 10 + (uint32_t)(s[i++] - '0');
    size_t n = i - first;
    if (n == 0 || n > 6 || (n > 1 && s[first] == '0')) return 0;
    *out = value;
    *at = i;
    return 1;
}

/* Reads the usual rest of a FEN after the placement, " w KQkq - 0 1":
 * single spaces, castling as standard letters in order, a plain en passant
 * square, counters without leading zeros, nothing after. Returns 1 when it
 * read all of that into pos, or 0 (leaving pos as it was) so that the
 * field readers read the rest again and say what is out of the ordinary. */
static int tail_fast(fk_position *pos, const char *s, size_t at, size_t len, unsigned flags) {
    static const char letters[4] = {'K', 'Q', 'k', 'q'};
    static const uint8_t rooks[4] = {7, 0, 63, 56};
    if ((flags & FK_FEN_CHESS960) || len - at < 10) return 0;
    /* Tests joined with | rather than ||: a branch on the side to move
     * would be mispredicted every other time. */
    char side = s[at + 1];
    if ((s[at] != ' ') | (s[at + 2] != ' ') | ((side != 'w') & (side != 'b'))) return 0;
    uint8_t ep = FK_NO_SQUARE;
    fk_bitboard castling = 0;
    size_t i = at + 3; /* at most at + 7 below, inside the text */
    /* '-' or the letters in order, again without a branch on which. */
    unsigned none = s[i] == '-';
    i += none;
    for (int k = 0; k < 4; k++) {
        unsigned given = s[i] == letters[k];
        castling |= (fk_bitboard)given << rooks[k];
        i += given;
    }
    if (!castling == !none) return 0;
    if (i + 2 >= len || s[i++] != ' ') return 0;
    if (s[i] == '-') {
        i++;
    } else if (s[i] >= 'a' && s[i] <= 'h' && (s[i + 1] == '3' || s[i + 1] == '6')) {
        ep = (uint8_t)FK_SQUARE(s[i] - 'a', s[i + 1] - '1');
        i += 2;
    } else {
        return 0;
    }
    uint32_t halfmove, fullmove;
    if (i >= len || s[i++] != ' ' || !number_fast(s, &i, len, &halfmove) || i >= len ||
        s[i++] != ' ' || !number_fast(s, &i, len, &fullmove) || i != len)
        return 0;
    pos->side = side == 'b' ? FK_BLACK : FK_WHITE;
    pos->castling = castling;
    pos->ep_square = ep;
    pos->halfmove = halfmove;
    pos->fullmove = fullmove;
    return 1;
}

/* The careful placement reader's classes of bytes: a piece letter is its
 * piece (1 to 12), a digit 1 to 8 is DIGIT plus its value, '/' is SLASH, a
 * separator (see separator[]) is END, and every other byte (the digits 0
 * and 9 too) is 0. */
enum { DIGIT = 16, SLASH = 32, END = 64 };
static const uint8_t placement_class[256] = {
    ['P'] = FK_WP,     ['N'] = FK_WN,     ['B'] = FK_WB,     ['R'] = FK_WR,     ['Q'] = FK_WQ,
    ['K'] = FK_WK,     ['p'] = FK_BP,     ['n'] = FK_BN,     ['b'] = FK_BB,     ['r'] = FK_BR,
    ['q'] = FK_BQ,     ['k'] = FK_BK,     ['1'] = DIGIT + 1, ['2'] = DIGIT + 2, ['3'] = DIGIT + 3,
    ['4'] = DIGIT + 4, ['5'] = DIGIT + 5, ['6'] = DIGIT + 6, ['7'] = DIGIT + 7, ['8'] = DIGIT + 8,
    ['/'] = SLASH,     [' '] = END,       ['\t'] = END,      ['\n'] = END,      ['\r'] = END,
    ['\v'] = END,      ['\f'] = END,      ['_'] = END};

/* The careful placement reader's progress. */
typedef struct {
    /* The board, then one row for the squares of ranks past the eighth,
     * which are written to keep the loop short and never read. */
    uint8_t board[64 + 8];
    int rank;          /* index from the top: 0 is rank 8 */
    unsigned file;     /* squares seen in this rank */
    unsigned row;      /* the board index of this rank's a-file, 64 past the eighth */
    int rank_bad;      /* a digit problem was said: skip the length check */
    const unsigned char *rank_start;
    const unsigned char *run; /* the first digit of the current run of digits */
} placement;

/* Moves pl on to the next rank, which starts at next. */
static inline void next_rank(placement *pl, const unsigned char *next) {
    pl->rank++;
    pl->row = pl->rank < 8 ? 56 - 8 * (unsigned)pl->rank : 64;
    pl->file = 0;
    pl->rank_bad = 0;
    pl->rank_start = next;
    pl->run = NULL;
}

/* Reads the bytes from p on that need nothing said: piece letters, a first
 * digit 1 to 8, and a '/' after 8 squares. Returns the first byte that
 * does need a closer look, or stop. It makes no call, so that its state
 * stays in registers. */
static const unsigned char *placement_scan(placement *pl, const unsigned char *p,
                                           const unsigned char *stop) {
    unsigned file = pl->file, row = pl->row;
    const unsigned char *run = pl->run;
    for (; p < stop; p++) {
        unsigned k = placement_class[*p];
        if (k - 1 < FK_PIECE_COUNT - 1) {
            if (file < 8) pl->board[row + file] = (uint8_t)k;
            file++;
            run = NULL;
        } else if ((k & DIGIT) && !run) {
            run = p;
            file += k - DIGIT;
        } else if (k == SLASH && file == 8) {
            pl->file = file;
            next_rank(pl, p + 1);
            file = 0, row = pl->row, run = NULL;
        } else {
            break;
        }
    }
    pl->file = file;
    pl->row = row;
    pl->run = run;
    return p;
}

/* Reads the piece placement from start to the next separator or the end of
 * the text, and returns where it ends: placement_scan reads the ordinary
 * bytes, and this loop says what is wrong with the others. */
OUT_OF_LINE static size_t read_placement(reader *r, size_t start) {
    const unsigned char *s = (const unsigned char *)r->text, *stop = s + r->len, *p;
    placement pl = {.row = 56, .rank_start = s + start};
    memset(pl.board, 0, sizeof pl.board);
    for (p = s + start; (p = placement_scan(&pl, p, stop)) < stop; p++) {
        unsigned c = *p, k = placement_class[c];
        size_t at = (size_t)(p - s);
        if (k == END) break;
        if (c >= '1' && c <= '9') {
            /* A digit after a digit, or a 9. */
            if (pl.run) {
                if (p == pl.run + 1) report_digit_run(r, pl.rank, (size_t)(pl.run - s), r->len);
            } else {
                pl.run = p;
                report_bad_digit(r, pl.rank, at, 1);
            }
            pl.rank_bad = 1;
            pl.file += c - '0';
        } else if (k == SLASH) {
            /* A rank of other than 8 squares. */
            if (pl.rank < 8 && !pl.rank_bad)
                report_rank_length(r, pl.rank, (size_t)(pl.rank_start - s), (int)pl.file);
            next_rank(&pl, p + 1);
        } else if (c == '0') {
            report_bad_digit(r, pl.rank, at, 0);
            pl.rank_bad = 1; /* "08" is one problem, not two */
        } else if (c == '[') {
            /* A crazyhouse pocket: one problem for all of it. */
            report(r, FK_PROB_BAD_PIECE, FK_SEV_ERROR, FK_FIELD_PLACEMENT, at,
                   "remove the part in brackets",
                   "'[' starts a crazyhouse pocket, which standard chess does not have");
            while (p + 1 < stop && p[1] != '/' && placement_class[p[1]] != END)
                p++;
        } else {
            /* Not a piece letter: say so and count it as one square, so a
             * mistyped letter does not also make the rank the wrong length. */
            size_t n = c >= 0x80 ? utf8_length(p, (size_t)(stop - p)) : 0;
            if (n == 0) n = 1;
            int glued = (c == 'w' || c == 'W') && (p + 1 == stop || placement_class[p[1]] == END);
            pl.file -= glued; /* a glued side letter is no square */
            report_bad_piece(r, pl.rank, at, n, glued);
            p += n - 1;
            pl.file++;
            pl.run = NULL;
        }
    }
    size_t end = (size_t)(p - s);
    placement_end(r, start, end, pl.rank, (int)pl.file, pl.rank_bad,
                  (size_t)(pl.rank_start - s));
    memcpy(r->pos->board, pl.board, 64);
    set_bitboards(r->pos);
    return end;
}

/* Reads the side to move in [start, end). */
OUT_OF_LINE static void read_side(reader *r, size_t start, size_t end) {
    const char *s = r->text + start;
    size_t n = end - start;
    if (n == 1 && (s[0] == 'w' || s[0] == 'b')) {
        r->pos->side = s[0] == 'b' ? FK_BLACK : FK_WHITE;
        return;
    }
    if (n == 1 && (s[0] == 'W' || s[0] == 'B')) {
        r->pos->side = s[0] == 'B' ? FK_BLACK : FK_WHITE;
        fk_problem *p =
            report(r, FK_PROB_BAD_SIDE, FK_SEV_ERROR, FK_FIELD_SIDE, start,
                   s[0] == 'W' ? "write w" : "write b",
                   "the side to move is written in lower case: '%c', not '%c'", s[0] + 32, s[0]);
        if (p) {
            p->args.variant = 1;
            p->args.color = (unsigned char)r->pos->side;
        }
        return;
    }
    report_token(r, FK_PROB_BAD_SIDE, FK_SEV_ERROR, FK_FIELD_SIDE, start,
                 "Write w for White to move or b for Black to move.", "'", s, n,
                 "' is not a side to move.");
}

/* The back-rank square of color's rook that castling letter K (kingside)
 * or Q means when read as X-FEN: the outermost rook on that side of the
 * king, or the corner square when there is none (no such rook, or no king
 * on the back rank). The writer uses the same rule to choose K/Q. */
static fk_square xfen_rook(const fk_position *pos, fk_color color, int kingside) {
    int back = color == FK_WHITE ? 0 : 7;
    fk_bitboard rank = (fk_bitboard)0xFF << (8 * back);
    fk_square corner = FK_SQUARE(kingside ? 7 : 0, back);
    fk_bitboard kings = pos->by_color[color] & pos->by_kind[FK_KING] & rank;
    if (!kings) return corner;
    fk_square king = (fk_square)__builtin_ctzll(kings);
    fk_bitboard rooks = pos->by_color[color] & pos->by_kind[FK_ROOK] & rank;
    fk_bitboard side = kingside ? rooks & ~((FK_BIT(king) << 1) - 1) : rooks & (FK_BIT(king) - 1);
    if (!side) return corner;
    return kingside ? (fk_square)(63 - __builtin_clzll(side)) : (fk_square)__builtin_ctzll(side);
}

/* The letter that stands for the castling right of the rook on sq in the
 * position's castling style. */
static char castling_letter(const fk_position *pos, fk_color color, fk_square sq) {
    int file = FK_FILE_OF(sq);
    char letter = (char)('A' + file);
    if (pos->castling_style == FK_CASTLING_STANDARD && !pos->chess960) {
        if (file == 7)
            letter = 'K';
        else if (file == 0)
            letter = 'Q';
    } else if (pos->castling_style != FK_CASTLING_SHREDDER) {
        if (xfen_rook(pos, color, 1) == sq)
            letter = 'K';
        else if (xfen_rook(pos, color, 0) == sq)
            letter = 'Q';
    }
    return color == FK_BLACK ? (char)(letter + 32) : letter;
}

/* Writes the castling field (no terminating zero) into out, which has room
 * for 17 bytes: White's rights then Black's, each from the h-file towards
 * the a-file. Returns the length. */
static size_t write_castling(const fk_position *pos, char *out) {
    size_t n = 0;
    for (int color = FK_WHITE; color <= FK_BLACK; color++) {
        int back = color == FK_WHITE ? 0 : 7;
        /* Only the squares that hold a right, highest file first. */
        for (unsigned rights = (unsigned)(pos->castling >> (8 * back)) & 0xFF; rights;) {
            int file = 31 - __builtin_clz(rights);
            rights &= ~(1u << file);
            out[n++] = castling_letter(pos, (fk_color)color, FK_SQUARE(file, back));
        }
    }
    if (n == 0) out[n++] = '-';
    return n;
}

/* Reads the castling field in [start, end); needs the board already read. */
OUT_OF_LINE static void read_castling(reader *r, size_t start, size_t end) {
    fk_position *pos = r->pos;
    const char *s = r->text + start;
    size_t n = end - start;
    int chess960_flag = (r->flags & FK_FEN_CHESS960) != 0;
    pos->chess960 = (uint8_t)chess960_flag;
    pos->castling_style = chess960_flag ? FK_CASTLING_XFEN : FK_CASTLING_STANDARD;
    if (n == 1 && s[0] == '-') return;
    if (is_unicode_dash(s, n)) {
        fk_problem *p =
            report(r, lenient_code(r, FK_PROB_BAD_CASTLING), lenient(r), FK_FIELD_CASTLING, start,
                   "write -", "the castling field is a Unicode dash, not the ASCII '-'");
        if (p) p->args.variant = 2;
        return;
    }
    /* First pass: the letters used decide how K and Q are read. */
    int files = 0, kq = 0, bad = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        unsigned cls = castling_class[(unsigned char)c];
        if (cls == CASTLE_FILE) {
            files++;
        } else if (cls == CASTLE_KQ) {
            kq++;
        } else {
            size_t len =
                (unsigned char)c >= 0x80 ? utf8_length((const unsigned char *)s + i, n - i) : 0;
            if (len == 0) len = 1;
            if (c == '-') {
                fk_problem *p = report_sentence(
                    r, FK_PROB_BAD_CASTLING, FK_SEV_ERROR, FK_FIELD_CASTLING, start + i,
                    "Write - alone for no castling rights, or only the letters.",
                    "'-' in the castling field must stand alone.");
                if (p) p->args.variant = 1;
            } else {
                report_token(r, FK_PROB_BAD_CASTLING, FK_SEV_ERROR, FK_FIELD_CASTLING, start + i,
                             "Use K Q k q, or the rook's file (A-H, a-h) for Chess960.", "'",
                             s + i, len, "' is not a castling letter.");
            }
            i += len - 1;
            bad++;
        }
    }
    int x960 = files > 0 || chess960_flag;
    pos->chess960 = (uint8_t)x960;
    pos->castling_style = files == 0 ? (chess960_flag ? FK_CASTLING_XFEN : FK_CASTLING_STANDARD)
                          : kq == 0  ? FK_CASTLING_SHREDDER
                                     : FK_CASTLING_XFEN;
    /* Second pass: each letter becomes a rook square. The field is
     * canonical when each letter is the one the writer would use, in the
     * writer's order (White first, from the h-file towards the a-file). */
    int canonical = 1, last_key = -1;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        fk_color color = (c >= 'a' && c <= 'z') ? FK_BLACK : FK_WHITE;
        char upper = color == FK_BLACK ? (char)(c - 32) : c;
        int back = color == FK_WHITE ? 0 : 7;
        fk_square sq;
        if (upper == 'K' || upper == 'Q')
            sq = x960 ? xfen_rook(pos, color, upper == 'K') : FK_SQUARE(upper == 'K' ? 7 : 0, back);
        else if (upper >= 'A' && upper <= 'H')
            sq = FK_SQUARE(upper - 'A', back);
        else
            continue;
        if (pos->castling & FK_BIT(sq)) {
            report(r, FK_PROB_BAD_CASTLING, FK_SEV_ERROR, FK_FIELD_CASTLING, start + i,
                   "give each castling right once", "'%c' repeats a castling right already given",
                   c);
            bad++;
            continue;
        }
        pos->castling |= FK_BIT(sq);
        int key = color * 8 + 7 - FK_FILE_OF(sq);
        canonical &= key > last_key && castling_letter(pos, color, sq) == c;
        last_key = key;
    }
    if (bad || canonical) return;
    /* Rights given in an unusual order or form are read, and said. */
    char canonical_text[17], q[100];
    size_t len = write_castling(pos, canonical_text);
    fk_problem *p = report(r, FK_PROB_NONSTANDARD, FK_SEV_NOTE, FK_FIELD_CASTLING, start, NULL,
                           "castling rights '%s' are usually written '%.*s'", quote(s, n, q),
                           (int)len, canonical_text);
    if (p) set_fix(p, "write %.*s", (int)len, canonical_text);
    /* the rights as given, then as a FEN writes them, when both fit */
    if (p && n + len + 2 <= sizeof p->args.quote) {
        p->args.variant = 3;
        memcpy(p->args.quote, s, n);
        p->args.quote[n] = '\0';
        memcpy(p->args.quote + n + 1, canonical_text, len);
        p->args.quote[n + 1 + len] = '\0';
    }
}

/* Reads the en passant field in [start, end). */
OUT_OF_LINE static void read_ep(reader *r, size_t start, size_t end) {
    const char *s = r->text + start;
    size_t n = end - start;
    if (n == 1 && s[0] == '-') return;
    if (is_unicode_dash(s, n)) {
        fk_problem *p =
            report(r, lenient_code(r, FK_PROB_BAD_EP), lenient(r), FK_FIELD_EP, start, "write -",
                   "the en passant field is a Unicode dash, not the ASCII '-'");
        if (p) p->args.variant = 4;
        return;
    }
    if (n == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8') {
        if (s[1] == '3' || s[1] == '6') {
            r->pos->ep_square = (uint8_t)FK_SQUARE(s[0] - 'a', s[1] - '1');
            return;
        }
        fk_problem *p =
            report_token(r, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, start,
                         "Write the square the pawn passed over, or - for none.",
                         "The en passant square must be on rank 3 or 6, not ", s, n, ".");
        if (p) p->args.variant = 1;
        return;
    }
    if (n == 2 && s[0] >= 'A' && s[0] <= 'H' && s[1] >= '1' && s[1] <= '8') {
        fk_problem *p = report(r, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, start, NULL,
                               "the en passant square is written in lower case: %c%c, not %c%c",
                               s[0] + 32, s[1], s[0], s[1]);
        if (p) {
            set_fix(p, "write %c%c", s[0] + 32, s[1]);
            p->args.variant = 3;
            core_format(p->args.quote, sizeof p->args.quote, "%c%c", s[0], s[1]);
        }
        return;
    }
    if (n == 2 && ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')) && s[1] >= '0' &&
        s[1] <= '9') {
        fk_problem *p = report_token(r, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, start,
                                     "Files are a to h and ranks 1 to 8; write - for none.",
                                     "There is no square ", s, n, " on the board.");
        if (p) p->args.variant = 2;
        return;
    }
    report_token(r, FK_PROB_BAD_EP, FK_SEV_ERROR, FK_FIELD_EP, start,
                 "Write the square the pawn passed over (like e3), or - for none.", "'", s, n,
                 "' is not an en passant square.");
}

/* Reads a move counter in [start, end) into *out. `fallback` is the value
 * a '-' stands for in tolerant mode. */
static void read_counter(reader *r, fk_field field, size_t start, size_t end, uint32_t fallback,
                         uint32_t *out) {
    const char *s = r->text + start;
    size_t n = end - start;
    fk_problem_code code = field == FK_FIELD_HALFMOVE ? FK_PROB_BAD_HALFMOVE : FK_PROB_BAD_FULLMOVE;
    const char *title = field_title[field];
    /* The starts of its messages that name the counter ("The halfmove
     * clock"), for report_token. */
    int half = field == FK_FIELD_HALFMOVE;
    char q[100];
    size_t digits = 0;
    uint32_t value = 0;
    while (digits < n && s[digits] >= '0' && s[digits] <= '9') {
        if (digits < 7) value = value * 10 + (uint32_t)(s[digits] - '0');
        digits++;
    }
    if (digits == n && n > 0) {
        if (n > 6 || value > COUNTER_MAX) {
            fk_problem *p = report_token(
                r, code, FK_SEV_ERROR, field, start,
                "A counter has at most 6 digits (no game lasts 9,000 moves).",
                half ? "The halfmove clock " : "The fullmove number ", s, n, " is too large.");
            if (p) p->args.variant = 2;
            return;
        }
        if (n > 1 && s[0] == '0') {
            fk_problem *p = report(r, lenient_code(r, code), lenient(r), field, start, NULL,
                                   "the %s %s has a leading zero", title, quote(s, n, q));
            if (p) {
                set_fix(p, "write %u", value);
                p->args.variant = 4;
                p->args.n[0] = value;
                core_copy_text(p->args.quote, sizeof p->args.quote, q);
            }
        }
        *out = value;
        return;
    }
    if ((n == 1 && s[0] == '-') || is_unicode_dash(s, n)) {
        fk_problem *p;
        if (r->flags & FK_FEN_TOLERANT) {
            p = report(r, FK_PROB_NONSTANDARD, FK_SEV_NOTE, field, start, NULL,
                       "the %s is '%s', not a number; read as %u", title, quote(s, n, q), fallback);
            if (p) {
                p->args.variant = 5;
                core_copy_text(p->args.quote, sizeof p->args.quote, q);
                p->args.n[0] = fallback;
            }
        } else {
            r->form++;
            p = report(r, code, FK_SEV_ERROR, field, start, NULL, "the %s is '%s', not a number",
                       title, quote(s, n, q));
            if (p) {
                p->args.variant = 3;
                core_copy_text(p->args.quote, sizeof p->args.quote, q);
                p->args.n[0] = fallback;
            }
        }
        if (p) set_fix(p, "write %u", fallback);
        *out = fallback;
        return;
    }
    if (n > 1 && s[0] == '-' && s[1] >= '0' && s[1] <= '9') {
        fk_problem *p =
            report_token(r, code, FK_SEV_ERROR, field, start, "Write 0 or a larger whole number.",
                         half ? "The halfmove clock cannot be negative ("
                              : "The fullmove number cannot be negative (",
                         s, n, ").");
        if (p) p->args.variant = 1;
        return;
    }
    report_token(r, code, FK_SEV_ERROR, field, start, "Write a whole number, like 0 or 1.",
                 half ? "The halfmove clock '" : "The fullmove number '", s, n,
                 "' is not a number.");
}

/* 1 when the token [s, s+n) could be the given field; used only to tell a
 * missing field from a wrong one. */
static int looks_like(int field, const char *s, size_t n) {
    int dash = (n == 1 && s[0] == '-') || is_unicode_dash(s, n);
    switch (field) {
    case FK_FIELD_SIDE: return n == 1 && (s[0] == 'w' || s[0] == 'b' || s[0] == 'W' || s[0] == 'B');
    case FK_FIELD_CASTLING:
        if (dash) return 1;
        for (size_t i = 0; i < n; i++)
            if (!castling_class[(unsigned char)s[i]]) return 0;
        return n > 0;
    case FK_FIELD_EP:
        return dash || (n == 2 && ((s[0] >= 'a' && s[0] <= 'h') || (s[0] >= 'A' && s[0] <= 'H')) &&
                        s[1] >= '0' && s[1] <= '9');
    default:
        if (dash) return 1;
        if (n > 1 && s[0] == '-') s++, n--;
        for (size_t i = 0; i < n; i++)
            if (s[i] < '0' || s[i] > '9') return 0;
        return n > 0;
    }
}

/* Moves the cursor past the separator after a field and reports any that is
 * not a single space (once per reading). */
static void skip_separator(reader *r) {
    size_t from = r->at;
    /* The usual one: a single space before the next field. */
    if (from + 1 < r->len && r->text[from] == ' ' &&
        !is_separator((unsigned char)r->text[from + 1])) {
        r->at = from + 1;
        return;
    }
    while (r->at < r->len && is_separator((unsigned char)r->text[r->at]))
        r->at++;
    size_t n = r->at - from;
    if (n == 0 || (n == 1 && r->text[from] == ' ' && r->at < r->len) || r->ws_noted) return;
    r->ws_noted = 1;
    const char *what;
    size_t where = from;
    int variant; /* fk_problem_args.variant of "whitespace", see docs/i18n.md */
    if (r->at == r->len) {
        what = "There is white space after the FEN.";
        variant = 1;
    } else {
        what = "Fields are separated by more than one space.";
        variant = 2;
        for (size_t i = from; i < r->at; i++) {
            if (r->text[i] == '\t') {
                what = "Fields are separated by a tab.";
                variant = 3;
                where = i;
                break;
            }
            if (r->text[i] == '_') {
                what = "Fields are separated by '_'.";
                variant = 4;
                where = i;
                break;
            }
            if (r->text[i] != ' ') {
                what = "Fields are separated by a line break.";
                variant = 5;
                where = i;
                break;
            }
        }
    }
    fk_problem *p = report_sentence(r, FK_PROB_WHITESPACE, lenient(r), FK_FIELD_NONE, where,
                                    "Separate the six fields with single spaces.", what);
    if (p) p->args.variant = (unsigned char)variant;
}

/* The end of the token that starts at the cursor. */
static size_t token_end(const reader *r) {
    size_t i = r->at;
    while (i < r->len && !is_separator((unsigned char)r->text[i]))
        i++;
    return i;
}

/* The number of tokens from the cursor to the end of the text. */
static int tokens_left(const reader *r) {
    int count = 0;
    for (size_t i = r->at; i < r->len;) {
        while (i < r->len && is_separator((unsigned char)r->text[i]))
            i++;
        if (i == r->len) break;
        count++;
        while (i < r->len && !is_separator((unsigned char)r->text[i]))
            i++;
    }
    return count;
}

/* Reports fields [first, last] missing at the end of the text, or fills them
 * in tolerant mode (castling and en passant with -, counters with 0 1). */
static void missing_at_end(reader *r, int first) {
    size_t at = r->len;
    int tolerant = (r->flags & FK_FEN_TOLERANT) != 0;
    if (first <= FK_FIELD_SIDE || !tolerant) {
        static const char *const missing[FIELD_COUNT] = {
            "every field",
            "side to move, castling, en passant, halfmove clock and fullmove number",
            "castling, en passant, halfmove clock and fullmove number",
            "en passant, halfmove clock and fullmove number",
            "halfmove clock and fullmove number",
            "fullmove number"};
        const char *fix = first == FK_FIELD_PLACEMENT ? NULL
                          : first == FK_FIELD_SIDE
                              ? "Add ' w' or ' b' after the placement: who is to move?"
                              : "A FEN has six fields: placement, side, castling, en passant, "
                                "halfmove and fullmove.";
        if (first > FK_FIELD_SIDE) r->form++; /* tolerant mode fills these in */
        fk_problem *p = add_problem(r, FK_PROB_MISSING_FIELD, FK_SEV_ERROR, first, at);
        if (!p) return;
        p->args.n[0] = first;
        /* "The FEN has 4 fields, needs 6: halfmove clock and fullmove
         * number are missing." */
        char *m = put_int(PUT(p->message, "The FEN has "), first);
        m = PUT(first == 1 ? PUT(m, " field") : PUT(m, " fields"), ", needs 6: ");
        m = fk_put_text(m, missing[first]);
        memcpy(m, FIELD_COUNT - first == 1 ? " is missing." : " are missing.",
               FIELD_COUNT - first == 1 ? sizeof " is missing." : sizeof " are missing.");
        if (fix) memcpy(p->fix, fix, strlen(fix) + 1);
        return;
    }
    fk_problem *p;
    if (first <= FK_FIELD_EP) {
        p = report(r, FK_PROB_FIELDS_FILLED, FK_SEV_NOTE, first, at, NULL,
                   "the %s missing; read as -",
                   first == FK_FIELD_CASTLING ? "castling and en passant fields are"
                                              : "en passant field is");
        if (p) p->args.variant = first == FK_FIELD_EP;
    }
    if (first <= FK_FIELD_HALFMOVE) {
        report(r, FK_PROB_COUNTERS_FILLED, FK_SEV_NOTE, FK_FIELD_HALFMOVE, at, NULL,
               "the move counters are missing; read as 0 1");
    } else {
        p = report(r, FK_PROB_COUNTERS_FILLED, FK_SEV_NOTE, FK_FIELD_FULLMOVE, at, NULL,
                   "the fullmove number is missing; read as 1");
        if (p) p->args.variant = 1;
    }
}

/* Reads one field token [start, end) as field f, after the placement (which
 * read_text reads itself). */
static void read_field(reader *r, int f, size_t start, size_t end) {
    switch (f) {
    case FK_FIELD_SIDE: read_side(r, start, end); break;
    case FK_FIELD_CASTLING: read_castling(r, start, end); break;
    case FK_FIELD_EP: read_ep(r, start, end); break;
    case FK_FIELD_HALFMOVE:
        read_counter(r, FK_FIELD_HALFMOVE, start, end, 0, &r->pos->halfmove);
        break;
    default: read_counter(r, FK_FIELD_FULLMOVE, start, end, 1, &r->pos->fullmove); break;
    }
}

/* Sets pos as fk_position_clear does, field by field (one memset of the
 * whole position becomes a string instruction that takes as long as reading
 * half the board), except that Chess960 and the castling style follow
 * `chess960` (the reading's flag), each field written once. */
static void clear_position(fk_position *pos, int chess960) {
    memset(pos->board, 0, sizeof pos->board);
    for (int c = 0; c < 2; c++) pos->by_color[c] = 0;
    for (int k = 0; k < FK_KIND_COUNT; k++) pos->by_kind[k] = 0;
    pos->side = FK_WHITE;
    pos->ep_square = FK_NO_SQUARE;
    pos->castling_style = chess960 ? FK_CASTLING_XFEN : FK_CASTLING_STANDARD;
    pos->chess960 = (uint8_t)chess960;
    pos->castling = 0;
    pos->halfmove = 0;
    pos->fullmove = 1;
}

/* Reads the whole text into r->pos. With `fast`, a well-formed placement
 * and tail are read by place_fast and tail_fast; whatever they leave is
 * read by the field readers, which report every problem. */
static void read_text(reader *r, int fast) {
    const char *text = r->text;
    size_t len = r->len;
    fk_position *pos = r->pos;
    clear_position(pos, (r->flags & FK_FEN_CHESS960) != 0);

    while (r->at < len && is_separator((unsigned char)text[r->at]))
        r->at++;
    if (r->at == len) {
        fk_problem *p =
            report(r, FK_PROB_EMPTY_INPUT, FK_SEV_ERROR, FK_FIELD_NONE, 0,
                   "give a FEN like rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   len ? "the text holds only white space, no FEN" : "the text is empty, no FEN");
        if (p) p->args.variant = len != 0;
        return;
    }
    if (r->at > 0) {
        r->ws_noted = 1;
        report(r, FK_PROB_WHITESPACE, lenient(r), FK_FIELD_NONE, 0,
               "remove the white space before the FEN", "there is white space before the FEN");
    }
    for (int f = 0; f < FIELD_COUNT; f++) {
        if (r->at >= len) {
            missing_at_end(r, f);
            return;
        }
        size_t start = r->at, end = 0;
        if (f == FK_FIELD_PLACEMENT) {
            placement_seen scan; /* what place_fast saw, for place_careful */
            if (fast) end = place_fast(pos, (const unsigned char *)text, start, len, &scan);
            if (end == 0 && fast) end = place_careful(r, start, &scan);
            if (end == 0) end = read_placement(r, start);
            /* The usual tail has nothing to report, whether the placement
             * was well formed or not (most broken FENs have it too). */
            if (fast && tail_fast(pos, text, end, len, r->flags)) {
                r->at = len;
                return;
            }
            r->at = end;
            skip_separator(r);
            continue;
        }
        end = token_end(r);
        if (!looks_like(f, text + start, end - start)) {
            /* Fewer tokens than fields, and this one fits a later field:
             * the fields in between are missing, not wrong. */
            int missing = FIELD_COUNT - f - tokens_left(r);
            for (int g = f + 1; g <= f + missing && g < FIELD_COUNT; g++) {
                if (!looks_like(g, text + start, end - start)) continue;
                for (int m = f; m < g; m++) {
                    /* "The side to move field is missing before '". */
                    char before[64];
                    char *b = PUT(before, "The ");
                    b = PUT(fk_put_text(b, field_title[m]),
                            " field is missing before '");
                    *b = '\0';
                    fk_problem *p = report_token_measured(
                        r, FK_PROB_MISSING_FIELD, FK_SEV_ERROR, m, start,
                        m == FK_FIELD_SIDE ? "Write w or b after the placement." : NULL, before,
                        text + start, end - start, "'.");
                    if (p) {
                        p->args.variant = 1;
                        p->args.n[0] = m;
                    }
                }
                f = g;
                break;
            }
        }
        read_field(r, f, start, end);
        r->at = end;
        skip_separator(r);
    }
    if (r->at < len)
        report_token_measured(r, FK_PROB_EXTRA_FIELD, FK_SEV_ERROR, FK_FIELD_NONE, r->at,
                     "Remove everything after the fullmove number.",
                     "There is text after the six fields: '", text + r->at, len - r->at, "'.");
}

/* After a strict reading failed: when tolerant mode reads the text without
 * error, every error was one of form (white space, a missing counter, a
 * leading zero, a dash), and the fix of the first one (from index `first`
 * of the list) becomes the FEN as strict mode wants it. Called only when
 * every error was counted in r->form, so broken FENs are not read twice. */
static void suggest_fen(const reader *strict, int first) {
    fk_position pos;
    /* Only its errors are counted: no problem is written. */
    reader tolerant = {
        strict->text, strict->len, 0, strict->flags | FK_FEN_TOLERANT, &pos, NULL, 0, 0, 0};
    read_text(&tolerant, 1);
    if (tolerant.errors) return;
    char fen[FK_FEN_MAX];
    size_t n = fk_fen_write(&pos, FK_EP_ALWAYS, fen, sizeof fen);
    fk_problems *list = strict->problems;
    for (int i = first; i < list->count; i++) {
        if (list->items[i].severity != FK_SEV_ERROR) continue;
        /* No full stop after a FEN: it would be copied with it. */
        memcpy(list->items[i].fix, "Write it as ", 12);
        memcpy(list->items[i].fix + 12, fen, n + 1);
        return;
    }
}

fk_status fk_fen_parse(const char *text, size_t len, unsigned flags, fk_position *pos,
                       fk_problems *problems) {
    /* A caller that wants only the verdict may pass no list. */
    fk_problems unwanted;
    if (!problems) problems = &unwanted;
    /* Every reading starts a fresh list, so a list the caller forgot to
     * clear cannot show another reading's problems, or garbage. */
    fk_problems_clear(problems);
    reader r = {text, len, 0, flags, pos, problems, 0, 0, 0};
    int before = 0, first = 0;
    read_text(&r, 1);
    if (r.errors && r.errors == r.form) suggest_fen(&r, first);
#if !defined(NDEBUG) || defined(FENKIT_CHECK_FAST_PATHS)
    /* The fast readers must agree with the careful ones, always: debug
     * builds (the ASan tests) and the fuzzer read every text both ways. */
    fk_position careful;
    fk_problems again;
    fk_problems_clear(&again);
    reader check = {text, len, 0, flags, &careful, &again, 0, 0, 0};
    read_text(&check, 0);
    int agree = check.errors == r.errors &&
                again.count + again.dropped == problems->count + problems->dropped - before &&
                fk_position_equal(&careful, pos) && careful.castling_style == pos->castling_style &&
                careful.chess960 == pos->chess960 &&
                memcmp(careful.by_color, pos->by_color, sizeof careful.by_color) == 0 &&
                memcmp(careful.by_kind, pos->by_kind, sizeof careful.by_kind) == 0;
    if (!agree) abort(); /* an assert() that NDEBUG does not remove */
#else
    (void)before;
#endif
    return r.errors ? FK_ERR_SYNTAX : FK_OK;
}

/* Writes the placement field into out (room for 71 bytes); returns the length. */
static size_t put_placement(const fk_position *pos, char *out) {
    /* Rank by rank from the occupancy bits, so the loop runs once per piece,
     * not once per square. */
    fk_bitboard occupied = fk_position_occupied(pos);
    char *p = out;
    for (int rank = 7; rank >= 0; rank--) {
        unsigned row = (unsigned)(occupied >> (8 * rank)) & 0xFF;
        int file = 0;
        for (; row; row &= row - 1) {
            int next = __builtin_ctz(row);
            /* The run of empty squares is written always and kept only when
             * there is one: no branch to mispredict. */
            *p = (char)('0' + next - file);
            p += next > file;
            *p++ = FK_PIECE_LETTERS[pos->board[FK_SQUARE(next, rank)]];
            file = next + 1;
        }
        if (file < 8) *p++ = (char)('0' + 8 - file);
        if (rank) *p++ = '/';
    }
    return (size_t)(p - out);
}

size_t fk_fen_write_placement(const fk_position *pos, char *buf, size_t cap) {
    char out[72];
    size_t n = put_placement(pos, out);
    if (cap < n + 1) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    memcpy(buf, out, n);
    buf[n] = '\0';
    return n;
}

size_t fk_fen_write(const fk_position *pos, fk_ep_mode ep, char *buf, size_t cap) {
    char out[FK_FEN_MAX];
    size_t n = put_placement(pos, out);
    out[n++] = ' ';
    out[n++] = pos->side == FK_BLACK ? 'b' : 'w';
    out[n++] = ' ';
    n += write_castling(pos, out + n);
    out[n++] = ' ';
    n = (size_t)(fen_put_tail(pos, ep, out + n) - out);
    if (cap < n + 1) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    memcpy(buf, out, n);
    buf[n] = '\0';
    return n;
}
