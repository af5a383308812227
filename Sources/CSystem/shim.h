// The C calls the Glibc module leaves out, for the System target alone.
//
// Swift's Glibc module does not include <sys/vfs.h> (fstatfs, struct statfs) or <malloc.h>
// (mallopt, M_ARENA_MAX), and offers no way to look up an optional symbol by name without a
// cast. Each call is wrapped here with its real C types, so Swift never guesses a struct's size
// or a function's signature.
#ifndef REEL_SYSTEM_SHIM_H
#define REEL_SYSTEM_SHIM_H

// No _GNU_SOURCE here: it would change how the system headers define their types (fd_set's
// member is fds_bits under it, __fds_bits without), and this module's copy of them would then
// differ from the Glibc module's, which a clean build refuses. The GNU calls below are declared
// by hand instead, as glibc declares them.
#include <dlfcn.h>
#include <fcntl.h>
#include <malloc.h>
#include <spawn.h>
#include <sys/vfs.h>
#include <unistd.h>

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

int pipe2(int ends[2], int flags);
int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);

/// `pipe2(ends, O_CLOEXEC)`: a pipe whose ends are close-on-exec from the start, so that no
/// child spawned meanwhile by another thread inherits one (GNU, left out of the Glibc module).
static inline int reel_pipe_close_on_exec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

/// `posix_spawnattr_setflags`' flag that starts the child in a session of its own
/// (`POSIX_SPAWN_SETSID`, glibc 2.26; GNU, left out of the Glibc module).
static inline short reel_spawn_new_session_flag(void) {
#ifdef POSIX_SPAWN_SETSID
    return POSIX_SPAWN_SETSID;
#else
    return 0x80;  // glibc's <spawn.h> value, declared there only for _GNU_SOURCE
#endif
}

/// `posix_spawn_file_actions_addchdir_np`: the child's working directory (glibc 2.29; GNU).
static inline int reel_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

#endif
