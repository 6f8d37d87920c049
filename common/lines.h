/* lines.h: read a whole text file and walk it line by line, 1-based numbers,
 * with the CR of CRLF and trailing blanks (space, tab) removed.
 * The reader owns the buffer; lines point into it and live until lines_close(). */
#ifndef GPPC_COMMON_LINES_H
#define GPPC_COMMON_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"

typedef struct Lines {
    char *buf;
    size_t size, pos;
    int number; /* number of the line last returned */
    const char *path;
} Lines;

/* Reads the whole file: a regular file of at most max_bytes bytes (0:
 * LINES_MAX_BYTES), refused unread otherwise (common/files.h). */
#define LINES_MAX_BYTES (1ull << 30)
bool lines_open(Lines *r, const char *path, uint64_t max_bytes, Err *err);
/* Next line (NUL-terminated, trimmed) or NULL at end of file. A NUL byte
 * inside the line ends it early for string functions: a parser that splits
 * fields checks memchr(line, 0, len) first (a binary file, a corrupt byte),
 * or it would read the line cut short. */
char *lines_next(Lines *r, size_t *len);
void lines_close(Lines *r);

/* Splits `line` in place on runs of spaces and tabs; returns the field count
 * (at most `max`; a count above max means there were more fields). */
int lines_split(char *line, char **fields, int max);

/* Strict number parsing: the whole string must be the number, in decimal
 * (no hex, no leading blanks; a double also finite). */
bool parse_int(const char *s, long *out);
bool parse_double(const char *s, double *out);

#endif
