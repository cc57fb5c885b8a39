/* A problem's sentences in the reader's language. The core writes every
 * problem's message and fix in English and keeps what they are made of in
 * its arguments (fk_problem_args); this layer words them again from the
 * code and those arguments through the catalogs. Shared by the command line
 * and the web server. */
#ifndef FENKIT_COMMON_PROBLEM_TEXT_H
#define FENKIT_COMMON_PROBLEM_TEXT_H

#include <stddef.h>

#include "fenkit/problems.h"

/* Room for a message or a fix in any language: UTF-8 takes up to three
 * bytes a letter where English takes one. */
#define PROBLEM_TEXT_MAX 600

/* 1 when the reader's language is English, whose sentences are the core's
 * own. */
int problem_text_english(void);

/* Writes p's message and fix in the reader's language into msg and fix
 * (cap bytes each, zero-terminated, cut short when they do not fit): the
 * core's own text when the reader reads English, else the sentences made
 * from the code and the arguments. A fix that is a corrected FEN is kept
 * as it is. */
void problem_text(const fk_problem *p, char *msg, size_t msg_cap, char *fix, size_t fix_cap);

/* The severity ("error"), the field ("placement") and the word "field"
 * ("placement field") in the reader's language. */
const char *problem_severity_name(fk_severity severity);
const char *problem_field_name(fk_field field);

#endif
