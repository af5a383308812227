"""A study of the sextant blitter's per-cell fit, offline on the stills (scripts/benchkit/stills.py).

Each still is scaled by mpv as reel scales it (`RenderBench decode`, 4 x 8 samples a cell at 100x30
cells), every cell is fitted by a model of a fit, drawn at 8 x 16 px a cell as kitty draws each
glyph (vt.py), and scored as the stills bench scores its offline column: the picture's box (where
a white picture lights), both it and the source's area scaling to it halved, PSNR.

    python3 scripts/benchkit/fitstudy.py --tool .build/release/RenderBench [--check] [--stills=city,bikes]

Fits:
- today: the 50 splits in half-sample units, each part's colour its mean (reel_fit_sextant);
- ls: the same glyphs, each sample's coverage alpha at 4 x 8 (0, 1/4, ... 1), the two colours the
  least-squares solution of alpha f + (1 - alpha) b against the samples, clamped and rounded;
- lsc: ls, each glyph judged by the error of its clamped colours;
- ls+SET: ls over more glyphs, box-drawing lines: straight (│ ┃ ─ ━), halves (those and the half
  lines ╴ ╵ ╶ ╷ ╸ ╹ ╺ ╻), reel (the same twelve in the order of reel's lanes), lines (every solid
  light and heavy line kitty draws: corners, tees, crosses too).
With --check, reel's own bytes (`RenderBench still`) are scored too, and compared cell for cell
with the fit named by --check-model (today, or ls+reel for the least-squares fit with lines).
With --area, the fits read ffmpeg's area scaling of the PNG to the picture's box instead of mpv's.
"""
import argparse
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import stills  # noqa: E402
import vt  # noqa: E402

COLUMNS, ROWS = stills.COLUMNS, stills.ROWS
CW, CH = 8, 16


def sextant_code(p):
    if p == 0:
        return 0x20
    if p == 21:
        return 0x258C
    if p == 42:
        return 0x2590
    if p == 63:
        return 0x2588
    return {v: k for k, v in vt.SEXTANTS.items()}[p]


# Today's lanes, in order (CBlitter's reel_sextant_lane_glyphs).
TODAY = [sextant_code(l ^ (l >> 1)) for l in range(32)]
TODAY += [0x2580, 0x2598, 0x259D, 0x2596, 0x2597, 0x259A]
TODAY += [0x2580 + k for k in (1, 2, 3, 5, 6, 7)]
TODAY += [0x2590 - k for k in (1, 2, 3, 5, 6, 7)]


def _overlaps(size, parts):
    """(parts, size): the share of part k (of `parts` equal parts of a length of `size` pixels)
    that pixel x covers."""
    out = np.zeros((parts, size))
    for k in range(parts):
        a, b = k * size / parts, (k + 1) * size / parts
        for x in range(size):
            out[k, x] = max(0.0, min(b, x + 1) - max(a, x)) / (size / parts)
    return out


def alphas(code, cell=None):
    """The glyph's coverage of each of the 4 x 8 samples: kitty's pixels at `cell` (8 x 16 if not
    given), each sample the cell's 1/4 x 1/8 whatever the pixels, so a pixel a sample boundary
    crosses counts in both by its share."""
    w, h = cell or (CW, CH)
    m = vt.glyph_mask(code, w, h).astype(np.float64)
    return (_overlaps(h, 8) @ m @ _overlaps(w, 4).T).reshape(32)


LIGHT = {"│": 0x2502, "─": 0x2500, "┃": 0x2503, "━": 0x2501}


# The lines reel's sextant fit adds, in the order of its lanes.
REEL_LINES = [0x2502, 0x2503, 0x2500, 0x2501] + list(range(0x2574, 0x257C))


def line_codes(which):
    if which == "reel":
        return REEL_LINES
    out = []
    for code in list(range(0x2500, 0x2550)) + list(range(0x2574, 0x2580)):
        if vt.line_mask(code, CW, CH) is None:
            continue
        arms, gaps = vt._line_arms(code)
        if gaps:
            continue
        if which == "none":
            continue
        if which == "straight" and code not in (0x2500, 0x2501, 0x2502, 0x2503):
            continue
        if which == "halves" and not (0x2574 <= code <= 0x257B or code in (0x2500, 0x2501, 0x2502, 0x2503)):
            continue
        out.append(code)
    return out


