"""paper_sum.py DIR: the longest-call check of mm_paper.py's runs DIR/{base,s}{1,2,3}/work
(paper.sh) side by side: per run the maps within their limit, per map mm's longest
call (least over each run's rounds) in each run, and mm's totals against base52's."""
import csv, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "scripts"))
import mm_paper  # noqa: E402

d = sys.argv[1]
runs = {t: [mm_paper.as_rows(os.path.join(d, "%s%d" % (t, k), "work", fam, "time.csv"))
            for k in (1, 2, 3) for fam in ("dao", "rooms")] for t in ("base", "s")}
for fam_i, fam in enumerate(("dao", "rooms")):
    print("## %s" % fam)
    per = {}
    for t in ("base", "s"):
        for k in range(3):
            rows = runs[t][2 * k + fam_i]
            calls = mm_paper.longest_calls(mm_paper.by_map(rows), "jps2+")
            within = sum(c["call"] <= c["limit"] for c in calls)
            mm = [r for r in rows if r["entry"] == "mm"]
            print("%s run %d: within %d of %d; mm total %.4f s, first-20 %.4f s" % (
                t, k + 1, within, len(calls), sum(r["total_s"] for r in mm), sum(r["first20_s"] for r in mm)))
            for c in calls:
                per.setdefault(c["map"], {}).setdefault(t, []).append((c["call"], c["limit"]))
    print("| map | base52 longest call / limit, 3 runs | calls52 |")
    print("|---|---|---|")
    for m in sorted(per):
        f = lambda xs: ", ".join("%.2f/%.2f" % x for x in xs)  # noqa: E731
        print("| %s | %s | %s |" % (m, f(per[m].get("base", [])), f(per[m].get("s", []))))
