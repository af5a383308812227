"""The blitters part: every cell blitter of reel on moving footage, offline over whole clips, at
equal bytes.

For each clip and size, every frame goes through mpv as reel asks (`RenderBench decode` at the
blitter's pixels a cell: half 1x2, quadrant, sextant and octant 4x8) and through reel's
renderer (`RenderBench render`, none dropped) with reel's byte budget at several shares of a plain
full redraw (`budget=SHARE`; reel's own is 0.338). Each stream is decoded by vt.py at 8x16 pixels
a cell, each glyph as kitty 0.26.5 draws it, and every screen is scored against its own source
frame as the stills part scores a still: the picture's box is where the blitter puts a white
picture of the clip's size (`RenderBench still` of a white PNG); the source is area-scaled by
ffmpeg (fidelity.source_frames: 16 bits, exact YUV conversion) to that box, and PSNR is taken with
both halved (4x8 pixels a cell), then averaged over the frames.

"At equal bytes": each blitter's PSNR is interpolated (linearly in bytes, between the two shares
whose bytes bracket it) at the bytes a frame of reel's half blocks with reel's own share. mpv
--vo=tct's bytes on the same clips (untimed, every frame) give the ratio; tct is scored the same
way.
"""
import json
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import fidelity  # noqa: E402
import offline  # noqa: E402
import stills  # noqa: E402
import vt  # noqa: E402
from pixels import half  # noqa: E402

BLITTERS = ("half", "quadrant", "sextant", "octant")
# Shares of a plain full redraw the byte budget spends; REEL_SHARE is reel's own (ByteBudget.reel).
SHARES = (0.2, 0.338, 0.5)
REEL_SHARE = 0.338
CELL = (8, 16)
# Pixels a cell each blitter is given, and the pixel aspect RenderBench decode is asked for
# (0.5 x rows a cell / columns a cell, for cells of 1:2).
PER_CELL = offline.PER_CELL
ASPECT = {blitter: offline.pixel_aspect(blitter) for blitter in PER_CELL}


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def _white_box(tool, clip, columns, rows, blitter, cache):
    """Where `blitter` puts a picture of the clip's size, in pixels at CELL a cell."""
    width, height = (int(v) for v in subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0",
         clip], check=True, stdout=subprocess.PIPE, text=True).stdout.strip().split(",")[:2])
    white = stills.white_png(width, height, cache)
    data, _ = stills.reel_bytes(tool, white, columns, rows, blitter, os.path.join(cache, "white-work"))
    image, _, _ = stills.last_picture(stills.trim(data), columns, rows, CELL)
    return stills.lit_box(image)


def _tct_box(clip, columns, rows, cache):
    data = offline.tct_stream(offline._white_probe(clip, cache), columns, rows, cache)
    frames = vt.decode([(0.0, data)], columns, rows, vt.REWIND, cell=CELL)
    lit = [f for f in frames if f.image.max() > 0]
    return stills.lit_box(lit[-1].image)


def score_stream(data, columns, rows, mode, box, source, keep):
    """Mean PSNR (dB) over the screens of `data` whose index is in `keep` (a list, in order: the
    n-th kept screen shows source frame n), each against its source frame, both halved."""
    x0, y0, x1, y1 = box
    wanted = {index: n for n, index in enumerate(keep)}
    psnrs = []
    count = [0]

    def on_frame(frame):
        k = count[0]
        count[0] += 1
        n = wanted.get(k)
        if n is None or n >= len(source):
            return
        shown = half(frame.image[y0:y1, x0:x1])
        reference = half(source[n])
        psnrs.append(fidelity.psnr(float(((shown - reference) ** 2).mean())))

    vt.decode([(0.0, data)], columns, rows, mode, on_frame=on_frame, cell=CELL)
    return float(np.mean(psnrs)) if psnrs else float("nan"), len(psnrs), count[0]


def _kept_reel(screens, frames, repeats):
    """The indices of reel's screens that show source frames 0.. in turn: one screen a frame
    given, less the repeats of the last frame that mpv draws at the end (as offline.py does)."""
    indices = list(range(screens))
    extra = screens - frames
    for k in sorted(repeats, reverse=True)[-extra:] if extra > 0 else []:
        if k < len(indices):
            del indices[k]
    return indices[:frames]


def _count_screens(data, columns, rows, mode):
    count = [0]
    vt.decode([(0.0, data)], columns, rows, mode, on_frame=lambda f: count.__setitem__(0, count[0] + 1))
    return count[0]


def _kept_tct(data, columns, rows, frames):
    """tct's screens at the 2x2 model, with repeats left out as offline.py leaves them out: the
    indices of the screens kept."""
    return offline.kept_indices([f.image for f in vt.decode([(0.0, data)], columns, rows, vt.REWIND)], frames)


