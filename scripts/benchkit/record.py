#!/usr/bin/env python3
"""Records a byte stream with arrival times: what tmux's `pipe-pane -O` hands it on stdin.

The file is a sequence of chunks, each `<d I` (CLOCK_MONOTONIC seconds, length) then the bytes.
`PATH.ready` appears once it is reading, `PATH.done` once the stream has ended.
"""
import os
import struct
import sys
import time


def main(path):
    # Exclusive: a second recorder on the same file would corrupt it, so it fails instead.
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644), "wb") as out:
        with open(path + ".ready", "w") as ready:
            ready.write(str(os.getpid()))
        while True:
            data = os.read(0, 1 << 16)
            if not data:
                break
            out.write(struct.pack("<dI", time.monotonic(), len(data)))
            out.write(data)
    open(path + ".done", "w").close()


def read_chunks(path):
    """The chunks of a recording: a list of (time, bytes)."""
    chunks = []
    with open(path, "rb") as f:
        data = f.read()
    offset = 0
    while offset + 12 <= len(data):
        t, n = struct.unpack_from("<dI", data, offset)
        offset += 12
        chunks.append((t, data[offset:offset + n]))
        offset += n
    return chunks


if __name__ == "__main__":
    main(sys.argv[1])
