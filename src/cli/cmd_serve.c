/* fenkit serve: the web page and the JSON API on a local port, until
 * interrupted. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/i18n.h"
#include "options.h"
#include "server/server.h"

static const char help[] = N_(
    "Usage: fenkit serve [--host ADDRESS] [--port N] [OPTIONS]\n"
    "\n"
    "Serves fenkit's web page and JSON API until interrupted (Ctrl-C). The page\n"
    "checks, explains and edits a position, and reads one from a picture when\n"
    "the scanner is built in. It listens on the loopback address only, unless\n"
    "--host says otherwise; nothing is read from or written to disk.\n"
    "\n"
    "API (JSON out; errors are {\"status\",\"code\",\"message\"}):\n"
    "  POST /api/check        body: a FEN, or {\"fen\":...,\"tolerant\":true,\"ep\":\"always\"}\n"
    "  POST /api/moves        body: a FEN, or {\"fen\":...,\"moves\":\"e4 e5\"}: the legal\n"
    "                         moves in UCI and SAN, the result, a draw to claim\n"
    "                         (\"claim\":true claims it; \"claim_move\":\"Ng8\" claims it\n"
    "                         with the move about to be played)\n"
    "  GET  /api/render.svg   ?fen=...&flip=1&size=400&coords=outside&theme=blue\n"
    "  POST /api/scan         body: a picture (PNG, JPEG, GIF, WebP, BMP); ?all=1: every\n"
    "                         board of it, as {\"boards\":[...]}; ?set_bytes=N: the\n"
    "                         body starts with a piece set (.fks) of N bytes\n"
    "  POST /api/learn-set    body: a picture of the starting position (?fen=,\n"
    "                         ?bottom=): the piece set learnt, in base64\n"
    "  GET  /api/info         version, whether scanning is built in, limits\n"
    "  GET  /api/analyse      ?fen=...&moves=e2e4_e7e5&multipv=3 (or &movetime=MS\n"
    "                         &elo=N|skill=N for a move to play; &sanity=1&nodes=N:\n"
    "                         which field of the FEN changes the verdict): the\n"
    "                         engine's lines as Server-Sent Events; 503 without one\n"
    "\n"
    "Options:\n"
    "  --host ADDRESS     numeric address to listen on (default 127.0.0.1; 0.0.0.0\n"
    "                     or :: for every interface, which other machines reach)\n"
    "  --port N           port (default 8080; 0 picks a free one)\n"
    "  --threads N        HTTP threads (default: one per CPU)\n"
    "  --scan-slots N     pictures scanned at once (default: one per CPU)\n"
    "  --scan-queue N     pictures waiting beyond those; more get 429 (default 16)\n"
    "  --timeout S        idle connection timeout, time to send a request's head, and\n"
    "                     longest wait for a scan (default 10)\n"
    "  --max-connections N  open connections at once (default 1000); near it, the one\n"
    "                     waiting longest for a request is closed for a new one\n"
    "  --per-ip N         open connections from one address (default 0: no limit;\n"
    "                     on the loopback address every client shares one)\n"
    "  --upload-memory MB memory all request bodies may hold at once; a body that\n"
    "                     would go over it gets 503 (default 64, at least 16)\n"
    "  --scan-memory MB   memory the scans running may decode into together; a\n"
    "                     picture that needs more alone gets 413 (default 384)\n"
    "  --engine PATH      the UCI engine of /api/analyse (default: stockfish on PATH\n"
    "                     or in /usr/games)\n"
    "  --analyses N       analyses running at once, one engine each; more get 429\n"
    "                     (default 2)\n"
    "  --analysis-time S  longest an analysis runs before it stops (default 60)\n"
    "  --log              one line per request on standard error\n"
    "  -h, --help         this help\n"
    "\n"
    "Limits: a FEN body up to 4 KB, a picture up to 10 MB (413 beyond).\n"
    "\n"
    "Exit status: 0 stopped by Ctrl-C or SIGTERM, 1 it could not start (the port\n"
    "is taken, say) or print its address, 2 usage error.\n"
    "\n"
    "Examples:\n"
    "  fenkit serve                      # then open http://127.0.0.1:8080/\n"
    "  fenkit serve --port 0 --log       # any free port, printed at start\n"
    "  curl --data-binary '8/8/8/4k3/8/8/8/4K3 w - - 0 1' http://127.0.0.1:8080/api/check\n");

/* Reads a whole number in [lo, hi] from text; -1 when it is not one. */
static long read_number(const char *text, long lo, long hi) {
    char *end;
    long v = strtol(text, &end, 10);
    return end == text || *end || v < lo || v > hi ? -1 : v;
}

