/* err.h: one error message per failed operation.
 *
 * Contract: a function that can fail takes an `Err *` and, on failure, writes a
 * single line "FILE:LINE: problem" (or "FILE: problem" where no line applies)
 * and returns false / NULL / -1. The caller owns the Err; nothing is allocated.
 * `err` may be NULL when the caller does not want the message. */
#ifndef GPPC_COMMON_ERR_H
#define GPPC_COMMON_ERR_H

#include <stdbool.h>
#include <stddef.h>

typedef struct Err {
    char msg[512];
} Err;

/* printf-style; always returns false so callers can `return err_set(...)`.
 * Control bytes in the message (a map's NUL or tab, a terminal escape read
 * from a file) come out as \xNN (err_escape), so a message stays one
 * printable line whatever the input held. */
bool err_set(Err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Copies n bytes of s to out (size bytes, NUL-terminated), each control
 * byte (below 0x20, and 0x7f) as \xNN; UTF-8 passes unchanged. Stops
 * before a byte that would not fit whole. Returns the length written. The
 * one way a message shows bytes read from a file. */
size_t err_escape(const char *s, size_t n, char *out, size_t size);

#endif
