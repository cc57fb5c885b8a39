/* Written by training/calibrate_doubt.py: the weights of doubt.c's
 * features and the default threshold (fk_scan_options.threshold). */
#define DOUBT_BIAS -3.056693
#define DOUBT_WEIGHTS {-0.309746, -0.710953, -0.005300, 0.305035, -0.171994, 0.307483, 0.367539, 0.203089, 0.187232, 0.668969}
#define DOUBT_THRESHOLD 0.9632
#define BOARD_BIAS 2.371180
#define BOARD_WEIGHTS {1.020342, 5.057990}
