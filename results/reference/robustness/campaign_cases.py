"""The cases of campaign.py: real maps, scenarios, change files, preprocessing
files, driver options and version-2 scenarios, each mutated (see campaign.py).
build(gppc, out, only, seed) returns them; gppc writes the preprocessing files
that are then mutated."""
import hashlib
import os
import random
import re
import subprocess

ROOT = os.environ.get("GPPC_ROOT", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
BENCH = os.environ.get("GPPC_BENCH_DIR", "/work/shared/benchmarks")
GPPC = OUT = ONLY = None
rng = random.Random(37)


def rd(p):
    with open(p, "rb") as f:
        return f.read()

DAO_MAP = rd(BENCH + "/maps/dao/den009d.map")
DAO_SCEN = rd(BENCH + "/scenarios/dao/den009d.map.scen")
ROOM_MAP = rd(ROOT + "/maps/rooms/8room256-0.map")
ROOM_SCEN = b"".join(rd(ROOT + "/scenarios/rooms/8room256-0.map.scen").splitlines(True)[:41])
MAZE_MAP = rd(ROOT + "/maps/mazes/maze256-4-0.map")
MAZE_SCEN = b"".join(rd(ROOT + "/scenarios/mazes/maze256-4-0.map.scen").splitlines(True)[:31])


def renamed(sc):
    return re.sub(rb"(?m)^(\d+\t)[^\t]+", rb"\1m.map", sc)
DAO_SCEN, ROOM_SCEN, MAZE_SCEN = renamed(DAO_SCEN), renamed(ROOM_SCEN), renamed(MAZE_SCEN)
TINY2 = rd(ROOT + "/tests/data/tiny_dynamic.scen")
TINY2P = rd(ROOT + "/tests/data/tiny_dynamic.patch")

cases = []  # dicts: name, kind, files{name: bytes}, argv (with {d} for the case dir), expect, target


def case(kind, name, files, argv, expect, target, base=None, strict_line=True):
    """expect: 'reject' (must exit 2), 'same' (must run as the base: same paths),
    'either' (reject with a message, or accept with every path valid and -check
    agreeing), 'accept' (exit 0)."""
    if ONLY and kind not in ONLY:
        return
    cases.append(dict(kind=kind, name=name, files=files, argv=argv, expect=expect, target=target, base=base,
                      strict_line=strict_line))


def flips(data, n, lo=0):
    out = []
    for i in range(n):
        b = bytearray(data)
        pos = rng.randrange(lo, len(b))
        b[pos] = rng.randrange(256)
        out.append(("flip%d@%d" % (i, pos), bytes(b)))
    return out


def bitflips(data, n, lo=0):
    out = []
    for i in range(n):
        b = bytearray(data)
        pos = rng.randrange(lo, len(b))
        b[pos] ^= 1 << rng.randrange(8)
        out.append(("bit%d@%d" % (i, pos), bytes(b)))
    return out


def truncs(data, n):
    pts = sorted(set([0, 1, len(data) // 2, len(data) - 1] + [rng.randrange(len(data)) for _ in range(n)]))
    return [("trunc%d" % p, data[:p]) for p in pts]


def crlf(data):
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


# ---------------------------------------------------------------- maps
def map_cases(tag, mp, sc, entry):
    chk = ["--entry", entry, "--pre-dir", "{d}/pre", "-check", "{d}/m.map", "{d}/m.map.scen"]
    base = (tag, "mapbase")
    case("map", tag + "-base", {"m.map": mp, "m.map.scen": sc}, chk, "accept", "m.map", base=base)
    same = {
        "crlf": crlf(mp),
        "no-final-nl": mp.rstrip(b"\n"),
        "trailing-blanks": mp.replace(b"\n", b"  \t\n"),
        "blank-lines-end": mp + b"\n\n\n",
        "blank-line-in-header": mp.replace(b"type octile\n", b"type octile\n\n", 1),
        "cr-only-last": mp.rstrip(b"\n") + b"\r",
    }
    lines = mp.split(b"\n")
    hdr = lines[:4]
    rows = lines[4:]
    for k, v in same.items():
        case("map", "%s-%s" % (tag, k), {"m.map": v, "m.map.scen": sc}, chk, "same", "m.map", base=base)
    h = int(hdr[1].split()[1])
    w = int(hdr[2].split()[1])
    rej = {
        "empty": b"",
        "nl-only": b"\n\n",
        "height-huge": mp.replace(hdr[1], b"height 99999999999999999999", 1),
        "height-neg": mp.replace(hdr[1], b"height -5", 1),
        "height-0": mp.replace(hdr[1], b"height 0", 1),
        "height-max": mp.replace(hdr[1], b"height 8192", 1),
        "width-max": mp.replace(hdr[2], b"width 8192", 1),
        "both-max": mp.replace(hdr[1], b"height 8192", 1).replace(hdr[2], b"width 8192", 1),
        "height+1": mp.replace(hdr[1], b"height %d" % (h + 1), 1),
        "height-1": mp.replace(hdr[1], b"height %d" % (h - 1), 1),
        "width+1": mp.replace(hdr[2], b"width %d" % (w + 1), 1),
        "width-1": mp.replace(hdr[2], b"width %d" % (w - 1), 1),
        "height-float": mp.replace(hdr[1], b"height %d.0" % h, 1),
        "height-hex": mp.replace(hdr[1], b"height 0x%x" % h, 1),
        "height-missing-val": mp.replace(hdr[1], b"height", 1),
        "height-3-fields": mp.replace(hdr[1], hdr[1] + b" 7", 1),
        "type-tile": mp.replace(b"type octile", b"type tile", 1),
        "type-missing": mp.replace(b"type octile\n", b"", 1),
        # the kits' fscanf reads type, height, width, map in this order: any other is a 0x0 map there
        "header-order": b"\n".join([hdr[2], hdr[1], hdr[0], hdr[3]] + rows),
        "width-before-height": b"\n".join([hdr[0], hdr[2], hdr[1], hdr[3]] + rows),
        "blank-line-before-type": b"\n" + mp,
        "dup-type": mp.replace(b"type octile\n", b"type octile\ntype octile\n", 1),
        "no-map-line": mp.replace(b"\nmap\n", b"\n", 1),
        "dup-height": mp.replace(hdr[1], hdr[1] + b"\n" + hdr[1], 1),
        "dup-map-line": mp.replace(b"\nmap\n", b"\nmap\nmap\n", 1),
        "unknown-header": mp.replace(b"type octile\n", b"type octile\nname den\n", 1),
        "bom": b"\xef\xbb\xbf" + mp,
        "row-long": b"\n".join(hdr + [rows[0] + b"."] + rows[1:]),
        "row-short": b"\n".join(hdr + [rows[0][:-1]] + rows[1:]),
        "row-dup": b"\n".join(hdr + [rows[0]] + rows),
        "row-missing": b"\n".join(hdr + rows[1:]),
        "row-nul": b"\n".join(hdr + [rows[1][:3] + b"\0" + rows[1][4:]] + rows[2:] + [rows[0]]),
        "row-x": b"\n".join(hdr + [b"X" + rows[0][1:]] + rows[1:]),
        "row-leading-space": b"\n".join(hdr + [b" " + rows[0][1:]] + rows[1:]),
        "row-tab-inside": b"\n".join(hdr + [rows[0][:5] + b"\t" + rows[0][6:]] + rows[1:]),
        "extra-row": mp.rstrip(b"\n") + b"\n" + rows[0] + b"\n",
        "binary": bytes(rng.randrange(256) for _ in range(3000)),
        "cr-inside-row": b"\n".join(hdr + [rows[0][:5] + b"\r" + rows[0][6:]] + rows[1:]),
        "header-only": b"\n".join(hdr) + b"\n",
        "scen-as-map": sc,
    }
    for k, v in rej.items():
        case("map", "%s-%s" % (tag, k), {"m.map": v, "m.map.scen": sc}, chk, "reject", "m.map")
    for k, v in truncs(mp, 6):
        case("map", "%s-%s" % (tag, k), {"m.map": v, "m.map.scen": sc}, chk, "reject", "m.map")
    for k, v in flips(mp, 30):
        case("map", "%s-%s" % (tag, k), {"m.map": v, "m.map.scen": sc}, chk, "either", "m.map", base=base)
    # a cell flipped between blocked and passable: accepted, and -check decides
    body = len(b"\n".join(hdr)) + 1
    for i in range(10):
        b = bytearray(mp)
        while True:
            p = rng.randrange(body, len(b))
            if b[p] in b".@T":
                break
        b[p] = ord(b"@") if b[p] == ord(".") else ord(".")
        case("map", "%s-cell%d@%d" % (tag, i, p), {"m.map": bytes(b), "m.map.scen": sc}, chk, "either", "m.map",
             base=base)
    case("map", tag + "-missing", {"m.map.scen": sc}, chk, "reject", "m.map")
    case("map", tag + "-dir", {"m.map/x": b"", "m.map.scen": sc}, chk, "reject", "m.map")




# ---------------------------------------------------------------- scenarios
def scen_cases(tag, mp, sc, entry):
    chk = ["--entry", entry, "--pre-dir", "{d}/pre", "-check", "{d}/m.map", "{d}/m.map.scen"]
    base = (tag, "scenbase")
    case("scen", tag + "-base", {"m.map": mp, "m.map.scen": sc}, chk, "accept", "m.map.scen", base=base)
    lines = sc.split(b"\n")
    q1 = lines[1].split(b"\t")
    w, h = int(q1[2]), int(q1[3])
    same = {
        "crlf": crlf(sc),
        "no-final-nl": sc.rstrip(b"\n"),
        "trailing-blanks": sc.replace(b"\n", b" \n"),
        "spaces-not-tabs": sc.replace(b"\t", b"  "),
        "blank-lines": sc.replace(b"\n", b"\n\n"),
        "version-1.0": sc.replace(b"version 1", b"version 1.0", 1),
        "no-version": sc.replace(b"version 1\n", b"", 1),
        "map-col-path": sc.replace(q1[1], b"/elsewhere/m.map"),
    }
    for k, v in same.items():
        case("scen", "%s-%s" % (tag, k), {"m.map": mp, "m.map.scen": v}, chk, "same", "m.map.scen", base=base)

    def qline(i, **kw):
        f = lines[i].split(b"\t")
        idx = dict(bucket=0, map=1, w=2, h=3, sx=4, sy=5, gx=6, gy=7, opt=8)
        for k, v in kw.items():
            f[idx[k]] = v
        return b"\t".join(f)

    def with_line(i, new):
        return b"\n".join(lines[:i] + [new] + lines[i + 1:])

    rej = {
        "version-0-with-9": sc.replace(b"version 1", b"version 0", 1),
        "version-2": sc.replace(b"version 1", b"version 2", 1),
        "version-neg": sc.replace(b"version 1", b"version -1", 1),
        "version-abc": sc.replace(b"version 1", b"version abc", 1),
        "version-alone": sc.replace(b"version 1", b"version", 1),
        "dup-version": sc.replace(b"version 1\n", b"version 1\nversion 1\n", 1),
        "version-late": b"\n".join(lines[:3] + [b"version 1"] + lines[3:]),
        "sx-neg": with_line(1, qline(1, sx=b"-1")),
        "sx-width": with_line(1, qline(1, sx=b"%d" % w)),
        "sy-height": with_line(1, qline(1, sy=b"%d" % h)),
        "gx-32768": with_line(1, qline(1, gx=b"32768")),
        "gx-huge": with_line(1, qline(1, gx=b"99999999999999999999")),
        "gx-float": with_line(1, qline(1, gx=b"3.0")),
        "w-wrong": with_line(2, qline(2, w=b"%d" % (w + 1))),
        "h-neg": with_line(2, qline(2, h=b"-1")),
        "opt-neg": with_line(2, qline(2, opt=b"-3.5")),
        "opt-nan": with_line(2, qline(2, opt=b"nan")),
        "opt-inf": with_line(2, qline(2, opt=b"inf")),
        "opt-1e400": with_line(2, qline(2, opt=b"1e400")),
        "opt-hex": with_line(2, qline(2, opt=b"0x10")),
        "opt-empty": with_line(2, qline(2, opt=b"")),
        "field-missing": with_line(3, b"\t".join(lines[3].split(b"\t")[:-1])),
        "field-extra": with_line(3, lines[3] + b"\t7"),
        "mixed-v0-line": with_line(3, b"\t".join(lines[3].split(b"\t")[:2] + lines[3].split(b"\t")[4:])),
        "binary": bytes(rng.randrange(256) for _ in range(2000)),
        "map-as-scen": mp,
        "nul-in-opt": with_line(2, qline(2, opt=b"3\x0099")),
        "nul-in-line": with_line(2, lines[2][:4] + b"\x00" + lines[2][5:]),
    }
    for k, v in rej.items():
        case("scen", "%s-%s" % (tag, k), {"m.map": mp, "m.map.scen": v}, chk, "reject", "m.map.scen")
    # ends on blocked cells: find one blocked cell
    mrows = mp.split(b"\n")[4:]
    bx = by = None
    for y, r in enumerate(mrows):
        x = r.find(b"@")
        if x < 0:
            x = r.find(b"T")
        if x >= 0:
            bx, by = x, y
            break
    case("scen", tag + "-start-blocked", {"m.map": mp, "m.map.scen": with_line(4, qline(4, sx=b"%d" % bx, sy=b"%d" % by))},
         chk, "reject", "m.map.scen")
    case("scen", tag + "-goal-blocked", {"m.map": mp, "m.map.scen": with_line(4, qline(4, gx=b"%d" % bx, gy=b"%d" % by))},
         chk, "reject", "m.map.scen")
    # wrong optimum: -check with an optimal entry must say so (exit 1 naming the line) or reject
    either = {
        "opt-bigger": with_line(2, qline(2, opt=b"%g" % (float(lines[2].split(b"\t")[8]) + 1))),
        "opt-smaller": with_line(5, qline(5, opt=b"%g" % (float(lines[5].split(b"\t")[8]) * 0.9 + 0.5))),
        "opt-zero": with_line(5, qline(5, opt=b"0")),
        "dup-lines": b"\n".join(lines[:3] + [lines[2]] * 50 + lines[3:]),
        "empty-body": b"version 1\n",
        "empty": b"",
        "other-map-name": sc.replace(b"\tm.map\t", b"\tother.map\t"),
    }
    for k, v in either.items():
        case("scen", "%s-%s" % (tag, k), {"m.map": mp, "m.map.scen": v}, chk, "either", "m.map.scen", base=base)
    for k, v in truncs(sc, 6):
        case("scen", "%s-%s" % (tag, k), {"m.map": mp, "m.map.scen": v}, chk, "either", "m.map.scen", base=base)
    for k, v in flips(sc, 40):
        case("scen", "%s-%s" % (tag, k), {"m.map": mp, "m.map.scen": v}, chk, "either", "m.map.scen", base=base)




# ---------------------------------------------------------------- changes
def changes_cases(tag, mp, sc, entry):
    nq = len([l for l in sc.split(b"\n")[1:] if l.strip()])
    rows = mp.split(b"\n")[4:]
    passable = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c in b".GS"]
    blocked = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c in b"@OTW"]
    good = []
    for i in range(30):
        x, y = rng.choice(passable if i % 3 else blocked)
        good.append(b"%d %d %d %d" % (rng.randrange(nq), x, y, 0 if i % 3 else 1))
    goodf = b"# comment\n" + b"\n".join(good) + b"\n"
    run = ["--entry", entry, "--pre-dir", "{d}/pre", "--changes", "{d}/c.txt", "-full", "{d}/m.map", "{d}/m.map.scen"]
    f = {"m.map": mp, "m.map.scen": sc}
    base = (tag, "chbase")
    case("changes", tag + "-base", dict(f, **{"c.txt": goodf}), run, "accept", "c.txt", base=base)
    for k, v in {"crlf": crlf(goodf), "no-final-nl": goodf.rstrip(b"\n"), "blank-lines": goodf.replace(b"\n", b"\n\n"),
                 "tabs": goodf.replace(b" ", b"\t"), "shuffled-queries-order": b"\n".join(sorted(good, key=lambda l: int(l.split()[0]))) + b"\n"}.items():
        case("changes", "%s-%s" % (tag, k), dict(f, **{"c.txt": v}), run, "same" if k != "shuffled-queries-order" else "accept",
             "c.txt", base=base)
    x0, y0 = passable[0]
    rej = {
        "q-neg": b"-1 %d %d 0\n" % (x0, y0),
        "q-nq": b"%d %d %d 0\n" % (nq, x0, y0),
        "q-huge": b"99999999999999999999 %d %d 0\n" % (x0, y0),
        "x-neg": b"0 -1 %d 0\n" % y0,
        "x-huge": b"0 4294967296 %d 0\n" % y0,
        "x-65536": b"0 65536 %d 0\n" % y0,
        "y-height": b"0 %d 99999 0\n" % x0,
        "p-2": b"0 %d %d 2\n" % (x0, y0),
        "p-neg": b"0 %d %d -1\n" % (x0, y0),
        "fields-3": b"0 %d %d\n" % (x0, y0),
        "fields-5": b"0 %d %d 0 1\n" % (x0, y0),
        "float": b"0 %d.5 %d 0\n" % (x0, y0),
        "indented-comment": b"  # hello\n",
        "binary": bytes(rng.randrange(256) for _ in range(500)),
        "nul": b"0 %d %d 0\x00 junk\n" % (x0, y0),
    }
    for k, v in rej.items():
        case("changes", "%s-%s" % (tag, k), dict(f, **{"c.txt": v}), run, "reject", "c.txt")
    case("changes", tag + "-empty", dict(f, **{"c.txt": b""}), run, "either", "c.txt", base=base)
    case("changes", tag + "-dup", dict(f, **{"c.txt": goodf + b"\n".join(good) + b"\n"}), run, "either", "c.txt", base=base)
    case("changes", tag + "-missing", f, run, "reject", "c.txt")
    for k, v in truncs(goodf, 4):
        case("changes", "%s-%s" % (tag, k), dict(f, **{"c.txt": v}), run, "either", "c.txt", base=base)
    for k, v in flips(goodf, 25):
        case("changes", "%s-%s" % (tag, k), dict(f, **{"c.txt": v}), run, "either", "c.txt", base=base)
    # wall everything around: every query cut off
    allwall = b"".join(b"0 %d %d 0\n" % p for p in passable[:4000])
    case("changes", tag + "-all-walls", dict(f, **{"c.txt": allwall}), run, "either", "c.txt", base=base)




# ---------------------------------------------------------------- preprocessing files
def pre_bytes(spec, mp):
    d = os.path.join(OUT, "seedpre", hashlib.md5(spec.encode() + mp).hexdigest()[:10])
    os.makedirs(d, exist_ok=True)
    with open(d + "/m.map", "wb") as fp:
        fp.write(mp)
    p = subprocess.run([GPPC, "--entry", spec, "--pre-dir", d, "-pre", d + "/m.map"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    files = [x for x in os.listdir(d) if x.endswith(".pre")]
    assert len(files) == 1, files
    return files[0], rd(d + "/" + files[0])


def pre_cases(tag, spec, mp, sc, nflip):
    name, data = pre_bytes(spec, mp)
    f = {"m.map": mp, "m.map.scen": sc}
    for strict in (False, True):
        run = ["--entry", spec, "--pre-dir", "{d}/pre"] + (["--strict-pre"] if strict else []) + \
              ["-run", "{d}/m.map", "{d}/m.map.scen"]
        st = "-strict" if strict else ""
        base = (tag, "prebase")
        if not strict:
            case("pre", tag + "-base", dict(f, **{"pre/" + name: data}), run, "accept", "pre/" + name, base=base)
        muts = truncs(data, 8) + bitflips(data, nflip) + flips(data, nflip // 2)
        muts.append(("appended", data + b"\0" * 16))
        muts.append(("zero", b""))
        muts.append(("zeros", b"\0" * len(data)))
        for k, v in muts:
            case("pre", "%s%s-%s" % (tag, st, k), dict(f, **{"pre/" + name: v}), run,
                 "reject" if strict else "either", "pre/" + name, base=base, strict_line=False)
        # stale: built for another map of the same name; other options; another entry's file
        other_map = bytearray(mp)
        i = other_map.index(b".", 60)
        other_map[i] = ord("@")
        _, stale = pre_bytes(spec, bytes(other_map))
        case("pre", tag + st + "-stale-map", dict(f, **{"pre/" + name: stale}), run, "reject" if strict else "either",
             "pre/" + name, base=base, strict_line=False)
        for foreign in ("jps+", "ch", "sub", "mm:sector=8", "mm:segfile=sym"):
            if foreign == spec:
                continue
            _, fb = pre_bytes(foreign, mp)
            case("pre", tag + st + "-foreign-" + foreign.replace(":", "_"), dict(f, **{"pre/" + name: fb}), run,
                 "reject" if strict else "either", "pre/" + name, base=base, strict_line=False)
        case("pre", tag + st + "-missing", f, run, "reject" if strict else "either", name, base=base, strict_line=False)
        case("pre", tag + st + "-dir", dict(f, **{"pre/" + name + "/x": b""}), run, "reject" if strict else "either",
             name, base=base, strict_line=False)



# ---------------------------------------------------------------- options
OPTS = [
    ["--bogus"], ["-bogus"], ["--entry"], ["--entry", ""], ["--entry", "nosuch"], ["--entry", "mm:"],
    ["--entry", "mm:sector"], ["--entry", "mm:sector="], ["--entry", "mm:=3"], ["--entry", "mm:sector=3"],
    ["--entry", "mm:sector=99999999999999999999"], ["--entry", "mm:sector=16,sector=16"], ["--entry", "mm:,,"],
    ["--entry", "mm:sector=16,"], ["--entry", "jps:foo=1"], ["--entry", "mm:w=nan"], ["--entry", "mm:w=inf"],
    ["--entry", "mm:w=0"], ["--entry", "mm:cache_kb=-1"], ["--entry", "mm:work=-5"], ["--entry", "mm:n=0"],
    ["--entry", "mm:budget_us=1e99"], ["--entry", "mm:sector=16:w=2"], ["--entry", "mm::"], ["--entry", "MM"],
    ["--entry", "jps", "--entry", "mm"], ["--repeat", "0"], ["--repeat", "abc"], ["--repeat", "1001"],
    ["--repeat", ""], ["--repeat", "2", "--repeat", "2"], ["--repeat=-1"], ["--repeat", " 3"],
    ["--query", "-1"], ["--query", "99999"], ["--query", "1e3"], ["--bound", "nan"], ["--bound", "0.5"],
    ["--bound", "1"], ["--time-limit", "0"], ["--time-limit", "-1"], ["--time-limit", "99999999999"],
    ["--first20", "x"], ["--cpu-clock", ""], ["--charge-updates", "2"], ["--bad-queries", "maybe"],
    ["--csv-extra"], ["--rebuild"], ["--trace", "{d}/t.yaml"], ["--pre-dir", ""], ["--pre-dir", "/proc/1/nope"],
    ["--pre-dir", "{d}/m.map"], ["--csv", "{d}/m.map"], ["--csv", "{d}/nodir/x.csv"], ["--csv", ""],
    ["--paths", "{d}/m.map.scen"], ["--changes", "{d}/m.map"], ["--changes", "/dev/zero"],
    ["--json", "--json"], ["-full", "-run"], ["-full", "-full"], ["--full=1"], ["--help=1"], ["--entry=mm=3"],
    ["--entry", "ext"], ["--entry", "ext:"], ["--entry", "ext:/nonexistent"], ["--entry", "ext:{d}"],
    ["--", "-full"], ["--entry", "mm:sector=16\nw=2"], ["--entry", "mm:segfile=maybe"],
    ["--entry", "mm:" + "sector=16," * 300 + "w=1"], ["--entry", "jps:" + "x" * 5000 + "=1"],
    ["--entry", "mm:help"], ["--entry", "nosuch:help"], ["--entry", ":help"], ["--entry", "mm:help,w=2"],
]
def opts_cases():
    for i, o in enumerate(OPTS):
        full = [a for a in o]
        if "-full" not in o and "-run" not in o and "--" not in o and "--help=1" not in o:
            full.append("-full")
        full = ["--pre-dir", "{d}/pre"] + full if "--pre-dir" not in o else full
        full += ["{d}/m.map", "{d}/m.map.scen"]
        case("opts", "opt%02d" % i, {"m.map": DAO_MAP, "m.map.scen": DAO_SCEN}, full, "either", " ".join(o)[:40],
             base=("dao", "scenbase"), strict_line=False)
    # positional forms
    for i, pos in enumerate([[], ["{d}/m.map"], ["{d}/m.map", "{d}/m.map.scen", "x"], ["{d}/m.map.scen", "{d}/m.map"],
                             ["{d}/m.map", "none"], ["none", "{d}/m.map.scen"], ["{d}", "{d}/m.map.scen"],
                             ["/dev/null", "{d}/m.map.scen"], ["{d}/m.map", "/dev/null"]]):
        case("opts", "pos%d" % i, {"m.map": DAO_MAP, "m.map.scen": DAO_SCEN}, ["--pre-dir", "{d}/pre", "-full"] + pos,
             "either", " ".join(pos)[:40], strict_line=False)


# ---------------------------------------------------------------- version-2 scenarios
def scen2_cases():
    run = ["--entry", "mm", "--pre-dir", "{d}/pre", "-check", "{d}/s.scen"]
    f = {"s.scen": TINY2.replace(b"tiny_dynamic.patch", b"p.patch"), "p.patch": TINY2P}
    base = ("tiny2", "base")
    case("scen2", "tiny2-base", f, run, "accept", "s.scen", base=base)
    s = f["s.scen"]
    for k, v in {"crlf": crlf(s), "no-final-nl": s.rstrip(b"\n")}.items():
        case("scen2", "tiny2-" + k, dict(f, **{"s.scen": v}), run, "same", "s.scen", base=base)
    for k, v in {"crlf": crlf(TINY2P)}.items():
        case("scen2", "tiny2-patch-" + k, dict(f, **{"p.patch": v}), run, "same", "p.patch", base=base)
    for k, v in truncs(s, 8) + flips(s, 40):
        case("scen2", "tiny2-scen-" + k, dict(f, **{"s.scen": v}), run, "either", "s.scen", base=base)
    for k, v in truncs(TINY2P, 8) + flips(TINY2P, 40):
        case("scen2", "tiny2-patch-" + k, dict(f, **{"p.patch": v}), run, "either", "p.patch", base=base)
    rej = {
        "h-huge": s.replace(b"height 10", b"height 99999"),
        "h-0": s.replace(b"height 10", b"height 0"),
        "cost-0": s.replace(b"cost 2 octile euclidean", b"cost 0"),
        "cost-no-octile": s.replace(b"octile", b"manhattan"),
        "cost-dup": s.replace(b"euclidean", b"octile"),
        "cost-count": s.replace(b"cost 2", b"cost 3"),
        "patch-missing": s.replace(b"p.patch", b"nope.patch"),
        "patch-self": s.replace(b"p.patch", b"s.scen"),
        "patch-dir": s.replace(b"p.patch", b"."),
        "P-id": s.replace(b"P 0 0 0 0", b"P 0 9 0 0"),
        "P-neg": s.replace(b"P 0 0 0 0", b"P 0 0 -1 0"),
        "P-off": s.replace(b"P 0 0 0 0", b"P 0 0 1 0"),
        "Q-off": s.replace(b"Q 0 0 0 15 9", b"Q 0 0 0 16 9"),
        "Q-cost-neg": s.replace(b"20.485281374239 17", b"-2 17"),
        "cmd-X": s.replace(b"P 1 1 8 4\n", b"X 1 1 8 4\n", 1),
        "no-queries": b"\n".join(l for l in s.split(b"\n") if not l.startswith(b"Q")),
        "version-2.5": s.replace(b"version 2", b"version 2.5"),
        "nul-in-cost": s.replace(b" 17.492855684536\n", b" 17.49\x00 junk\n", 1),
        "nul-line": s.replace(b"P 1 1 8 4\n", b"\x00 1 1 8 4\n", 1),
    }
    for k, v in rej.items():
        case("scen2", "tiny2-" + k, dict(f, **{"s.scen": v}), run, "reject", "s.scen", strict_line=False)
    prej = {
        "patches-huge": TINY2P.replace(b"patches 5", b"patches 1000000"),
        "patches-less": TINY2P.replace(b"patches 5", b"patches 4"),
        "patches-more": TINY2P.replace(b"patches 5", b"patches 6"),
        "patch-h-huge": TINY2P.replace(b"height 10", b"height 8000", 1),
        "patch-w-0": TINY2P.replace(b"width 16", b"width 0", 1),
        "patch-cell": TINY2P.replace(b"..@@@", b"..@X@", 1),
        "type": TINY2P.replace(b"type patch", b"type octile"),
        "nul-row": TINY2P.replace(b"..@@@", b"..@\x00@", 1),
        "empty": b"",
    }
    for k, v in prej.items():
        case("scen2", "tiny2-patch-" + k, dict(f, **{"p.patch": v}), run, "reject", "p.patch", strict_line=False)


def build(gppc, out, only, seed):
    global GPPC, OUT, ONLY, rng
    GPPC, OUT, ONLY, rng = gppc, out, only, random.Random(seed)
    map_cases("dao", DAO_MAP, DAO_SCEN, "jps")
    map_cases("maze", MAZE_MAP, MAZE_SCEN, "mm")
    scen_cases("dao", DAO_MAP, DAO_SCEN, "jps")
    scen_cases("room", ROOM_MAP, ROOM_SCEN, "ch")
    changes_cases("dao-mm", DAO_MAP, DAO_SCEN, "mm")
    changes_cases("dao-ch", DAO_MAP, DAO_SCEN, "ch")
    pre_cases("mm-dao", "mm", DAO_MAP, DAO_SCEN, 40)
    pre_cases("mmseg-dao", "mm:segfile=sym", DAO_MAP, DAO_SCEN, 30)
    pre_cases("mm-maze", "mm", MAZE_MAP, MAZE_SCEN, 30)
    pre_cases("mm-room", "mm", ROOM_MAP, ROOM_SCEN, 20)
    pre_cases("ch-dao", "ch", DAO_MAP, DAO_SCEN, 10)
    pre_cases("jpsp-dao", "jps+", DAO_MAP, DAO_SCEN, 10)
    pre_cases("sub-dao", "sub", DAO_MAP, DAO_SCEN, 10)
    opts_cases()
    scen2_cases()
    return cases
