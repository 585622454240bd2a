#!/usr/bin/env bash
# peers.sh: mutprop against its Go peers on the same package.
#
# Installs gremlins and go-mutesting at pinned versions through the module
# proxy into a temporary GOBIN, downloads github.com/google/btree at a
# pinned version into a temporary directory (never the module cache's
# read-only copy), runs the three tools on it, and prints wall time, mutant
# count, time per mutant and the ratio mutprop/peer.
#
# Usage: bench/peers.sh [--workers N] [--keep]   (from anywhere in the repo)
# Environment: PEER_TIMEOUT (seconds per tool, default 1800).
set -euo pipefail

GREMLINS=github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
MUTESTING=github.com/avito-tech/go-mutesting/cmd/go-mutesting@v0.0.0-20210610104036-6d00c773e5be
SUBJECT=github.com/google/btree@v1.1.3
WORKERS=$(nproc)
KEEP=0
TIMEOUT=${PEER_TIMEOUT:-1800}
while [ $# -gt 0 ]; do
	case "$1" in
	--workers) WORKERS=$2; shift 2 ;;
	--keep) KEEP=1; shift ;;
	*) echo "usage: $0 [--workers N] [--keep]" >&2; exit 2 ;;
	esac
done

REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mutprop-peers-XXXXXX")
cleanup() { if [ "$KEEP" = 0 ]; then chmod -R u+w "$WORK" 2>/dev/null || true; rm -rf "$WORK"; else echo "kept $WORK"; fi; }
trap cleanup EXIT
export GOBIN="$WORK/bin"
mkdir -p "$GOBIN"

now() { date +%s.%N; }
log() { echo "peers: $*" >&2; }

log "installing $GREMLINS"
go install "$GREMLINS" >"$WORK/install-gremlins.log" 2>&1 || { log "gremlins unavailable:"; tail -3 "$WORK/install-gremlins.log" >&2; }
log "installing $MUTESTING"
go install "$MUTESTING" >"$WORK/install-mutesting.log" 2>&1 || { log "go-mutesting unavailable:"; tail -3 "$WORK/install-mutesting.log" >&2; }
log "building mutprop from $REPO"
(cd "$REPO" && go build -o "$GOBIN/mutprop" ./cmd/mutprop)

log "downloading $SUBJECT"
src=$(go mod download -json "$SUBJECT" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
fresh_subject() {
	rm -rf "$WORK/subject"
	cp -r "$src" "$WORK/subject"
	chmod -R u+w "$WORK/subject"
}
fresh_subject
(cd "$WORK/subject" && go test -count=1 . >/dev/null) || { log "the subject's tests fail"; exit 1; }

declare -A WALL COUNT
run_tool() { # name, then the command (run in $WORK/subject); output in $WORK/<name>.out
	local name=$1; shift
	fresh_subject
	local t0 t1 rc=0
	t0=$(now)
	(cd "$WORK/subject" && timeout "$TIMEOUT" "$@") >"$WORK/$name.out" 2>&1 || rc=$?
	t1=$(now)
	WALL[$name]=$(echo "$t1 - $t0" | bc)
	[ "$rc" = 124 ] && log "$name: stopped after ${TIMEOUT}s" && WALL[$name]="${WALL[$name]}(timeout)"
	log "$name: exit $rc in ${WALL[$name]}s"
}

run_tool mutprop "$GOBIN/mutprop" run --workers "$WORKERS" .
COUNT[mutprop]=$(sed -n 's/^| total *| *\([0-9]*\).*/\1/p' "$WORK/mutprop.out" | head -1)
grep -E '^(mutation score|[0-9]+ mutants)' "$WORK/mutprop.out" >&2 || true

if [ -x "$GOBIN/gremlins" ]; then
	run_tool gremlins "$GOBIN/gremlins" unleash --workers "$WORKERS" .
	COUNT[gremlins]=$(awk '
		/Killed: /    { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) { gsub(",", "", $i); n += $i } }
		/Timed out: / { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) { gsub(",", "", $i); n += $i } }
		END { print n + 0 }' "$WORK/gremlins.out")
	grep -E 'Killed|Timed out|completed' "$WORK/gremlins.out" >&2 || true
fi

if [ -x "$GOBIN/go-mutesting" ]; then
	run_tool go-mutesting "$GOBIN/go-mutesting" .
	COUNT[go-mutesting]=$(sed -n 's/.*The mutation score is .* (\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) duplicated, \([0-9]*\) skipped, total is \([0-9]*\)).*/\5/p' "$WORK/go-mutesting.out")
	tail -1 "$WORK/go-mutesting.out" >&2 || true
fi

# The subject copy is fresh for each tool; check the last one left no change
# in the module cache's copy either.
printf '\n%-13s %12s %8s %14s %18s\n' tool "wall (s)" mutants "s per mutant" "mutprop/peer (s/mutant)"
mp_per=$(echo "scale=4; ${WALL[mutprop]%(*} / ${COUNT[mutprop]:-1}" | bc)
for tool in mutprop gremlins go-mutesting; do
	[ -n "${WALL[$tool]:-}" ] || { printf '%-13s %12s\n' "$tool" "not run"; continue; }
	n=${COUNT[$tool]:-0}
	per="-"; ratio="-"
	if [ "$n" -gt 0 ]; then
		per=$(echo "scale=4; ${WALL[$tool]%(*} / $n" | bc)
		ratio=$(echo "scale=4; $mp_per / $per" | bc)
	fi
	printf '%-13s %12s %8s %14s %18s\n' "$tool" "${WALL[$tool]}" "$n" "$per" "$ratio"
done
