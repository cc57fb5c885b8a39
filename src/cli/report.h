/* fenkit command line: what the FEN commands print for people (boards,
 * problems, game status) and the names they share with the JSON output. */
#ifndef FENKIT_CLI_REPORT_H
#define FENKIT_CLI_REPORT_H

#include <stdio.h>

#include "fenkit/fenkit.h"

/* Writes a game status (FK_STATUS_* flags) as a JSON list of their names. */
void cli_json_status(FILE *out, unsigned status);

/* The squares of every problem in the list, to mark on a board. */
fk_bitboard cli_problem_squares(const fk_problems *problems);


/* 1 when colour escapes may go to out: a terminal, and NO_COLOR unset or
 * empty (https://no-color.org). */
int cli_wants_color(FILE *out);

/* Writes text in the SGR colour sgr ("1;31") when out takes colours, else
 * plain. */
void cli_put_colored(FILE *out, const char *sgr, const char *text);

/* Draws pos with the marked squares framed; colours only when out is a
 * terminal and NO_COLOR is not set. */
void cli_print_board(FILE *out, const fk_position *pos, fk_bitboard marked, int ascii, int flip);

/* Lists the problems for a person: severity and message, then where (field,
 * byte, squares) and, when with_fix, how to fix it. Each line starts with
 * indent. */
void cli_print_problems(FILE *out, const fk_problems *problems, const char *indent, int with_fix);

/* Prints text line by line, each wrapped at spaces to 78 columns, with
 * `indent` before the continuation of a wrapped line. */
void cli_print_paragraphs(FILE *out, const char *text, const char *indent);

/* Columns that UTF-8 text takes in a terminal: one a character. */
int cli_text_columns(const char *text);

/* Prints text line by line, each after `indent` and wrapped at spaces to 78
 * columns, a wrapped line's continuation two columns further in. */
void cli_print_lines(FILE *out, const char *text, const char *indent);

/* Prints "status: ..." for a valid position: what fk_position_status says,
 * in words. */
void cli_print_status(FILE *out, const fk_position *pos, const char *indent);

#endif