def fit_today(p):
    """p: (N, 32, 3) float samples. Returns (lane index, fg, bg) as in reel_fit_sextant."""
    a = np.stack([alphas(c) for c in TODAY])  # (K, 32) in {0, .5, 1}
    assert set(np.unique(a)) <= {0, 0.5, 1}
    w1 = 2 * a
    w2 = 2 * (1 - a)
    n1 = w1.sum(1)
    n2 = w2.sum(1)
    s1 = np.einsum("ks,nsc->nkc", w1, p)
    total = 2 * p.sum(1)  # (N, 3)
    s2 = total[:, None, :] - s1
    with np.errstate(divide="ignore", invalid="ignore"):
        score = np.where(n1 > 0, (s1 ** 2).sum(2) / n1, 0) + (s2 ** 2).sum(2) / n2
    score[:, 0] = (total ** 2).sum(1) / 64  # the blank
    k = np.argmax(score, axis=1)
    idx = np.arange(len(p))
    fg = np.clip(np.floor(s1[idx, k] / np.maximum(n1[k], 1)[:, None] + 0.5), 0, 255)
    bg = np.clip(np.floor(s2[idx, k] / n2[k][:, None] + 0.5), 0, 255)
    fg[k == 0] = 0
    return k, fg, bg


def blend(cell):
    """reel's share of a split inside a sample that its fit counts on `cell` (SextantModel.blend):
    none at 8 x 16, a quarter below samples of 2.5 px, a half from there."""
    if cell is None or tuple(cell) == (8, 16):
        return 0.0
    return 0.5 if cell[0] >= 10 and cell[1] >= 20 else 0.25


def fit_ls(p, codes, clamp_score=False, cell=None, extra=None):
    """Exact least squares with fractional coverage over `codes` (codes[0] is the blank), the
    coverages those of glyphs drawn at `cell` (8 x 16 if not given), a split inside a sample
    costing `extra` (blend(cell) if not given) of a (1 - a) |f - b|^2 more."""
    a = np.stack([alphas(c, cell) for c in codes])  # (K, 32)
    lam = blend(cell) if extra is None else extra
    A = (a * a).sum(1)
    B = (a * (1 - a)).sum(1)
    C = ((1 - a) ** 2).sum(1)
    A, B, C = A + lam * B, (1 - lam) * B, C + lam * B
    det = A * C - B * B
    u = np.einsum("ks,nsc->nkc", a, p)
    total = p.sum(1)
    v = total[:, None, :] - u
    with np.errstate(divide="ignore", invalid="ignore"):
        score = ((C[:, None] * u * u - 2 * B[:, None] * u * v + A[:, None] * v * v) / det[:, None]).sum(2)
        f = (C[:, None] * u - B[:, None] * v) / det[:, None]
        b = (A[:, None] * v - B[:, None] * u) / det[:, None]
    blank = det <= 1e-9
    score[:, blank] = -1
    score[:, 0] = (total ** 2).sum(1) / 32
    if clamp_score:
        # The error of the clamped colours, exactly: choose by it.
        fc = np.clip(np.floor(np.nan_to_num(f) + 0.5), 0, 255)
        bc = np.clip(np.floor(np.nan_to_num(b) + 0.5), 0, 255)
        pred = a[None, :, :, None] * fc[:, :, None, :] + (1 - a)[None, :, :, None] * bc[:, :, None, :]
        err = ((pred - p[:, None]) ** 2).sum((2, 3))
        mean = np.floor(total / 32 + 0.5)
        err[:, 0] = ((p - mean[:, None]) ** 2).sum((1, 2))
        err[:, blank] = np.inf
        k = np.argmin(err, axis=1)
    else:
        k = np.argmax(score, axis=1)
    idx = np.arange(len(p))
    fg = np.clip(np.floor(f[idx, k] + 0.5), 0, 255)
    bg = np.clip(np.floor(b[idx, k] + 0.5), 0, 255)
    mean = np.clip(np.floor(total / 32 + 0.5), 0, 255)
    fg[k == 0] = 0
    bg[k == 0] = mean[k == 0]
    return k, fg, bg


