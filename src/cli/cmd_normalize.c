/* fenkit normalize. PLACEHOLDER: replaced by the command-line work. */
#include "cli.h"

int cmd_normalize(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "fenkit normalize: not built yet\n");
    return CLI_USAGE;
}
