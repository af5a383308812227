"""The report of a scripts/bench run: the targets, the tables and the rate–distortion plot."""
import statistics

# The players of the tmux matrix, in the order the tables show them.
PLAYER_ORDER = ("tct", "reel-half", "reel-quadrant", "reel-sextant", "reel-octant")
# The sizes the targets are set at.
TARGET_SIZES = ((120, 40), (200, 60))
# Bounds of the local measures: the renderer may raise the 99th percentile of the per-cell error
# by at most this many levels over reel's own exact output, and leave a cell of a smooth area
# more than 8 levels off its source for at most this long.
P99_SLACK = 2.0
STALE_MS = 100.0


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def medians(matrix):
    """The tmux matrix's runs folded into one row per clip, size and player, each figure the median
    of its runs, with the runs' own figures kept beside."""
    groups = {}
    for r in matrix:
        groups.setdefault((r["clip"], r["columns"], r["rows"], r["player"]), []).append(r)
    rows = []
    for (clip, columns, rows_, player), runs in groups.items():
        row = {"clip": clip, "columns": columns, "rows": rows_, "player": player, "runs": len(runs),
               "source_frames": runs[0]["source_frames"], "duration": runs[0]["duration"]}
        for key in ("bytes", "bytes_per_s", "cpu", "tmux_cpu", "psnr", "shown", "shown_share", "first_frame_s"):
            row[key] = _median([r.get(key) for r in runs])
            row[key + "_runs"] = [r.get(key) for r in runs]
        row["geometry_ok"] = all(r.get("geometry_ok", True) for r in runs)
        stats = [r.get("stats") or {} for r in runs]
        row["dropped"] = _median([s.get("dropped") for s in stats])
        # reel's own count of the frames it drew (its --stats), beside the count matched on screen.
        row["drawn"] = _median([s.get("shown") for s in stats])
        row["draw_ms"] = _median([s.get("encode_median_ms") for s in stats])
        rows.append(row)
    return rows


def ratios(matrix):
    """Rows of reel/tct ratios of the medians, one per clip, size and reel blitter."""
    rows = []
    folded = medians(matrix)
    for clip in dict.fromkeys(r["clip"] for r in folded):
        for size in dict.fromkeys((r["columns"], r["rows"]) for r in folded if r["clip"] == clip):
            by = {r["player"]: r for r in folded if r["clip"] == clip and (r["columns"], r["rows"]) == size}
            tct = by.get("tct")
            for player in PLAYER_ORDER[1:]:
                reel = by.get(player)
                if not tct or not reel:
                    continue
                rows.append({
                    "clip": clip, "size": f"{size[0]}x{size[1]}", "player": player, "runs": reel["runs"],
                    "bytes": _ratio(reel["bytes"], tct["bytes"]),
                    "cpu": _ratio(reel["cpu"], tct["cpu"]),
                    "shown": reel.get("shown_share"), "tct_shown": tct.get("shown_share"),
                    "drawn": reel["drawn"] / reel["source_frames"] if reel.get("drawn") is not None else None,
                    "shown_runs": reel.get("shown_runs"),
                    "psnr_delta": (reel["psnr"] - tct["psnr"]) if reel.get("psnr") and tct.get("psnr") else None,
                    "tmux_cpu": _ratio(reel["tmux_cpu"], tct["tmux_cpu"]),
                    "first_frame": _ratio(reel.get("first_frame_s"), tct.get("first_frame_s")),
                })
    return rows


def _ratio(a, b):
    return a / b if a is not None and b else None


def _fmt(value, spec):
    return "–" if value is None else format(value, spec)


def _offline(results):
    """The offline rows by (clip, columns, rows, label)."""
    return {(r["clip"], r["columns"], r["rows"], r["player"]): r for r in results.get("offline") or []}


def _verdict(value, ok):
    return "–" if value is None else ("" if ok else " **missed**")