def run_one_clip(tool, clip_name, clip, info, columns, rows, cache, blitters=BLITTERS, shares=SHARES):
    rows_out = []
    frames = info["frames"]
    source_cache = os.path.join(cache, "source")
    # tct: its bytes, and its score at the same model.
    tct = offline.tct_stream(clip, columns, rows, cache)
    box = _tct_box(clip, columns, rows, cache)
    source = fidelity.source_frames(clip, box[2] - box[0], box[3] - box[1], source_cache)
    keep = _kept_tct(tct, columns, rows, frames)
    psnr, scored, screens = score_stream(tct, columns, rows, vt.REWIND, box, source, keep)
    row = {"clip": clip_name, "columns": columns, "rows": rows, "player": "tct", "bytes": len(tct),
           "bytes_per_frame": len(tct) / frames, "psnr": psnr, "scored": scored, "screens": screens, "box": list(box),
           "frames": frames}
    rows_out.append(row)
    log(f"blitters {clip_name} {columns}x{rows} tct: {row['bytes_per_frame'] / 1000:.1f} KB/frame, {psnr:.2f} dB")
    del source
    for blitter in blitters:
        per_x, per_y = PER_CELL[blitter]
        width, height = per_x * columns, per_y * rows
        decoded = offline.decoded_frames(tool, clip, width, height, ASPECT[blitter], cache, blitter=blitter)
        given = np.memmap(decoded, dtype=np.uint8, mode="r").reshape(-1, height, width, 3)
        repeats = offline._repeated_frames(given)
        given_count = len(given)
        del given
        box = _white_box(tool, clip, columns, rows, blitter, cache)
        source = fidelity.source_frames(clip, box[2] - box[0], box[3] - box[1], source_cache)
        for share in shares:
            out = os.path.join(cache, f"blit-{offline._key(decoded, columns, rows, blitter, share)}.bin")
            figures = json.loads(subprocess.run(
                [tool, "render", decoded, str(width), str(height), str(columns), str(rows), blitter, out,
                 f"budget={share}"], check=True, stdout=subprocess.PIPE, text=True).stdout)
            data = open(out, "rb").read()
            keep = _kept_reel(given_count, frames, repeats)
            psnr, scored, screens = score_stream(data, columns, rows, vt.EVERY_SYNC, box, source, keep)
            # The bytes of the frames scored (the repeated last frames cost only their markers).
            frame_bytes = figures["frame_bytes"]
            kept_bytes = sum(frame_bytes[k] for k in keep)
            row = {"clip": clip_name, "columns": columns, "rows": rows, "player": f"reel-{blitter}",
                   "blitter": blitter, "share": share, "bytes": len(data), "bytes_per_frame": kept_bytes / len(keep),
                   "psnr": psnr, "scored": scored, "screens": screens, "box": list(box), "frames": frames,
                   "render_ms_median": figures["render_ms_median"], "render_ms_p95": figures["render_ms_p95"],
                   "encode_ms_median": figures.get("encode_ms_median"),
                   "cells_written_share": figures["cells_written"] / max(figures["cells"] * figures["frames"], 1),
                   "tolerance_median": float(np.median(figures["tolerances"]))}
            rows_out.append(row)
            log(f"blitters {clip_name} {columns}x{rows} {blitter} budget {share}: "
                f"{row['bytes_per_frame'] / 1000:.1f} KB/frame, {psnr:.2f} dB, encode {row['encode_ms_median']:.2f} ms, "
                f"encode+render {row['render_ms_median']:.2f} ms")
            os.unlink(out)
        del source
    return rows_out


def run_blitters(args, tool, cache, clip_path, clip_info):
    """The part: every clip of args.clips at every size of args.sizes."""
    shares = tuple(float(s) for s in getattr(args, "blitter_shares", "").split(",") if s) or SHARES
    blitters = tuple(b for b in getattr(args, "blitters", "").split(",") if b) or BLITTERS
    results = []
    for clip_name in args.clips:
        clip = clip_path(clip_name, args.out)
        info = clip_info(clip)
        for columns, rows in args.sizes:
            results += run_one_clip(tool, clip_name, clip, info, columns, rows, cache, blitters, shares)
    return {"rows": results, "shares": list(shares), "blitters": list(blitters), "cell": list(CELL)}


# MARK: Equal bytes


def at_bytes(points, target):
    """PSNR at `target` bytes on the curve `points` [(bytes, psnr)], linear in bytes between the
    two points that bracket it, or extrapolated from the nearest two (then flagged)."""
    points = sorted(points)
    if len(points) == 1:
        return points[0][1], points[0][0] != target
    for (b0, p0), (b1, p1) in zip(points, points[1:]):
        if b0 <= target <= b1:
            return (p0 + (p1 - p0) * (target - b0) / (b1 - b0) if b1 > b0 else p0), False
    (b0, p0), (b1, p1) = (points[0], points[1]) if target < points[0][0] else (points[-2], points[-1])
    return (p0 + (p1 - p0) * (target - b0) / (b1 - b0) if b1 > b0 else p0), True


