/* Worker threads taking jobs from a bounded queue (a mutex, a condition
 * variable and a singly linked list, first in first out). */
#include "jobs.h"

#include <pthread.h>
#include <stdlib.h>

struct srv_jobs {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    srv_job *head, *tail;
    int waiting, running, queue_cap, stopping;
    int workers;
    pthread_t threads[];
};

double srv_seconds_since(const struct timespec *t) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

/* A worker: takes the oldest job and runs it, until the queue stops. */
static void *worker(void *arg) {
    srv_jobs *jobs = arg;
    pthread_mutex_lock(&jobs->lock);
    for (;;) {
        while (!jobs->head && !jobs->stopping) pthread_cond_wait(&jobs->wake, &jobs->lock);
        srv_job *job = jobs->head;
        if (!job) break; /* stopping, and nothing left */
        jobs->head = job->next;
        if (!jobs->head) jobs->tail = NULL;
        jobs->waiting--;
        jobs->running++;
        int cancelled = jobs->stopping;
        pthread_mutex_unlock(&jobs->lock);
        job->run(job, cancelled);
        pthread_mutex_lock(&jobs->lock);
        jobs->running--;
    }
    pthread_mutex_unlock(&jobs->lock);
    return NULL;
}

srv_jobs *srv_jobs_start(int workers, int queue_cap) {
    srv_jobs *jobs = calloc(1, sizeof *jobs + (size_t)workers * sizeof(pthread_t));
    if (!jobs) return NULL;
    pthread_mutex_init(&jobs->lock, NULL);
    pthread_cond_init(&jobs->wake, NULL);
    jobs->queue_cap = queue_cap;
    for (int i = 0; i < workers; i++) {
        if (pthread_create(&jobs->threads[i], NULL, worker, jobs) != 0) {
            srv_jobs_stop(jobs);
            return NULL;
        }
        jobs->workers++;
    }
    return jobs;
}

/* The waiting jobs nobody waits for (the lock held). */
static int gone_jobs(const srv_jobs *jobs) {
    int n = 0;
    for (srv_job *j = jobs->head; j; j = j->next)
        n += j->gone && j->gone(j);
    return n;
}

int srv_jobs_submit(srv_jobs *jobs, srv_job *job) {
    pthread_mutex_lock(&jobs->lock);
    /* A job is refused when every worker is busy and the queue is full.
     * Jobs whose clients have left do not count (they are only asked when
     * the queue looks full): abandoned work must not turn a client away. */
    int idle = jobs->workers - jobs->running, room = jobs->queue_cap + (idle > 0 ? idle : 0);
    if (jobs->stopping || (jobs->waiting >= room && jobs->waiting - gone_jobs(jobs) >= room)) {
        pthread_mutex_unlock(&jobs->lock);
        return -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &job->queued_at);
    job->next = NULL;
    if (jobs->tail) jobs->tail->next = job;
    else jobs->head = job;
    jobs->tail = job;
    jobs->waiting++;
    pthread_cond_signal(&jobs->wake);
    pthread_mutex_unlock(&jobs->lock);
    return 0;
}

int srv_jobs_load(srv_jobs *jobs) {
    pthread_mutex_lock(&jobs->lock);
    int load = jobs->waiting + jobs->running;
    pthread_mutex_unlock(&jobs->lock);
    return load;
}

void srv_jobs_stop(srv_jobs *jobs) {
    pthread_mutex_lock(&jobs->lock);
    jobs->stopping = 1;
    pthread_cond_broadcast(&jobs->wake);
    pthread_mutex_unlock(&jobs->lock);
    for (int i = 0; i < jobs->workers; i++) pthread_join(jobs->threads[i], NULL);
    pthread_cond_destroy(&jobs->wake);
    pthread_mutex_destroy(&jobs->lock);
    free(jobs);
}
