"""A study of the quadrant fit at kitty's uneven cells (issue 50), offline on the stills.

Each still is scaled by ffmpeg's area filter to 100x30 cells of W x H pixels (the whole frame, no
letterbox: the study is of the fit, not of where the picture goes), every cell is fitted by a model
of a quadrant fit, drawn with each glyph's pixels as kitty 0.26.5 draws it at that cell (vt.py:
quadrants split at W/2 and H/2 rounded down, the half blocks on kitty's eighths, which at 19 rows
end at 10), and scored as the stills bench scores (both halved, PSNR).

    python3 scripts/benchkit/quadstudy.py --cells=7x15,10x19,11x23 --stills=face,bikes
    python3 scripts/benchkit/quadstudy.py --apart=.build/release/RenderBench --stills=action --cells=7x15

The second form asks where reel's quadrants and timg -pquarter part (`apart`): the scaler (reel's
encoder given FFmpeg's area scaling on reel's own box), or the picture's place (the same on
timg's box, 99 columns and whole rows at the top, scored there).

Fits, each the best of the seven splits (▀ ▌ ▚ ▘ ▝ ▖ ▗) with its two colours the means:
- plain: on 2x2 samples, each the area average of half the cell each way (what reel's quadrant
  blitter is given and does);
- exact: on the cell's own pixels, each glyph's pixels as kitty draws it (the most a fit of these
  glyphs can do);
- weighted: on the 2x2 samples, each weighted by the glyph's share of its pixels (as reel's
  sextant fit treats its 4x8 samples);
- quadrants: on 2x2 samples taken over kitty's quadrants (W/2, H/2 rounded down) instead of the
  cell's halves, weighted by their areas.
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

COLUMNS, ROWS = 100, 30
# Quadrant masks (bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) and the glyph that
# draws each, as FrameEncoder.quadrantSymbols: one of each split and its complement.
GLYPHS = {0b0011: 0x2580, 0b0101: 0x258C, 0b1001: 0x259A, 0b0001: 0x2598, 0b0010: 0x259D, 0b0100: 0x2596,
          0b1000: 0x2597}
# The rest of U+2580-259F a terminal that draws the quadrants has: the lower eighths ▁ ▂ ▃ ▅ ▆ ▇ and
# the left eighths ▏ ▎ ▍ ▋ ▊ ▉ (▄ and ▐ are ▀ and ▌ with the colours swapped).
EIGHTHS = (0x2581, 0x2582, 0x2583, 0x2585, 0x2586, 0x2587, 0x258F, 0x258E, 0x258D, 0x258B, 0x258A, 0x2589)


def area_scaled(png, width, height):
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", png, "-vf", f"scale={width}:{height}:flags=area,format=rgb48le",
                          "-f", "rawvideo", "-"], stdout=subprocess.PIPE, check=True).stdout
    return np.frombuffer(raw, dtype="<u2").reshape(height, width, 3).astype(np.float64) / 257.0


def better(best, found):
    """Of two (score, choice, fg, bg) per cell, each cell's higher score (the first on a tie)."""
    if best is None:
        return found
    s = found[0] > best[0]
    return tuple(np.where(s if x.ndim == s.ndim else s[..., None], y, x) for x, y in zip(best, found))


def best_split(weights, samples):
    """The best split per cell: `weights` {mask: [w0..w3] the glyph's foreground share of each
    sample (in any unit)}, `samples` [(rows, columns, 3) mean of each sample] and their totals
    `weights[None]`. Returns (mask, fg, bg) arrays."""
    totals = weights.pop(None)
    best = None
    for mask, w in weights.items():
        front = sum(w[k] * samples[k] for k in range(4))
        back = sum((totals[k] - w[k]) * samples[k] for k in range(4))
        a, b = sum(w), sum(totals) - sum(w)
        score = (front ** 2).sum(-1) / a + (back ** 2).sum(-1) / b
        found = (score, np.full(score.shape, mask), front / a, back / b)
        best = better(best, found)
    return best[1], np.round(best[2]), np.round(best[3])


def exact_fit(cells, masks, psnr):
    """PSNR of the best of `masks` {key: (H, W) share lit} in each cell of `cells` (rows, H, columns,
    W, 3), each side's colour the mean of the pixels it covers: the most a fit of these glyphs can
    do on this picture."""
    best = None
    total = cells.sum(axis=(1, 3))
    for m, mask in masks.items():
        a = mask.sum()
        if a == 0 or a == mask.size:  # an eighth as wide as a cell under 8 pixels: no split
            continue
        front = np.einsum("rhcwk,hw->rck", cells, mask)
        score = (front ** 2).sum(-1) / a + ((total - front) ** 2).sum(-1) / (mask.size - a)
        found = (score, np.full(score.shape, m), front / a, (total - front) / (mask.size - a))
        best = better(best, found)
    return psnr(best[1], np.round(best[2]), np.round(best[3]), drawn_by=masks)