def draw(codes, k, fg, bg, cell=None):
    """The screen at `cell` px a cell (8 x 16 if not given): blanks (lane 0 or fg == bg) as the
    background."""
    cw, ch = cell or (CW, CH)
    lit = np.stack([vt.glyph_mask(c, cw, ch) for c in codes])[k]  # (N, ch, cw)
    same = (fg == bg).all(1)
    lit[same | (k == 0)] = False
    img = np.where(lit[..., None], fg[:, None, None, :], bg[:, None, None, :]).astype(np.uint8)
    return img.reshape(ROWS, COLUMNS, ch, cw, 3).transpose(0, 2, 1, 3, 4).reshape(ROWS * ch, COLUMNS * cw, 3)


def cells_of(samples):
    return samples.reshape(ROWS, 8, COLUMNS, 4, 3).transpose(0, 2, 1, 3, 4).reshape(ROWS * COLUMNS, 32, 3).astype(np.float64)


def decode(tool, png, out, placement=None):
    """The 4 x 8 samples a cell mpv scales `png` to (letterboxed by mpv, or placed as reel places
    a `placement` blitter's picture: RenderBench decode's BLITTER)."""
    command = [tool, "decode", png, str(4 * COLUMNS), str(8 * ROWS), "1.0", out] + ([placement] if placement else [])
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return np.fromfile(out, dtype=np.uint8)[:4 * COLUMNS * 8 * ROWS * 3].reshape(8 * ROWS, 4 * COLUMNS, 3)


def still_inputs(args, names, cache, placement=None):
    """Each still asked for (all if none): (still, its PNG, a white PNG of its size, the samples
    mpv scales each to, as cells)."""
    for still in stills.STILLS:
        if names and still["name"] not in names:
            continue
        png = stills.extract_png(still, cache)
        w, h = stills.image_size(png)
        white = stills.white_png(w, h, cache)
        samples = cells_of(decode(args.tool, png, os.path.join(args.work, "s.rgb"), placement))
        white_samples = cells_of(decode(args.tool, white, os.path.join(args.work, "w.rgb"), placement))
        yield still, png, white, samples, white_samples


def reel_score(tool, png, white, blitter, cell, work):
    """Offline PSNR of reel's own bytes for `png` (RenderBench still, told the cell size), decoded
    at `cell` pixels a cell, in the box where its white picture lights. The picture is laid out on
    cells of 1:2, as chafa and timg are told here: at the cell's own aspect reel's picture takes
    fewer rows than theirs at 7x15, 8x17 and 11x23 and scores 0.2-0.3 dB lower for it, a
    different grid rather than a worse fit."""
    size = (f"{cell[0]}x{cell[1]}",)
    images = []
    for picture in (png, white):
        for _ in range(3):  # mpv has once drawn nothing on a loaded machine: asked again
            os.environ["RENDERBENCH_ASPECT"] = "0.5"  # the peers' font ratio (stills.py tells chafa 1/2)
            data, _ = stills.reel_bytes(tool, picture, COLUMNS, ROWS, blitter, work, settings=size)
            image = stills.last_picture(stills.trim(data), COLUMNS, ROWS, cell)[0]
            if image is not None:
                break
        images.append(image)
    box = stills.lit_box(images[1])
    x0, y0, x1, y1 = box
    return stills.psnr_half(images[0], box, stills.area_scaled(png, x1 - x0, y1 - y0))


