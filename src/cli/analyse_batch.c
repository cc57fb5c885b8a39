/* fenkit analyse --batch: a file of positions over N engines at once,
 * answered in input order. Each worker thread owns one engine; the main
 * thread prints each answer as soon as those before it are printed. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyse.h"
#include "cli.h"
#include "input.h"
#include "lines.h"
#include "source.h"

typedef struct {
    char *input;
    long number;
    char *out, *err; /* the answer and the problems, once done */
    size_t out_len, err_len;
    int status, done;
} batch_item;

typedef struct {
    const analyse_settings *settings;
    batch_item *items;
    int count, next; /* next item to hand out */
    pthread_mutex_t lock;
    pthread_cond_t done;
} batch;

static void *worker(void *arg) {
    batch *b = arg;
    analyse_engine ae = {b->settings, NULL, NULL};
    for (;;) {
        pthread_mutex_lock(&b->lock);
        int i = b->next < b->count ? b->next++ : -1;
        pthread_mutex_unlock(&b->lock);
        if (i < 0) break;
        batch_item *item = &b->items[i];
        char where[48];
        snprintf(where, sizeof where, "line %ld: ", item->number);
        FILE *out = open_memstream(&item->out, &item->out_len);
        FILE *err = open_memstream(&item->err, &item->err_len);
        int status = out && err ? analyse_one(&ae, item->input, where, item->number, out, err)
                                : CLI_PROBLEMS;
        if (out) fclose(out);
        if (err) fclose(err);
        pthread_mutex_lock(&b->lock);
        item->status = status;
        item->done = 1;
        pthread_cond_broadcast(&b->done);
        pthread_mutex_unlock(&b->lock);
    }
    analyse_engine_close(&ae);
    return NULL;
}

/* Reads the lines of path ("-": standard input; plain or compressed) that
 * hold something, with their numbers. Returns the count, or -1 after
 * saying why; a line too long, or input that breaks off (damaged or cut
 * short), is reported and *failed set, and the lines read are kept. */
static int read_lines(const char *path, batch_item **items, int *failed) {
    char why[512];
    cli_source *source = cli_source_open(path, why, sizeof why);
    cli_line_reader lines;
    if (!source || cli_lines_open_source(&lines, source, CLI_MAX_LINE) != 0) {
        fprintf(stderr, "fenkit analyse: cannot read %s\n",
                source ? "the batch: out of memory" : why);
        cli_source_close(source);
        return -1;
    }
    int count = 0, cap = 0;
    const char *line;
    size_t len;
    for (int got; (got = cli_lines_next(&lines, &line, &len)) != CLI_LINE_END;) {
        if (got == CLI_LINE_TOO_LONG) {
            fprintf(stderr, "fenkit analyse: %s: line %ld: longer than %u bytes, not read\n", path,
                    lines.number, CLI_MAX_LINE);
            *failed = 1;
            continue;
        }
        while (len > 0 && (*line == ' ' || *line == '\t'))
            line++, len--;
        if (!len || *line == '#') continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 64;
            batch_item *grown = realloc(*items, (size_t)cap * sizeof **items);
            if (!grown) break;
            *items = grown;
        }
        batch_item *item = &(*items)[count];
        memset(item, 0, sizeof *item);
        item->input = strndup(line, len);
        item->number = lines.number;
        if (item->input) count++;
    }
    const char *failure = cli_source_error(source);
    if (failure) {
        fprintf(stderr, "fenkit analyse: %s: %s\n", path, failure);
        *failed = 1;
    }
    cli_lines_close(&lines);
    cli_source_close(source);
    return count;
}

int analyse_batch(const analyse_settings *settings, const char *file, int jobs) {
    batch b = {settings, NULL, 0, 0, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
    int failed = 0;
    b.count = read_lines(file, &b.items, &failed);
    if (b.count < 0) return CLI_PROBLEMS;
    if (jobs > b.count) jobs = b.count > 0 ? b.count : 1;
    pthread_t threads[64];
    int started = 0;
    for (; started < jobs; started++)
        if (pthread_create(&threads[started], NULL, worker, &b) != 0) break;
    if (started == 0 && b.count > 0) {
        fprintf(stderr, "fenkit analyse: cannot start a worker thread\n");
        return CLI_PROBLEMS;
    }
    int status = failed ? CLI_PROBLEMS : CLI_OK, progress = isatty(2);
    for (int i = 0; i < b.count; i++) {
        pthread_mutex_lock(&b.lock);
        while (!b.items[i].done)
            pthread_cond_wait(&b.done, &b.lock);
        pthread_mutex_unlock(&b.lock);
        batch_item *item = &b.items[i];
        if (progress) fputs("\r\033[K", stderr);
        fwrite(item->out, 1, item->out_len, stdout);
        fwrite(item->err, 1, item->err_len, stderr);
        if (item->status != CLI_OK) status = CLI_PROBLEMS;
        if (progress) fprintf(stderr, "analysed %d of %d", i + 1, b.count);
        free(item->input), free(item->out), free(item->err);
        fflush(stdout);
    }
    if (progress && b.count) fputs("\r\033[K", stderr);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    free(b.items);
    return status;
}