def class_targets(results):
    """Every class at the target sizes: each target's figure and whether it is met."""
    off = _offline(results)
    tmux = {(r["clip"], r["size"], r["player"]): r for r in ratios(results.get("matrix") or [])}
    rows = []
    clips = list(dict.fromkeys([k[0] for k in off] + [k[0] for k in tmux]))
    for clip in clips:
        for columns, rows_ in TARGET_SIZES:
            size = f"{columns}x{rows_}"
            tct, half = off.get((clip, columns, rows_, "tct")), off.get((clip, columns, rows_, "reel-half"))
            exact = off.get((clip, columns, rows_, "reel-exact"))
            live = tmux.get((clip, size, "reel-half"))
            if not (tct and half) and not live:
                continue
            missed = []

            def check(name, value, ok, text):
                if value is not None and not ok:
                    missed.append(name)
                return text

            b = _ratio(half["bytes"], tct["bytes"]) if tct and half else None
            d = half["psnr"] - tct["psnr"] if tct and half else None
            p99, p99_exact = (half or {}).get("cell_error_p99"), (exact or {}).get("cell_error_p99")
            stale = (half or {}).get("smooth_stale_ms")
            # Frames shown: reel's own count of the frames it drew (a frame it let go is not drawn).
            # The count matched on screen is shown beside it: on a dark scene or slow credits
            # consecutive frames look alike at terminal size, and matching cannot tell them apart
            # for either player.
            shown, cpu, tmux_cpu = (live or {}).get("drawn"), (live or {}).get("cpu"), (live or {}).get("tmux_cpu")
            rows.append([
                clip, size,
                check("bytes", b, b is not None and b <= 0.35, _fmt(b, ".2f")),
                check("PSNR", d, d is not None and d >= -0.5, _fmt(d, "+.2f")),
                check("p99", p99, p99 is not None and p99_exact is not None and p99 <= p99_exact + P99_SLACK,
                      f"{_fmt(p99, '.1f')} / {_fmt(p99_exact, '.1f')} / {_fmt((tct or {}).get('cell_error_p99'), '.1f')}"),
                check("stale", stale, stale is not None and stale <= STALE_MS, _fmt(stale, ".0f")),
                check("frames shown", shown, shown is not None and shown >= 0.95,
                      f"{_fmt(_pct(shown), '.0f')} % (matched {_fmt(_pct((live or {}).get('shown')), '.0f')} %, "
                      f"tct {_fmt(_pct((live or {}).get('tct_shown')), '.0f')} %)"),
                check("player CPU", cpu, cpu is not None and cpu <= 1.0, _fmt(cpu, ".2f")),
                check("tmux CPU", tmux_cpu, tmux_cpu is not None and tmux_cpu <= 0.5, _fmt(tmux_cpu, ".2f")),
                "all met" if not missed else "missed: " + ", ".join(missed),
            ])
    return rows


def quadrant_targets(results):
    """The quadrant blitter's targets, offline: PSNR above the half blocks', bytes at most tct's."""
    off = _offline(results)
    rows = []
    for (clip, columns, rows_, label), q in off.items():
        if label != "reel-quadrant" or (columns, rows_) not in TARGET_SIZES:
            continue
        half, tct = off.get((clip, columns, rows_, "reel-half")), off.get((clip, columns, rows_, "tct"))
        if not half or not tct:
            continue
        b = _ratio(q["bytes"], tct["bytes"])
        ok = q["psnr"] > half["psnr"] and b <= 1.0
        rows.append([clip, f"{columns}x{rows_}", f"{q['psnr']:.2f} vs {half['psnr']:.2f}", f"{b:.2f}",
                     "met" if ok else "missed"])
    return rows


def other_targets(results):
    rows = []
    startup = results.get("startup") or {}
    if "reel-half" in startup and "tct" in startup:
        ratio = startup["reel-half"]["median_ms"] / startup["tct"]["median_ms"]
        rows.append(("demo", "start to first frame ≤ 1.0 × tct's (medians)", f"{ratio:.2f}", _le(ratio, 1.0)))
    paused = (results.get("paused") or {}).get("reel-half")
    if paused:
        rows.append(("long", "paused CPU < 1 % of a core", f"{paused['cpu_share'] * 100:.2f} %",
                     _le(paused["cpu_share"], 0.01)))
    seeks = results.get("seeks")
    if seeks and seeks.get("screen_ms"):
        rows.append(("long", "seek latency median < 100 ms", f"{seeks['screen_ms']['median']:.0f} ms",
                     _le(seeks["screen_ms"]["median"], 100)))
    soak = results.get("memory_long")
    if soak and soak.get("rss_1min_kib") and soak.get("rss_end_kib"):
        growth = (soak["rss_end_kib"] - soak["rss_1min_kib"]) / 1024
        rows.append(("demo", "RSS growth < 5 MB from minute 1 to 10", f"{growth:+.1f} MB", _le(growth, 5)))
    return rows


def _le(value, limit):
    return "–" if value is None else ("met" if value <= limit else "missed")


def _ge(value, limit):
    return "–" if value is None else ("met" if value >= limit else "missed")


def _table(title, header, rows, note=None):
    """A titled markdown table, as lines; nothing when there are no rows."""
    if not rows:
        return []
    lines = ["", f"### {title}", ""] + ([note, ""] if note else [])
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines


