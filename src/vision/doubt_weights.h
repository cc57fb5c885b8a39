/* Written by training/calibrate_doubt.py: the weights of doubt.c's
 * features and the default threshold (fk_scan_options.threshold). */
#define DOUBT_BIAS -2.315638
#define DOUBT_WEIGHTS {-0.900874, -0.559914, -0.492045, -0.120379, -0.646076, 1.884957, 0.404732, 0.278942, -0.154164, 1.012392}
#define DOUBT_THRESHOLD 0.9571
#define BOARD_BIAS 2.056052
#define BOARD_WEIGHTS {0.575647, 3.351355}
