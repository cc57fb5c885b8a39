/* fenkit puzzle check: every puzzle of a file read, replayed and, with an
 * engine, judged; problems reported per puzzle, the good ones passed on. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "json.h"
#include "lines.h"
#include "puzzle.h"

typedef struct {
    cli_text_line line; /* first: cli_read_text_lines fills it */
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

static void work(void *ctx, int i, analyse_engine *ae) {
    run *r = ctx;
    item *it = &r->items[i];
    it->is_puzzle = puzzle_read(it->line.text, strlen(it->line.text), it->line.number, &it->p);
    if (it->is_puzzle && !it->p.nproblems && r->settings->use_engine)
        puzzle_judge(ae, r->settings, &it->p);
}

static void write_json(const item *it) {
    const puzzle *p = &it->p;
    printf("{\"line\":%ld,\"id\":", it->line.number);
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
        if (r->write) puts(it->line.text); /* the CSV header goes on with the puzzles */
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
                fprintf(r->write ? stderr : stdout, _("%1$s:%2$ld: puzzle %3$s: %4$s\n"), r->file,
                        it->line.number, p->id[0] ? p->id : _("(no id)"), p->problems[k]);
        if (r->write && !p->nproblems) puts(it->line.text);
    }
    free(it->line.text);
    fflush(stdout);
}

int puzzle_check(const puzzle_settings *s, const char *file, int jobs, int json, int write) {
    run r = {s, file, NULL, json, write, 0, 0};
    int failed = 0;
    void *items;
    int count =
        cli_read_text_lines(file, "fenkit puzzle", 1 << 16, sizeof *r.items, &items, &failed);
    r.items = items;
    if (count < 0) return CLI_PROBLEMS;
    /* without an engine a puzzle takes microseconds: one thread is enough */
    if (!s->use_engine) jobs = 1;
    if (puzzle_pool_run(s, count, jobs, work, done, &r, N_("lines")) != 0) {
        fputs(_("fenkit puzzle: cannot start a worker thread\n"), stderr);
        free(r.items);
        return CLI_PROBLEMS;
    }
    free(r.items);
    long n = r.good + r.bad;
    if (!json && s->use_engine)
        fprintf(write ? stderr : stdout,
                P_("%1$ld puzzle checked with the engine: %2$ld good, %3$ld with problems\n",
                   "%1$ld puzzles checked with the engine: %2$ld good, %3$ld with problems\n", n),
                n, r.good, r.bad);
    else if (!json)
        fprintf(write ? stderr : stdout,
                P_("%1$ld puzzle checked: %2$ld good, %3$ld with problems\n",
                   "%1$ld puzzles checked: %2$ld good, %3$ld with problems\n", n),
                n, r.good, r.bad);
    return failed || r.bad ? CLI_PROBLEMS : CLI_OK;
}