def cell_table(args, cells, names):
    """At each cell size: the fit to the cell's own coverages (this study's model, on reel's
    samples placed on cells), reel's own bytes (RenderBench still told the cell), and the peers,
    all decoded at that cell: one row a still and a cell, PSNR in dB; then each size's mean and
    worst margins."""
    cache = os.path.join(args.cache, "stills")
    os.makedirs(cache, exist_ok=True)
    codes = TODAY + REEL_LINES
    print("| still | cell | model | reel sextant | chafa -w 9 | reel quadrant | timg -pquarter | reel half | timg -phalf "
          "| sextant − chafa | quadrant − timg | half − timg |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    margins = {}
    for still, png, white, samples, white_samples in still_inputs(args, names, cache, "sextant"):
        for cell in cells:
            box = stills.lit_box(draw(codes, *fit_ls(white_samples, codes, cell=cell), cell=cell))
            x0, y0, x1, y1 = box
            reference = stills.area_scaled(png, x1 - x0, y1 - y0)
            row = [stills.psnr_half(draw(codes, *fit_ls(samples, codes, cell=cell), cell=cell), box, reference)]
            for tool in ("reel-sextant", "chafa-w9", "reel-quadrant", "timg-quarter", "reel-half", "timg-half"):
                if tool.startswith("reel-"):
                    row.append(reel_score(args.tool, png, white, tool[5:], cell, args.work))
                else:
                    scored = stills.score_tool(tool, None, png, white, None, args.work, None, cell)
                    row.append(scored.get("offline_psnr", float("nan")))
            diffs = [row[1] - row[2], row[3] - row[4], row[5] - row[6]]
            margins.setdefault(cell, []).append(diffs)
            print(f"| {still['name']} | {cell[0]}x{cell[1]} | " + " | ".join(f"{v:.2f}" for v in row)
                  + " | " + " | ".join(f"{d:+.2f}" for d in diffs) + " |", flush=True)
    for cell, values in margins.items():
        v = np.array(values)
        print(f"{cell[0]}x{cell[1]}: mean " + " / ".join(f"{m:+.2f}" for m in v.mean(0)) + ", worst "
              + " / ".join(f"{m:+.2f}" for m in v.min(0)) + " (sextant − chafa / quadrant − timg / half − timg)", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cells", default="", help="cell sizes (7x15,8x16,...): the cell table instead")
    parser.add_argument("--tool", required=True)
    parser.add_argument("--cache", default=os.path.join(stills.ROOT, ".bench", "cache"))
    parser.add_argument("--work", default="/tmp/fitstudy")
    parser.add_argument("--stills", default="")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--check-model", default="today", help="the fit reel's bytes are compared with, cell for cell")
    parser.add_argument("--area", action="store_true", help="fit ffmpeg's area scaling of the PNG to the box, not mpv's samples")
    parser.add_argument("--sets", default="today,ls,ls+straight,ls+halves,ls+lines")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    cache = os.path.join(args.cache, "stills")
    os.makedirs(cache, exist_ok=True)
    names = [n for n in args.stills.split(",") if n]
    if args.cells:
        cell_table(args, [tuple(int(v) for v in c.split("x")) for c in args.cells.split(",")], names)
        return
    fits = args.sets.split(",")
    print("| still | " + " | ".join(fits) + (" | reel (bench) |" if args.check else " |"))
    for still, png, white, samples, white_samples in still_inputs(args, names, cache):
        k, fg, bg = fit_today(white_samples)
        box = stills.lit_box(draw(TODAY, k, fg, bg))
        x0, y0, x1, y1 = box
        reference = stills.area_scaled(png, x1 - x0, y1 - y0)
        if args.area:
            frame = np.zeros((8 * ROWS, 4 * COLUMNS, 3), dtype=np.uint8)
            frame[y0 // 2:y1 // 2, x0 // 2:x1 // 2] = stills.area_scaled(png, (x1 - x0) // 2, (y1 - y0) // 2)
            samples = cells_of(frame)
        row = []
        for name in fits:
            if name == "today":
                codes = TODAY
                k, fg, bg = fit_today(samples)
            else:
                base, _, extra = name.partition("+")
                codes = TODAY + (line_codes(extra) if extra else [])
                k, fg, bg = fit_ls(samples, codes, clamp_score=base == "lsc")
            image = draw(codes, k, fg, bg)
            row.append(stills.psnr_half(image, box, reference))
            if name != "today":
                used = np.bincount(k, minlength=len(codes))
                extra_used = used[len(TODAY):].sum()
                print(f"  {still['name']} {name}: {len(codes)} glyphs, cells on the added ones {extra_used}", file=sys.stderr)
        line = f"| {still['name']} | " + " | ".join(f"{v:.2f}" for v in row)
        if args.check:
            data, _ = stills.reel_bytes(args.tool, png, COLUMNS, ROWS, "sextant", args.work)
            image, _, _ = stills.last_picture(stills.trim(data), COLUMNS, ROWS, (CW, CH))
            model = args.check_model
            codes = TODAY if model == "today" else TODAY + line_codes(model.partition("+")[2] or "none")
            today = draw(codes, *(fit_today(samples) if model == "today" else fit_ls(samples, codes)))
            differ = (image != today).any(2).reshape(ROWS, CH, COLUMNS, CW).any(3).any(1).sum()
            line += f" | {stills.psnr_half(image, box, reference):.2f} ({differ} cells differ)"
        print(line + " |", flush=True)


if __name__ == "__main__":
    main()
