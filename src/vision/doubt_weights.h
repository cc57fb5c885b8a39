/* Written by training/calibrate_doubt.py: the weights of doubt.c's
 * features and the default threshold (fk_scan_options.threshold). */
#define DOUBT_BIAS -2.378878
#define DOUBT_WEIGHTS {-0.802829, -0.583538, -0.521556, -0.011293, -0.649811, 1.928965, 0.443057, 0.382144, -0.176661, 0.952139}
#define DOUBT_THRESHOLD 0.9582
#define BOARD_BIAS 2.159744
#define BOARD_WEIGHTS {0.590962, 3.594630}
