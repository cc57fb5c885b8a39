/* fenkit show. PLACEHOLDER: replaced by the command-line work. */
#include "cli.h"

int cmd_show(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "fenkit show: not built yet\n");
    return CLI_USAGE;
}
