/* Input bytes, plain or compressed. The format is told from the first
 * bytes; a compressed input is decompressed by a second thread into a few
 * blocks that the reading thread takes in turn, so decompressing and
 * reading what it gives overlap. zlib, libbz2 and libzstd are opened on
 * first use (lazy.h): plain input loads none of them. */
#include "source.h"

#include <bzlib.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "lazy.h"

#define ZLIB_FUNCTIONS(X) X(inflateInit2_) X(inflate) X(inflateEnd)
#define BZIP2_FUNCTIONS(X) X(BZ2_bzDecompressInit) X(BZ2_bzDecompress) X(BZ2_bzDecompressEnd)
#define ZSTD_FUNCTIONS(X)                                                                          \
    X(ZSTD_createDStream)                                                                          \
    X(ZSTD_freeDStream)                                                                            \
    X(ZSTD_initDStream) X(ZSTD_decompressStream) X(ZSTD_isError) X(ZSTD_getErrorName)

static struct { ZLIB_FUNCTIONS(LAZY_FIELD) } zlib;
static struct { BZIP2_FUNCTIONS(LAZY_FIELD) } bzip2;
static struct { ZSTD_FUNCTIONS(LAZY_FIELD) } zstd;
static pthread_once_t zlib_once = PTHREAD_ONCE_INIT, bzip2_once = PTHREAD_ONCE_INIT,
                      zstd_once = PTHREAD_ONCE_INIT;
/* Empty once every function of the library was found. */
static char zlib_problem[240], bzip2_problem[240], zstd_problem[240];

static void zlib_open(void) {
    static const char *const libraries[] = {"libz.so.1"};
    static const char *const names[] = {ZLIB_FUNCTIONS(LAZY_NAME)};
    _Static_assert(sizeof zlib == sizeof names, "one pointer per function");
    lazy_load(libraries, 1, names, (int)(sizeof names / sizeof names[0]), &zlib,
              "reading gzip input (Debian: zlib1g)", zlib_problem, sizeof zlib_problem);
}
static void bzip2_open(void) {
    static const char *const libraries[] = {"libbz2.so.1.0"};
    static const char *const names[] = {BZIP2_FUNCTIONS(LAZY_NAME)};
    _Static_assert(sizeof bzip2 == sizeof names, "one pointer per function");
    lazy_load(libraries, 1, names, (int)(sizeof names / sizeof names[0]), &bzip2,
              "reading bzip2 input (Debian: libbz2-1.0)", bzip2_problem, sizeof bzip2_problem);
}
static void zstd_open(void) {
    static const char *const libraries[] = {"libzstd.so.1"};
    static const char *const names[] = {ZSTD_FUNCTIONS(LAZY_NAME)};
    _Static_assert(sizeof zstd == sizeof names, "one pointer per function");
    lazy_load(libraries, 1, names, (int)(sizeof names / sizeof names[0]), &zstd,
              "reading zstd input (Debian: libzstd1)", zstd_problem, sizeof zstd_problem);
}

/* Compressed bytes read at a time, and decompressed bytes a block holds. */
#define RAW_SIZE (1u << 17)
#define BLOCK_SIZE (1u << 18)
/* Blocks between the two threads: enough that neither waits on the other
 * for long, few enough that memory stays small (1 MiB). */
#define BLOCKS 4

typedef struct {
    char *data;
    size_t len;
} block;

struct cli_source {
    int fd, own_fd;
    cli_format format;
    /* what was read from the file and not yet decompressed */
    unsigned char *raw;
    size_t raw_pos, raw_len;
    int raw_eof;
    uint64_t raw_read, out_made;
    /* the decompressor: one of these, live while a stream is open */
    z_stream z;
    bz_stream bz;
    ZSTD_DStream *zs;
    int in_stream; /* a compressed stream began and has not ended */
    int failed;
    char error[400];
    /* the second thread and the blocks it fills */
    int threaded;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    block blocks[BLOCKS];
    int head, count; /* blocks[head] is read next; count are full */
    size_t taken;    /* bytes of blocks[head] already handed out */
    int finished, stop;
};

const char *cli_format_name(cli_format format) {
    static const char *const names[] = {"plain", "gzip", "bzip2", "zstd"};
    return (unsigned)format <= CLI_ZSTD ? names[format] : "plain";
}

/* Makes the input fail with a sentence (the first failure counts). */
static void set_error(cli_source *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_error(cli_source *s, const char *fmt, ...) {
    if (s->failed) return;
    s->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->error, sizeof s->error, fmt, ap);
    va_end(ap);
}

