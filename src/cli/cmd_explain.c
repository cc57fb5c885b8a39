/* fenkit explain. PLACEHOLDER: replaced by the command-line work. */
#include "cli.h"

int cmd_explain(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "fenkit explain: not built yet\n");
    return CLI_USAGE;
}
