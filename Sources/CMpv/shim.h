#ifndef REEL_CMPV_SHIM_H
#define REEL_CMPV_SHIM_H
#include <mpv/client.h>
#include <mpv/render.h>
#endif
