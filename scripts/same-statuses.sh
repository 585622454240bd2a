#!/usr/bin/env bash
# same-statuses.sh: checks that two corpus runs gave every mutant the same
# status. It reads the mutation-testing-report-schema JSON that
# bench/corpus.sh writes for each module (OUT/KEY/mutprop.json) in two
# output directories, and prints per module the mutants compared and those
# whose status differs (with both statuses and the reasons). Usage:
#   bash scripts/same-statuses.sh BEFORE_OUT AFTER_OUT
# Exits 1 if a status differs or a module is missing on one side.
set -euo pipefail
if [ $# -ne 2 ]; then sed -n '2,9p' "$0"; exit 2; fi
python3 - "$1" "$2" <<'PY'
import glob, json, os, sys

def statuses(path):
    with open(path) as f:
        doc = json.load(f)
    out = {}
    for name, fr in doc.get("files", {}).items():
        for m in fr.get("mutants", []):
            out[m["id"]] = (m["status"], m.get("statusReason", ""))
    return out

before, after = sys.argv[1], sys.argv[2]
bad = 0
for path in sorted(glob.glob(os.path.join(before, "*", "mutprop.json"))):
    key = os.path.basename(os.path.dirname(path))
    other = os.path.join(after, key, "mutprop.json")
    if not os.path.exists(other):
        print(f"{key}: no report in {after}")
        bad += 1
        continue
    a, b = statuses(path), statuses(other)
    diff = [i for i in sorted(set(a) | set(b)) if a.get(i, ("missing", ""))[0] != b.get(i, ("missing", ""))[0]]
    print(f"{key}: {len(a)} and {len(b)} mutants, {len(diff)} with another status")
    for i in diff[:20]:
        sa, ra = a.get(i, ("missing", ""))
        sb, rb = b.get(i, ("missing", ""))
        print(f"  {i}: {sa} -> {sb}  ({ra[:80]!r} -> {rb[:80]!r})")
    bad += len(diff) > 0
sys.exit(1 if bad else 0)
PY
