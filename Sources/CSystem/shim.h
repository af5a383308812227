// The C calls the Glibc module leaves out, for the System target alone.
//
// Swift's Glibc module does not include <sys/vfs.h> (fstatfs, struct statfs) or <malloc.h>
// (mallopt, M_ARENA_MAX), and offers no way to look up an optional symbol by name without a
// cast. Each call is wrapped here with its real C types, so Swift never guesses a struct's size
// or a function's signature.
#ifndef REEL_SYSTEM_SHIM_H
#define REEL_SYSTEM_SHIM_H

#include <dlfcn.h>
#include <malloc.h>
#include <sys/vfs.h>

/// `fstatfs(2)`'s `f_type` for `descriptor` in `*type`; 0, or -1 with errno set.
static inline int reel_file_system_type(int descriptor, long *type) {
    struct statfs info;
    int result = fstatfs(descriptor, &info);
    if (result == 0) *type = (long)info.f_type;
    return result;
}

/// `mallopt(M_ARENA_MAX, count)`: 1 when the setting was taken, 0 when not.
static inline int reel_set_malloc_arena_limit(int count) {
    return mallopt(M_ARENA_MAX, count);
}

/// Calls `name`, a function of no arguments returning int, when a library loaded in the process
/// defines it; 0 when none does. For a library reel does not link against directly (OpenBLAS,
/// which libmpv may bring in).
static inline int reel_call_if_present(const char *name) {
    int (*function)(void) = (int (*)(void))dlsym((void *)0, name);
    return function ? function() : 0;
}

#endif
