#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common/clock.h"
#include "driver.h"

const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static long status_kb(const char *key)
{
    FILE *fp = fopen("/proc/self/status", "r");
    if (!fp)
        return 0;
    char line[256];
    long kb = 0;
    size_t n = strlen(key);
    while (fgets(line, sizeof line, fp))
        if (strncmp(line, key, n) == 0) {
            kb = strtol(line + n, NULL, 10);
            break;
        }
    fclose(fp);
    return kb;
}

long rss_kb(void) { return status_kb("VmRSS:"); }

long peak_rss_kb(void) { return status_kb("VmHWM:"); }

bool reset_peak_rss(void)
{
    FILE *fp = fopen("/proc/self/clear_refs", "w");
    if (!fp)
        return false;
    bool ok = fputs("5", fp) >= 0; /* 5: reset the peak resident set (proc(5)) */
    return fclose(fp) == 0 && ok;
}

long long path_bytes(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return 0;
    if (!S_ISDIR(st.st_mode))
        return S_ISREG(st.st_mode) ? (long long)st.st_size : 0;
    DIR *d = opendir(path);
    if (!d)
        return 0;
    long long sum = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char sub[4096];
        if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub)
            sum += path_bytes(sub);
    }
    closedir(d);
    return sum;
}

void report_gppc_line(FILE *out, const char *scen_name, const QueryResult *r)
{
    fprintf(out,
            "GPPC\t%s\ttotal-time\t%.9f\tmax-time-step\t%.9f\ttime-20-moves\t%.9f\t"
            "total-len\t%.6f\tsubopt\t%.6f\t%s\n",
            scen_name, r->total_ns * 1e-9, r->max_step_ns * 1e-9, r->first20_ns * 1e-9, r->length, r->subopt,
            r->valid ? "valid" : "invalid");
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The 99th percentile (nearest rank) and the maximum of the update times;
 * sorts them in place (they are only reported). */
static void update_quantiles(const Totals *t, uint64_t *p99, uint64_t *max)
{
    size_t n = t->update_each_ns ? (size_t)t->updates : 0;
    if (!n)
        return;
    qsort(t->update_each_ns, n, sizeof *t->update_each_ns, cmp_u64);
    size_t rank = (99 * n + 99) / 100; /* ceil(0.99 n), 1-based */
    *p99 = t->update_each_ns[rank - 1];
    *max = t->update_each_ns[n - 1];
}

void report_summary(FILE *out, const char *entry_name, const Totals *t, long ram_before_kb, long ram_after_kb,
                    long long storage_bytes, double pre_s, const Counters *c)
{
    double n = t->queries ? (double)t->queries : 1.0;
    long nmeasured = t->valid - t->unreachable;
    fprintf(out,
            "SUMMARY entry=%s queries=%ld valid=%ld invalid=%ld total_s=%.6f mean_us=%.3f "
            "first20_mean_us=%.3f max_step_us=%.3f subopt_mean=%.6f subopt_max=%.6f "
            "expanded_mean=%.1f ram_before_kb=%ld ram_after_kb=%ld storage_bytes=%lld pre_s=%.6f "
            "over_bound=%ld unreachable=%ld step_mean_us=%.3f bad_queries=%ld below_octile=%ld mem_kb=%ld",
            entry_name, t->queries, t->valid, t->invalid, t->total_ns * 1e-9, t->total_ns * 1e-3 / n,
            t->first20_ns * 1e-3 / n, t->max_step_ns * 1e-3, nmeasured ? t->subopt_sum / (double)nmeasured : 0.0,
            t->subopt_max, t->expanded / n, ram_before_kb, ram_after_kb, storage_bytes, pre_s, t->over_bound,
            t->unreachable, t->calls > 0 ? t->total_ns * 1e-3 / t->calls : 0.0, t->bad_queries, t->below_octile,
            t->mem_kb);
    fprintf(out, " optimal=%ld scen_map_mismatch=%ld below_optimum=%ld", t->optimal, t->scen_map_mismatch,
            t->below_optimum);
    const CallTimes *ct = &t->times;
    fprintf(out, " call_p99_us=%.3f call_p999_us=%.3f call_max_us=%.3f", call_hist_quantile(&ct->wall, 990) * 1e-3,
            call_hist_quantile(&ct->wall, 999) * 1e-3, ct->wall.max * 1e-3);
    if (ct->cpu_per_call) /* --cpu-clock call; else the CPU clock was read around whole queries only */
        fprintf(out, " call_cpu_p99_us=%.3f call_cpu_p999_us=%.3f call_cpu_max_us=%.3f call_cpu_clamped=%ld",
                call_hist_quantile(&ct->cpu, 990) * 1e-3, call_hist_quantile(&ct->cpu, 999) * 1e-3, ct->cpu.max * 1e-3,
                ct->cpu_clamped);
    if (ct->cpu_per_call) /* as many calls as the run timed, up to the cap: a longest of more readings is longer */
        fprintf(out, " call_cpu_floor_us=%.3f", call_times_floor(ct, ct->cpu.n) * 1e-3);
    fprintf(out,
            " query_max_us=%.3f query_cpu_max_us=%.3f rss_base_kb=%ld rss_peak_kb=%ld cpu_clock_cost_us=%.3f "
            "total_cpu_s=%.6f cpu_clock=%s",
            ct->query_wall_max * 1e-3, ct->query_cpu_max * 1e-3, t->rss_base_kb, t->rss_peak_kb,
            ct->cpu_overhead_ns * 1e-3, t->total_cpu_ns * 1e-9, ct->cpu_per_call ? "call" : "query");
    if (t->pre_rejected)
        fprintf(out, " pre_rejected=%s rebuild_s=%.6f", t->pre_rejected, t->rebuild_s);
    if (t->dynamic) {
        fprintf(out, " skipped=%ld updates=%ld update_us_mean=%.3f update_by_rebuild=%d", t->skipped, t->updates,
                t->updates ? t->update_ns * 1e-3 / (double)t->updates : 0.0, t->rebuilt ? 1 : 0);
        uint64_t p99 = 0, max = 0;
        update_quantiles(t, &p99, &max);
        fprintf(out, " update_us_p99=%.3f update_us_max=%.3f updates_charged=%d update_cpu_us_mean=%.3f", p99 * 1e-3,
                max * 1e-3, t->updates_charged ? 1 : 0,
                t->updates ? t->update_cpu_ns * 1e-3 / (double)t->updates : 0.0);
    }
    for (int i = 0; c && i < c->n; i++)
        if (c->extra[i].text)
            fprintf(out, " %s=%s", c->extra[i].key, c->extra[i].text);
        else
            fprintf(out, " %s=%.10g", c->extra[i].key, c->extra[i].value);
    if (c && c->dropped)
        fprintf(out, " counters_dropped=%d", c->dropped);
    fputc('\n', out);
}

void report_path_line(FILE *out, int id, const ScenQuery *q, const QueryResult *r, const xyPath *path)
{
    fprintf(out, "%d\t%.6f\t%.6f\t", id, path->len ? r->length : -1.0, q->optimal);
    for (size_t i = 0; i < path->len; i++)
        fprintf(out, i ? " %d,%d" : "%d,%d", path->cells[i].x, path->cells[i].y);
    fputc('\n', out);
}

/* The next fill the kept lines are written at (CallTimes.calls_write_at). */
static void draw_write_at(CallTimes *t)
{
    t->calls_draw = t->calls_draw * 6364136223846793005ull + 1442695040888963407ull;
    t->calls_write_at = CALLS_KEPT_MAX / 2 + (int)((t->calls_draw >> 33) % (CALLS_KEPT_MAX / 2));
}

void report_calls_start(CallTimes *t, FILE *out)
{
    fputs("query\tcall\tcells\tdone\twall_us\tcpu_us\tminflt\tmajflt", out);
    for (int k = 0; k < t->counters.n; k++)
        fprintf(out, "\t%s", t->counters.key[k]);
    fputc('\n', out);
    t->calls_out = out;
    t->calls_draw = clock_now_ns() ^ (uint64_t)getpid() << 32;
    draw_write_at(t);
}

void report_calls_flush(CallTimes *t)
{
    for (int i = 0; i < t->calls_nkept; i++) {
        const CallLine *c = &t->calls_kept[i];
        fprintf(t->calls_out, "%d\t%ld\t%zu\t%d\t%.3f\t", c->query, c->call, c->cells, (int)c->done,
                (double)c->wall_ns * 1e-3);
        if (t->cpu_per_call)
            fprintf(t->calls_out, "%.3f", (double)c->cpu_ns * 1e-3);
        else
            fputc('-', t->calls_out);
        fprintf(t->calls_out, "\t%u\t%u", (unsigned)c->minflt, (unsigned)c->majflt);
        const CallCounters *cc = &t->counters;
        for (int k = 0; k < cc->n; k++)
            fprintf(t->calls_out, "\t%.15g", cc->kept[(size_t)i * (size_t)cc->n + (size_t)k]);
        fputc('\n', t->calls_out);
    }
    t->calls_nkept = 0;
    draw_write_at(t);
}

void report_calls_between(CallTimes *t)
{
    if (t->calls_nkept >= t->calls_write_at)
        report_calls_flush(t);
}
