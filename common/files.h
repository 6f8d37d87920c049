/* files.h: opening the files a run reads, so that what is not a regular file
 * (a FIFO, a device, a folder) is refused at once with one message instead of
 * blocking or being read for ever, and a file larger than its reader allows
 * is refused before it is read; and telling whether two paths name one file
 * (an output that would overwrite an input).
 *
 * Writing goes through common/binio.h bin_create/bin_commit (a temporary
 * beside the target, renamed over it), never through these. */
#ifndef GPPC_COMMON_FILES_H
#define GPPC_COMMON_FILES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "err.h"

/* Opens `path` for reading ("rb") when it is a regular file of at most
 * max_bytes bytes (0: no limit); *size gets its size (size may be NULL).
 * Never blocks: a FIFO is opened non-blocking and refused. NULL + "PATH:
 * problem" otherwise. */
FILE *file_open_input(const char *path, uint64_t max_bytes, uint64_t *size, Err *err);

/* Do a and b name the same existing file (same device and inode, so links
 * and other spellings count), or the same string? */
bool file_same(const char *a, const char *b);

#endif
