/* fenkit check. PLACEHOLDER: replaced by the command-line work. */
#include "cli.h"

int cmd_check(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "fenkit check: not built yet\n");
    return CLI_USAGE;
}
