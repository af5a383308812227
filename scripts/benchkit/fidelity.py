"""Compares decoded screens with the source video: which source frame each screen shows, and how
faithfully (PSNR over the video area only).

The geometry: every screen is in display pixels (2 x 2 per cell, see vt.py). A player's video area
is the bounding box of the display pixels that were ever lit during the run; letterbox bars are
left out. The source frames are scaled by ffmpeg (area averaging) to exactly that box, so each
player is judged on its own letterbox against what the clip looks like at that size and shape.
"""
import os
import subprocess

import numpy as np


def video_area(frames, threshold=12, share=0.5):
    """(x0, y0, x1, y1), end-exclusive, of the pixels lit in at least `share` of `frames`, or None.

    Counting how often a pixel is lit, rather than whether it ever was, keeps out controls that
    showed for a moment over the letterbox."""
    count = None
    for frame in frames:
        mask = (frame.image.max(axis=2) > threshold).astype(np.int32)
        count = mask if count is None else count + mask
    if count is None:
        return None
    lit = count >= share * len(frames)
    if not lit.any():
        return None
    rows = np.where(lit.any(axis=1))[0]
    cols = np.where(lit.any(axis=0))[0]
    return int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1


def source_frames(clip, width, height, cache_dir, start=None, duration=None):
    """The clip's frames scaled to `width` x `height` RGB, as an array (N, height, width, 3) uint8.

    The reference is the ideal picture for that grid: YUV is converted to RGB at the clip's own
    resolution, with the clip's matrix when it is tagged (the film-sized clips are BT.709) and as
    mpv does for untagged SD video otherwise (BT.601, limited range), with exact rounding and full
    chroma interpolation (swscale's fast path is off by one or two levels, which would cap every
    PSNR near 43 dB), in 16 bits; then each target pixel is the area average of the source pixels
    it covers.
    """
    os.makedirs(cache_dir, exist_ok=True)
    name = f"{os.path.basename(clip)}-{os.path.getsize(clip)}-{width}x{height}-{start}-{duration}-v4.rgb"
    path = os.path.join(cache_dir, name)
    if not os.path.exists(path):
        command = ["ffmpeg", "-v", "error", "-nostdin"]
        if start is not None:
            command += ["-ss", str(start)]
        command += ["-i", clip]
        if duration is not None:
            command += ["-t", str(duration)]
        filters = (f"scale=in_color_matrix={_matrix(clip)}:in_range=tv:flags=accurate_rnd+full_chroma_int,format=rgb48le,"
                   f"scale={width}:{height}:flags=area+accurate_rnd,format=rgb24")
        command += ["-an", "-fps_mode", "passthrough", "-vf", filters,
                    "-f", "rawvideo", path + f".{os.getpid()}.tmp"]
        subprocess.run(command, check=True)
        os.replace(path + f".{os.getpid()}.tmp", path)
    data = np.fromfile(path, dtype=np.uint8)
    return data.reshape(-1, height, width, 3)


def _matrix(clip):
    """The clip's YUV matrix for ffmpeg's scale filter: bt709 when it is tagged so, else bt601."""
    tag = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=color_space",
                          "-of", "csv=p=0", clip], stdout=subprocess.PIPE, text=True).stdout.strip()
    return "bt709" if tag == "bt709" else "bt601"


def psnr(mse):
    return 99.0 if mse <= 1e-9 else 10 * np.log10(255.0 ** 2 / mse)


class Match:
    """One screen matched to the source frame it shows best."""

    __slots__ = ("time", "index", "mse", "psnr")

    def __init__(self, time, index, mse):
        self.time = time
        self.index = index
        self.mse = mse
        self.psnr = psnr(mse)


def match_frames(frames, area, source, window=(-3, 12), first_window=None, minimum_psnr=12.0):
    """Matches each screen's video area with a source frame: the best one near the previous match
    (within `window` frames), or anywhere in `first_window` (default: all) for the first screen
    and after a screen that matched nothing. Screens below `minimum_psnr` (no picture yet, a
    cleared screen) are left out. Returns a list of Match in screen order."""
    x0, y0, x1, y1 = area
    reference = source.astype(np.float32)
    matches = []
    previous = None
    for frame in frames:
        crop = frame.image[y0:y1, x0:x1].astype(np.float32)
        if previous is None:
            lo, hi = first_window or (0, len(source))
        else:
            lo, hi = max(previous + window[0], 0), min(previous + window[1] + 1, len(source))
        candidates = reference[lo:hi]
        errors = ((candidates - crop) ** 2).mean(axis=(1, 2, 3))
        best = int(np.argmin(errors))
        m = Match(frame.time, lo + best, float(errors[best]))
        if m.psnr < minimum_psnr:
            previous = None
            continue
        matches.append(m)
        previous = m.index
    return matches


def best_match(source, crop, lo, hi, chunk=64):
    """The index in `lo..<hi` of the source frame nearest to `crop` (least squared error)."""
    target = crop.astype(np.float32)
    best, best_error = lo, float("inf")
    for start in range(lo, hi, chunk):
        errors = ((source[start:min(start + chunk, hi)].astype(np.float32) - target) ** 2).mean(axis=(1, 2, 3))
        k = int(np.argmin(errors))
        if errors[k] < best_error:
            best, best_error = start + k, float(errors[k])
    return best


def summarise(matches):
    """Mean PSNR (dB) over the matched screens, and how many distinct source frames they showed."""
    if not matches:
        return {"psnr": float("nan"), "distinct": 0, "screens": 0}
    return {"psnr": float(np.mean([m.psnr for m in matches])),
            "distinct": len({m.index for m in matches}),
            "screens": len(matches)}