/* Reads more compressed bytes when all were used. Returns 1 when some are
 * waiting, 0 at the end of the file or after a read error. */
static int raw_fill(cli_source *s) {
    if (s->raw_pos < s->raw_len) return 1;
    if (s->raw_eof) return 0;
    for (;;) {
        ssize_t n = read(s->fd, s->raw, RAW_SIZE);
        if (n > 0) {
            s->raw_pos = 0;
            s->raw_len = (size_t)n;
            s->raw_read += (uint64_t)n;
            return 1;
        }
        if (n < 0 && errno == EINTR) continue;
        s->raw_eof = 1;
        if (n < 0)
            set_error(s, "read error after %llu bytes: %s", (unsigned long long)s->raw_read,
                      strerror(errno));
        return 0;
    }
}

/* Opens a decompressor for the stream that starts here. Returns 0, or -1
 * with the error set. */
static int stream_start(cli_source *s) {
    int ok = 0;
    switch (s->format) {
    case CLI_GZIP:
        memset(&s->z, 0, sizeof s->z);
        /* 15 + 16: the largest window, gzip framing */
        ok = zlib.inflateInit2_(&s->z, 15 + 16, ZLIB_VERSION, (int)sizeof s->z) == Z_OK;
        break;
    case CLI_BZIP2:
        memset(&s->bz, 0, sizeof s->bz);
        ok = bzip2.BZ2_bzDecompressInit(&s->bz, 0, 0) == BZ_OK;
        break;
    case CLI_ZSTD:
        /* one stream decodes frame after frame: it is opened once */
        if (!s->zs) s->zs = zstd.ZSTD_createDStream();
        ok = s->zs && !zstd.ZSTD_isError(zstd.ZSTD_initDStream(s->zs));
        break;
    case CLI_PLAIN: ok = 1; break;
    }
    if (!ok)
        set_error(s, "cannot start the %s decompressor (out of memory?)",
                  cli_format_name(s->format));
    s->in_stream = ok;
    return ok ? 0 : -1;
}

static void stream_end(cli_source *s) {
    if (!s->in_stream) return;
    if (s->format == CLI_GZIP) zlib.inflateEnd(&s->z);
    if (s->format == CLI_BZIP2) bzip2.BZ2_bzDecompressEnd(&s->bz);
    s->in_stream = 0;
}

enum { STEP_MORE, STEP_END, STEP_ERROR };

/* Decompresses from in (in_len bytes; 0 at the end of the file) into out.
 * Says how many bytes it used and made. Returns STEP_END when the stream
 * ended, STEP_ERROR with the error set when the data is damaged. */
static int step(cli_source *s, const unsigned char *in, size_t in_len, size_t *used, char *out,
                size_t cap, size_t *made) {
    const char *name = cli_format_name(s->format);
    const char *why = NULL;
    int result = STEP_MORE;
    switch (s->format) {
    case CLI_GZIP: {
        s->z.next_in = (unsigned char *)in;
        s->z.avail_in = (unsigned)in_len;
        s->z.next_out = (unsigned char *)out;
        s->z.avail_out = (unsigned)cap;
        int rc = zlib.inflate(&s->z, Z_NO_FLUSH);
        *used = in_len - s->z.avail_in;
        *made = cap - s->z.avail_out;
        if (rc == Z_STREAM_END)
            result = STEP_END;
        else if (rc != Z_OK && rc != Z_BUF_ERROR)
            why = s->z.msg ? s->z.msg : "inflate failed";
        break;
    }
    case CLI_BZIP2: {
        s->bz.next_in = (char *)in;
        s->bz.avail_in = (unsigned)in_len;
        s->bz.next_out = out;
        s->bz.avail_out = (unsigned)cap;
        int rc = bzip2.BZ2_bzDecompress(&s->bz);
        *used = in_len - s->bz.avail_in;
        *made = cap - s->bz.avail_out;
        if (rc == BZ_STREAM_END)
            result = STEP_END;
        else if (rc == BZ_DATA_ERROR_MAGIC)
            why = "not bzip2 data";
        else if (rc == BZ_MEM_ERROR)
            why = "out of memory";
        else if (rc != BZ_OK)
            why = "a block fails its check";
        break;
    }
    case CLI_ZSTD: {
        ZSTD_inBuffer ib = {in, in_len, 0};
        ZSTD_outBuffer ob = {out, cap, 0};
        size_t rc = zstd.ZSTD_decompressStream(s->zs, &ob, &ib);
        *used = ib.pos;
        *made = ob.pos;
        if (zstd.ZSTD_isError(rc))
            why = zstd.ZSTD_getErrorName(rc);
        else if (rc == 0)
            result = STEP_END; /* a frame ended, and all of it is out */
        break;
    }
    case CLI_PLAIN: break;
    }
    if (why) {
        set_error(s,
                  "the %s data is damaged (%s) within the first %llu bytes of the file; the %llu "
                  "bytes decompressed before it were read",
                  name, why, (unsigned long long)s->raw_read,
                  (unsigned long long)(s->out_made + *made));
        return STEP_ERROR;
    }
    return result;
}

