#!/usr/bin/env bash
# peers.sh: mutprop against its Go peers on the same package.
#
# Needs only Go and the module proxy. Into one temporary directory it
# installs gremlins and go-mutesting at pinned versions, builds mutprop from
# this repository once (go build -o), downloads the subject module at a
# pinned version and copies it out of the module cache (bench_copy_module in
# bench/lib.sh: a module without go.mod gets one, the module line goes
# first), then runs these, each on a fresh copy of the same tree, every peer
# right after the mutprop run with the peer's operator set:
#
#   mutprop        mutprop run -v --workers N --results DIR .   (all operators)
#   mutprop-gr     mutprop run ... --operators $GR_OPERATORS .
#   gremlins       gremlins unleash --workers N --timeout-coefficient C --exclude-files / .
#   mutprop-gm     mutprop run ... --operators $GM_OPERATORS .
#   go-mutesting   go-mutesting --exec-timeout T .              (one process at a time)
#
# It prints, per tool: wall time, mutants found, mutants executed (tests run
# against them), detected and survived, wall time per executed mutant, the
# ratios mutprop/peer (per executed mutant and in total) and the 1-minute
# load average before/after each run (timings on a shared machine are
# noisy), then where mutprop's time went (stages, worker-seconds by status).
#
# What it takes to make the peers run here (details in bench/README.md):
#   - gremlins v0.6.0 (and v0.5.0) take the first line of go.mod as
#     "module PATH"; btree's go.mod starts with a licence comment, so every
#     coverage block misses and all mutants are NOT COVERED. Each copy of the
#     subject, for every tool, has its module line moved first.
#   - gremlins' per-mutant deadline is coefficient x the coverage run
#     (default 3) but each mutant's `go test` also compiles and links, so at
#     3 nearly every mutant is TIMED OUT. Default here: 20.
#   - go-mutesting: the proxy refuses github.com/avito-tech/go-mutesting
#     (403 for every version query); github.com/zimmski/go-mutesting serves
#     its last pseudo-version, but `go install pkg@version` fails on the
#     deprecation lookup (403 on the version list) and its pinned
#     golang.org/x/tools (2019) panics in go/types under Go >= 1.2x. It is
#     built from a throwaway module that requires it with x/tools v0.52.0.
#     Its `go test -timeout` (default 10 s) is raised to 30 s: the package's
#     slowest test alone takes several seconds on a loaded machine.
#
# Usage: bench/peers.sh [--workers N] [--gremlins-coefficient C]
#                       [--mutesting-timeout S] [--only LIST] [--subject MOD@VER] [--keep]
#   --only: comma-separated subset of mutprop,mutprop-gr,gremlins,mutprop-gm,go-mutesting
#   --subject: the module whose root package the tools score (with or
#     without a go.mod of its own); without it,
#     each of $SUBJECTS in turn: github.com/dustin/go-humanize@v1.0.1 (quick
#     unit tests) and github.com/google/btree@v1.1.3 (slow concurrent tests,
#     which every surviving mutant must run)
# Environment: PEER_TIMEOUT (seconds per tool, default 3600).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
# GREMLINS, GR_OPERATORS, GREMLINS_COEFFICIENT and the bench_* functions,
# shared with bench/corpus.sh.
# shellcheck source=bench/lib.sh
. "$REPO/bench/lib.sh"

MUTESTING_MOD=github.com/zimmski/go-mutesting
MUTESTING_VERSION=v0.0.0-20210610104036-6d9217011a00
MUTESTING_XTOOLS=v0.52.0
AVITO=github.com/avito-tech/go-mutesting
# The default subjects, each run in turn: a package of quick unit tests,
# where a peer's per-mutant build dominates, and one with slow concurrent
# tests, which every surviving mutant must run whatever the tool.
SUBJECTS="github.com/dustin/go-humanize@v1.0.1 github.com/google/btree@v1.1.3"
SUBJECT=
# go-mutesting's (branch/if, branch/else, branch/case, expression/comparison,
# expression/remove, statement/remove) in mutprop.
GM_OPERATORS=empty-body,boundary,logical-operand,remove-statement
WORKERS=$(nproc)
COEFF=$GREMLINS_COEFFICIENT
MTIMEOUT=30
ONLY=mutprop,mutprop-gr,gremlins,mutprop-gm,go-mutesting
KEEP=0
TIMEOUT=${PEER_TIMEOUT:-3600}
usage="usage: $0 [--workers N] [--gremlins-coefficient C] [--mutesting-timeout S] [--only LIST] [--subject MOD@VER] [--keep]"
ARGS=("$@")
while [ $# -gt 0 ]; do
	case "$1" in
	--workers) WORKERS=$2; shift 2 ;;
	--gremlins-coefficient) COEFF=$2; shift 2 ;;
	--mutesting-timeout) MTIMEOUT=$2; shift 2 ;;
	--only) ONLY=$2; shift 2 ;;
	--subject) SUBJECT=$2; shift 2 ;;
	--keep) KEEP=1; shift ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