def report(results, command):
    machine = results["machine"]
    lines = [f"Run on {results['date']} on {machine['cpu']} ({machine['cores']} cores), {machine['os']}, "
             f"tmux {machine['tmux']}, {machine['mpv']}.", "", f"    {command}"]
    repeats = max([r["runs"] for r in medians(results.get("matrix") or [])] or [0])
    lines += _table(
        "Targets on every class (reel's half blocks)",
        ["clip", "size", "bytes ÷ tct's (≤ 0.35)", "PSNR − tct's dB (≥ −0.5)",
         f"p99 cell error: reel / exact / tct (≤ exact + {P99_SLACK:.0f})", f"smooth stale ms (≤ {STALE_MS:.0f})",
         "frames drawn (matched on screen, tct's matched) (≥ 95 %)", "player CPU ÷ tct's (≤ 1.0)", "tmux CPU ÷ tct's (≤ 0.5)", ""],
        class_targets(results),
        note="Bytes, PSNR and the two local measures are offline: every frame through the renderer, none "
             "dropped (RenderBench, and mpv --vo=tct untimed). The p99 cell error is the 99th percentile, over "
             "every cell of every frame, of a cell's RMS error in levels; *exact* is reel's own output with "
             "every colour exact, so the bound is on what the renderer adds. *Smooth stale* is the longest a "
             "cell whose neighbourhood is smooth in the source stays more than 8 levels off it. Frames drawn "
             f"and CPU are medians of {repeats} tmux runs of each player. Frames drawn is reel's own count "
             "(`--stats`: frames rendered, not let go); beside it, the distinct source frames matched on "
             "screen for reel and for tct. Matching undercounts both players where consecutive frames look "
             "alike at terminal size (the dark scene, the credits).")
    lines += _table("Quadrant blitter (offline)", ["clip", "size", "PSNR: quadrant vs half dB", "bytes ÷ tct's", ""],
                    quadrant_targets(results),
                    note="Targets unchanged: PSNR above the half blocks', bytes at most tct's.")
    lines += _table("Other targets (120x40)", ["clip", "target", "figure", ""], other_targets(results))
    lines += techniques_table(results)
    lines += offline_table(results)
    lines += matrix_table(results)
    lines += filmsize_tables(results)
    lines += _table("Start to first frame (demo, 120x40, runs alternated)", ["player", "median", "runs"],
                    [[player, f"{f['median_ms']:.0f} ms", ", ".join(f"{t:.0f}" for t in f["runs_ms"])]
                     for player, f in (results.get("startup") or {}).items()])
    seeks = results.get("seeks")
    if seeks:
        s, t = seeks["screen_ms"], seeks["trace_ms"]
        lines += ["", "### Double-tap seek latency (long.mp4, 120x40)", "",
                  f"{seeks['measured']} of {seeks['taps']} double taps measured. From the key's bytes reaching reel "
                  "to the terminal receiving the first screen that shows a frame within 0.75 s of the target "
                  f"(matched against the source): median **{_fmt(s and s['median'], '.0f')} ms**, "
                  f"p95 {_fmt(s and s['p95'], '.0f')} ms, max {_fmt(s and s['max'], '.0f')} ms. "
                  f"By reel's own trace (key to the first screen sent with a frame near the target): "
                  f"median {_fmt(t and t['median'], '.0f')} ms, p95 {_fmt(t and t['p95'], '.0f')} ms."]
    lines += _table("Paused for 10 s (long.mp4, 120x40)",
                    ["player", "CPU (share of one core)", "tmux CPU", "bytes written while paused"],
                    [[player, f"{f['cpu_share'] * 100:.2f} %", f"{f['tmux_share'] * 100:.2f} %", f.get("bytes", "–")]
                     for player, f in (results.get("paused") or {}).items() if f],
                    note="CPU is read from /proc in clock ticks (10 ms), so 0 means under 0.1 % of a core.")
    for key, title in (("memory", "1 minute"), ("memory_long", "10 minutes, scripts/bench --long")):
        memory = results.get(key)
        if not memory or not memory.get("samples"):
            continue
        first, one, end = memory["samples"][0], memory["rss_1min_kib"], memory["rss_end_kib"]
        lines += ["", f"### Memory while looping the demo for {title} (120x40)", "",
                  f"RSS (sampled every 10 s) at {first[0]} s: {first[1] / 1024:.1f} MB; at 1 min: "
                  f"{_fmt(one and one / 1024, '.1f')} MB; at {memory['end_s']} s: {_fmt(end and end / 1024, '.1f')} MB; "
                  f"from 1 min to the end: {_fmt(one and end and (end - one) / 1024, '+.2f')} MB."]
    lines += _table("Behind a slow terminal (a pty read at 200 KB/s, demo, 120x40)",
                    ["player", "source frames shown", "reel dropped", "reel's highest tolerance", "PSNR dB", "max lag s",
                     "lag at the end s", "last screen at s"],
                    [[player, r.get("shown", "–"), (r.get("stats") or {}).get("dropped", "–"),
                      _fmt((r.get("stats") or {}).get("tolerance_max"), "d"), _fmt(r.get("psnr"), ".2f"),
                      _fmt(r.get("max_lag_s"), ".2f"), _fmt(r.get("end_lag_s"), ".2f"), _fmt(r.get("last_screen_s"), ".1f")]
                     for player, r in (results.get("slow") or {}).items()],
                    note="Lag: how far the picture that reached the terminal was behind the clock (its arrival time "
                         "since the first picture, minus its source time since the first picture's).")
    lines += ["", "![rate against distortion for each class](benchmarks.png)"] if results.get("rd") else []
    return "\n".join(lines) + "\n"


