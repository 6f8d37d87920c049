#include "lines.h"

#include "files.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool lines_open(Lines *r, const char *path, uint64_t max_bytes, Err *err)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    FILE *fp = file_open_input(path, max_bytes ? max_bytes : LINES_MAX_BYTES, NULL, err);
    if (!fp)
        return false;
    size_t cap = 1 << 16;
    r->buf = malloc(cap + 1);
    while (r->buf) {
        size_t got = fread(r->buf + r->size, 1, cap - r->size, fp);
        r->size += got;
        if (r->size < cap)
            break;
        /* A read window, not an array of elements: doubled, plus the byte
         * the closing NUL needs, so grow.h's element count does not fit. */
        cap *= 2;
        char *bigger = realloc(r->buf, cap + 1);
        if (!bigger) {
            free(r->buf);
            r->buf = NULL;
        }
        r->buf = bigger;
    }
    bool read_error = ferror(fp);
    fclose(fp);
    if (!r->buf)
        return err_set(err, "%s: out of memory reading file", path);
    if (read_error) {
        lines_close(r);
        return err_set(err, "%s: read error", path);
    }
    r->buf[r->size] = '\0';
    return true;
}

char *lines_next(Lines *r, size_t *len)
{
    if (r->pos >= r->size)
        return NULL;
    char *start = r->buf + r->pos;
    char *nl = memchr(start, '\n', r->size - r->pos);
    size_t n = nl ? (size_t)(nl - start) : r->size - r->pos;
    r->pos += n + (nl ? 1 : 0);
    while (n > 0 && (start[n - 1] == '\r' || start[n - 1] == ' ' || start[n - 1] == '\t'))
        n--;
    start[n] = '\0';
    r->number++;
    if (len)
        *len = n;
    return start;
}

void lines_close(Lines *r)
{
    free(r->buf);
    r->buf = NULL;
}

int lines_split(char *line, char **fields, int max)
{
    int n = 0;
    char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            return n;
        if (n < max)
            fields[n] = p;
        n++;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = '\0';
    }
}

bool parse_int(const char *s, long *out)
{
    if (!((*s >= '0' && *s <= '9') || *s == '-' || *s == '+'))
        return false; /* strtol would skip leading blanks */
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno)
        return false;
    *out = v;
    return true;
}

bool parse_double(const char *s, double *out)
{
    /* Decimal only: strtod also takes hex ("0x2") and leading blanks. */
    if (!((*s >= '0' && *s <= '9') || *s == '-' || *s == '+' || *s == '.') || strpbrk(s, "xX"))
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !isfinite(v))
        return false;
    *out = v;
    return true;
}