if [ -z "$SUBJECT" ]; then
	rc=0
	for s in $SUBJECTS; do
		"$0" ${ARGS[@]+"${ARGS[@]}"} --subject "$s" || rc=1
		echo
	done
	exit $rc
fi
wanted() { case ",$ONLY," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/mutprop-peers-XXXXXX")
cleanup() {
	if [ "$KEEP" = 0 ]; then
		chmod -R u+w "$WORK" 2>/dev/null || true
		rm -rf "$WORK"
	else
		echo "kept $WORK" >&2
	fi
}
trap cleanup EXIT
export GOBIN="$WORK/bin"
export GOFLAGS=-buildvcs=false
mkdir -p "$GOBIN"

log() { echo "peers: $*" >&2; }
calc() { bench_calc "$@"; }
firsterr() { bench_firsterr "$@"; }

declare -A NOTE
if wanted gremlins; then
	log "installing $GREMLINS"
	bench_install_gremlins "$WORK/install-gremlins.log" ||
		NOTE[gremlins]="install failed: $(firsterr "$WORK/install-gremlins.log")"
fi
if wanted go-mutesting; then
	# The maintained fork first; the proxy has refused every query for it.
	if go list -m "$AVITO@latest" >"$WORK/install-avito.log" 2>&1; then
		log "note: the proxy now serves $AVITO; this script still uses $MUTESTING_MOD"
	else
		log "$AVITO: $(firsterr "$WORK/install-avito.log")"
	fi
	log "building $MUTESTING_MOD@$MUTESTING_VERSION (golang.org/x/tools $MUTESTING_XTOOLS)"
	m="$WORK/mutesting-mod"
	mkdir -p "$m"
	printf 'module peers.local/mutesting\n\ngo 1.22\n\nrequire (\n\t%s %s\n\tgolang.org/x/tools %s\n)\n' \
		"$MUTESTING_MOD" "$MUTESTING_VERSION" "$MUTESTING_XTOOLS" >"$m/go.mod"
	printf '//go:build tools\n\npackage tools\n\nimport _ "%s/cmd/go-mutesting"\n' "$MUTESTING_MOD" >"$m/tools.go"
	(cd "$m" && go mod tidy && go build -o "$GOBIN/go-mutesting" "$MUTESTING_MOD/cmd/go-mutesting") \
		>"$WORK/install-mutesting.log" 2>&1 ||
		NOTE[go-mutesting]="$MUTESTING_MOD: $(firsterr "$WORK/install-mutesting.log")"
fi
log "building mutprop from $REPO"
(cd "$REPO" && go build -o "$GOBIN/mutprop" ./cmd/mutprop)

log "downloading $SUBJECT"
src=$(bench_module_dir "$SUBJECT") || { log "cannot download $SUBJECT"; exit 1; }
# The copy's directory ends in the module path, as in a GOPATH (tests that
# match paths in stack traces need it).
SUBJ=$(bench_subject_dir "$WORK/subject" "${SUBJECT%@*}")
fresh_subject() {
	# A go.mod for a module without one; the module line first (gremlins
	# reads only the first line of go.mod).
	bench_copy_module "$src" "$SUBJ" "${SUBJECT%@*}"
}
fresh_subject
(cd "$SUBJ" && go test -count=1 . >"$WORK/gotest.log" 2>&1) ||
	{ log "the subject's tests fail: $(grep -m1 -E '^--- FAIL|\.go:[0-9]+' "$WORK/gotest.log" || tail -1 "$WORK/gotest.log")"; exit 1; }

# Per tool: WALL, FOUND (mutants generated and kept), EXEC (mutants whose
# tests ran), DET (killed + timeout + crashed), SURV, LOAD (1-min load
# average before/after).
declare -A WALL FOUND EXEC DET SURV LOAD
run_tool() { # name, then the command (run in $SUBJ); output in $WORK/<name>.out/.err
	local name=$1; shift
	fresh_subject
	local rc
	log "$name: $*"
	bench_timed "$TIMEOUT" "$WORK/$name.out" "$WORK/$name.err" "$SUBJ" "$@"
	rc=$BENCH_RC
	WALL[$name]=$BENCH_WALL
	LOAD[$name]=$BENCH_LOAD
	if [ "$rc" = 124 ]; then
		NOTE[$name]="stopped after ${TIMEOUT}s"
	elif [ "$rc" != 0 ]; then
		NOTE[$name]="exit $rc"
	fi
	log "$name: exit $rc in ${WALL[$name]}s"
	# A tool must leave the tree as it found it.
	if ! diff -r -q -x go.mod "$src" "$SUBJ" >"$WORK/$name.diff" 2>&1; then
		NOTE[$name]="${NOTE[$name]:+${NOTE[$name]}; }subject changed: $(head -1 "$WORK/$name.diff")"
	fi
}
addnote() { NOTE[$1]="${NOTE[$1]:+${NOTE[$1]}; }$2"; }

mutprop_run() { # name, then extra flags
	local name=$1; shift
	# The journal (on by default) goes to the work directory, not the subject.
	run_tool "$name" "$GOBIN/mutprop" run -v --no-cache --workers "$WORKERS" --results "$WORK/results-$name" "$@" .
	local f="$WORK/$name.out"
	local n s t exec det
	read -r n _ s t _ _ _ exec det <<<"$(bench_mutprop_counts "$f")"
	FOUND[$name]=$n
	DET[$name]=$det
	SURV[$name]=$s
	EXEC[$name]=$exec
	[ "$t" -gt 0 ] && addnote "$name" "$t timeout"
	{
		echo "$name: $(grep -m1 -oE 'stages:.*' "$f" || echo 'no stages line')"
		# Where the mutant stage's time went: worker-seconds per status.
		awk '/^(killed|survived|timeout|crashed) / {
			if (match($0, /\(([0-9.]+)(µs|ms|s)\)/)) {
				v = substr($0, RSTART + 1, RLENGTH - 2); u = v; sub(/[0-9.]+/, "", u); sub(/[^0-9.].*/, "", v)
				v = (u == "ms") ? v / 1000 : (u == "µs") ? v / 1e6 : v
				n[$1]++; s[$1] += v; tot += v
			}
		}
		END { for (k in n) printf "  %-9s %4d mutants %8.1f worker-s (%4.1f%%) %7.3f s each\n", k, n[k], s[k], 100 * s[k] / tot, s[k] / n[k] }' "$WORK/$name.err"
	} >>"$WORK/breakdown.txt"
}

