/* The language of each reply's words. gettext reads its language from the
 * process (LANGUAGE), so the server's threads take turns at wording a reply
 * in the language its client asked for; only the wording is serialised,
 * reading and checking the FEN are not. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api.h"
#include "common/i18n.h"

/* gettext's counter of catalog changes: raising it makes gettext forget the
 * translations it looked up in the language before (the GNU gettext manual
 * asks for this when LANGUAGE changes while a program runs). */
extern int _nl_msg_cat_cntr;

static pthread_mutex_t speaking = PTHREAD_MUTEX_INITIALIZER;

/* The languages a reply may be in, by short code, kept for the process. */
static char codes[8][16];
static int ncodes;
static pthread_once_t codes_once = PTHREAD_ONCE_INIT;

static void list_codes(void) {
    char list[256];
    i18n_languages(list, sizeof list);
    for (char *p = list; *p && ncodes < 8;) {
        size_t n = strcspn(p, ", ");
        if (n && n < 16) {
            memcpy(codes[ncodes], p, n);
            codes[ncodes++][n] = '\0';
        }
        p += n;
        p += strspn(p, ", ");
    }
}

/* The kept code of language tag (tag_len bytes: "vi", "vi-VN"), or NULL. */
static const char *known_code(const char *tag, size_t tag_len) {
    pthread_once(&codes_once, list_codes);
    size_t n = 0;
    while (n < tag_len && tag[n] != '-' && tag[n] != '_')
        n++;
    for (int i = 0; i < ncodes; i++)
        if (strlen(codes[i]) == n && strncasecmp(codes[i], tag, n) == 0) return codes[i];
    return NULL;
}

const char *srv_lang_choose(const srv_request *req, const char *asked) {
    const char *code = asked ? known_code(asked, strlen(asked)) : NULL;
    if (code) return code;
    const char *accept = req->header ? req->header(req->arg_ctx, "Accept-Language") : NULL;
    /* "vi-VN,vi;q=0.9,en;q=0.8": the known tag of the highest weight, the
     * first of equal weights */
    double best_q = 0;
    const char *best = NULL;
    for (const char *p = accept; p && *p;) {
        p += strspn(p, " ,");
        size_t len = strcspn(p, ",");
        size_t tag_len = strcspn(p, ";, ");
        double q = 1;
        const char *qp = memchr(p, ';', len);
        if (qp) {
            const char *eq = strstr(qp, "q=");
            if (eq && eq < p + len) q = strtod(eq + 2, NULL);
        }
        const char *c = known_code(p, tag_len);
        if (c && q > best_q) best_q = q, best = c;
        p += len;
    }
    return best ? best : "en";
}

/* The language gettext was last set to (under `speaking`): most replies
 * are in the language of the one before, and setting it again would make
 * gettext look every message up afresh. */
static char current[16];

void srv_lang_begin(const char *lang) {
    pthread_mutex_lock(&speaking);
    if (strcmp(current, lang) == 0) return;
    snprintf(current, sizeof current, "%s", lang);
    setenv("LANGUAGE", lang, 1);
    ++_nl_msg_cat_cntr;
}

void srv_lang_end(void) { pthread_mutex_unlock(&speaking); }