/* Fills out (cap bytes) with decompressed input, as far as it goes. Returns
 * the count; 0 at the end of the input or after a failure. Streams that
 * follow each other (gzip members, bzip2 streams, zstd frames: what
 * parallel compressors and `cat a.gz b.gz` make) are read one after the
 * other. */
static size_t decode(cli_source *s, char *out, size_t cap) {
    size_t produced = 0;
    while (produced < cap && !s->failed) {
        int have = raw_fill(s);
        if (s->failed || (!have && !s->in_stream)) break;
        if (!s->in_stream && stream_start(s) != 0) break;
        size_t used = 0, made = 0;
        const unsigned char *in = s->raw + s->raw_pos;
        int rc = step(s, in, have ? s->raw_len - s->raw_pos : 0, &used, out + produced,
                      cap - produced, &made);
        s->raw_pos += used;
        produced += made;
        s->out_made += made;
        if (rc == STEP_ERROR) break;
        if (rc == STEP_END) {
            stream_end(s);
        } else if (!have && made == 0) {
            set_error(s,
                      "the %s data ends in the middle of a stream (cut short?) after %llu bytes of "
                      "the file; the %llu bytes decompressed before it were read",
                      cli_format_name(s->format), (unsigned long long)s->raw_read,
                      (unsigned long long)s->out_made);
            break;
        }
    }
    return produced;
}

/* Plain input: what was read to tell the format, then the file itself. */
static size_t read_plain(cli_source *s, char *out, size_t cap) {
    if (s->raw_pos < s->raw_len) {
        size_t n = s->raw_len - s->raw_pos < cap ? s->raw_len - s->raw_pos : cap;
        memcpy(out, s->raw + s->raw_pos, n);
        s->raw_pos += n;
        return n;
    }
    if (s->raw_eof) return 0;
    for (;;) {
        ssize_t n = read(s->fd, out, cap);
        if (n > 0) {
            s->raw_read += (uint64_t)n;
            return (size_t)n;
        }
        if (n < 0 && errno == EINTR) continue;
        s->raw_eof = 1;
        if (n < 0)
            set_error(s, "read error after %llu bytes: %s", (unsigned long long)s->raw_read,
                      strerror(errno));
        return 0;
    }
}

/* The second thread: decompresses into free blocks until the input ends
 * or the source is closed. */
static void *decompress_thread(void *arg) {
    cli_source *s = arg;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        while (s->count == BLOCKS && !s->stop)
            pthread_cond_wait(&s->changed, &s->lock);
        int stop = s->stop, slot = (s->head + s->count) % BLOCKS;
        pthread_mutex_unlock(&s->lock);
        if (stop) break;
        /* the reading thread does not touch a block that is not full */
        size_t n = decode(s, s->blocks[slot].data, BLOCK_SIZE);
        pthread_mutex_lock(&s->lock);
        s->blocks[slot].len = n;
        if (n)
            s->count++;
        else
            s->finished = 1;
        pthread_cond_broadcast(&s->changed);
        pthread_mutex_unlock(&s->lock);
        if (!n) break;
    }
    return NULL;
}

size_t cli_source_read(void *source, char *buf, size_t cap) {
    cli_source *s = source;
    if (s->format == CLI_PLAIN) return read_plain(s, buf, cap);
    if (!s->threaded) return decode(s, buf, cap);
    size_t given = 0;
    pthread_mutex_lock(&s->lock);
    while (given < cap) {
        if (s->count == 0) {
            /* hand out what there is rather than wait for more */
            if (given > 0 || s->finished) break;
            pthread_cond_wait(&s->changed, &s->lock);
            continue;
        }
        block *b = &s->blocks[s->head];
        size_t n = b->len - s->taken < cap - given ? b->len - s->taken : cap - given;
        memcpy(buf + given, b->data + s->taken, n);
        given += n;
        s->taken += n;
        if (s->taken == b->len) {
            s->head = (s->head + 1) % BLOCKS;
            s->count--;
            s->taken = 0;
            pthread_cond_broadcast(&s->changed);
        }
    }
    pthread_mutex_unlock(&s->lock);
    return given;
}

