/* Choosing the reader's language and finding fenkit's message catalogs. */
#include "common/i18n.h"

#include <dirent.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef FENKIT_LOCALEDIR
#define FENKIT_LOCALEDIR "/usr/local/share/locale"
#endif

/* Writes a then b into out (cap bytes). Returns -1 when they do not fit. */
static int join(char *out, size_t cap, const char *a, const char *b) {
    size_t na = strlen(a), nb = strlen(b);
    if (na + nb >= cap) return -1;
    memcpy(out, a, na);
    memcpy(out + na, b, nb + 1);
    return 0;
}

/* Where the compiled catalogs are, found once. */
static char catalogs[PATH_MAX];

/* The language code at the start of a locale name: "vi_VN.UTF-8" -> "vi". */
static void short_code(const char *name, char out[16]) {
    size_t n = strcspn(name, "_.@:-");
    if (n >= 16) n = 15;
    memcpy(out, name, n);
    out[n] = '\0';
}

static void find_catalogs(char out[PATH_MAX]);

/* 1 when dir holds fenkit's compiled catalog of language code. */
static int has_catalog(const char *dir, const char *code) {
    char tail[64], path[PATH_MAX];
    struct stat st;
    snprintf(tail, sizeof tail, "/%s/LC_MESSAGES/" FENKIT_TEXT_DOMAIN ".mo", code);
    return join(path, sizeof path, dir, tail) == 0 && stat(path, &st) == 0;
}

int i18n_known(const char *lang) {
    char code[16];
    short_code(lang, code);
    if (strcmp(code, "en") == 0) return 1;
    if (!*code || strchr(code, '/') || code[0] == '.') return 0;
    if (!*catalogs) find_catalogs(catalogs);
    return has_catalog(catalogs, code);
}

size_t i18n_languages(char *buf, size_t cap) {
    if (!*catalogs) find_catalogs(catalogs);
    size_t len = (size_t)snprintf(buf, cap, "en");
    DIR *dir = opendir(catalogs);
    struct dirent *e;
    while (dir && (e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "en") == 0 ||
            !has_catalog(catalogs, e->d_name))
            continue;
        int n =
            snprintf(buf + (len < cap ? len : cap), len < cap ? cap - len : 0, ", %s", e->d_name);
        if (n > 0) len += (size_t)n;
    }
    if (dir) closedir(dir);
    return len;
}

/* Where the catalogs are: $FENKIT_LOCALEDIR, the build tree next to the
 * program (so a fresh build speaks every language before it is installed),
 * the installed tree beside the program's bin/, or the configured place. */
static void find_catalogs(char out[PATH_MAX]) {
    const char *env = getenv("FENKIT_LOCALEDIR");
    if (env && *env && join(out, PATH_MAX, env, "") == 0) return;
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) *slash = '\0';
        if (join(out, PATH_MAX, exe, "/locale") == 0 && has_catalog(out, "en")) return;
        if (join(out, PATH_MAX, exe, "/../share/locale") == 0 && has_catalog(out, "en")) return;
    }
    join(out, PATH_MAX, FENKIT_LOCALEDIR, "");
}

/* The language the environment asks for, in gettext's order of precedence:
 * the first known entry of LANGUAGE, else LC_ALL, LC_MESSAGES, LANG. */
static void language_from_environment(char out[16]) {
    const char *list = getenv("LANGUAGE");
    for (const char *p = list; p && *p;) {
        size_t n = strcspn(p, ":");
        char entry[64];
        snprintf(entry, sizeof entry, "%.*s", (int)(n < 63 ? n : 63), p);
        if (*entry && i18n_known(entry)) {
            short_code(entry, out);
            return;
        }
        p += n + (p[n] == ':');
    }
    const char *names[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < 3; i++) {
        const char *value = getenv(names[i]);
        if (value && *value) {
            short_code(value, out);
            return;
        }
    }
    strcpy(out, "en");
}

int i18n_init(const char *lang) {
    char code[16];
    int rc = 0;
    if (lang) {
        short_code(lang, code);
    } else {
        language_from_environment(code);
    }
    if (!i18n_known(code)) {
        rc = lang ? -1 : 0;
        strcpy(code, "en");
    }
    /* gettext honours LANGUAGE whenever the messages locale is not plain
     * "C", so C.UTF-8 (always present in glibc) lets the chosen catalog be
     * used even where no Vietnamese locale is installed. Only the messages
     * category changes: numbers keep their C format in JSON and reports. */
    if (!setlocale(LC_MESSAGES, "") || strcmp(setlocale(LC_MESSAGES, NULL), "C") == 0 ||
        strcmp(setlocale(LC_MESSAGES, NULL), "POSIX") == 0)
        setlocale(LC_MESSAGES, "C.UTF-8");
    setenv("LANGUAGE", code, 1);
    if (!*catalogs) find_catalogs(catalogs);
    bindtextdomain(FENKIT_TEXT_DOMAIN, catalogs);
    bind_textdomain_codeset(FENKIT_TEXT_DOMAIN, "UTF-8");
    /* strerror's sentences come from the C library's own catalog, which
     * would otherwise be converted to the C locale's ASCII ('?' for every
     * accented letter) */
    bind_textdomain_codeset("libc", "UTF-8");
    return rc;
}
