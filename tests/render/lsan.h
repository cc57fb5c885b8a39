/* Under AddressSanitizer: fontconfig (which librsvg reaches through pango
 * when a diagram has text) keeps its caches until the process ends, which
 * LeakSanitizer would report as leaks. Nothing of fenkit's is hidden. */
#ifndef FENKIT_TEST_LSAN_H
#define FENKIT_TEST_LSAN_H
#if defined(__SANITIZE_ADDRESS__)
#define FK_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FK_TEST_ASAN 1
#endif
#endif
#ifdef FK_TEST_ASAN
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libfontconfig.so\n"; }
#endif
#endif
