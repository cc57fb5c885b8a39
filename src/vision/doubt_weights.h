/* Written by training/calibrate_doubt.py: the weights of doubt.c's
 * features and the default threshold (fk_scan_options.threshold). */
#define DOUBT_BIAS -2.376994
#define DOUBT_WEIGHTS {-1.013407, -0.438014, -0.427529, -0.021633, -0.645038, 1.753595, 0.388316, 0.146999, -0.235150, 0.968959}
#define DOUBT_THRESHOLD 0.8348
#define BOARD_BIAS 2.232132
#define BOARD_WEIGHTS {0.567258, 3.611819}