/* 1 when host can only be reached from this machine. */
static int is_loopback(const char *host) {
    return strncmp(host, "127.", 4) == 0 || strcmp(host, "::1") == 0 ||
           strcmp(host, "localhost") == 0;
}

int cmd_serve(int argc, char **argv) {
    srv_options opts;
    srv_options_default(&opts);
    static const struct {
        const char *name;
        long lo, hi;
    } numbers[] = {{"--port", 0, 65535},       {"--threads", 1, 256}, {"--scan-slots", 1, 256},
                   {"--scan-queue", 0, 10000}, {"--timeout", 1, 3600},
                   {"--max-connections", 1, 100000}, {"--upload-memory", 16, 65536},
                   {"--scan-memory", 16, 65536}, {"--per-ip", 0, 100000}, {"--analyses", 1, 64},
                   {"--analysis-time", 1, 3600}};
    enum { NUMBERS = sizeof numbers / sizeof numbers[0] };
    long values[NUMBERS] = {opts.port, 0, 0, opts.scan_queue, opts.timeout_s, opts.max_connections,
                            (long)(opts.body_memory >> 20), (long)(opts.scan_memory >> 20), opts.per_ip,
                            opts.analyses, opts.analysis_s};
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},      {"log", no_argument, NULL, 'l'},
        {"host", required_argument, NULL, 'H'}, {"port", required_argument, NULL, 0},
        {"threads", required_argument, NULL, 1}, {"scan-slots", required_argument, NULL, 2},
        {"scan-queue", required_argument, NULL, 3}, {"timeout", required_argument, NULL, 4},
        {"max-connections", required_argument, NULL, 5},
        {"upload-memory", required_argument, NULL, 6}, {"scan-memory", required_argument, NULL, 7},
        {"per-ip", required_argument, NULL, 8}, {"analyses", required_argument, NULL, 9},
        {"analysis-time", required_argument, NULL, 10}, {"engine", required_argument, NULL, 'E'},
        {NULL, 0, NULL, 0}};
    cli_options o;
    cli_options_start(&o, argc, argv, "h", longopts);
    for (int c; (c = cli_options_next(&o)) != CLI_OPTIONS_END;) {
        if (c == 'h') {
            fputs(_(help), stdout);
            return CLI_OK;
        } else if (c == 'l') {
            opts.log = stderr;
        } else if (c == 'H') {
            opts.host = o.value;
        } else if (c == 'E') {
            opts.engine = o.value;
        } else if (c >= 0 && c < (int)NUMBERS) { /* the numbers, in the order of numbers[] */
            values[c] = read_number(o.value, numbers[c].lo, numbers[c].hi);
            if (values[c] < 0)
                return cli_usage_error("serve", "%s takes a number from %ld to %ld, not '%s'",
                                       numbers[c].name, numbers[c].lo, numbers[c].hi, o.value);
        } else {
            return CLI_USAGE;
        }
    }
    if (o.count > 0) return cli_usage_error("serve", "unexpected argument '%s'", argv[1]);
    opts.port = (int)values[0];
    opts.threads = (int)values[1];
    opts.scan_slots = (int)values[2];
    opts.scan_queue = (int)values[3];
    opts.timeout_s = (int)values[4];
    opts.max_connections = (int)values[5];
    opts.body_memory = (size_t)values[6] << 20;
    opts.scan_memory = (size_t)values[7] << 20;
    opts.per_ip = (int)values[8];
    opts.analyses = (int)values[9];
    opts.analysis_s = (int)values[10];

    /* The signals are blocked before the server's threads start, so they
     * inherit the mask and only sigwait below sees them. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    char error[256];
    srv_server *srv = srv_start(&opts, error, sizeof error);
    if (!srv) {
        fprintf(stderr, "fenkit serve: %s\n", error);
        return CLI_PROBLEMS;
    }
    int v6 = strchr(opts.host, ':') != NULL;
    printf("fenkit serve: http://%s%s%s:%d/\n", v6 ? "[" : "", opts.host, v6 ? "]" : "",
           srv_port(srv));
    if (is_loopback(opts.host))
        fputs(_("Listening on the loopback address only: other machines cannot reach it.\n"),
              stdout);
    else
        printf(_("Listening on %s: other machines can reach it.\n"), opts.host);
    fputs(_("Press Ctrl-C to stop.\n"), stdout);
    if (cli_flush_stdout() != 0) {
        /* nobody would learn the address; main says why the write failed */
        srv_stop(srv);
        return CLI_PROBLEMS;
    }

    int sig = 0;
    sigwait(&stop, &sig);
    srv_stop(srv);
    fprintf(stderr, "fenkit serve: stopped (%s)\n", sig == SIGINT ? "interrupted" : "terminated");
    return CLI_OK;
}
