#!/usr/bin/env bash
# insert.sh: Duregård's insert study two ways, back to back, with one
# mutprop binary: the scenario (mutprop scenario insert, one process, the
# subject wrapped in package blackbox) and the same study as a user's rapid
# tests (mutprop run --blackbox in a fresh copy of
# scenarios/insert/testdata/rapidinsert, default flags, no cache and no
# journal). It prints each one's wall time, their ratio, the load beside
# each, and each property's per-case score from both (the run's must stay
# within 1 point of the figures docs/strength.md records).
#
# Usage: bench/insert.sh [--mutprop PATH] [--seed N] [--runs K] [--out DIR]
#                        [--args "EXTRA RUN FLAGS"]
#   --mutprop PATH   the mutprop binary (default: go build ./cmd/mutprop into OUT)
#   --seed N         the seed of both (default 1)
#   --runs K         pairs of runs, each pair back to back (default 1)
#   --out DIR        where the outputs go (default: a new temporary directory)
#   --args FLAGS     more flags for mutprop run (split on spaces), e.g.
#                    "--isolation process" for the one-process-per-mutant run
# Run it under nice on a shared machine; the ratio is the point, and the
# load column says how far to trust it.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$REPO/bench/lib.sh"

MUTPROP="" SEED=1 RUNS=1 OUT="" ARGS=""
while [ $# -gt 0 ]; do
	case $1 in
	--mutprop) MUTPROP=$2; shift 2 ;;
	--seed) SEED=$2; shift 2 ;;
	--runs) RUNS=$2; shift 2 ;;
	--out) OUT=$2; shift 2 ;;
	--args) ARGS=$2; shift 2 ;;
	-h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "insert.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
done
[ -n "$OUT" ] || OUT=$(mktemp -d "${TMPDIR:-/tmp}/mutprop-insert-XXXXXX")
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
if [ -z "$MUTPROP" ]; then
	(cd "$REPO" && go build -o "$OUT/mutprop" ./cmd/mutprop)
	MUTPROP=$OUT/mutprop
fi
MUTPROP=$(cd "$(dirname "$MUTPROP")" && pwd)/$(basename "$MUTPROP")
echo "insert.sh: outputs in $OUT"

# percase FILE: the per-case column of a run's strength table, or of the
# scenario's table, as "name=pct" pairs in property order.
percase_run() {
	awk -F'|' '/^\| Insert / && $4 ~ /%/ { gsub(/ /, "", $3); split($4, a, "%"); gsub(/ /, "", a[1]); print $3 "=" a[1] }' "$1" |
		sed 's/TestProp_/prop_/' | sort | tr '\n' ' '
}
percase_scenario() {
	awk -F'|' '/^\| prop_insert/ { gsub(/ /, "", $2); gsub(/ /, "", $3); print $2 "=" $3 }' "$1" | sort | tr '\n' ' '
}

printf '%-4s %-9s %9s %6s %-9s %9s %6s %7s\n' pair scenario wall load run wall load ratio
for i in $(seq 1 "$RUNS"); do
	load1=$(bench_load)
	t0=$(bench_now)
	(cd "$OUT" && "$MUTPROP" scenario insert --seed "$SEED" >"$OUT/scenario-$i.txt" 2>"$OUT/scenario-$i.log")
	t1=$(bench_now)
	rm -rf "$OUT/rapidinsert"
	cp -r "$REPO/scenarios/insert/testdata/rapidinsert" "$OUT/rapidinsert"
	load2=$(bench_load)
	t2=$(bench_now)
	# shellcheck disable=SC2086 # ARGS is split on purpose
	(cd "$OUT/rapidinsert" && "$MUTPROP" run --blackbox --no-cache --no-journal --seed "$SEED" $ARGS . >"$OUT/run-$i.txt" 2>"$OUT/run-$i.log")
	t3=$(bench_now)
	s=$(bench_calc "$t1 - $t0")
	r=$(bench_calc "$t3 - $t2")
	printf '%-4s %-9s %9s %6s %-9s %9s %6s %7s\n' "$i" "" "${s}s" "$load1" "" "${r}s" "$load2" "$(bench_calc "$r / $s")x"
	echo "     scenario per-case: $(percase_scenario "$OUT/scenario-$i.txt")"
	echo "     run per-case:      $(percase_run "$OUT/run-$i.txt")"
	grep '^floor:' "$OUT/run-$i.txt" | sed 's/^/     /' || true
done
