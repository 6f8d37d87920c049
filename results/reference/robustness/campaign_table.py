#!/usr/bin/env python3
"""campaign.md from campaign.py's OUT/results.jsonl: runs per kind and verdict,
for the release and the ASan+UBSan build, then every run that was not ok-*.
usage: campaign_table.py OUT/results.jsonl TITLE > campaign.md"""
import collections
import json
import sys

rows = [json.loads(l) for l in open(sys.argv[1])]
kinds = list(dict.fromkeys(r["kind"] for r in rows))
verdicts = sorted({r[b][0] for r in rows for b in ("rel", "asan")})
print("# %s\n" % sys.argv[2])
print("%d cases, %d runs (each case on build/gppc and on its ASan+UBSan build). Verdicts: README.md section 1.\n"
      % (len(rows), 2 * len(rows)))
print("| kind | cases | " + " | ".join(verdicts) + " |")
print("|---|---:|" + "---:|" * len(verdicts))
for k in kinds + ["all"]:
    rs = [r for r in rows if k in ("all", r["kind"])]
    c = collections.Counter(r[b][0] for r in rs for b in ("rel", "asan"))
    print("| %s | %d | %s |" % (k, len(rs), " | ".join(str(c.get(v, 0)) for v in verdicts)))
bad = [(r, b) for r in rows for b in ("rel", "asan") if not r[b][0].startswith("ok")]
print("\n## Runs not ok (%d)\n" % len(bad))
for r, b in bad:
    print("- %s `%s` (%s): %s, exit %s: %s" % (r["kind"], r["name"], b, r[b][0], r[b][2], r[b][1][:240].replace("|", "/")))
msgs = collections.Counter()
for r in rows:
    if r["rel"][0] == "ok-reject":
        m = r["rel"][1].split(" | ")[-1]
        msgs[(r["kind"], m.split(": ", 2)[-1][:70] if ": " in m else m[:70])] += 1
print("\n## Sample of the messages of rejected runs (release; the file's path cut)\n")
seen = set()
for r in rows:
    if r["rel"][0] == "ok-reject" and r["kind"] not in seen or (r["rel"][0] == "ok-reject" and r["name"].endswith(("-empty", "-binary", "trunc1"))):
        seen.add(r["kind"])
        m = [x for x in r["rel"][1].split(" | ") if "try 'build/gppc --help'" not in x][-1].replace("|", "/")
        m = m.replace("out2/cases/%s/%s/" % (r["kind"], r["name"]), "")
        print("- %s `%s`: %s" % (r["kind"], r["name"], m[:200]))
