/* fenkit: dispatch to the subcommands. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "fenkit/fenkit.h"

static const cli_command commands[] = {
#define CLI_ENTRY(id, name, summary) {name, cmd_##id, summary},
    CLI_COMMANDS(CLI_ENTRY)
#undef CLI_ENTRY
};

int cli_usage_error(const char *command, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "fenkit %s: ", command);
    va_start(ap, fmt);
    vfprintf(stderr, _(fmt), ap);
    va_end(ap);
    fprintf(stderr, _("\n(see 'fenkit %s --help')\n"), command);
    return CLI_USAGE;
}

int cli_is_help(const char *arg) {
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

static void print_help(FILE *out) {
    fprintf(out,
            _("fenkit %s: chess positions in FEN\n\nUsage: fenkit COMMAND [OPTIONS] "
              "[ARGS]\n\nCommands:\n"),
            fk_version());
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
    fprintf(out, "  %-10s %s\n", "help", _("this list; 'fenkit help COMMAND': a command's help"));
    char known[256];
    i18n_languages(known, sizeof known);
    fprintf(out,
            _("\nEvery command takes --lang LANG (%s) for the language it explains in;\n"
              "without it LANGUAGE, LC_ALL, LC_MESSAGES or LANG decide (LANG=vi_VN.UTF-8).\n"),
            known);
    fputs(
        _("\nRun 'fenkit help COMMAND' (or 'fenkit COMMAND --help') for a command's options\n"
          "and examples. Exit status: 0 all input fine, 1 some input had problems,\n"
          "2 usage error.\n"
          "Example: fenkit check 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n"),
        out);
}

/* errno of the first write to standard output known to have failed, or 0. */
static int stdout_error;

void cli_stdout_failed(int error) {
    if (!stdout_error) stdout_error = error ? error : EIO;
}

int cli_flush_stdout(void) {
    if (fflush(stdout) == 0) return 0;
    cli_stdout_failed(errno);
    return -1;
}

/* Flushes and closes standard output, as exit() would, but says when that
 * or an earlier write failed: output lost to a full disk or a closed file
 * must not pass for success. Returns the exit status to use. */
static int close_stdout(const char *command, int status) {
    cli_flush_stdout();
    int error = stdout_error;
    /* the error flag catches a failure no flush reported (a putc's) */
    if (ferror(stdout) && !error) error = -1;
    if (fclose(stdout) != 0 && !error) error = errno ? errno : EIO;
    if (!error) return status;
    fprintf(stderr, _("fenkit%s%s: writing standard output: %s\n"), command ? " " : "",
            command ? command : "", error > 0 ? strerror(error) : _("some output was lost"));
    return status == CLI_OK ? CLI_PROBLEMS : status;
}

/* Runs the command argv[1] names; returns its exit status. */
static int run(int argc, char **argv) {
    if (argc < 2) {
        print_help(stderr);
        return CLI_USAGE;
    }
    if (cli_is_help(argv[1]) || (strcmp(argv[1], "help") == 0 && argc == 2)) {
        print_help(stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "help") == 0) {
        /* fenkit help CMD is fenkit CMD --help */
        char help_flag[] = "--help";
        char *args[] = {argv[2], help_flag, NULL};
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (strcmp(argv[2], commands[i].name) == 0) return commands[i].run(2, args);
        fprintf(stderr, _("fenkit help: '%s' is not a command\n\n"), argv[2]);
        print_help(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("fenkit %s\n", fk_version());
        return CLI_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, _("fenkit: '%s' is not a command\n\n"), argv[1]);
    print_help(stderr);
    return CLI_USAGE;
}

/* Takes "--lang LANG" or "--lang=LANG" out of argv, wherever it stands
 * before a "--", and chooses the language from it or the environment.
 * Returns the new argc, or -1 after a usage error. */
static int take_language(int argc, char **argv) {
    const char *lang = NULL;
    int kept = 1, i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc) {
            lang = argv[++i];
        } else if (strncmp(argv[i], "--lang=", 7) == 0) {
            lang = argv[i] + 7;
        } else if (strcmp(argv[i], "--lang") == 0) {
            i18n_init(NULL); /* the error in the environment's language */
            char known[256];
            i18n_languages(known, sizeof known);
            fprintf(stderr, _("fenkit: --lang needs a language (%s)\n"), known);
            return -1;
        } else {
            argv[kept++] = argv[i];
        }
    }
    while (i < argc)
        argv[kept++] = argv[i++];
    argv[kept] = NULL;
    if (i18n_init(lang) != 0) {
        char known[256];
        i18n_languages(known, sizeof known);
        fprintf(stderr, _("fenkit: --lang %s: no messages in that language (there are: %s)\n"),
                lang, known);
        return -1;
    }
    return kept;
}

int main(int argc, char **argv) {
    argc = take_language(argc, argv);
    if (argc < 0) return CLI_USAGE;
    int status = run(argc, argv);
    /* the command a failed write is reported for: argv[1], or help's CMD */
    const char *name = argc > 2 && strcmp(argv[1], "help") == 0 ? argv[2] : argc > 1 ? argv[1] : "";
    const char *command = NULL;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0) command = commands[i].name;
    return close_stdout(command, status);
}
