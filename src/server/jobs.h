/* fenkit serve: a fixed set of worker threads and a bounded queue, for the
 * slow requests (scans) so they never hold up the fast ones. */
#ifndef FENKIT_SERVER_JOBS_H
#define FENKIT_SERVER_JOBS_H

#include <time.h>

/* One piece of work. The submitter owns it; `run` is called once on a
 * worker, with `cancelled` set when the queue is being shut down (the job
 * should then only answer that the server is stopping). */
typedef struct srv_job {
    struct srv_job *next;
    void (*run)(struct srv_job *job, int cancelled);
    /* 1 when nobody waits for the job any more (its client has gone): a
     * full queue does not count it, since its run ends at once. NULL:
     * always waited for. */
    int (*gone)(struct srv_job *job);
    struct timespec queued_at; /* CLOCK_MONOTONIC, set by srv_jobs_submit */
} srv_job;

typedef struct srv_jobs srv_jobs;

/* Starts `workers` threads that take jobs from a queue holding at most
 * `queue_cap` waiting jobs. Returns NULL when out of memory or threads. */
srv_jobs *srv_jobs_start(int workers, int queue_cap);
/* Queues a job. Returns 0, or -1 when the queue is full (of jobs not
 * gone) or stopping (the job is then not run and stays the caller's). */
int srv_jobs_submit(srv_jobs *jobs, srv_job *job);
/* Jobs waiting plus jobs running, at this moment. */
int srv_jobs_load(srv_jobs *jobs);
/* Runs every waiting job with cancelled set, waits for the running ones,
 * stops the threads and frees jobs. */
void srv_jobs_stop(srv_jobs *jobs);

/* Seconds since t (CLOCK_MONOTONIC). */
double srv_seconds_since(const struct timespec *t);

#endif