def coverage_fit(samples, masks, width, height):
    """The best of `masks` in each cell of `samples` (rows, 8, columns, 4, 3), by the least-squares
    fit of its two colours to the samples as the glyph covers them: (choice, fg, bg), rounded."""
    best = None
    p = samples.transpose(0, 2, 1, 3, 4).reshape(samples.shape[0], samples.shape[2], 32, 3)  # rows, columns, 32, 3
    for m, mask in masks.items():
        if mask.sum() in (0, mask.size):
            continue
        cover = np.repeat(np.repeat(mask, 8, 0), 4, 1).reshape(8, height, 4, width).mean(axis=(1, 3)).reshape(32)
        a, b = cover, 1 - cover
        A, B, C = (a * a).sum(), (a * b).sum(), (b * b).sum()
        sa, sb = np.einsum("s,rcsk->rck", a, p), np.einsum("s,rcsk->rck", b, p)
        det = A * C - B * B
        f, g = (C * sa - B * sb) / det, (A * sb - B * sa) / det
        f, g = np.clip(f, 0, 255), np.clip(g, 0, 255)
        shown = a[None, None, :, None] * f[:, :, None] + b[None, None, :, None] * g[:, :, None]
        score = -((shown - p) ** 2).sum(axis=(2, 3))
        found = (score, np.full(score.shape, m), f, g)
        best = better(best, found)
    return best[1], np.round(best[2]), np.round(best[3])


