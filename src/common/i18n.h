/* The reader's language: every sentence the command line and the web page
 * say goes through GNU gettext's catalogs (libintl is part of glibc). The
 * core never translates; it returns codes, and these layers word them. */
#ifndef FENKIT_COMMON_I18N_H
#define FENKIT_COMMON_I18N_H

#include <libintl.h>
#include <stddef.h>

#define FENKIT_TEXT_DOMAIN "fenkit"

/* A message in the reader's language. */
#define _(msgid) dgettext(FENKIT_TEXT_DOMAIN, msgid)
/* A message in the reader's language, singular or plural for n. */
#define P_(one, many, n) dngettext(FENKIT_TEXT_DOMAIN, one, many, (unsigned long)(n))
/* Marks a message for the catalog where it is translated later (tables). */
#define N_(msgid) msgid
/* Marks a singular and plural pair in a table, translated with P_ later. */
#define NP_(one, many) one, many

/* Chooses the language: `lang` ("vi", "en", "vi_VN.UTF-8") when not NULL,
 * else the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) as gettext
 * reads it. Finds the compiled catalogs next to the program's build tree,
 * or where they are installed. Returns 0, or -1 when `lang` names a
 * language fenkit has no catalog for (English is then used). */
int i18n_init(const char *lang);

/* 1 when fenkit has a catalog for the language `lang` names (English always
 * counts). */
int i18n_known(const char *lang);

/* Writes the codes of the languages with a catalog, "en, vi", into buf.
 * Returns the length needed (like snprintf). */
size_t i18n_languages(char *buf, size_t cap);

#endif
