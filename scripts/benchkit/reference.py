"""One frame for all: the still every tool is given and scored against, as mpv decodes it.

reel shows what libmpv converts a clip's YUV into, with mpv's matrix and range: the clip's own
tags, and for an untagged clip mpv's guess (BT.709 from 1280 px wide or over 576 lines, else
BT.601; limited range; 4:2:0 chroma sited left, as MPEG-2 and H.264 put it). A reference taken
with FFmpeg's defaults instead (BT.601 for all untagged video, chroma centred) differs from what
reel draws by ~0.3 dB on untagged HD, a loss reel's peers, given that picture, do not have.

So the still is mpv's own frame: `mpv --vo=image` at the clip's size (no scaling, only the
conversion), a PNG that reel's RenderBench, chafa, timg and tct are each given. It is checked
against FFmpeg's conversion with mpv's matrix, range and chroma siting set explicitly
(`crosscheck`). On the stills they agree at 46.5 to 53.8 dB: the same frame in the same colours,
the rest being how each upsamples sharp chroma edges (zimg in mpv, swscale in FFmpeg: the fractal
and the flat animation are lowest). A wrong matrix is ~37 dB (BT.601 for the 720p film), the
next frame 22 to 26 dB.
"""
import os
import shutil
import subprocess

import numpy as np

import fidelity

# Two conversions of the same frame in the same colours agree at least this well (PSNR, dB), or
# the bench says so; they differ by the chroma filter alone above it (see above).
AGREEMENT_DB = 45.0


def _probe(clip):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                          "stream=width,height,color_space,color_range,chroma_location", "-of", "default=nw=1", clip],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def mpv_colours(clip):
    """The matrix, range and chroma siting mpv decodes `clip` with, as FFmpeg's scale filter
    names them: (matrix, range, chroma position across and down in 1/256 of a pixel)."""
    return colours_of(_probe(clip))


def colours_of(info):
    """mpv_colours from ffprobe's stream fields (width, height, color_space, color_range, chroma_location)."""
    width, height = int(info.get("width", 0)), int(info.get("height", 0))
    tagged = {"bt709": "bt709", "bt470bg": "bt601", "smpte170m": "bt601", "fcc": "fcc", "smpte240m": "smpte240m",
              "bt2020nc": "bt2020", "bt2020c": "bt2020"}.get(info.get("color_space", ""))
    matrix = tagged or ("bt709" if width >= 1280 or height > 576 else "bt601")
    colour_range = "pc" if info.get("color_range") == "pc" else "tv"
    siting = info.get("chroma_location", "unspecified")
    across = 128 if siting in ("center", "top", "bottom") else 0  # unspecified: left, as mpv guesses
    down = {"topleft": 0, "top": 0, "bottomleft": 256, "bottom": 256}.get(siting, 128)
    return matrix, colour_range, across, down


def mpv_frame(clip, time, path):
    """The frame of `clip` at `time` seconds as mpv decodes it, at the clip's size, into the PNG `path`."""
    folder = path + ".mpv"
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run(["mpv", "--no-config", "--vo=image", "--vo-image-format=png", f"--vo-image-outdir={folder}",
                    "--frames=1", f"--start={time}", "--hr-seek=yes", "--ao=null", "--no-audio", "--sid=no",
                    "--really-quiet", clip], check=True, stdin=subprocess.DEVNULL)
    written = sorted(os.listdir(folder))
    if not written:
        raise SystemExit(f"bench: mpv wrote no frame of {clip} at {time} s")
    os.replace(os.path.join(folder, written[0]), path)
    shutil.rmtree(folder, ignore_errors=True)
    return path


def ffmpeg_frame(clip, time):
    """The same frame converted by FFmpeg with mpv's matrix, range and chroma siting: an RGB array."""
    matrix, colour_range, across, down = mpv_colours(clip)
    filters = (f"scale=in_color_matrix={matrix}:in_range={colour_range}:in_h_chr_pos={across}:in_v_chr_pos={down}:"
               "flags=accurate_rnd+full_chroma_int,format=rgb24")
    info = _probe(clip)
    data = subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-ss", str(time), "-i", clip, "-frames:v", "1",
                           "-vf", filters, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                          check=True, stdout=subprocess.PIPE).stdout
    return np.frombuffer(data, dtype=np.uint8).reshape(int(info["height"]), int(info["width"]), 3)


def crosscheck(clip, time, png, load):
    """How well mpv's PNG agrees with FFmpeg's conversion of the frame (dB), and the colours used."""
    ours = load(png).astype(np.float64)
    theirs = ffmpeg_frame(clip, time).astype(np.float64)
    if ours.shape != theirs.shape:
        return {"psnr": None, "colours": list(mpv_colours(clip)), "note": f"sizes {ours.shape} and {theirs.shape}"}
    return {"psnr": fidelity.psnr(float(((ours - theirs) ** 2).mean())), "colours": list(mpv_colours(clip))}
