#!/usr/bin/env python3
"""Paths on their map: one or more entries' paths for one query, drawn over
the map's blocked cells, with the start, the goal, a legend giving each
entry's length and the optimum in the title. SVG written here by hand, PNG
by gnuplot (plot.py's; without it the SVG alone and one line saying so).
The paths come from the driver: `build/gppc --query N --paths FILE`.

One query:

    python3 scripts/draw_paths.py --map maps/rooms/8room256-0.map \\
        --scen scenarios/rooms/8room256-0.map.scen --query 900 --entries mm,jps --out /tmp/q900

A run_suite.py output folder (run_suite and `make bench` do this): per
family, the query where mm is furthest from optimal and the longest query,
every entry of the run drawn, into OUT/paths/<family>/{worst_mm,longest}.{png,svg},
listed in OUT/paths/paths.csv:

    python3 scripts/draw_paths.py --suite results/default
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from aggregate import load  # noqa: E402
from check_trace import read_map  # noqa: E402
from plot import INSTALL_HINT, MM_COLOUR, PALETTE, find_gnuplot, quote  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START, GOAL, BLOCKED = "#000000", "#E00000", "#3a3a3a"  # start a square, goal a disc
SIZE = 800  # pixels of the map's longer side


def entry_paths(gppc, entries, map_path, scen, query, pre_dir):
    """[(entry, length, optimum, [(x, y), ...])] from the driver's --paths,
    one run per entry (-run with the suite's preprocessing files, -full
    when there are none); an entry the driver cannot run is left out, in one
    line on stdout."""
    out = []
    with tempfile.TemporaryDirectory(prefix="draw-paths-") as tmp:
        for i, spec in enumerate(entries):
            paths = os.path.join(tmp, "%d.paths" % i)
            for mode in ("-run", "-full"):
                cmd = [gppc, "--entry", spec, "--pre-dir", pre_dir or tmp, "--query", str(query), "--paths", paths,
                       mode, map_path, scen]
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode in (0, 1):  # 1: an invalid path, drawn all the same
                    break
            else:
                print("draw_paths: %s left out of the picture: %s failed (exit %d): %s"
                      % (spec, " ".join(cmd), p.returncode, (p.stderr.strip().splitlines() or ["?"])[-1]))
                continue
            with open(paths) as f:
                ident, length, optimum, cells = f.read().rstrip("\n").split("\t")
            pts = [tuple(int(v) for v in c.split(",")) for c in cells.split()]
            out.append((spec, float(length), float(optimum), pts))
    return out


def colours(entries):
    """mm (the first spec named mm...) in its colour, the others in the palette's order."""
    out, k = {}, 0
    for spec in entries:
        if spec.split(":")[0] == "mm" and MM_COLOUR not in out.values():
            out[spec] = MM_COLOUR
        else:
            out[spec] = PALETTE[k % len(PALETTE)]
            k += 1
    return out


def label(spec, length, optimum):
    if length < 0:
        return "%s: no path" % spec
    return "%s: %.2f (%.3fx)" % (spec, length, length / optimum if optimum > 0 else 1.0)


def widths(n, cell_px):
    """Line widths in pixels, widest first, so paths drawn later on top of an
    equal one leave it visible."""
    base = max(1.5, min(6.0, cell_px * 0.9))
    return [base * (1.0 + 1.2 * (n - 1 - i) / max(n - 1, 1)) for i in range(n)]


