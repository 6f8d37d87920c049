#include "err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

size_t err_escape(const char *s, size_t n, char *out, size_t size)
{
    static const char HEX[] = "0123456789abcdef";
    size_t o = 0;
    for (size_t i = 0; i < n && size; i++) {
        unsigned char c = (unsigned char)s[i];
        bool plain = c >= 0x20 && c != 0x7f;
        if (o + (plain ? 1 : 4) >= size)
            break;
        if (plain) {
            out[o++] = (char)c;
        } else {
            out[o++] = '\\';
            out[o++] = 'x';
            out[o++] = HEX[c >> 4];
            out[o++] = HEX[c & 15];
        }
    }
    if (size)
        out[o] = '\0';
    return o;
}

bool err_set(Err *err, const char *fmt, ...)
{
    if (err) {
        char raw[sizeof err->msg];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        err_escape(raw, strlen(raw), err->msg, sizeof err->msg);
    }
    return false;
}
