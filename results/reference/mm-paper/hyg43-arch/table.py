# runs.txt (runarch.sh) -> the markdown table of hyg43.md: one row per archived entry
import re, sys, collections, os, statistics
rows = collections.defaultdict(dict)
for line in open(sys.argv[1], newline="\n"):
    head, _, why = line.partition(" | ")
    e, m, rc = head.split()[:3]
    kv = dict(re.findall(r"(\w+)=([^ ]+)", head))
    rows[e][m] = (int(rc.split("=")[1]), kv, why.strip())
jps = rows.pop("jps")
ORDER = ["2013-Dao", "2013-subgoal-fast", "2019-SGCH-JPD", "ConstrainedJPS", "Warthog-Astar", "Warthog-JPS2",
         "Warthog-JPSplus", "gppc_suboptCPD"]
print("| entry | builds? | maps run (of %d) | queries valid / run | invalid | crashes | timeouts (60 s) | subopt max | time vs our jps: sum (median of maps) | why not |" % len(jps))
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
for e in ORDER:
    r = rows.get(e)
    if not r:
        print("| %s | not run | | | | | | | | |" % e); continue
    built = not all(rc == 2 for rc, _, _ in r.values())
    ok = {m: kv for m, (rc, kv, _) in r.items() if rc in (0, 1) and "queries" in kv}
    crashes = [(m, w) for m, (rc, kv, w) in r.items() if rc not in (0, 1, 2, 142)]
    timeouts = [m for m, (rc, kv, w) in r.items() if rc == 142]
    q = sum(int(kv["queries"]) for kv in ok.values()); v = sum(int(kv["valid"]) for kv in ok.values())
    inv = sum(int(kv["invalid"]) for kv in ok.values())
    smax = max((float(kv["subopt_max"]) for kv in ok.values()), default=0)
    both = [m for m in ok if m in jps and "total_s" in jps[m][1]]
    t = sum(float(ok[m]["total_s"]) for m in both); tj = sum(float(jps[m][1]["total_s"]) for m in both)
    why = []
    if not built:
        err = open(os.path.join(os.path.dirname(sys.argv[1]), "out", "%s.%s.err" % (e, next(iter(r)))))
        why.append("build fails: " + next(l.strip() for l in err if "error:" in l))
    why += ["%s: %s" % (m, w.split(", ", 1)[-1]) for m, w in crashes]
    if timeouts:
        why.append("past 60 s while preprocessing: " + ", ".join(timeouts))
    print("| %s | %s | %d | %d / %d | %d | %d | %d | %s | %s | %s |" % (
        e, "yes" if built else "**no**", len(ok), v, q, inv, len(crashes), len(timeouts),
        "%.4f" % smax if ok else "", "%.2fx (%.2fx)" % (t / tj, statistics.median(float(ok[m]["total_s"]) / float(jps[m][1]["total_s"]) for m in both)) if both and tj else "", "; ".join(why)))
print()
print("jps (ours): %d maps, %d queries, total %.6f s" % (len(jps), sum(int(kv["queries"]) for _, kv, _ in jps.values()),
      sum(float(kv["total_s"]) for _, kv, _ in jps.values())))
