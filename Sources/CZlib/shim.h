#ifndef REEL_CZLIB_SHIM_H
#define REEL_CZLIB_SHIM_H
#include <zlib.h>
#endif
