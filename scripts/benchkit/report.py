"""The report of a scripts/bench run: the targets, the ratio tables and the plot."""

# The players of the matrix, in the order the plot shows them.
PLAYER_ORDER = ("tct", "reel-half", "reel-quadrant")




def ratios(matrix):
    """Rows of reel/tct ratios, one per clip, size and reel blitter."""
    rows = []
    for clip in dict.fromkeys(r["clip"] for r in matrix):
        for size in dict.fromkeys((r["columns"], r["rows"]) for r in matrix if r["clip"] == clip):
            by = {r["player"]: r for r in matrix if r["clip"] == clip and (r["columns"], r["rows"]) == size}
            tct = by.get("tct")
            for player in ("reel-half", "reel-quadrant"):
                reel = by.get(player)
                if not tct or not reel:
                    continue
                rows.append({
                    "clip": clip, "size": f"{size[0]}x{size[1]}", "player": player,
                    "bytes": _ratio(reel["bytes"], tct["bytes"]),
                    "cpu": _ratio(reel["cpu"], tct["cpu"]),
                    "shown": reel.get("shown_share"), "tct_shown": tct.get("shown_share"),
                    "psnr_delta": (reel["psnr"] - tct["psnr"]) if "psnr" in reel and "psnr" in tct else None,
                    "tmux_cpu": _ratio(reel["tmux_cpu"], tct["tmux_cpu"]),
                    "first_frame": _ratio(reel.get("first_frame_s"), tct.get("first_frame_s")),
                })
    return rows


def _ratio(a, b):
    return a / b if a is not None and b else None


def _fmt(value, spec):
    return "–" if value is None else format(value, spec)


def targets(results):
    """The issue's targets at 120x40, each with the figure and whether it is met."""
    rows = []
    by = {(r["clip"], r["player"]): r for r in ratios(results.get("matrix") or []) if r["size"] == "120x40"}
    absolute = {(r["clip"], r["player"]): r for r in results.get("matrix") or []
                if (r["columns"], r["rows"]) == (120, 40)}
    for clip in dict.fromkeys(c for c, _ in by):
        half, quadrant = by.get((clip, "reel-half")), by.get((clip, "reel-quadrant"))
        if half:
            rows += [(clip, "bytes ≤ 0.35 × tct's", _fmt(half["bytes"], ".2f"), _le(half["bytes"], 0.35)),
                     (clip, "PSNR no more than 0.5 dB below tct's", _fmt(half["psnr_delta"], "+.2f") + " dB",
                      _ge(half["psnr_delta"], -0.5)),
                     (clip, "player CPU ≤ 1.0 × tct's", _fmt(half["cpu"], ".2f"), _le(half["cpu"], 1.0)),
                     (clip, "frames shown ≥ 95 %", _fmt(_pct(half["shown"]), ".0f") + " %", _ge(half["shown"], 0.95)),
                     (clip, "tmux CPU ≤ 0.5 × tct's", _fmt(half["tmux_cpu"], ".2f"), _le(half["tmux_cpu"], 0.5)),
                     ]
        if half and quadrant:
            qa, ha = absolute.get((clip, "reel-quadrant"), {}), absolute.get((clip, "reel-half"), {})
            better = qa.get("psnr") is not None and ha.get("psnr") is not None and qa["psnr"] > ha["psnr"]
            rows.append((clip, "quadrant: PSNR > half's, bytes ≤ 1.0 × tct's",
                         f"{_fmt(qa.get('psnr'), '.2f')} vs {_fmt(ha.get('psnr'), '.2f')} dB, {_fmt(quadrant['bytes'], '.2f')}",
                         "missed (picture misplaced)" if not qa.get("geometry_ok", True)
                         else "met" if better and quadrant["bytes"] is not None and quadrant["bytes"] <= 1.0 else "missed"))
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


def before_after(before, after):
    """Rows comparing the 120x40 targets of an earlier run (`before`) with this one."""
    old = {(clip, name): f"{figure} ({verdict})" for clip, name, figure, verdict in targets(before)}
    return [[clip, name, old.get((clip, name), "–"), figure, verdict]
            for clip, name, figure, verdict in targets(after)]


