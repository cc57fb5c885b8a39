/* fenkit learn-set: learns the player's own piece set from a picture of a
 * known position, for fenkit scan --set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "fenkit/fenkit.h"
#include "fenkit/vision.h"
#include "options.h"

static const char help[] =
    N_("Usage: fenkit learn-set [OPTIONS] PICTURE -o FILE\n"
       "\n"
       "Learns your own piece set from one picture of your board in a known\n"
       "position, by default the starting position: each of its 64 squares is an\n"
       "example of its man (or of an empty square), and the reader is fitted to\n"
       "them. 'fenkit scan --set FILE' then reads pictures of that set with it.\n"
       "Take the picture from where later pictures will be taken: the set also\n"
       "keeps which side was at the bottom.\n"
       "\n"
       "Options:\n"
       "  -o, --output FILE     the set file to write (.fks)\n"
       "  --fen FEN             the position the picture shows (a FEN or only its\n"
       "                        placement; default: the starting position)\n"
       "  --bottom auto|white|black  which side is at the bottom of the picture\n"
       "                        (default auto: the way round the reader fits better)\n"
       "  --model FILE          a square classifier made by training/ instead of the\n"
       "                        built-in one (scan --set then needs the same --model)\n"
       "  -h, --help            this help\n"
       "\n"
       "Exit status: 0 the set was written, 1 the picture or the file could not be\n"
       "read or written, 2 usage error.\n"
       "\n"
       "Examples:\n"
       "  fenkit learn-set start.jpg -o myset.fks\n"
       "  fenkit scan --set myset.fks later.jpg\n"
       "  fenkit learn-set --bottom black --fen 'r3k2r/8/8/8/8/8/8/R3K2R' photo.jpg -o myset.fks\n");

/* Reads the known position from --fen: a whole FEN or only its placement. */
static int read_known(const char *text, fk_position *pos) {
    char fen[FK_FEN_MAX + 32];
    if (strchr(text, ' ') || strlen(text) > FK_FEN_MAX)
        snprintf(fen, sizeof fen, "%s", text);
    else
        snprintf(fen, sizeof fen, "%s w - - 0 1", text);
    fk_problems problems;
    return fk_fen_parse(fen, strlen(fen), FK_FEN_TOLERANT, pos, &problems) == FK_OK;
}

int cmd_learn_set(int argc, char **argv) {
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},        {"output", required_argument, NULL, 'o'},
        {"fen", required_argument, NULL, 'f'},   {"bottom", required_argument, NULL, 'b'},
        {"model", required_argument, NULL, 'm'}, {NULL, 0, NULL, 0}};
    const char *output = NULL, *model_path = NULL;
    fk_bottom bottom = FK_BOTTOM_AUTO;
    fk_position known;
    fk_position_startpos(&known);
    cli_options o;
    cli_options_start(&o, argc, argv, "ho:", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        const char *value = o.value;
        switch (c) {
        case 'h': fputs(_(help), stdout); return CLI_OK;
        case 'o': output = value; break;
        case 'f':
            if (!read_known(value, &known))
                return cli_usage_error("learn-set", "--fen takes a FEN or a placement, not '%s'",
                                       value);
            break;
        case 'b':
            if (strcmp(value, "auto") == 0)
                bottom = FK_BOTTOM_AUTO;
            else if (strcmp(value, "white") == 0)
                bottom = FK_BOTTOM_WHITE;
            else if (strcmp(value, "black") == 0)
                bottom = FK_BOTTOM_BLACK;
            else
                return cli_usage_error("learn-set", "--bottom takes auto, white or black, not '%s'",
                                       value);
            break;
        case 'm': model_path = value; break;
        default: return CLI_USAGE;
        }
    }
    if (o.count != 1)
        return cli_usage_error("learn-set",
                               o.count ? N_("one picture at a time") : N_("no picture given"));
    if (!output) return cli_usage_error("learn-set", "no set file given (-o FILE)");
    const char *path = argv[1], *why = NULL;
    fk_error err = {0};
    fk_model *model = NULL;
    if (model_path && fk_model_load(model_path, &model, &err) != FK_OK) {
        fprintf(stderr, "fenkit learn-set: %s: %s\n", model_path, err.message);
        return CLI_USAGE;
    }
    size_t len;
    unsigned char *data = cli_read_all(path, &len, &why);
    fk_image image;
    fk_piece_set *set = NULL;
    int rc = CLI_PROBLEMS;
    if (data && fk_image_decode(data, len, &image, &err) == FK_OK) {
        if (fk_set_learn(&image, &known, bottom, model, &set, &err) == FK_OK &&
            fk_set_save(set, output, &err) == FK_OK)
            rc = CLI_OK;
        fk_image_free(&image);
    }
    if (!why) why = err.message;
    const char *picture = strcmp(path, "-") ? path : _("(standard input)");
    if (rc == CLI_OK)
        printf(_("%1$s: learnt the set in %2$s\n"), output, picture);
    else
        fprintf(stderr, "fenkit learn-set: %s: %s\n", set ? output : picture, *why ? _(why) : why);
    fk_set_free(set);
    fk_model_free(model);
    free(data);
    return rc;
}
