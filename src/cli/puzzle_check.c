/* fenkit puzzle check: every puzzle of a file read, replayed and, with an
 * engine, judged; problems reported per puzzle, the good ones passed on. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "lines.h"
#include "puzzle.h"
#include "source.h"

typedef struct {
    char *text;
    long number;
    int is_puzzle;
    puzzle p;
} item;

typedef struct {
    const puzzle_settings *settings;
    const char *file;
    item *items;
    int json, write;
    long good, bad;
} run;

/* Reads the lines of path that hold something. Returns the count, or -1
 * after saying why; a line too long or input cut short is reported and
 * *failed set, and the lines read are kept. */
static int read_lines(const char *path, item **items, int *failed) {
    char why[512];
    cli_source *source = cli_source_open(path, why, sizeof why);
    cli_line_reader lines;
    if (!source || cli_lines_open_source(&lines, source, 1 << 16) != 0) {
        fprintf(stderr, "fenkit puzzle: cannot read %s\n",
                source ? "the file: out of memory" : why);
        cli_source_close(source);
        return -1;
    }
    int count = 0, cap = 0;
    const char *line;
    size_t len;
    for (int got; (got = cli_lines_next(&lines, &line, &len)) != CLI_LINE_END;) {
        if (got == CLI_LINE_TOO_LONG) {
            fprintf(stderr, "%s:%ld: longer than 65536 bytes, not read\n", path, lines.number);
            *failed = 1;
            continue;
        }
        while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
            len--;
        if (!len || *line == '#') continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 256;
            item *grown = realloc(*items, (size_t)cap * sizeof **items);
            if (!grown) {
                fprintf(stderr, "fenkit puzzle: out of memory after %d lines\n", count);
                *failed = 1;
                break;
            }
            *items = grown;
        }
        item *it = &(*items)[count];
        memset(it, 0, sizeof *it);
        it->text = strndup(line, len);
        it->number = lines.number;
        if (it->text) count++;
    }
    const char *failure = cli_source_error(source);
    if (failure) {
        fprintf(stderr, "%s: %s\n", path, failure);
        *failed = 1;
    }
    cli_lines_close(&lines);
    cli_source_close(source);
    return count;
}

static void work(void *ctx, int i, analyse_engine *ae) {
    run *r = ctx;
    item *it = &r->items[i];
    it->is_puzzle = puzzle_read(it->text, strlen(it->text), it->number, &it->p);
    if (it->is_puzzle && !it->p.nproblems && r->settings->use_engine)
        puzzle_judge(ae, r->settings, &it->p);
}

static void write_json(const item *it) {
    const puzzle *p = &it->p;
    printf("{\"line\":%ld,\"id\":", it->number);
    cli_json_cstring(stdout, p->id);
    printf(",\"format\":\"%s\",\"ok\":%s,\"moves\":%d,\"problems\":[", p->csv ? "csv" : "epd",
           p->nproblems ? "false" : "true", p->nmoves);
    for (int k = 0; k < p->nproblems; k++) {
        if (k) putchar(',');
        cli_json_cstring(stdout, p->problems[k]);
    }
    fputs("]}\n", stdout);
}

/* Writes item i's verdict as soon as those before it are written. */
static void done(void *ctx, int i) {
    run *r = ctx;
    item *it = &r->items[i];
    if (!it->is_puzzle) {
        if (r->write) puts(it->text); /* the CSV header goes on with the puzzles */
    } else {
        const puzzle *p = &it->p;
        if (p->nproblems)
            r->bad++;
        else
            r->good++;
        if (r->json)
            write_json(it);
        else
            for (int k = 0; k < p->nproblems; k++)
                fprintf(r->write ? stderr : stdout, "%s:%ld: puzzle %s: %s\n", r->file, it->number,
                        p->id[0] ? p->id : "(no id)", p->problems[k]);
        if (r->write && !p->nproblems) puts(it->text);
    }
    free(it->text);
    fflush(stdout);
}

int puzzle_check(const puzzle_settings *s, const char *file, int jobs, int json, int write) {
    run r = {s, file, NULL, json, write, 0, 0};
    int failed = 0;
    int count = read_lines(file, &r.items, &failed);
    if (count < 0) return CLI_PROBLEMS;
    /* without an engine a puzzle takes microseconds: one thread is enough */
    if (!s->use_engine) jobs = 1;
    if (puzzle_pool_run(s, count, jobs, work, done, &r, "lines") != 0) {
        fprintf(stderr, "fenkit puzzle: cannot start a worker thread\n");
        free(r.items);
        return CLI_PROBLEMS;
    }
    free(r.items);
    if (!json)
        fprintf(write ? stderr : stdout, "%ld puzzle%s checked%s: %ld good, %ld with problems\n",
                r.good + r.bad, r.good + r.bad == 1 ? "" : "s",
                s->use_engine ? " with the engine" : "", r.good, r.bad);
    return failed || r.bad ? CLI_PROBLEMS : CLI_OK;
}
