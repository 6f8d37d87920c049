#!/usr/bin/env python3
"""One page to read a run_suite.py output folder: OUT/results.html.

The tables of OUT/summary.md (all families, then each family's), the
criteria table when the run has one (OUT/criteria.md, or OUT/criteria.csv),
every plot of OUT/plots/ and the path pictures of OUT/paths/
(scripts/draw_paths.py), per family. Self-contained: no script, no font or
style from the network; the PNGs are embedded in the page (data: URIs), and
the links beside them (each figure's SVG, the CSV files) are relative and
point at files the folder holds. run_suite.py (and so `make bench`) writes it
after the plots; run it again after adding to the folder.

    python3 scripts/results_page.py results/default
"""
import argparse
import base64
import csv
import html
import os
import re
import sys
import time

STYLE = """
body { font-family: sans-serif; margin: 1.5em auto; max-width: 1200px; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { border-bottom: 2px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
nav a { margin-right: 1em; } .note { color: #555; }
table { border-collapse: collapse; margin: .8em 0; font-size: .85em; display: block; overflow-x: auto; }
th, td { border: 1px solid #ccc; padding: .25em .5em; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; } th { background: #f0f0f0; }
.figures { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; border: 1px solid #ddd; padding: .4em; background: #fff; }
figure img { display: block; max-width: 540px; height: auto; }
figcaption { font-size: .85em; color: #444; margin-top: .3em; }
"""

PLOT_ORDER = ["subopt", "subopt_cdf", "time", "first20", "expanded", "tradeoff"]


def esc(text):
    return html.escape(str(text), quote=True)


def inline(text):
    """Markdown inline: `code` and **bold**, the rest escaped."""
    out = esc(text)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", out)


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def markdown(text, level=3):
    """The markdown the suite writes (headings, pipe tables, paragraphs) as HTML;
    a heading of n #'s becomes h(level + n - 3), at least h3."""
    out, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            n = len(line) - len(line.lstrip("#"))
            h = min(6, max(3, level + n - 3))
            out.append("<h%d>%s</h%d>" % (h, inline(line.lstrip("#").strip()), h))
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                if not re.fullmatch(r"\|?[\s:|-]+\|?", lines[i].strip()):
                    rows.append(cells(lines[i]))
                i += 1
            out.append(table(rows[0], rows[1:], inline))
            continue
        elif line.strip():
            para = [line]
            while i + 1 < len(lines) and lines[i + 1].strip() and not lines[i + 1].startswith(("#", "|")):
                i += 1
                para.append(lines[i])
            out.append("<p>%s</p>" % inline(" ".join(para)))
        i += 1
    return "\n".join(out)


