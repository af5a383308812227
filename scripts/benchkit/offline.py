"""Bytes and fidelity measured offline, apart from timing: every frame of a clip goes through
reel's renderer (the RenderBench tool) and through `mpv --vo=tct` (untimed, into a file), none
dropped; both byte streams are decoded back with vt.py, as the tmux runs are, and each screen is
compared with its own source frame.

Besides PSNR it measures two local figures that a mean over the frame can hide:
- the 99th percentile of the per-cell error: the RMS error of a cell's 2 x 2 display pixels
  against the source, over every cell of every frame;
- the longest time a cell in a smooth part of the picture stays more than `OFF_LEVELS` away from
  the source (its mean colour, in any channel): stale colour where it shows most.
"""
import hashlib
import json
import os
import subprocess

import numpy as np

import fidelity
import vt

# A cell is in a smooth area when the source around it (its own 2 x 2 display pixels and those of
# the cells up to SMOOTH_RADIUS away) spans at most SMOOTH_RANGE levels in every channel. The
# radius keeps out cells beside an edge, where a picture scaled a little differently (mpv's
# scaler against the reference's) differs from the source without any staleness.
SMOOTH_RANGE = 12
SMOOTH_RADIUS = 2
# A cell is off when its mean colour is more than this many levels from the source's in a channel.
OFF_LEVELS = 8


def _key(*parts):
    return hashlib.sha1(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:12]


def _clip_stamp(clip):
    st = os.stat(clip)
    return f"{os.path.basename(clip)}-{st.st_size}-{int(st.st_mtime)}"


# Pixels a cell each blitter is given: half blocks 1x2, the rest (quadrants, sextants, octants:
# FrameEncoder.Blitter.pixelsPerColumn and pixelsPerRow) 4x8 samples.
PER_CELL = {"half": (1, 2), "quadrant": (4, 8), "sextant": (4, 8), "octant": (4, 8)}


def pixel_size(columns, rows, blitter):
    per_x, per_y = PER_CELL[blitter]
    return per_x * columns, per_y * rows


def pixel_aspect(blitter):
    """The pixel aspect RenderBench decode is asked for, for cells of 1:2."""
    per_x, per_y = PER_CELL[blitter]
    return 0.5 * per_y / per_x


# How reel has mpv render a blitter's pixels, which RenderBench decode does when given the
# blitter's name: 3 times larger each way and averaged back for half blocks
# (FrameEncoder.Blitter.supersampling); on whole cells down for quadrants, sextants and octants (its
# pictureGrain), placed by reel rather than by mpv's letterboxing. Also the frames' cache key.
PLACEMENT = {"half": "supersampled 3", "quadrant": "on cells", "sextant": "on cells", "octant": "on cells"}


def decode_command(tool, clip, width, height, pixel_aspect, out, blitter=None):
    """`RenderBench decode` of `clip` as reel decodes it for `blitter`, or plainly at the size
    (letterboxed by mpv) without one."""
    command = [tool, "decode", clip, str(width), str(height), str(pixel_aspect), out]
    return command + [blitter] if blitter in PLACEMENT else command


def decoded_frames(tool, clip, width, height, pixel_aspect, cache, options="", blitter=None):
    """Every frame of `clip` as mpv renders it for reel's `blitter` at `width` x `height`, with
    more mpv `options` (NAME=VALUE;...) if given: a raw RGB file."""
    os.makedirs(cache, exist_ok=True)
    placement = PLACEMENT.get(blitter, "mpv")
    path = os.path.join(cache, f"frames-{_key(_clip_stamp(clip), width, height, pixel_aspect, options, placement)}.rgb")
    if not os.path.exists(path):
        subprocess.run(decode_command(tool, clip, width, height, pixel_aspect, path + f".{os.getpid()}.tmp", blitter),
                       check=True, stdout=subprocess.DEVNULL, env={**os.environ, "RENDERBENCH_MPV": options})
        os.replace(path + f".{os.getpid()}.tmp", path)
    return path


def _white_probe(clip, cache):
    """A short white clip with `clip`'s picture size: where a player puts the picture, whatever
    the clip shows (a mostly black picture, such as credits, would hide its own edges)."""
    size = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                           "stream=width,height", "-of", "csv=p=0", clip],
                          check=True, stdout=subprocess.PIPE, text=True).stdout.strip().split(",")[:2]
    width, height = int(size[0]), int(size[1])
    path = os.path.join(cache, f"white-{width}x{height}.mp4")
    if not os.path.exists(path):
        os.makedirs(cache, exist_ok=True)
        subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                        f"color=c=white:s={width}x{height}:r=30:d=0.2", "-pix_fmt", "yuv420p", path + f".{os.getpid()}.tmp.mp4"],
                       check=True)
        os.replace(path + f".{os.getpid()}.tmp.mp4", path)
    return path


