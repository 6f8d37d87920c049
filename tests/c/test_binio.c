/* common/: the preprocessing file header (round trip, each mismatch
 * rejected), writing files whole, and Counters past their capacity. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../common/binio.h"
#include "../../common/counters.h"
#include "test.h"

static const FileHeader HDR = {3, "mm", 40, 30, 0x1234567890abcdefull};

static void write_file(const char *path, const FileHeader *h, bool truncate)
{
    FILE *fp = fopen(path, "wb");
    BinFile f = {.fp = fp, .path = path};
    bin_put_header(&f, h);
    bin_put_u16(&f, 0xbeef);
    bin_put_f64(&f, -2.5);
    fclose(fp);
    if (truncate) {
        fp = fopen(path, "r+b");
        (void)!ftruncate(fileno(fp), 20);
        fclose(fp);
    }
}

static bool read_file(const char *path, const FileHeader *want, Err *err)
{
    FILE *fp = fopen(path, "rb");
    BinFile f = {.fp = fp, .path = path};
    bool ok = bin_check_header(&f, want, err);
    if (ok) {
        ok = bin_get_u16(&f) == 0xbeef && bin_get_f64(&f) == -2.5 && !f.failed;
        bin_get_u8(&f);
        ok = ok && f.failed; /* reading past the end is noticed */
    }
    fclose(fp);
    return ok;
}

static void test_binio_round_trip_and_rejects(T *t)
{
    char path[256];
    snprintf(path, sizeof path, "%s/hdr.bin", temp_dir());
    Err err;
    write_file(path, &HDR, false);
    CHECKF(t, read_file(path, &HDR, &err), "%s", err.msg);
    FileHeader other = HDR;
    other.version = 4;
    CHECK(t, !read_file(path, &other, &err) && contains(err.msg, "format version 3, expected 4"));
    other = HDR;
    strcpy(other.name, "ch");
    CHECK(t, !read_file(path, &other, &err) && contains(err.msg, "entry 'mm', expected 'ch'"));
    other = HDR;
    other.width = 41;
    CHECK(t, !read_file(path, &other, &err) && contains(err.msg, "map size 40x30"));
    other = HDR;
    other.checksum ^= 1;
    CHECK(t, !read_file(path, &other, &err) && contains(err.msg, "checksum"));
    write_file(path, &HDR, true);
    CHECK(t, !read_file(path, &HDR, &err) && contains(err.msg, "truncated"));
    temp_file(2, "hello, not a preprocessing file at all");
    snprintf(path, sizeof path, "%s/file2", temp_dir());
    CHECK(t, !read_file(path, &HDR, &err) && contains(err.msg, "bad magic"));
}

/* Whole or not at all: a failed write leaves the old file and no temporary
 * file behind; a good one replaces it. */
static void test_binio_create_commit(T *t)
{
    char path[256], text[64] = "";
    snprintf(path, sizeof path, "%s/whole.bin", temp_dir());
    FILE *fp = fopen(path, "w");
    fputs("old contents", fp);
    fclose(fp);
    BinFile f;
    Err err;
    CHECK(t, bin_create(&f, path, &err));
    bin_put_u32(&f, 7);
    f.failed = true; /* as a short write would leave it */
    CHECK(t, !bin_commit(&f, &err) && contains(err.msg, path) && contains(err.msg, "write error"));
    fp = fopen(path, "r");
    CHECK(t, fp && fgets(text, sizeof text, fp) && !strcmp(text, "old contents"));
    if (fp)
        fclose(fp);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "ls %s | grep -q tmp", temp_dir());
    CHECK(t, system(cmd) != 0); /* no temporary file left */
    CHECK(t, bin_create(&f, path, &err));
    bin_put_u32(&f, 7);
    CHECK(t, bin_commit(&f, &err));
    fp = fopen(path, "rb");
    BinFile r = {.fp = fp, .path = path};
    CHECK(t, fp && bin_get_u32(&r) == 7 && (bin_get_u8(&r), r.failed));
    if (fp)
        fclose(fp);
    snprintf(path, sizeof path, "%s/no/such/folder/x.bin", temp_dir());
    CHECK(t, !bin_create(&f, path, &err) && contains(err.msg, "no/such/folder/x.bin: cannot write"));
}

/* A link planted at the temporary name (another user's file, or ours) is
 * never written through: bin_create passes over it (O_EXCL), and the rename
 * puts a regular file at the target, not the link. */
static void test_binio_create_never_through_a_link(T *t)
{
    char path[256], tmp[300], victim[256], text[64] = "";
    snprintf(path, sizeof path, "%s/linked.pre", temp_dir());
    snprintf(victim, sizeof victim, "%s/victim.txt", temp_dir());
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld.0", path, (long)getpid());
    FILE *fp = fopen(victim, "w");
    fputs("precious", fp);
    fclose(fp);
    CHECK(t, symlink(victim, tmp) == 0);
    BinFile f;
    Err err;
    CHECKF(t, bin_create(&f, path, &err), "%s", err.msg);
    bin_put_u32(&f, 7);
    CHECKF(t, bin_commit(&f, &err), "%s", err.msg);
    fp = fopen(victim, "r");
    CHECK(t, fp && fgets(text, sizeof text, fp) && !strcmp(text, "precious"));
    if (fp)
        fclose(fp);
    struct stat st;
    CHECK(t, lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 4);
    CHECK(t, lstat(tmp, &st) == 0 && S_ISLNK(st.st_mode)); /* passed over, left as it was */
    unlink(tmp);
}

/* A pair past COUNTERS_MAX is counted, never lost unseen (mm once went past
 * 32 pairs and its search_bytes vanished from SUMMARY). */
static void test_counters_overflow_counted(T *t)
{
    Counters c = {0};
    for (int i = 0; i < COUNTERS_MAX + 3; i++)
        counters_add(&c, "k", i);
    CHECKF(t, c.n == COUNTERS_MAX && c.dropped == 3, "n %d dropped %d", c.n, c.dropped);
    CHECK(t, c.extra[COUNTERS_MAX - 1].value == COUNTERS_MAX - 1);
}

const TestCase BINIO_TESTS[] = {
    {"binio_round_trip_and_rejects", test_binio_round_trip_and_rejects},
    {"binio_create_commit", test_binio_create_commit},
    {"binio_create_never_through_a_link", test_binio_create_never_through_a_link},
    {"counters_overflow_counted", test_counters_overflow_counted},
    {NULL, NULL},
};
