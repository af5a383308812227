#ifndef REEL_CDBUS_SHIM_H
#define REEL_CDBUS_SHIM_H
#include <dbus/dbus.h>

/* The type codes as constants Swift can import (dbus-protocol.h writes them as casts). */
static const int REEL_DBUS_TYPE_STRING = DBUS_TYPE_STRING;
static const int REEL_DBUS_TYPE_OBJECT_PATH = DBUS_TYPE_OBJECT_PATH;
static const int REEL_DBUS_TYPE_BOOLEAN = DBUS_TYPE_BOOLEAN;
static const int REEL_DBUS_TYPE_INT32 = DBUS_TYPE_INT32;
static const int REEL_DBUS_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int REEL_DBUS_TYPE_INT64 = DBUS_TYPE_INT64;
static const int REEL_DBUS_TYPE_UINT64 = DBUS_TYPE_UINT64;
static const int REEL_DBUS_TYPE_DOUBLE = DBUS_TYPE_DOUBLE;
static const int REEL_DBUS_TYPE_ARRAY = DBUS_TYPE_ARRAY;
static const int REEL_DBUS_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int REEL_DBUS_TYPE_DICT_ENTRY = DBUS_TYPE_DICT_ENTRY;
static const int REEL_DBUS_TYPE_STRUCT = DBUS_TYPE_STRUCT;
static const int REEL_DBUS_TYPE_INVALID = DBUS_TYPE_INVALID;
#endif