def table(head, rows, fmt=esc):
    return ("<table><thead><tr>%s</tr></thead><tbody>%s</tbody></table>"
            % ("".join("<th>%s</th>" % fmt(h) for h in head),
               "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % fmt(c) for c in r) for r in rows)))


def summary_sections(out):
    """{'All families' or family: markdown of its table} from OUT/summary.md, and the text before them."""
    path = os.path.join(out, "summary.md")
    if not os.path.isfile(path):
        return "", {}
    with open(path) as f:
        text = f.read()
    parts = re.split(r"^### ", text, flags=re.M)
    sections = {}
    for part in parts[1:]:
        title, _, body = part.partition("\n")
        key = title[len("Family: "):].strip() if title.startswith("Family: ") else title.strip()
        sections[key] = body
    intro = "\n".join(line for line in parts[0].splitlines() if not line.startswith("# "))
    return intro, sections


def criteria(out):
    """The criteria table as HTML, or '' when the run has none."""
    md, csv_path = os.path.join(out, "criteria.md"), os.path.join(out, "criteria.csv")
    if os.path.isfile(md):
        with open(md) as f:
            body = markdown(f.read())
    elif os.path.isfile(csv_path):
        with open(csv_path, newline="") as f:
            rows = list(csv.reader(f))
        body = table(rows[0], rows[1:]) if rows else ""
    else:
        return ""
    links = [link(out, p, os.path.basename(p)) for p in (md, csv_path) if os.path.isfile(p)]
    return body + '<p class="note">%s</p>' % " ".join(links)


def link(out, path, text):
    return '<a href="%s">%s</a>' % (esc(os.path.relpath(path, out)), esc(text))


def image(path):
    """An <img> with the picture embedded (PNG, or SVG when that is all there is)."""
    kind = "png" if path.endswith(".png") else "svg+xml"
    with open(path, "rb") as f:
        data = base64.b64encode(f.read()).decode("ascii")
    return '<img src="data:image/%s;base64,%s" alt="%s">' % (kind, data, esc(os.path.basename(path)))


def figure(out, stem, caption):
    """A figure for stem.png (or stem.svg), its SVG linked; '' when neither exists."""
    png, svg = stem + ".png", stem + ".svg"
    shown = png if os.path.isfile(png) else svg if os.path.isfile(svg) else None
    if not shown:
        return ""
    extra = " " + link(out, svg, "SVG") if os.path.isfile(svg) else ""
    return "<figure>%s<figcaption>%s%s</figcaption></figure>" % (image(shown), esc(caption), extra)


def plot_figures(out, pdir):
    if not os.path.isdir(pdir):
        return ""
    names = sorted({f[:-3] for f in os.listdir(pdir) if f.endswith(".gp")},
                   key=lambda n: (PLOT_ORDER.index(n) if n in PLOT_ORDER else len(PLOT_ORDER), n))
    figs = [figure(out, os.path.join(pdir, n), n) for n in names]
    if names and not any(figs):
        return '<p class="note">The plots were not drawn (gnuplot missing): data and scripts are in %s/.</p>' \
            % esc(os.path.relpath(pdir, out))
    return '<div class="figures">%s</div>' % "".join(figs)


def path_figures(out, fam):
    """The path pictures of a family with the lengths draw_paths.py listed."""
    listing = os.path.join(out, "paths", "paths.csv")
    if not os.path.isfile(listing):
        return ""
    with open(listing, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["family"] == fam]
    figs = []
    for kind in dict.fromkeys(r["kind"] for r in rows):
        these = [r for r in rows if r["kind"] == kind]
        first = these[0]
        caption = "%s: %s query %s, optimum %.2f; %s" % (
            kind.replace("_", " "), first["map"], first["query"], float(first["optimum"]),
            ", ".join("%s %.2f" % (r["entry"], float(r["length"])) for r in these))
        figs.append(figure(out, os.path.join(out, "paths", fam, kind), caption))
    return '<div class="figures paths">%s</div>' % "".join(figs) if figs else ""


def run_note(out):
    stamp = os.path.join(out, "raw", "RUN")
    if not os.path.isfile(stamp):
        return ""
    with open(stamp) as f:
        return f.read().strip()


def page(out):
    name = os.path.basename(os.path.abspath(out))
    intro, sections = summary_sections(out)
    families = sorted(k for k in sections if k != "All families")
    pdir = os.path.join(out, "plots")
    if os.path.isdir(pdir):
        families = sorted(set(families) | {d for d in os.listdir(pdir) if os.path.isdir(os.path.join(pdir, d))})
    crit = criteria(out)
    nav = ['<a href="#all">All families</a>'] + (['<a href="#criteria">Criteria</a>'] if crit else []) + \
        ['<a href="#family-%s">%s</a>' % (esc(f), esc(f)) for f in families]
    body = ["<h1>Results: %s</h1>" % esc(name),
            '<p class="note">Written %s by scripts/results_page.py from %s. %s</p>'
            % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), esc(os.path.abspath(out)), esc(run_note(out))),
            "<nav>%s</nav>" % "".join(nav),
            '<section id="all"><h2>All families</h2>%s%s%s</section>'
            % (markdown(intro), markdown(sections.get("All families", "")),
               plot_figures(out, pdir).replace('class="figures"', 'class="figures overall"', 1))]
    if crit:
        body.append('<section id="criteria"><h2>Criteria</h2>%s</section>' % crit)
    tables = [p for p in ("summary.md", "summary.csv") if os.path.isfile(os.path.join(out, p))]
    for fam in families:
        paths = path_figures(out, fam)
        body.append('<section id="family-%s"><h2>Family %s</h2>%s%s<h3>Plots</h3>%s</section>'
                    % (esc(fam), esc(fam), markdown(sections.get(fam, "")),
                       "<h3>Paths on the map</h3>" + paths if paths else "", plot_figures(out, os.path.join(pdir, fam))))
    body.append('<p class="note">Tables as files: %s</p>'
                % " ".join(link(out, os.path.join(out, p), p) for p in tables))
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Results: %s</title>'
            "<style>%s</style></head>\n<body>\n%s\n</body></html>\n" % (esc(name), STYLE, "\n".join(body)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="a run_suite.py --out folder")
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.out, "summary.md")):
        sys.exit("results_page: %s has no summary.md (run scripts/run_suite.py, or aggregate.py, first)" % args.out)
    target = os.path.join(args.out, "results.html")
    with open(target + ".part", "w") as f:
        f.write(page(args.out))
    os.replace(target + ".part", target)
    print("results_page: wrote %s" % target)


if __name__ == "__main__":
    main()
