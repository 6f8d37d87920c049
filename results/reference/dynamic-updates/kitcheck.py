#!/usr/bin/env python3
"""Summarise the dynamic kit's result.csv: answered, below reference, time_cost totals."""
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
unanswered = sum(1 for r in rows if float(r["ref_length"]) >= 0 and float(r["path_length"]) < 0)
shorter = sum(1 for r in rows if float(r["ref_length"]) >= 0 and 0 <= float(r["path_length"]) < float(r["ref_length"]) - 1e-6)
tc = sum(int(r["time_cost"]) for r in rows) * 1e-9
snap = sum(int(r["snapshot_time"]) for r in rows) * 1e-9
f20 = sum(int(r["20steps_cost"]) for r in rows) * 1e-9
mx = max(int(r["max_step_time"]) for r in rows) * 1e-6
print(f"rows={len(rows)} unanswered={unanswered} below_ref={shorter} time_cost_s={tc:.4f} snapshot_s={snap:.4f} first20_s={f20:.4f} max_step_ms={mx:.2f}")
