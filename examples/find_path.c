/* Loads a Moving AI map, preprocesses it with mm and prints a path.
 * Usage: ./find_path MAP SX SY GX GY [ENTRY]     (ENTRY: mm unless given)
 * Installed and run from the checkout's root (tests/py/test_kits.py runs
 * these lines as written, with HOME in a temporary folder):
 *   make install PREFIX=$HOME/.local
 *   export PKG_CONFIG_PATH=$HOME/.local/lib/pkgconfig
 *   cc examples/find_path.c $(pkg-config --cflags --libs gppc-mm) -o find_path
 *   ./find_path maps/rooms/8room256-0.map 1 1 250 250
 */
#include <gppc_mm.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char err[512];
    int w, h;
    if (argc < 6)
        return fprintf(stderr, "usage: %s MAP SX SY GX GY [ENTRY]\n", argv[0]), 2;
    uint8_t *cells = gppc_mm_load_map(argv[1], &w, &h, err, sizeof err);
    GppcMm *mm = cells ? gppc_mm_create(argc > 6 ? argv[6] : "mm", cells, w, h, NULL, err, sizeof err) : NULL;
    free(cells); /* the instance keeps its own copy */
    if (!mm)
        return fprintf(stderr, "%s\n", err), 2;
    GppcMmCell s = {(int16_t)atoi(argv[2]), (int16_t)atoi(argv[3])},
               g = {(int16_t)atoi(argv[4]), (int16_t)atoi(argv[5])};
    const GppcMmCell *path;
    size_t n;
    int rc = gppc_mm_find_path(mm, s, g, &path, &n);
    if (rc == 0) {
        printf("%s: %zu cells:", gppc_mm_name(mm), n);
        for (size_t i = 0; i < n; i++)
            printf(" %d,%d", path[i].x, path[i].y);
        printf("\n");
    } else
        fprintf(stderr, "start or goal outside the map or blocked\n");
    gppc_mm_free(mm);
    return rc == 0 ? 0 : 1;
}