def techniques_table(results):
    rows_in = results.get("techniques") or []
    tct = {(k[0], k[1], k[2]): r for k, r in _offline(results).items() if k[3] == "tct"}
    rows = []
    for r in sorted(rows_in, key=lambda r: (r["clip"], r["columns"], r["step"])):
        t = tct.get((r["clip"], r["columns"], r["rows"]))
        if not t:
            continue
        rows.append([r["clip"], f"{r['columns']}x{r['rows']}", r["label"], f"{r['bytes'] / t['bytes']:.3f}",
                     f"{r['psnr'] - t['psnr']:+.2f}", f"{r['cell_error_p99']:.1f}", f"{r['smooth_stale_ms']:.0f}",
                     f"{r.get('cells_written_share', 0) * 100:.0f} %"])
    return _table("What each technique gained (offline, half blocks)",
                  ["clip", "size", "renderer", "bytes ÷ tct's", "PSNR − tct's dB", "p99 cell error", "smooth stale ms",
                   "cells written a frame"], rows,
                  note="Each row adds one technique to the row above; the first is the renderer before this round "
                       "(a fixed tolerance of 2), the fourth is reel's default, the last adds hysteresis to it.")


def offline_table(results):
    off = results.get("offline") or []
    tct = {(r["clip"], r["columns"], r["rows"]): r for r in off if r["player"] == "tct"}
    rows = []
    for r in off:
        t = tct.get((r["clip"], r["columns"], r["rows"]))
        rows.append([r["clip"], f"{r['columns']}x{r['rows']}", r["player"], f"{r['bytes_per_s'] / 1e6:.2f}",
                     _fmt(_ratio(r["bytes"], t and t["bytes"]), ".3f"), f"{r['psnr']:.2f}",
                     f"{r['cell_error_p99']:.1f}", f"{r['smooth_stale_ms']:.0f}",
                     _fmt(r.get("cells_written_share") and r["cells_written_share"] * 100, ".0f"),
                     _fmt(r.get("render_ms_median"), ".2f")])
    return _table("Offline: every frame, none dropped",
                  ["clip", "size", "player", "MB/s", "bytes ÷ tct's", "PSNR dB", "p99 cell error", "smooth stale ms",
                   "cells written a frame %", "encode + render ms (median)"], rows,
                  note="reel-exact: every colour exact (no tolerance, no budget); reel-before: the renderer before "
                       "this round (a fixed tolerance of 2). Render times are from RenderBench, two at a time on "
                       "a shared machine: a guide only.")


def matrix_table(results):
    rows = []
    for r in medians(results.get("matrix") or []):
        rows.append([r["clip"], f"{r['columns']}x{r['rows']}", r["player"], _fmt(r["bytes_per_s"] and r["bytes_per_s"] / 1e6, ".2f"),
                     _fmt(r["psnr"], ".2f") + ("" if r["geometry_ok"] else " (misplaced)"),
                     _fmt(r["cpu"], ".2f") + " (" + ", ".join(_fmt(v, ".2f") for v in r["cpu_runs"]) + ")",
                     _fmt(r["tmux_cpu"], ".2f"),
                     f"{_fmt(r['shown'], '.0f')} / {r['source_frames']} (" + ", ".join(_fmt(v, ".0f") for v in r["shown_runs"]) + ")",
                     _fmt(r["first_frame_s"] and r["first_frame_s"] * 1000, ".0f"), _fmt(r["dropped"], ".0f"),
                     _fmt(r["draw_ms"], ".2f")])
    return _table("In tmux: medians of the runs (each run's figure in brackets)",
                  ["clip", "size", "player", "MB/s", "PSNR dB", "CPU s", "tmux CPU s", "shown / source",
                   "first frame ms", "reel dropped", "draw ms p50"], rows)