def study(png, width, height):
    """{fit: PSNR dB} of one still at cells of width x height pixels."""
    reference = area_scaled(png, COLUMNS * width, ROWS * height)
    cells = reference.reshape(ROWS, height, COLUMNS, width, 3)
    masks = {m: vt.glyph_mask(code, width, height).astype(np.float64) for m, code in GLYPHS.items()}

    def psnr(choice, fg, bg, drawn_by=masks):
        out = np.zeros_like(cells)
        for m, mask in drawn_by.items():
            drawn = fg[:, None, :, None, :] * mask[None, :, None, :, None] + bg[:, None, :, None, :] * (1 - mask)[None, :, None, :, None]
            out = np.where((choice == m)[:, None, :, None, None], drawn, out)
        image = out.reshape(ROWS * height, COLUMNS * width, 3)
        h, w = ROWS * height // 2 * 2, COLUMNS * width // 2 * 2
        halve = lambda a: a[:h, :w].reshape(h // 2, 2, w // 2, 2, 3).mean(axis=(1, 3))  # noqa: E731
        mse = ((halve(np.round(image)) - halve(reference)) ** 2).mean()
        return 10 * np.log10(255 ** 2 / mse)

    halves = area_scaled(png, 2 * COLUMNS, 2 * ROWS).reshape(ROWS, 2, COLUMNS, 2, 3)
    plain = [halves[:, 0, :, 0], halves[:, 0, :, 1], halves[:, 1, :, 0], halves[:, 1, :, 1]]
    out = {}
    out["plain"] = psnr(*best_split({**{m: [m >> k & 1 for k in range(4)] for m in masks}, None: [1] * 4}, plain))
    # exact: one "sample" a pixel is too many for best_split's four; the glyph's own pixels instead.
    out["exact"] = exact_fit(cells, masks, psnr)
    # blocks: as exact, with the rest of the Block Elements a terminal that draws quadrants draws too.
    out["blocks"] = exact_fit(cells, {**masks, **{c: vt.glyph_mask(c, width, height).astype(np.float64) for c in EIGHTHS}},
                              psnr)
    # blocks on 4x8 samples: the same glyphs fitted as reel's sextant fit fits its own (each sample
    # a 1/4 x 1/8 of the cell, shown as a f + (1 - a) b by the glyph's share a of it), drawn exactly.
    fine = area_scaled(png, 4 * COLUMNS, 8 * ROWS).reshape(ROWS, 8, COLUMNS, 4, 3)
    block_masks = {**masks, **{c: vt.glyph_mask(c, width, height).astype(np.float64) for c in EIGHTHS}}
    out["blocks 4x8"] = psnr(*coverage_fit(fine, block_masks, width, height), drawn_by=block_masks)
    # weighted: the glyph's pixels in each half-cell sample, on a grid of half pixels.
    shares = {}
    for m, mask in masks.items():
        fine = np.repeat(np.repeat(mask, 2, 0), 2, 1)
        shares[m] = [fine[(k // 2) * height:(k // 2 + 1) * height, (k % 2) * width:(k % 2 + 1) * width].sum()
                     for k in range(4)]
    out["weighted"] = psnr(*best_split({**shares, None: [width * height] * 4}, plain))
    x, y = width // 2, height // 2
    quadrants = [cells[:, :y, :, :x].mean(axis=(1, 3)), cells[:, :y, :, x:].mean(axis=(1, 3)),
                 cells[:, y:, :, :x].mean(axis=(1, 3)), cells[:, y:, :, x:].mean(axis=(1, 3))]
    areas = [x * y, (width - x) * y, x * (height - y), (width - x) * (height - y)]
    out["quadrants"] = psnr(*best_split({**{m: [areas[k] * (m >> k & 1) for k in range(4)] for m in masks},
                                         None: areas}, quadrants))
    return out


def apart(tool, png, cell, cache, work):
    """Where reel's quadrants and timg's -pquarter part (issue 50), in dB at one cell size: each as
    the cells part scores it (its own box); reel's encoder given FFmpeg's area scaling on reel's
    box (its scaler's share) and on timg's box (the fit's share, the picture placed as timg
    places it)."""
    import cells  # noqa: E402 (it imports this folder's modules too)
    width, height = cell
    white = stills.white_png(*stills.image_size(png), cache)
    maker = cells.bytes_maker(cell)
    scored = {name: stills.score_tool(name, tool, png, white, None, os.path.join(work, name), None, cell,
                                      bytes_of=maker) for name in ("reel-quadrant", "timg-quarter")}
    out = {name: row["offline_psnr"] for name, row in scored.items()}
    for label, owner in (("reel, area-scaled", "reel-quadrant"), ("reel on timg's box", "timg-quarter")):
        x0, y0, x1, y1 = scored[owner]["box"]
        top, bottom = round(y0 * 2 / height), round(y1 * 2 / height)
        left, right = round(x0 * 2 / width), round(x1 * 2 / width)

        def area_bytes(name, tool_, png_, columns, rows, work_):
            frame = np.zeros((2 * rows, 2 * columns, 3), np.uint8)
            frame[top:bottom, left:right] = stills.area_scaled(png_, right - left, bottom - top)
            return stills.reel_bytes(tool_, png_, columns, rows, "quadrant", work_, settings=(f"cell={width}x{height}",),
                                     frame=frame)
        row = stills.score_tool("reel-quadrant", tool, png, white, None, os.path.join(work, label.replace(" ", "-")),
                                None, cell, box=(x0, y0, x1, y1), bytes_of=area_bytes)
        out[label] = row["offline_psnr"]
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cells", default="7x15,10x19,11x23")
    parser.add_argument("--stills", default="")
    parser.add_argument("--cache", default=os.path.join(HERE, "..", "..", ".bench", "source-cache", "stills"))
    parser.add_argument("--apart", metavar="RENDERBENCH",
                        help="instead: where reel's quadrants and timg -pquarter part, with this RenderBench (apart())")
    args = parser.parse_args()
    os.makedirs(args.cache, exist_ok=True)
    names = [n for n in args.stills.split(",") if n]
    if args.apart:
        header = "| still | cell | reel quadrant | timg -pquarter | reel, area-scaled | reel on timg's box |"
        keys = ("reel-quadrant", "timg-quarter", "reel, area-scaled", "reel on timg's box")

        def line(name, label, png, cell):
            r = apart(args.apart, png, cell, args.cache, os.path.join(args.cache, "..", "quadstudy", label, name))
            return " | ".join(f"{r[k]:.2f}" for k in keys)
    else:
        header = "| still | cell | plain (reel's) | exact | weighted | quadrants | blocks | blocks 4x8 |"

        def line(name, label, png, cell):
            r = study(png, *cell)
            return (f"{r['plain']:.2f} | {r['exact'] - r['plain']:+.2f} | {r['weighted'] - r['plain']:+.2f} | "
                    f"{r['quadrants'] - r['plain']:+.2f} | {r['blocks'] - r['plain']:+.2f} | "
                    f"{r['blocks 4x8'] - r['plain']:+.2f}")
    print(header)
    print("|---" * header.count(" | ") + "|---|")
    for still in stills.STILLS:
        if names and still["name"] not in names:
            continue
        png = stills.extract_png(still, args.cache)
        for label in args.cells.split(","):
            cell = tuple(map(int, label.split("x")))
            print(f"| {still['name']} | {label} | {line(still['name'], label, png, cell)} |", flush=True)

if __name__ == "__main__":
    main()
