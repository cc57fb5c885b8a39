/* fenkit: which declarations the shared library exports. */
#ifndef FENKIT_EXPORT_H
#define FENKIT_EXPORT_H

/* Marks a function of the public API. The library is built with hidden
 * visibility, so a function without FK_API stays inside libfenkit.so and
 * programs cannot come to depend on it. */
#if defined(__GNUC__) || defined(__clang__)
#define FK_API __attribute__((visibility("default")))
#else
#define FK_API
#endif

#endif
