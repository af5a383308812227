// Byte comparison for Swift code that imports no C library of its own (Drawing): memcmp.
#include "CBlitter.h"
#include <string.h>

_Bool reel_same_bytes(const void *a, const void *b, size_t count) {
    return memcmp(a, b, count) == 0;
}
