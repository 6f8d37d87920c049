#include <stdlib.h>
#include <string.h>

#include "driver.h"

const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

long rss_kb(void)
{
    FILE *fp = fopen("/proc/self/status", "r");
    if (!fp)
        return 0;
    char line[256];
    long kb = 0;
    while (fgets(line, sizeof line, fp))
        if (strncmp(line, "VmRSS:", 6) == 0) {
            kb = strtol(line + 6, NULL, 10);
            break;
        }
    fclose(fp);
    return kb;
}

void report_gppc_line(FILE *out, const char *scen_name, const QueryResult *r)
{
    fprintf(out,
            "GPPC\t%s\ttotal-time\t%.9f\tmax-time-step\t%.9f\ttime-20-moves\t%.9f\t"
            "total-len\t%.6f\tsubopt\t%.6f\t%s\n",
            scen_name, r->total_ns * 1e-9, r->max_step_ns * 1e-9, r->first20_ns * 1e-9, r->length, r->subopt,
            r->valid ? "valid" : "invalid");
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
            "over_bound=%ld unreachable=%ld step_mean_us=%.3f bad_queries=%ld below_octile=%ld",
            entry_name, t->queries, t->valid, t->invalid, t->total_ns * 1e-9, t->total_ns * 1e-3 / n,
            t->first20_ns * 1e-3 / n, t->max_step_ns * 1e-3, nmeasured ? t->subopt_sum / (double)nmeasured : 0.0,
            t->subopt_max, t->expanded / n, ram_before_kb, ram_after_kb, storage_bytes, pre_s, t->over_bound,
            t->unreachable, t->calls > 0 ? t->total_ns * 1e-3 / t->calls : 0.0, t->bad_queries, t->below_octile);
    fprintf(out, " below_optimum=%ld", t->below_optimum);
    if (t->pre_rejected)
        fprintf(out, " pre_rejected=%s rebuild_s=%.6f", t->pre_rejected, t->rebuild_s);
    if (t->dynamic)
        fprintf(out, " skipped=%ld updates=%ld update_us_mean=%.3f update_by_rebuild=%d", t->skipped, t->updates,
                t->updates ? t->update_ns * 1e-3 / (double)t->updates : 0.0, t->rebuilt ? 1 : 0);
    for (int i = 0; c && i < c->n; i++)
        fprintf(out, " %s=%.10g", c->extra[i].key, c->extra[i].value);
    if (c && c->dropped)
        fprintf(out, " counters_dropped=%d", c->dropped);
    fputc('\n', out);
}