const char *cli_source_error(cli_source *s) {
    /* The decompressing thread writes the error as it meets the fault, with
     * blocks before it still to hand out: the reader hears of it once it
     * has taken them all, and the lock orders the thread's write first. */
    if (s->threaded) {
        pthread_mutex_lock(&s->lock);
        int done = s->finished && s->count == 0;
        pthread_mutex_unlock(&s->lock);
        if (!done) return NULL;
    }
    return s->failed ? s->error : NULL;
}

cli_format cli_source_format(const cli_source *s) { return s->format; }

/* Tells the format from the magic bytes at the start of the input. */
static cli_format sniff(const unsigned char *p, size_t n) {
    if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b) return CLI_GZIP;
    if (n >= 4 && p[0] == 'B' && p[1] == 'Z' && p[2] == 'h' && p[3] >= '1' && p[3] <= '9')
        return CLI_BZIP2;
    if (n >= 4 && p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f && p[3] == 0xfd) return CLI_ZSTD;
    return CLI_PLAIN;
}

/* Loads the decompressor of the format. Returns its problem, or NULL. */
static const char *load_library(cli_format format) {
    switch (format) {
    case CLI_GZIP:
        pthread_once(&zlib_once, zlib_open);
        return zlib_problem[0] ? zlib_problem : NULL;
    case CLI_BZIP2:
        pthread_once(&bzip2_once, bzip2_open);
        return bzip2_problem[0] ? bzip2_problem : NULL;
    case CLI_ZSTD:
        pthread_once(&zstd_once, zstd_open);
        return zstd_problem[0] ? zstd_problem : NULL;
    case CLI_PLAIN: return NULL;
    }
    return NULL;
}

cli_source *cli_source_open_fd(int fd, const char *name, char *why, size_t why_cap) {
    cli_source *s = calloc(1, sizeof *s);
    if (s) s->raw = malloc(RAW_SIZE);
    if (!s || !s->raw) {
        snprintf(why, why_cap, "%s: out of memory", name);
        free(s);
        return NULL;
    }
    s->fd = fd;
    /* The first bytes tell the format; a terminal sends text, and waiting
     * there for four bytes would hold up a person typing one short line. */
    if (!isatty(fd)) {
        while (s->raw_len < 4 && !s->raw_eof) {
            ssize_t n = read(fd, s->raw + s->raw_len, RAW_SIZE - s->raw_len);
            if (n > 0)
                s->raw_len += (size_t)n, s->raw_read += (uint64_t)n;
            else if (n < 0 && errno == EINTR)
                continue;
            else {
                s->raw_eof = 1;
                if (n < 0) set_error(s, "read error: %s", strerror(errno));
            }
        }
    }
    s->format = sniff(s->raw, s->raw_len);
    const char *problem = load_library(s->format);
    if (problem) {
        snprintf(why, why_cap, "%s: %s", name, problem);
        free(s->raw);
        free(s);
        return NULL;
    }
    if (s->format != CLI_PLAIN) {
        pthread_mutex_init(&s->lock, NULL);
        pthread_cond_init(&s->changed, NULL);
        int blocks = 0;
        for (; blocks < BLOCKS; blocks++)
            if (!(s->blocks[blocks].data = malloc(BLOCK_SIZE))) break;
        /* Without its blocks or its thread, the source decompresses in the
         * reading thread: slower, the same bytes. */
        s->threaded =
            blocks == BLOCKS && pthread_create(&s->thread, NULL, decompress_thread, s) == 0;
    }
    return s;
}

cli_source *cli_source_open(const char *path, char *why, size_t why_cap) {
    if (strcmp(path, "-") == 0)
        return cli_source_open_fd(STDIN_FILENO, "standard input", why, why_cap);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_cap, "%s: %s", path, strerror(errno));
        return NULL;
    }
    cli_source *s = cli_source_open_fd(fd, path, why, why_cap);
    if (!s)
        close(fd);
    else
        s->own_fd = 1;
    return s;
}

void cli_source_close(cli_source *s) {
    if (!s) return;
    if (s->threaded) {
        pthread_mutex_lock(&s->lock);
        s->stop = 1;
        pthread_cond_broadcast(&s->changed);
        pthread_mutex_unlock(&s->lock);
        pthread_join(s->thread, NULL);
    }
    if (s->format != CLI_PLAIN) {
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->changed);
    }
    stream_end(s);
    if (s->zs) zstd.ZSTD_freeDStream(s->zs);
    for (int i = 0; i < BLOCKS; i++)
        free(s->blocks[i].data);
    free(s->raw);
    if (s->own_fd) close(s->fd);
    free(s);
}
