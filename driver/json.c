/* --json: the driver's stdout as JSON lines (docs/driver-output.md). The
 * summary object is made from the SUMMARY text line itself, pair by pair, so
 * a key added to report_summary() or an entry's counters appears in both
 * forms with no edit here. */
#include <math.h>
#include <string.h>

#include "driver.h"

static void json_string(FILE *out, const char *s, size_t n)
{
    fputc('"', out);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

/* JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
 * ("nan", "inf", "+1", "0x10" or "1." are not numbers in JSON). */
static bool json_number(const char *s, size_t n)
{
    size_t i = 0;
    if (i < n && s[i] == '-')
        i++;
    if (i < n && s[i] == '0')
        i++;
    else if (i < n && s[i] >= '1' && s[i] <= '9')
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
    else
        return false;
    if (i < n && s[i] == '.') {
        size_t d = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == d)
            return false;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            i++;
        size_t d = i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == d)
            return false;
    }
    return i == n;
}

void json_summary(FILE *out, const char *line)
{
    static const char prefix[] = "SUMMARY ";
    if (!strncmp(line, prefix, sizeof prefix - 1))
        line += sizeof prefix - 1;
    fputs("{\"type\":\"summary\"", out);
    for (const char *p = line; *p;) {
        p += strspn(p, " \t\n");
        size_t len = strcspn(p, " \t\n");
        if (!len)
            break;
        const char *eq = memchr(p, '=', len);
        size_t klen = eq ? (size_t)(eq - p) : len;
        fputc(',', out);
        json_string(out, p, klen);
        fputc(':', out);
        if (!eq) /* a bare word: present, no value */
            fputs("true", out);
        else if (json_number(eq + 1, len - klen - 1))
            fwrite(eq + 1, 1, len - klen - 1, out);
        else
            json_string(out, eq + 1, len - klen - 1);
        p += len;
    }
    fputs("}\n", out);
}

/* A finite double, or null (an unreachable query's subopt is infinite). */
static void json_double(FILE *out, double v)
{
    if (isfinite(v))
        fprintf(out, "%.9g", v);
    else
        fputs("null", out);
}

void json_query(FILE *out, const char *scen_name, int id, int rep, const ScenQuery *q, const QueryResult *r)
{
    fputs("{\"type\":\"query\",\"scen\":", out);
    json_string(out, scen_name, strlen(scen_name));
    fprintf(out,
            ",\"id\":%d,\"rep\":%d,\"line\":%d,\"bucket\":%d,\"start\":[%d,%d],\"goal\":[%d,%d],\"ref_length\":", id,
            rep, q->line, q->bucket, q->start.x, q->start.y, q->goal.x, q->goal.y);
    json_double(out, r->unreachable ? NAN : q->optimal);
    fputs(",\"length\":", out);
    json_double(out, r->length);
    fputs(",\"subopt\":", out);
    json_double(out, r->unreachable ? NAN : r->subopt);
    fprintf(out,
            ",\"valid\":%s,\"optimal\":%s,\"unreachable\":%s,\"path_size\":%zu,\"total_ns\":%llu,"
            "\"max_step_ns\":%llu,\"first20_ns\":%llu,\"calls\":%ld,\"expanded\":%llu,\"total_cpu_ns\":%llu,"
            "\"max_step_cpu_ns\":",
            r->valid ? "true" : "false",
            r->unreachable ? "null"
            : r->optimal   ? "true"
                           : "false",
            r->unreachable ? "true" : "false", r->path_size, (unsigned long long)r->total_ns,
            (unsigned long long)r->max_step_ns, (unsigned long long)r->first20_ns, r->calls,
            (unsigned long long)r->expanded, (unsigned long long)r->total_cpu_ns);
    if (r->cpu_per_call) /* else not measured (--cpu-clock query) */
        fprintf(out, "%llu}\n", (unsigned long long)r->max_step_cpu_ns);
    else
        fputs("null}\n", out);
}