def view_of(width, height, paths):
    """(x0, y0, x1, y1), x1 and y1 past the end: the whole map, or, when the
    paths keep to under half of it each way, their box with a margin."""
    pts = [p for _, _, _, pts in paths for p in pts]
    if not pts:
        return 0, 0, width, height
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    side = max(max(xs) - min(xs), max(ys) - min(ys)) + 1
    margin = max(8, side // 4)
    if side + 2 * margin > max(width, height) // 2:
        return 0, 0, width, height
    half = (side + 2 * margin) // 2
    cx, cy = (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2
    x0, y0 = max(0, min(cx - half, width - 2 * half)), max(0, min(cy - half, height - 2 * half))
    return x0, y0, min(width, x0 + 2 * half), min(height, y0 + 2 * half)


def svg(out_path, title, view, rows, paths, colour):
    vx0, vy0, vx1, vy1 = view
    s = SIZE / max(vx1 - vx0, vy1 - vy0)
    head, row_h = 40, 18
    legend_h = row_h * (len(paths) + 1) + 10
    w_px, h_px = (vx1 - vx0) * s, (vy1 - vy0) * s
    blocked = []
    for y in range(vy0, vy1):
        row, x = rows[y], vx0
        while x < vx1:
            if row[x] in ".GS":
                x += 1
                continue
            x0 = x
            while x < vx1 and row[x] not in ".GS":
                x += 1
            blocked.append("M%d %dh%dv1h-%dz" % (x0, y, x - x0, x - x0))
    lines = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %.1f %.1f" '
             'font-family="sans-serif" font-size="13">' % (w_px, h_px + head + legend_h, w_px, h_px + head + legend_h),
             '<rect width="100%" height="100%" fill="white"/>',
             '<text x="4" y="16" font-size="14">%s</text>' % esc(title[0]),
             '<text x="4" y="33" fill="#444">%s</text>' % esc(title[1]),
             '<g transform="translate(0,%d) scale(%.6f) translate(%d,%d)">' % (head, s, -vx0, -vy0),
             '<rect x="%d" y="%d" width="%d" height="%d" fill="white" stroke="#999" stroke-width="%.3f"/>'
             % (vx0, vy0, vx1 - vx0, vy1 - vy0, 1 / s),
             '<path fill="%s" d="%s"/>' % (BLOCKED, "".join(blocked))]
    for (spec, _, _, pts), w in zip(paths, widths(len(paths), s)):
        if pts:
            lines.append('<polyline fill="none" stroke="%s" stroke-width="%.3f" stroke-linejoin="round" '
                         'stroke-linecap="round" points="%s"/>'
                         % (colour[spec], w / s, " ".join("%g,%g" % (x + 0.5, y + 0.5) for x, y in pts)))
    r = max(3.0, s * 1.2) / s
    ends = paths[0][3][:1] + paths[0][3][-1:]
    for (x, y), fill in zip(ends, (START, GOAL)):
        if fill == START:
            lines.append('<rect x="%g" y="%g" width="%.3f" height="%.3f" fill="%s" stroke="white" stroke-width="%.3f"/>'
                         % (x + 0.5 - r * 1.8, y + 0.5 - r * 1.8, r * 3.6, r * 3.6, fill, r / 2))
        else:
            lines.append('<circle cx="%g" cy="%g" r="%.3f" fill="%s" stroke="white" stroke-width="%.3f"/>'
                         % (x + 0.5, y + 0.5, r * 2, fill, r / 2))
    lines.append("</g>")
    y0 = head + h_px + 8
    items = [(colour[spec], label(spec, length, opt)) for spec, length, opt, _ in paths]
    items.append((None, "start: black square, goal: red disc, blocked cells dark grey"))
    for i, (c, text) in enumerate(items):
        y = y0 + i * row_h
        if c:
            lines.append('<line x1="6" y1="%.1f" x2="36" y2="%.1f" stroke="%s" stroke-width="4"/>' % (y + 5, y + 5, c))
        lines.append('<text x="44" y="%.1f">%s</text>' % (y + 10, esc(text)))
    lines.append("</svg>")
    with open(out_path + ".part", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(out_path + ".part", out_path)


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def gnuplot_png(gnuplot, prefix, title, view, width, height, rows, paths, colour):
    """prefix.png by gnuplot from prefix.map.bin (one byte a cell), prefix.dat
    and prefix.gp, which stay beside it."""
    with open(prefix + ".map.bin", "wb") as f:
        f.write(bytes(1 if c in ".GS" else 0 for row in rows for c in row[:width]))
    with open(prefix + ".dat", "w") as f:
        for _, _, _, pts in paths:
            f.write("".join("%d %d\n" % p for p in pts) or "nan nan\n")
            f.write("\n\n")
        ends = paths[0][3] or [(0, 0)]
        f.write("%d %d\n\n\n%d %d\n" % (ends[0] + ends[-1]))
    vx0, vy0, vx1, vy1 = view
    s = SIZE / max(vx1 - vx0, vy1 - vy0)
    plots = ["'%s.map.bin' binary array=(%d,%d) format='%%uchar' with image notitle"
             % (os.path.basename(prefix), width, height)]
    for i, ((spec, length, opt, _), w) in enumerate(zip(paths, widths(len(paths), s))):
        plots.append("'%s.dat' index %d using ($1):($2) with lines lw %.2f lc rgb '%s' title %s"
                     % (os.path.basename(prefix), i, w * 0.75, colour[spec], quote(label(spec, length, opt))))
    n = len(paths)
    plots.append("'%s.dat' index %d with points pt 5 ps 2 lc rgb '%s' title 'start'" % (os.path.basename(prefix), n,
                                                                                          START))
    plots.append("'%s.dat' index %d with points pt 7 ps 2 lc rgb '%s' title 'goal'" % (os.path.basename(prefix), n + 1,
                                                                                         GOAL))
    gp = ("set terminal pngcairo size %d,%d font 'sans,10'\nset output '%s.png'\n"
          "set title %s\nset size ratio -1\nset xrange [%g:%g]\nset yrange [%g:%g]\n"
          "set palette defined (0 '%s', 1 'white')\nset cbrange [0:1]\nunset colorbox\n"
          "unset xtics\nunset ytics\nset key below left Left reverse samplen 3\n"
          "plot %s\n" % (int((vx1 - vx0) * s) + 60, int((vy1 - vy0) * s) + 110 + 18 * (n + 2) // 2,
                         os.path.basename(prefix), quote("\n".join(title)), vx0 - 0.5, vx1 - 0.5, vy1 - 0.5, vy0 - 0.5,
                         BLOCKED, ", \\\n     ".join(plots)))
    with open(prefix + ".gp", "w") as f:
        f.write(gp)
    p = subprocess.run([gnuplot, os.path.basename(prefix) + ".gp"], cwd=os.path.dirname(os.path.abspath(prefix)),
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("draw_paths: gnuplot failed on %s.gp: %s" % (prefix, p.stderr.strip()))


def draw(prefix, title, map_path, paths, gnuplot):
    """prefix.svg, and prefix.png when gnuplot is there; returns what was written."""
    width, height, rows = read_map(map_path)
    colour = colours([spec for spec, _, _, _ in paths])
    view = view_of(width, height, paths)
    if view != (0, 0, width, height):
        title = (title[0], title[1] + "; cells %d-%d x %d-%d of %dx%d shown"
                 % (view[0], view[2] - 1, view[1], view[3] - 1, width, height))
    svg(prefix + ".svg", title, view, rows, paths, colour)
    if not gnuplot:
        return [prefix + ".svg"]
    gnuplot_png(gnuplot, prefix, title, view, width, height, rows, paths, colour)
    return [prefix + ".png", prefix + ".svg"]


def pick_queries(rows):
    """The row where the entry is furthest from optimal (the longer on a tie)
    and the longest row, among valid rows of the first repetition."""
    measured = [r for r in rows if r["valid"] and r["ref_length"] > 0 and r.get("rep", 0) == 0]
    if not measured:
        return []
    worst = max(measured, key=lambda r: (r["path_length"] / r["ref_length"], r["ref_length"]))
    longest = max(measured, key=lambda r: (r["ref_length"], r["path_length"]))
    return [("worst_mm", worst), ("longest", longest)]


def suite(out, gppc, gnuplot):
    data = load(out)
    labels = sorted(data, key=lambda lab: (lab.split(":")[0] != "mm", lab))
    families = sorted({fam for fams in data.values() for fam in fams})
    listing = []
    for fam in families:
        entries = [lab for lab in labels if fam in data[lab]]
        focus = entries[0]  # mm when the run has it
        for kind, row in pick_queries(data[focus][fam][0]):
            if kind == "worst_mm" and focus.split(":")[0] != "mm":
                kind = "worst_" + focus.split(":")[0]
            fdir = os.path.join(out, "paths", fam)
            os.makedirs(fdir, exist_ok=True)
            paths = entry_paths(gppc, entries, row["map"], row["scen"], row["experiment_id"],
                                os.path.join(out, "pre"))
            if not paths:
                continue
            name = os.path.basename(row["map"])
            what = ("%s is furthest from optimal here (%.3fx)" % (focus, row["path_length"] / row["ref_length"])
                    if kind.startswith("worst") else "the longest query of the family")
            title = ("%s, query %d: optimum %.2f" % (name, row["experiment_id"], paths[0][2]),
                     "family %s: %s" % (fam, what))
            files = draw(os.path.join(fdir, kind), title, row["map"], paths, gnuplot)
            for spec, length, opt, _ in paths:
                listing.append([fam, kind, name, row["experiment_id"], "%.6f" % opt, spec, "%.6f" % length,
                                " ".join(os.path.relpath(p, out) for p in files)])
    with open(os.path.join(out, "paths", "paths.csv.part"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["family", "kind", "map", "query", "optimum", "entry", "length", "files"])
        w.writerows(listing)
    os.replace(os.path.join(out, "paths", "paths.csv.part"), os.path.join(out, "paths", "paths.csv"))
    return len({(r[0], r[1]) for r in listing})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", metavar="OUT", help="a run_suite.py output folder: draw per family (above)")
    ap.add_argument("--map")
    ap.add_argument("--scen")
    ap.add_argument("--query", type=int, help="0-based, the CSV's experiment_id")
    ap.add_argument("--entries", default="mm,jps", help="comma-separated entry specs (default mm,jps)")
    ap.add_argument("--out", help="output prefix: OUT.svg and OUT.png")
    ap.add_argument("--gppc", default=os.path.join(ROOT, "build", "gppc"))
    ap.add_argument("--install-gnuplot", action="store_true",
                    help="when gnuplot is missing and this is root with apt-get, install gnuplot-nox")
    args = ap.parse_args()
    if not os.access(args.gppc, os.X_OK):
        sys.exit("draw_paths: %s not built; run 'make' first" % args.gppc)
    gnuplot = find_gnuplot(args.install_gnuplot)
    if not gnuplot:
        print(INSTALL_HINT)
    if args.suite:
        n = suite(args.suite, args.gppc, gnuplot)
        print("draw_paths: drew %d queries to %s" % (n, os.path.join(args.suite, "paths")))
        return
    if not (args.map and args.scen and args.query is not None and args.out):
        ap.error("give --suite OUT, or --map, --scen, --query and --out")
    if os.path.dirname(args.out):
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
    from run_suite import split_entries
    paths = entry_paths(args.gppc, split_entries(args.entries), args.map, args.scen, args.query, None)
    if not paths:
        sys.exit("draw_paths: no entry gave a path to draw")
    title = ("%s, query %d: optimum %.2f" % (os.path.basename(args.map), args.query, paths[0][2]),
             "entries: %s" % args.entries)
    print("draw_paths: wrote " + ", ".join(draw(args.out, title, args.map, paths, gnuplot)))


if __name__ == "__main__":
    main()
