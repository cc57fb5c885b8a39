/* libFuzzer target for picture decoding and board location: any bytes are
 * decoded; a picture that decodes must have the size it claims, and the
 * locator must cope with whatever it shows. */
#include <stdint.h>
#include <stdlib.h>

#include "fenkit/vision.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fk_image im;
    fk_error err;
    fk_status s = fk_image_decode(data, size, &im, &err);
    if (s != FK_OK) {
        if (im.grey != NULL || err.message[0] == '\0') abort();
        return 0;
    }
    if (im.width <= 0 || im.height <= 0 || !im.grey) abort();
    /* Large pictures decode fine but take long to search; small ones are
     * where the locator's edge cases are. */
    if ((long)im.width * im.height <= 512 * 512) {
        fk_board_location where;
        if (fk_board_locate(&im, &where, &err) == FK_OK &&
            !(where.score > 0 && where.score <= 1))
            abort();
    }
    fk_image_free(&im);
    return 0;
}
