#!/usr/bin/env bash
# same-figures.sh: checks that a change leaves every reproduction's figures
# as they were. It runs the reproductions (the insert study with both list
# mutators, the BST runs of How to Specify It! and Holey Generators Fig. 13
# with --explain, the TCAS study whole) with two mutprop binaries and the same
# seeds, and compares their JSON reports field by field, ignoring only what
# measures the machine (wall-clock and CPU times, resident memory, heap and
# allocation sizes). Usage:
#   bash scripts/same-figures.sh OLD_BINARY NEW_BINARY [OUTDIR]
#   bash scripts/same-figures.sh --quick OLD NEW   (insert and one BST run: seconds)
# Build OLD from the commit before the change (git worktree add /tmp/old REV;
# go build -o /tmp/mutprop-old ./cmd/mutprop there). About 10 minutes on 2
# cores without --quick. Exits 1 if a figure differs.
set -euo pipefail
quick=false
if [ "${1:-}" = "--quick" ]; then quick=true; shift; fi
if [ $# -lt 2 ]; then sed -n '2,13p' "$0"; exit 2; fi
old=$1 new=$2 out=${3:-$(mktemp -d)}
mkdir -p "$out/old" "$out/new"
runs=(
  "insert|scenario insert --seed 1"
  "insert-constructor|scenario insert --seed 1 --list-mutator constructor"
  "bst-hughes-bugs|scenario bst --config hughes --bugs bug2,bug5 --generators api --trials 40 --seed 3"
)
$quick || runs+=(
  "bst-hughes|scenario bst --config hughes"
  "bst-fig13|scenario bst --config fig13 --explain"
  "tcas|scenario tcas --experiment all"
)
status=0
for run in "${runs[@]}"; do
  name=${run%%|*} args=${run#*|}
  for side in old new; do
    bin=$old; [ $side = new ] && bin=$new
    # shellcheck disable=SC2086
    "$bin" $args --json "$out/$side/$name.json" > "$out/$side/$name.out" 2> "$out/$side/$name.err"
  done
  if python3 - "$out/old/$name.json" "$out/new/$name.json" <<'PY'
import json, sys
MACHINE = ('second', 'elapsed', 'duration', 'rss', 'heap', 'alloc', 'bytes')
def machine(k):
    k = k.lower()
    return any(m in k for m in MACHINE) or k.endswith('_ms') or k.endswith('_s')
diffs = []
def cmp(a, b, p):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if machine(k):
                continue
            if k not in a or k not in b:
                diffs.append(f'{p}.{k}: in one report only')
            else:
                cmp(a[k], b[k], f'{p}.{k}')
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            cmp(x, y, f'{p}[{i}]')
    elif a != b:
        diffs.append(f'{p}: {str(a)[:60]} != {str(b)[:60]}')
cmp(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), '')
for d in diffs[:10]:
    print('   ', d)
sys.exit(1 if diffs else 0)
PY
  then echo "same figures: $name"; else echo "DIFFERENT: $name"; status=1; fi
done
echo "reports in $out"
exit $status
