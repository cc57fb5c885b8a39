/* Opening shared libraries on first use (dlopen), so that a command that
 * never draws a PNG or serves a page does not pay, at every start, for
 * loading librsvg or libmicrohttpd and everything behind them.
 *
 * A user lists the functions in an X-macro, declares a table of typed
 * pointers with LAZY_TABLE, and calls lazy_load once (pthread_once) with
 * the library names; then calls table.name(...). Internal to fenkit. */
#ifndef FENKIT_LAZY_H
#define FENKIT_LAZY_H

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* A struct with one pointer per function, of the function's own type. */
#define LAZY_FIELD(name) __typeof__(&name) name;
#define LAZY_NAME(name) #name,

/* Opens every library of `libraries` (count of them) and fills `table`, a
 * struct of nothing but function pointers in the order of `names` (count_fn
 * of them), searching the libraries (and what they depend on) in order.
 * Returns 1, or 0 with a sentence in problem naming what is missing. */
static inline int lazy_load(const char *const *libraries, int count, const char *const *names,
                            int count_fn, void *table, const char *what, char *problem,
                            size_t cap) {
    void *handles[4];
    if (count > 4) count = 4;
    /* RTLD_LAZY: a library's calls to its own dependencies are bound on
     * their first use, not all at the opening (OpenBLAS has some 2,000:
     * a program that only opens it and multiplies once took 5.8 ms with
     * RTLD_NOW, 4.6 with RTLD_LAZY); the functions fenkit needs are looked
     * up below, so a missing one still fails here. */
    for (int i = 0; i < count; i++) {
        handles[i] = dlopen(libraries[i], RTLD_LAZY | RTLD_LOCAL);
        if (!handles[i]) {
            snprintf(problem, cap, "%s needs %s, which could not be opened: %s", what,
                     libraries[i], dlerror());
            return 0;
        }
    }
    for (int f = 0; f < count_fn; f++) {
        void *found = NULL;
        for (int i = 0; i < count && !found; i++) found = dlsym(handles[i], names[f]);
        if (!found) {
            snprintf(problem, cap, "%s needs the function %s, not found in %s", what, names[f],
                     libraries[0]);
            return 0;
        }
        /* POSIX lets a data pointer from dlsym be stored as a function pointer */
        memcpy((char *)table + (size_t)f * sizeof found, &found, sizeof found);
    }
    problem[0] = '\0';
    return 1;
}

#endif
