/* err.h: one error message per failed operation.
 *
 * Contract: a function that can fail takes an `Err *` and, on failure, writes a
 * single line "FILE:LINE: problem" (or "FILE: problem" where no line applies)
 * and returns false / NULL / -1. The caller owns the Err; nothing is allocated.
 * `err` may be NULL when the caller does not want the message. */
#ifndef GPPC_COMMON_ERR_H
#define GPPC_COMMON_ERR_H

#include <stdbool.h>

typedef struct Err {
    char msg[512];
} Err;

/* printf-style; always returns false so callers can `return err_set(...)`. */
bool err_set(Err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
