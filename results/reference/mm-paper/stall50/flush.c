/* Streams 256 MiB through the caches so that no line of another program stays in L3. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void)
{
    size_t n = (size_t)256 << 20;
    volatile unsigned char *b = malloc(n);
    if (!b)
        return 1;
    memset((void *)b, 1, n);
    unsigned long s = 0;
    for (int r = 0; r < 2; r++)
        for (size_t i = 0; i < n; i += 64)
            s += b[i];
    printf("%lu\n", s & 1);
    return 0;
}