wanted mutprop && mutprop_run mutprop
wanted mutprop-gr && mutprop_run mutprop-gr --operators "$GR_OPERATORS"

if wanted gremlins && [ -x "$GOBIN/gremlins" ]; then
	GREMLINS_COEFFICIENT=$COEFF
	bench_gremlins_cmd "$WORKERS" . # the root package only, not the subdirectories
	run_tool gremlins "${BENCH_GREMLINS_CMD[@]}"
	f="$WORK/gremlins.out"
	# Not viable: gremlins ran `go test` and the build failed; it cost a
	# build, so it counts as executed (bench_gremlins_counts).
	read -r found exec det surv nc to nv <<<"$(bench_gremlins_counts "$f")"
	FOUND[gremlins]=$found EXEC[gremlins]=$exec DET[gremlins]=$det SURV[gremlins]=$surv
	[ "$nc" -gt 0 ] && addnote gremlins "$nc not covered"
	[ "$to" -gt 0 ] && addnote gremlins "$to timed out"
	[ "$nv" -gt 0 ] && addnote gremlins "$nv not viable"
	echo "gremlins: $(grep -m1 -oE 'done in .*' "$f" || true) (coverage run); $(grep -m1 -oE 'completed in .*' "$f" || true)" >>"$WORK/breakdown.txt"