def _lit_box(lit, across):
    rows = np.where(lit.any(axis=1))[0]
    cols = np.where(lit.any(axis=0))[0]
    return int(cols[0]) * across, int(rows[0]), (int(cols[-1]) + 1) * across, int(rows[-1]) + 1


def reel_stream(tool, clip, columns, rows, blitter, settings, cache):
    """reel's bytes for every frame of `clip` with renderer `settings` ({"tolerance": 2, ...}).
    Returns (the bytes, RenderBench's figures with the picture's area)."""
    width, height = pixel_size(columns, rows, blitter)
    frames = decoded_frames(tool, clip, width, height, pixel_aspect(blitter), cache, blitter=blitter)
    out = os.path.join(cache, f"reel-{_key(frames, columns, rows, blitter, settings)}.bin")
    args = [f"{k}={v}" for k, v in sorted(settings.items())]
    figures = json.loads(subprocess.run([tool, "render", frames, str(width), str(height), str(columns), str(rows),
                                         blitter, out, *args], check=True, stdout=subprocess.PIPE, text=True).stdout)
    # mpv draws the last frame again at the end of the file; a repeated frame costs only the
    # synchronized-update markers, and run_offline_one leaves its screen out.
    data = open(out, "rb").read()
    # Where mpv puts the picture, in display pixels (2 across a half-block pixel): the lit pixels
    # of a white clip of the same size, decoded the same way.
    probe = decoded_frames(tool, _white_probe(clip, cache), width, height, pixel_aspect(blitter), cache,
                           blitter=blitter)
    white = np.fromfile(probe, dtype=np.uint8).reshape(-1, height, width, 3)
    lit = white[-1].max(axis=2) > 127
    per_x, per_y = PER_CELL[blitter]
    if per_x > 2:
        # 4x8 samples a cell, placed on half cells across and whole cells down: one sample a
        # display pixel's top left.
        lit = lit[::per_y // 2, ::per_x // 2]
    figures["area"] = _lit_box(lit, 2 if blitter == "half" else 1)
    figures["repeats"] = _repeated_frames(np.fromfile(frames, dtype=np.uint8).reshape(-1, height, width, 3))
    return data, figures


def _repeated_frames(frames):
    """The indices of decoded frames identical to the one before, from the end back to the last
    frame that differs: mpv draws the last frame again at the end of the file. reel's renderer may
    draw such a repeat differently from the frame before it (the byte budget has lowered the
    tolerance meanwhile), so the repeats are found in the frames it was given, not in its screens."""
    repeats = []
    k = len(frames) - 1
    while k > 0 and np.array_equal(frames[k], frames[k - 1]):
        repeats.append(k)
        k -= 1
    return repeats


def tct_stream(clip, columns, rows, cache):
    """mpv --vo=tct's bytes for every frame of `clip`, untimed, as the bench runs it otherwise."""
    os.makedirs(cache, exist_ok=True)
    path = os.path.join(cache, f"tct-{_key(_clip_stamp(clip), columns, rows)}.bin")
    if not os.path.exists(path):
        with open(path + f".{os.getpid()}.tmp", "wb") as out:
            subprocess.run(["mpv", "--no-config", "--vo=tct", "--vo-tct-256=no", "--ao=null", "--no-audio",
                            "--untimed", "--framedrop=no", "--really-quiet", f"--vo-tct-width={columns}", f"--vo-tct-height={rows}",
                            clip], check=True, stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        os.replace(path + f".{os.getpid()}.tmp", path)
    return open(path, "rb").read()


def screens(data, columns, rows, mode):
    """The screens a byte stream draws, as display-pixel images."""
    return [f.image for f in vt.decode([(0.0, data)], columns, rows, mode)]


def _without_repeats(images, count):
    """The first `count` of `images`, after leaving out screens identical to the one before while
    there are more than `count`: mpv draws the last frame again at the end of the file, and an
    untimed tct now and then draws one twice, which would put every later screen one frame off
    its source. Repeats are looked for from the end first: a clip may well begin with identical
    frames (credits start on black)."""
    return [images[i] for i in kept_indices(images, count)]


def kept_indices(images, count):
    """The indices of the screens ``_without_repeats`` keeps."""
    indices = list(range(len(images)))
    k = len(images) - 1
    while len(indices) > count and k > 0:
        if np.array_equal(images[k], images[k - 1]):
            del indices[k]
        k -= 1
    return indices[:count]


def video_area(images):
    """The box of display pixels that are ever not black (the letterbox bars are black): for tct,
    whose colours are exact."""
    lit = np.zeros(images[0].shape[:2], dtype=bool)
    for image in images:
        lit |= image.max(axis=2) > 0
    if not lit.any():
        return None
    rows = np.where(lit.any(axis=1))[0]
    cols = np.where(lit.any(axis=0))[0]
    return int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1


def _neighbourhood(values, reduce, radius=SMOOTH_RADIUS):
    """`reduce` (np.maximum or np.minimum) of each cell's value and its neighbours' up to `radius`
    cells away."""
    out = values.copy()
    padded = np.pad(values, ((radius, radius), (radius, radius), (0, 0)), mode="edge")
    h, w = values.shape[:2]
    for dy in range(2 * radius + 1):
        for dx in range(2 * radius + 1):
            out = reduce(out, padded[dy:dy + h, dx:dx + w])
    return out


def measure(images, area, source, fps):
    """Fidelity of `images` (screen k shows source frame k) over `area` against `source`."""
    x0, y0, x1, y1 = area
    n = min(len(images), len(source))
    # The cells wholly inside the area, in display pixels relative to the area.
    cx0, cy0 = (x0 + 1) // 2, (y0 + 1) // 2
    cx1, cy1 = x1 // 2, y1 // 2
    ox, oy = 2 * cx0 - x0, 2 * cy0 - y0
    ncx, ncy = cx1 - cx0, cy1 - cy0
    psnrs = []
    cell_errors = []
    run = np.zeros((ncy, ncx), dtype=np.int32)
    longest = 0
    smooth_share = []
    off_share = []
    aligned = 0
    for k in range(n):
        shown = images[k][y0:y1, x0:x1].astype(np.float32)
        src = source[k].astype(np.float32)
        mse = float(((shown - src) ** 2).mean())
        psnrs.append(fidelity.psnr(mse))
        if k > 0 and k + 1 < len(source):
            errors = [float(((shown - source[j].astype(np.float32)) ** 2).mean()) for j in (k - 1, k, k + 1)]
            aligned += int(np.argmin(errors) == 1)
        s = src[oy:oy + 2 * ncy, ox:ox + 2 * ncx].reshape(ncy, 2, ncx, 2, 3)
        v = shown[oy:oy + 2 * ncy, ox:ox + 2 * ncx].reshape(ncy, 2, ncx, 2, 3)
        cell_errors.append(np.sqrt(((v - s) ** 2).mean(axis=(1, 3, 4))).ravel())
        high = _neighbourhood(s.max(axis=(1, 3)), np.maximum)
        low = _neighbourhood(s.min(axis=(1, 3)), np.minimum)
        smooth = (high - low).max(axis=2) <= SMOOTH_RANGE
        off = np.abs(v.mean(axis=(1, 3)) - s.mean(axis=(1, 3))).max(axis=2) > OFF_LEVELS
        stale = smooth & off
        run = np.where(stale, run + 1, 0)
        longest = max(longest, int(run.max()) if run.size else 0)
        smooth_share.append(float(smooth.mean()))
        off_share.append(float(stale.sum()) / max(int(smooth.sum()), 1))
    errors = np.concatenate(cell_errors) if cell_errors else np.zeros(1)
    return {"frames": n, "psnr": float(np.mean(psnrs)), "cell_error_p99": float(np.percentile(errors, 99)),
            "cell_error_p999": float(np.percentile(errors, 99.9)),
            "smooth_stale_ms": longest / fps * 1000, "smooth_stale_frames": longest,
            "smooth_share": float(np.mean(smooth_share)), "smooth_off_share": float(np.mean(off_share)),
            "aligned": aligned / max(n - 2, 1)}


def run_offline_one(tool, clip, info, columns, rows, cache, player, settings=None):
    """Offline figures for one player ("tct", "reel-half" or "reel-quadrant") on one clip and size."""
    if player == "tct":
        data = tct_stream(clip, columns, rows, cache)
        images = screens(data, columns, rows, vt.REWIND)
        white = screens(tct_stream(_white_probe(clip, cache), columns, rows, cache), columns, rows, vt.REWIND)
        figures = {"area": _lit_box(white[-1].max(axis=2) > 127, 1)}
    else:
        blitter = player.split("-")[1]
        data, figures = reel_stream(tool, clip, columns, rows, blitter, settings or {}, cache)
        images = screens(data, columns, rows, vt.EVERY_SYNC)
        # A screen for each frame given: leave out those of the repeated last frames, as many as
        # there are more screens than the clip has frames.
        extra = len(images) - info["frames"]
        for k in sorted(figures["repeats"], reverse=True)[-extra:] if extra > 0 else []:
            del images[k]
    images = _without_repeats(images, info["frames"])
    area = figures.get("area") or video_area(images)
    source = fidelity.source_frames(clip, area[2] - area[0], area[3] - area[1], os.path.join(cache, "source"))
    row = measure(images, area, source, info["fps"])
    row.update(bytes=len(data), bytes_per_s=len(data) / info["duration"], area=area, screens=len(images))
    if "cells" in figures:
        row.update(cells_written_share=figures["cells_written"] / max(figures["cells"] * figures["frames"], 1),
                   render_ms_median=figures["render_ms_median"], render_ms_p95=figures["render_ms_p95"])
    return row
