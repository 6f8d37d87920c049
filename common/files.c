#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *file_open_input(const char *path, uint64_t max_bytes, uint64_t *size, Err *err)
{
    /* O_NONBLOCK: opening a FIFO for reading would wait for a writer. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        err_set(err, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    const char *why = NULL;
    if (fstat(fd, &st) != 0)
        why = "cannot stat";
    else if (!S_ISREG(st.st_mode))
        why = S_ISDIR(st.st_mode) ? "is a folder, not a file" : "not a regular file (a FIFO, device or socket)";
    if (!why && max_bytes && (uint64_t)st.st_size > max_bytes) {
        err_set(err, "%s: %lld bytes, more than the %llu this file can need", path, (long long)st.st_size,
                (unsigned long long)max_bytes);
        close(fd);
        return NULL;
    }
    int flags = why ? 0 : fcntl(fd, F_GETFL);
    if (!why && (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0))
        why = "cannot read";
    FILE *fp = why ? NULL : fdopen(fd, "rb");
    if (!fp) {
        err_set(err, "%s: %s", path, why ? why : "cannot open");
        close(fd);
        return NULL;
    }
    if (size)
        *size = (uint64_t)st.st_size;
    return fp;
}

bool file_same(const char *a, const char *b)
{
    struct stat sa, sb;
    if (strcmp(a, b) == 0)
        return true;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