def report(results, command):
    machine = results["machine"]
    lines = [f"Run on {results['date']} on {machine['cpu']} ({machine['cores']} cores), {machine['os']}, "
             f"tmux {machine['tmux']}, {machine['mpv']}.", "", f"    {command}"]
    before = results.get("before")
    if before:
        lines += _table("Targets (120x40, reel's default half blocks unless said), before and after",
                        ["clip", "target", f"before ({before.get('label', 'earlier run')})", "now", ""],
                        before_after(before, results),
                        note=f"Before: {before.get('command', '')} on {before.get('date', '')}, on the same machine.")
    else:
        lines += _table("Targets (120x40, reel's default half blocks unless said)", ["clip", "target", "figure", ""],
                        targets(results))
    matrix = results.get("matrix") or []
    lines += _table("Ratios, reel ÷ mpv --vo=tct, same run",
                    ["clip", "size", "reel", "bytes", "player CPU", "frames shown (tct)", "PSNR − tct's", "tmux CPU",
                     "start to first frame"],
                    [[r["clip"], r["size"], r["player"].split("-")[1], _fmt(r["bytes"], ".2f"), _fmt(r["cpu"], ".2f"),
                      f"{_fmt(_pct(r['shown']), '.0f')} % ({_fmt(_pct(r['tct_shown']), '.0f')} %)",
                      f"{_fmt(r['psnr_delta'], '+.2f')} dB", _fmt(r["tmux_cpu"], ".2f"), _fmt(r["first_frame"], ".2f")]
                     for r in ratios(matrix)])
    rows = []
    for r in matrix:
        stats = r.get("stats") or {}
        first = r.get("first_frame_s")
        rows.append([r["clip"], f"{r['columns']}x{r['rows']}", r["player"], f"{r['bytes_per_s'] / 1e6:.2f}",
                     _fmt(r.get("psnr"), ".2f") + ("" if r.get("geometry_ok", True) else " (misplaced)"),
                     f"{r['cpu']:.2f}", _fmt(r["tmux_cpu"], ".2f"), f"{r.get('shown', 0)} / {r['source_frames']}",
                     _fmt(first * 1000 if first else None, ".0f"), stats.get("dropped", "–"),
                     f"{stats['encode_median_ms']:.2f} / {stats['encode_p95_ms']:.2f}" if stats else "–"])
    lines += _table("Absolute figures",
                    ["clip", "size", "player", "MB/s", "PSNR dB", "CPU s", "tmux CPU s", "shown / source",
                     "first frame ms", "reel dropped", "draw ms p50 / p95"], rows)
    sweep = results.get("sweep") or []
    rows = []
    for clip in dict.fromkeys(r["clip"] for r in sweep):
        tct = next((r for r in sweep if r["clip"] == clip and r["player"] == "tct"), None)
        rows += [[clip, r["tolerance"], f"{r['bytes'] / tct['bytes']:.3f}", _fmt(r.get("psnr"), ".2f"),
                  _fmt(r.get("psnr", 0) - tct.get("psnr", 0), "+.2f")]
                 for r in sweep if tct and r["clip"] == clip and r["player"] != "tct"]
    lines += _table("Colour tolerance sweep (reel half blocks, 120x40)",
                    ["clip", "tolerance", "bytes ÷ tct's", "PSNR dB", "PSNR − tct's"], rows)
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
    return "\n".join(lines) + "\n"


def _pct(value):
    return None if value is None else value * 100


def plot(matrix, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    clips = list(dict.fromkeys(r["clip"] for r in matrix))
    fig, axes = plt.subplots(2, len(clips), figsize=(5.5 * len(clips), 7), squeeze=False)
    colours = {"tct": "#888888", "reel-half": "#1f77b4", "reel-quadrant": "#ff7f0e"}
    for c, clip in enumerate(clips):
        sizes = list(dict.fromkeys(f"{r['columns']}x{r['rows']}" for r in matrix if r["clip"] == clip))
        for p, player in enumerate(PLAYER_ORDER):
            rows = {f"{r['columns']}x{r['rows']}": r for r in matrix if r["clip"] == clip and r["player"] == player}
            xs = [i + (p - 1) * 0.27 for i in range(len(sizes))]
            axes[0][c].bar(xs, [rows[s]["bytes_per_s"] / 1e6 if s in rows else 0 for s in sizes], width=0.27,
                           color=colours[player], label=player)
            axes[1][c].bar(xs, [rows[s].get("psnr", 0) if s in rows else 0 for s in sizes], width=0.27,
                           color=colours[player], label=player)
        for a in (0, 1):
            axes[a][c].set_xticks(range(len(sizes)))
            axes[a][c].set_xticklabels(sizes)
        axes[0][c].set_title(f"{clip}.mp4: bytes written per second")
        axes[0][c].set_ylabel("MB/s")
        axes[1][c].set_title(f"{clip}.mp4: PSNR against the source")
        axes[1][c].set_ylabel("dB")
        values = [r.get("psnr", 0) for r in matrix if r["clip"] == clip and r.get("psnr")]
        if values:
            axes[1][c].set_ylim(min(values) - 3, max(values) + 1.5)
        axes[0][c].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