fi

wanted mutprop-gm && mutprop_run mutprop-gm --operators "$GM_OPERATORS"

if wanted go-mutesting && [ -x "$GOBIN/go-mutesting" ]; then
	run_tool go-mutesting "$GOBIN/go-mutesting" --exec-timeout "$MTIMEOUT" .
	p=$(sed -n 's/.*The mutation score is .* (\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) duplicated, \([0-9]*\) skipped, total is \([0-9]*\)).*/\1 \2 \3 \4 \5/p' "$WORK/go-mutesting.out")
	if [ -n "$p" ]; then
		read -r pass fail dup skip total <<<"$p"
		DET[go-mutesting]=$pass # go-mutesting's "passed": the tests failed, the mutant is killed
		SURV[go-mutesting]=$fail
		EXEC[go-mutesting]=$((pass + fail + skip)) # skipped: did not compile, cost a build
		FOUND[go-mutesting]=$((total + dup)) # its total leaves duplicates out
		[ "$dup" -gt 0 ] && addnote go-mutesting "$dup duplicates not run"
		[ "$skip" -gt 0 ] && addnote go-mutesting "$skip did not compile"
	fi
	addnote go-mutesting "sequential (no workers)"
fi

echo
echo "subject $SUBJECT, package ., $WORKERS workers, $(nproc) CPUs; load = 1-min load average before/after"
printf '%-13s %9s %6s %5s %6s %5s %8s %8s %8s  %s\n' \
	tool "wall (s)" found exec detect surv "s/exec" "mp/peer" "mp/peer" "load; notes"
printf '%-13s %9s %6s %5s %6s %5s %8s %8s %8s\n' "" "" "" "" "" "" "" "s/exec" total
row() { # name, reference mutprop row for the ratios
	local name=$1 ref=$2
	if [ -z "${WALL[$name]:-}" ]; then
		printf '%-13s %9s %6s %5s %6s %5s %8s %8s %8s  %s\n' "$name" - - - - - - - - "not run: ${NOTE[$name]:-not selected}"
		return
	fi
	local per="-" rper="-" rtot="-" e=${EXEC[$name]:-0}
	[ "$e" -gt 0 ] && per=$(calc "${WALL[$name]} / $e")
	if [ "$name" != "$ref" ] && [ -n "${WALL[$ref]:-}" ] && [ "$e" -gt 0 ] && [ "${EXEC[$ref]:-0}" -gt 0 ]; then
		rper=$(calc "(${WALL[$ref]} / ${EXEC[$ref]}) / $per")
		rtot=$(calc "${WALL[$ref]} / ${WALL[$name]}")
	fi
	printf '%-13s %9s %6s %5s %6s %5s %8s %8s %8s  %s\n' "$name" "${WALL[$name]}" "${FOUND[$name]:-?}" "$e" \
		"${DET[$name]:-?}" "${SURV[$name]:-?}" "$per" "$rper" "$rtot" "${LOAD[$name]}${NOTE[$name]:+; ${NOTE[$name]}}"
}
row mutprop mutprop
row mutprop-gr mutprop-gr
row gremlins mutprop-gr
row mutprop-gm mutprop-gm
row go-mutesting mutprop-gm
for peer in gremlins go-mutesting; do
	if [ -n "${WALL[mutprop]:-}" ] && [ -n "${WALL[$peer]:-}" ] && [ "${EXEC[$peer]:-0}" -gt 0 ] && [ "${EXEC[mutprop]:-0}" -gt 0 ]; then
		echo "mutprop (all operators) / $peer: $(calc "(${WALL[mutprop]} / ${EXEC[mutprop]}) / (${WALL[$peer]} / ${EXEC[$peer]})") per executed mutant"
	fi
done
echo "mp/peer: mutprop with the peer's operators (mutprop-gr for gremlins, mutprop-gm for go-mutesting) over the peer."
echo "found: mutants kept (gremlins: with NOT COVERED, including files its build tags exclude; go-mutesting: with duplicates);"
echo "exec: mutants whose tests ran (or whose build failed, for the peers); detect: killed+timeout(+crashed); s/exec = wall / exec."
if [ -s "$WORK/breakdown.txt" ]; then
	echo
	echo "where the time went"
	cat "$WORK/breakdown.txt"
fi