def filmsize_tables(results):
    film = results.get("filmsize")
    if not film:
        return []
    lines = _table("Film-sized sources: mpv's decoding and scaling for reel, with each option (offline, 120x40)",
                   ["clip", "options", "CPU s per s of video (median)", "runs"],
                   [[r["clip"], r["variant"], f"{r['cpu_per_s']:.3f}", ", ".join(f"{v:.2f}" for v in r["runs"])]
                    for r in film["decode"]],
                   note="RenderBench decodes every frame untimed with reel's mpv options and the one named, and "
                        "renders it at 120x80 pixels: the decoder and the scaler, without the terminal.")
    groups = {}
    for r in film["tmux"]:
        groups.setdefault((r["clip"], r["player"]), []).append(r)
    rows = []
    for (clip, player), runs in groups.items():
        cpu = _median([r.get("cpu") for r in runs])
        tct = _median([r.get("cpu") for r in groups.get((clip, "tct"), [])])
        rows.append([clip, player, _fmt(cpu and cpu / runs[0]["duration"], ".3f"), _fmt(_ratio(cpu, tct), ".2f"),
                     _fmt(_median([r.get("tmux_cpu") for r in runs]), ".2f"),
                     f"{_fmt(_median([r.get('shown') for r in runs]), '.0f')} / {runs[0]['source_frames']}",
                     _fmt(_median([r.get("max_lag_s") for r in runs]), ".2f"),
                     _fmt(_median([r.get("end_lag_s") for r in runs]), ".2f")])
    lines += _table("Film-sized sources in tmux (120x40, sound decoded to ao=null, medians)",
                    ["clip", "player", "CPU s per s of video", "÷ tct's", "tmux CPU s", "shown / source", "max lag s",
                     "lag at the end s"], rows,
                    note="Lag: how far the picture that reached the terminal was behind the clock.")
    return lines


def _pct(value):
    return None if value is None else value * 100


def plot(results, path):
    """Rate against distortion for each class: reel's half blocks at each byte budget (its default
    ringed), the renderer before this round, and tct's single point, at 120x40 and 200x60."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rd = results.get("rd") or []
    off = _offline(results)
    clips = list(dict.fromkeys(r["clip"] for r in rd))
    if not clips:
        return
    columns = 3
    lines = (len(clips) + columns - 1) // columns
    fig, axes = plt.subplots(lines, columns, figsize=(5 * columns, 3.8 * lines), squeeze=False)
    colours = {(120, 40): "#1f77b4", (200, 60): "#d62728"}
    for k, clip in enumerate(clips):
        ax = axes[k // columns][k % columns]
        for size, colour in colours.items():
            tct = off.get((clip, size[0], size[1], "tct"))
            points = sorted((r for r in rd if r["clip"] == clip and (r["columns"], r["rows"]) == size),
                            key=lambda r: r["budget"])
            if not tct or not points:
                continue
            label = f"{size[0]}x{size[1]}"
            ax.plot([p["bytes"] / tct["bytes"] for p in points], [p["psnr"] for p in points], "o-", color=colour,
                    ms=4, label=f"reel, budgets {points[0]['budget']}–{points[-1]['budget']} of a redraw ({label})")
            default = off.get((clip, size[0], size[1], "reel-half"))
            if default:
                ax.plot([default["bytes"] / tct["bytes"]], [default["psnr"]], "o", mfc="none", mec=colour, ms=11)
            before = off.get((clip, size[0], size[1], "reel-before"))
            if before:
                ax.plot([before["bytes"] / tct["bytes"]], [before["psnr"]], "s", color=colour, ms=6, alpha=0.5,
                        label=f"before this round ({label})")
            ax.plot([1.0], [tct["psnr"]], "*", color=colour, ms=12, label=f"mpv --vo=tct ({label})")
            ax.axhline(tct["psnr"] - 0.5, color=colour, lw=0.6, ls=":")
        ax.axvline(0.35, color="#888888", lw=0.8, ls="--")
        ax.set_xscale("log")
        ax.set_title(clip)
        ax.set_xlabel("bytes ÷ tct's (log)")
        ax.set_ylabel("PSNR dB")
        if k == 0:
            ax.legend(fontsize=6)
    for k in range(len(clips), lines * columns):
        axes[k // columns][k % columns].axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
