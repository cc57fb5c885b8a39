/* Internal to the core: loads that may reach past the end of a buffer but
 * never past the end of its memory page (memory is mapped a page at a
 * time, so such a load cannot fault; the bytes past the end are loaded and
 * never used). The fast FEN readers load the text 16 bytes at a time this
 * way, the formatter its formats 8 at a time. Builds with sanitizers, and
 * those that check the fast readers against the careful ones (the fuzzer),
 * never do. */
#ifndef FENKIT_CORE_OVERREAD_H
#define FENKIT_CORE_OVERREAD_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SANITIZE_ADDRESS__) || defined(FENKIT_CHECK_FAST_PATHS)
#define FK_NO_OVERREAD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define FK_NO_OVERREAD 1
#endif
#endif

/* 1 when the n bytes from p lie in one page, so that they may be loaded
 * even where the buffer ends before them; always 0 in the builds above. */
static inline int fk_page_holds(const void *p, size_t n) {
#if defined(FK_NO_OVERREAD)
    (void)p, (void)n;
    return 0;
#else
    return ((uintptr_t)p & 4095) <= 4096 - n;
#endif
}

#endif