def equal_bytes(rows):
    """For each clip and size: each blitter's PSNR at half blocks' bytes (reel's share)."""
    out = []
    keys = sorted({(r["clip"], r["columns"], r["rows"]) for r in rows}, key=lambda k: [r["clip"] for r in rows].index(k[0]))
    for clip, columns, nrows in keys:
        mine = [r for r in rows if (r["clip"], r["columns"], r["rows"]) == (clip, columns, nrows)]
        base = [r for r in mine if r.get("blitter") == "half" and abs(r["share"] - REEL_SHARE) < 1e-9]
        tct = [r for r in mine if r["player"] == "tct"]
        if not base:
            continue
        target = base[0]["bytes_per_frame"]
        entry = {"clip": clip, "columns": columns, "rows": nrows, "bytes_per_frame": target,
                 "tct_bytes_per_frame": tct[0]["bytes_per_frame"] if tct else None,
                 "tct_psnr": tct[0]["psnr"] if tct else None, "half_psnr": base[0]["psnr"], "blitters": {}}
        for blitter in BLITTERS:
            points = [(r["bytes_per_frame"], r["psnr"]) for r in mine if r.get("blitter") == blitter]
            if not points:
                continue
            psnr, extrapolated = at_bytes(points, target)
            entry["blitters"][blitter] = {"psnr": psnr, "gain": psnr - base[0]["psnr"], "extrapolated": extrapolated}
        out.append(entry)
    return out


def report(results):
    b = results.get("blitters")
    if not b or not b.get("rows"):
        return ""
    rows = b["rows"]
    cell = b.get("cell", list(CELL))
    lines = [f"Run on {b.get('date', results.get('date'))}: every frame of each clip (none dropped, untimed) through "
             f"`RenderBench render` with reel's byte budget at shares {', '.join(f'{s:g}' for s in b['shares'])} of a "
             f"plain full redraw (reel's own: {REEL_SHARE}), decoded by vt.py at {cell[0]}x{cell[1]} px a cell with "
             f"kitty's glyph shapes; PSNR over the picture's box against the source area-scaled to it, both halved "
             f"({cell[0] // 2}x{cell[1] // 2} px a cell), the mean over the frames. tct: `mpv --vo=tct`, untimed, the "
             f"same way.", "", f"    {b.get('command', 'scripts/bench --only=blitters')}"]
    eq = equal_bytes(rows)
    header = ["clip", "size", "half KB/frame (reel's share)", "× tct", "half dB"]
    present = [bl for bl in BLITTERS if any(r.get("blitter") == bl for r in rows)]
    header += [f"{bl} dB at those bytes (Δ)" for bl in present if bl != "half"] + ["tct dB"]
    table = []
    for e in eq:
        cells = [e["clip"], f"{e['columns']}x{e['rows']}", f"{e['bytes_per_frame'] / 1000:.1f}",
                 f"{e['bytes_per_frame'] / e['tct_bytes_per_frame']:.3f}" if e["tct_bytes_per_frame"] else "–",
                 f"{e['half_psnr']:.2f}"]
        for bl in present:
            if bl == "half":
                continue
            x = e["blitters"].get(bl)
            cells.append("–" if not x else f"{x['psnr']:.2f} ({x['gain']:+.2f}){'*' if x['extrapolated'] else ''}")
        cells.append(_f(e["tct_psnr"]))
        table.append(cells)
    lines += stills._table("At equal bytes: each blitter's PSNR at half blocks' bytes", header, table,
                           note="Each blitter's PSNR interpolated linearly in bytes between the two budget shares "
                                "whose bytes a frame bracket those of reel's half blocks at reel's share; * marks "
                                "a figure extrapolated from the nearest two.")
    header = ["clip", "blitter", "share", "KB/frame", "× tct", "PSNR dB", "encode ms", "encode + render ms",
              "cells written", "tolerance (median)"]
    table = []
    tct_bytes = {(r["clip"], r["columns"], r["rows"]): r["bytes_per_frame"] for r in rows if r["player"] == "tct"}
    for r in rows:
        key = (r["clip"], r["columns"], r["rows"])
        ratio = f"{r['bytes_per_frame'] / tct_bytes[key]:.3f}" if key in tct_bytes else "–"
        if r["player"] == "tct":
            table.append([r["clip"], "tct", "–", f"{r['bytes_per_frame'] / 1000:.1f}", "1", f"{r['psnr']:.2f}", "–",
                          "–", "–", "–"])
        else:
            table.append([r["clip"], r["blitter"], f"{r['share']:g}", f"{r['bytes_per_frame'] / 1000:.1f}", ratio,
                          f"{r['psnr']:.2f}", _f(r.get("encode_ms_median")), _f(r.get("render_ms_median")),
                          f"{100 * r['cells_written_share']:.0f} %", f"{r['tolerance_median']:g}"])
    lines += stills._table(f"PSNR against bytes, each blitter and share ({rows[0]['columns']}x{rows[0]['rows']})",
                           header, table,
                           note="KB a frame: the bytes of the frames scored over the clip's frames. encode ms: the "
                                "blitter's encoding of a frame into cells (median); encode + render: with reel's "
                                "renderer's bytes (median). Cells written: of every cell of every frame.")
    return "\n".join(lines) + "\n"


def _f(value, spec=".2f"):
    return "–" if value is None else format(value, spec)
