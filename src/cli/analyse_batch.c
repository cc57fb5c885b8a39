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
#include "common/i18n.h"
#include "input.h"
#include "lines.h"

typedef struct {
    cli_text_line line; /* first: cli_read_text_lines fills it */
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
        snprintf(where, sizeof where, "line %ld: ", item->line.number);
        FILE *out = open_memstream(&item->out, &item->out_len);
        FILE *err = open_memstream(&item->err, &item->err_len);
        int status = out && err
                         ? analyse_one(&ae, item->line.text, where, item->line.number, out, err)
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

int analyse_batch(const analyse_settings *settings, const char *file, int jobs) {
    batch b = {settings, NULL, 0, 0, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
    int failed = 0;
    void *items;
    b.count =
        cli_read_text_lines(file, "fenkit analyse", CLI_MAX_LINE, sizeof *b.items, &items, &failed);
    b.items = items;
    if (b.count < 0) return CLI_PROBLEMS;
    if (jobs > b.count) jobs = b.count > 0 ? b.count : 1;
    pthread_t threads[64];
    int started = 0;
    for (; started < jobs; started++)
        if (pthread_create(&threads[started], NULL, worker, &b) != 0) break;
    if (started == 0 && b.count > 0) {
        fputs(_("fenkit analyse: cannot start a worker thread\n"), stderr);
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
        if (progress) fprintf(stderr, _("analysed %1$d of %2$d"), i + 1, b.count);
        free(item->line.text), free(item->out), free(item->err);
        fflush(stdout);
    }
    if (progress && b.count) fputs("\r\033[K", stderr);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    free(b.items);
    return status;
}
