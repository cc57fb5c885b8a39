/* Render speed: images per second for SVG and PNG diagrams of random
 * positions at one size, with the built-in set or a set folder.
 * Usage: render_bench SIZE SECONDS [PIECE_DIR...] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fenkit/render.h"

/* Seconds on the given clock: wall time, or this process's CPU time (which
 * other work on a shared machine disturbs much less). */
static double seconds_on(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}
static double now(void) { return seconds_on(CLOCK_MONOTONIC); }

/* Renders varied positions for about `seconds`; returns images per second
 * of wall time, and per second of CPU time in *cpu_rate. */
static double measure(const fk_piece_set *set, int size, int png, double seconds, size_t *bytes,
                      double *cpu_rate) {
    fk_position pos[32];
    for (int i = 0; i < 32; i++) {
        fk_rng rng;
        fk_rng_seed(&rng, (uint64_t)i);
        fk_random_position(&rng, (fk_random_kind)(i % 3), &pos[i], NULL, NULL);
    }
    fk_diagram_options o;
    fk_diagram_options_default(&o);
    o.size = size;
    o.pieces = set;
    fk_buffer out = {0};
    long n = 0;
    *bytes = 0;
    double start = now(), end = start, cpu_start = seconds_on(CLOCK_PROCESS_CPUTIME_ID);
    while (end - start < seconds) {
        fk_buffer_clear(&out);
        fk_status s = png ? fk_render_png(&pos[n % 32], &o, &out) : fk_render_svg(&pos[n % 32], &o, &out);
        if (s != FK_OK) {
            fprintf(stderr, "render_bench: drawing failed\n");
            exit(1);
        }
        *bytes += out.len;
        n++;
        if (n % 4 == 0) end = now();
    }
    end = now();
    *cpu_rate = n / (seconds_on(CLOCK_PROCESS_CPUTIME_ID) - cpu_start);
    fk_buffer_free(&out);
    *bytes /= (size_t)n;
    return n / (end - start);
}

static void report(const char *name, const fk_piece_set *set, int size, double seconds) {
    size_t svg_bytes, png_bytes;
    double svg_cpu, png_cpu;
    double svg = measure(set, size, 0, seconds, &svg_bytes, &svg_cpu);
    double png = measure(set, size, 1, seconds, &png_bytes, &png_cpu);
    printf("%-20s %4d px  SVG %6.0f/s (CPU %6.0f/s, %5zu B)  PNG %5.1f/s (CPU %5.1f/s, %6zu B)\n",
           name, size, svg, svg_cpu, svg_bytes, png, png_cpu, png_bytes);
}

int main(int argc, char **argv) {
    int size = argc > 1 ? atoi(argv[1]) : 400;
    double seconds = argc > 2 ? atof(argv[2]) : 2;
    report("built-in (cburnett)", NULL, size, seconds);
    for (int i = 3; i < argc; i++) {
        fk_piece_set *set;
        fk_error err;
        if (fk_piece_set_load(argv[i], &set, &err) != FK_OK) {
            fprintf(stderr, "render_bench: %s\n", err.message);
            continue;
        }
        report(fk_piece_set_name(set), set, size, seconds);
        fk_piece_set_free(set);
    }
    return 0;
}
