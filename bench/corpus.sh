#!/usr/bin/env bash
# corpus.sh: mutprop run on real modules people have.
#
# Needs only Go and the module proxy. For each module of the corpus below
# (pinned versions, one or a few packages each), one after the other:
#   1. go mod download -json MOD@VER, and a fresh writable copy under
#      OUT/KEY/TOOL/MODPATH (bench_copy_module: a go.mod is written for a
#      module that has none, the module line is moved first for gremlins);
#   2. go test -count=1 PKGS: pass or fail, and the failing tests;
#   3. mutprop run --workers N --json OUT/KEY/mutprop.json PKGS under a
#      timeout (default 420 s), on every module, those whose go test fails
#      included: mutprop must refuse them (exit 3) naming the failing tests;
#   4. for the modules in the gremlins subset (--gremlins: all), when go test
#      passes and the row names one package: mutprop run --operators
#      $GR_OPERATORS (gremlins' default operators) then gremlins v0.6.0
#      unleash on the same package, back to back, each on a fresh copy, and
#      the ratio gremlins/mutprop of wall seconds per executed mutant.
# It prints one row per module as it goes (module@version, go test,
# mutprop's result, mutants, score, wall seconds, mutants/s, wall as a
# multiple of the floor mutprop measures, the gremlins ratio), then a
# Markdown table (also OUT/table.md) to paste into bench/README.md, and the
# geometric mean of the gremlins ratios: over every pair, and over the
# pairs where gremlins executed at least GR_MIN_EXEC (100) mutants (fewer
# measure mutprop's fixed cost more than its speed per mutant). Logs of
# every step are kept in OUT.
# One module's failure never stops the script: its row says what happened
# ("refused: go test fails: TestX", "timeout after 420 s", "error: ...").
#
# Usage: bench/corpus.sh [--out DIR] [--only LIST] [--list] [--mutprop PATH]
#                        [--workers N] [--timeout S] [--gremlins-timeout S]
#                        [--gremlins | --no-gremlins] [--mutprop-args ARGS]
#   --out DIR        where the logs, reports and table.md go (default: a new
#                    temporary directory, printed at the start)
#   --only LIST      comma-separated keys or module paths (with or without
#                    @version) of the corpus (--list shows them)
#   --list           print the corpus and exit
#   --mutprop PATH   the mutprop binary (default: go build ./cmd/mutprop of
#                    this checkout into OUT/bin)
#   --workers N      mutprop's and gremlins' --workers (default 2)
#   --timeout S      wall-clock cap of each go test, mutprop and gremlins run
#                    (default 420)
#   --gremlins-timeout S  the cap of each gremlins run alone (default: --timeout;
#                    gremlins builds every mutant: on a slow machine pflag,
#                    toml and x/text/transform take it longer than 420 s)
#   --gremlins       the gremlins pair on every selected module (default:
#                    only the rows marked "gr" in the corpus)
#   --no-gremlins    no gremlins pair at all
#   --mutprop-args   extra flags for every mutprop run (split on spaces),
#                    e.g. "--mem-limit 2048"
#   --merge ROWS     run nothing: merge the rows.tsv files of earlier runs
#                    (a later file's row replaces an earlier one of the same
#                    module, e.g. a rerun) into OUT/rows.tsv and print the
#                    tables and means of OUT/table.md
# Modules run one at a time: the timings are the point, and the machine has
# 2 cores. Run it under nice on a shared machine.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$REPO/bench/lib.sh"

# The corpus: KEY|MOD@VERSION|PACKAGES|GREMLINS|TRAITS[|FLAGS]. PACKAGES
# are the patterns given to go test and mutprop run in the module root;
# GREMLINS "gr" puts the row in the default gremlins subset (small
# packages: gremlins builds every mutant); FLAGS, extra flags for that
# row's mutprop runs (a --shard sample for a package whose whole run takes
# far more than the timeout on 2 cores). Versions are pinned; several are
# older than the newest the proxy serves, for a trait (an old go line, no
# go.mod, a go.mod of one line) or because bench/peers.sh measured them.
CORPUS='
humanize|github.com/dustin/go-humanize@v1.0.1|.|gr|formatter/encoder of numbers, sizes, times; quick unit tests (20 ms); peers.sh subject
btree|github.com/google/btree@v1.1.3|.|-|data structure (generic B-tree); slow concurrent tests every survivor runs; licence comment before the module line; peers.sh subject
errors|github.com/pkg/errors@v0.9.1|.|-|no go.mod; tests match GOPATH-like paths in stack traces; TestStackTrace fails on Go 1.26 (closure names changed): a refused row
spew|github.com/davecgh/go-spew@v1.1.1|./spew|-|no go.mod; encoder (deep pretty printer) with unsafe and reflection; external test package; testdata/ (cgo, excluded)
difflib|github.com/pmezard/go-difflib@v1.0.0|./difflib|-|no go.mod; text diff algorithm; go test fails in vet only (examples name unknown identifiers)
glob|github.com/gobwas/glob@v0.2.3|./...|-|no go.mod; parser and matcher compiler; cross-package tests (the root tests exercise compiler, match, syntax)
runewidth|github.com/mattn/go-runewidth@v0.0.16|.|-|go 1.9 (old go line); Unicode width tables; a dependency (rivo/uniseg)
decimal|github.com/shopspring/decimal@v1.4.0|.|-|math (arbitrary-precision decimals); go 1.10 (old go line); 3.5k mutants and a 10 s suite: about an hour whole, so a 1/10 sample|--shard 1/10
xxhash|github.com/cespare/xxhash/v2@v2.3.0|.|gr|hash; go 1.11 (old go line); amd64/arm64 assembly, pure-Go fallback behind build tags
pflag|github.com/spf13/pflag@v1.1.0|.|-|CLI helper (POSIX flags); go 1.12 (old go line); 3k mutants of many small files
pretty|github.com/kr/pretty@v0.3.1|.|-|encoder (pretty printer and differ); go 1.12 (old go line); a dependency (go-internal)
radix|github.com/armon/go-radix@v1.0.0|.|gr|data structure (radix tree); go.mod of one line (no go line)
uuid|github.com/google/uuid@v1.6.0|.|-|parser/encoder (UUIDs); go.mod of one line (no go line); 2k mutants
snappy|github.com/golang/snappy@v0.0.4|.|-|encoder (compression); golden files in testdata/; go.mod of one line; amd64 assembly
cmp|github.com/google/go-cmp@v0.7.0|./cmp|-|golden file (testdata/diffs); reflection-heavy comparer; external test package; 4k mutants, hundreds of survivors that run every covering test: about 16 min whole at load 3 to 7, so a 1/8 sample|--shard 1/8
toml|github.com/BurntSushi/toml@v1.6.0|.|-|parser/encoder (TOML); testdata/ and an embedded test suite (internal/toml-test); 4k mutants
lru2|github.com/hashicorp/golang-lru/v2@v2.0.7|./...|-|data structures (generic LRU, 2Q, ARC); cross-package tests (root tests exercise simplelru, internal)
semver|github.com/Masterminds/semver/v3@v3.3.1|.|-|parser (semantic versions and constraints); fuzz targets
shlex|github.com/google/shlex@v0.0.0-20191202100458-e7afc7fbc510|.|gr|CLI helper (shell-style lexer); go 1.13; pseudo-version
grouplru|github.com/golang/groupcache@v0.0.0-20241129210726-2c02b8208cf8|./lru|gr|data structure (LRU cache); one small package of a larger module
mapstructure|github.com/mitchellh/mapstructure@v1.5.0|.|-|decoder (maps into structs, reflection); go 1.14
stats|github.com/montanaflynn/stats@v0.7.1|.|-|math (descriptive statistics); go 1.13; 2k mutants of float code
goversion|github.com/hashicorp/go-version@v1.7.0|.|gr|parser (versions and constraints); go.mod of one line
twwidth|github.com/olekukonko/tablewriter@v1.1.0|./pkg/twwidth|gr|TestMain; one package of a larger module with dependencies
redblack|github.com/emirpasic/gods@v1.18.1|./trees/redblacktree|-|data structure (red-black tree); go 1.2 (the oldest go line)
transform|golang.org/x/text@v0.21.0|./transform|-|encoder framework (streaming transformers); one package of a big module
godiff|github.com/sergi/go-diff@v1.4.0|./diffmatchpatch|-|text diff algorithm; 3.7k mutants beside tests of 10 ms to seconds: a loop in a fast test must not wait out the deadline of the slow tests
ulid|github.com/oklog/ulid/v2@v2.1.2|.|-|encoder (sortable IDs); 2k mutants, 1.3k of them in a 256-entry lookup table (table probes); a 1.6 s quick.Check property beside 10 ms tests
bitset|github.com/bits-and-blooms/bitset@v1.29.0|.|-|data structure (bit sets); 8.9k lines of generated tables (pext.gen.go) beside 2k of code: enumeration must scale
gjson|github.com/tidwall/gjson@v1.18.0|.|-|parser (JSON paths); 5.7k mutants under random-data tests of 6-10 s: about 30 min whole, so a 1/20 sample with the estimate for the whole|--shard 1/20
rapid|pgregory.net/rapid@v1.2.0|.|-|property-based testing library scored on its own suite (pinned seed: -rapid.seed); 3.7k mutants and a 5 s suite: about 25 min whole, so a 1/20 sample; --seed 2 since TestDataVis redraws until a draw is valid and under -rapid.seed=1 every draw is the same: it never ends (bench/README)|--seed 2 --shard 1/20
'

# GR_MIN_EXEC: the second geometric mean keeps the pairs where gremlins
# executed at least this many mutants.
GR_MIN_EXEC=100

OUT=
ONLY=
LIST=0
MUTPROP=
WORKERS=2
TIMEOUT=420
GR_TIMEOUT=
GR=default
EXTRA=
ROW=
MERGE=()
usage="usage: $0 [--out DIR] [--only LIST] [--list] [--mutprop PATH] [--workers N] [--timeout S] [--gremlins-timeout S] [--gremlins | --no-gremlins] [--mutprop-args ARGS] | --out DIR --merge ROWS [--merge ROWS ...]"
ARGS=("$@")
while [ $# -gt 0 ]; do
	case "$1" in
	--out) OUT=$2; shift 2 ;;
	--only) ONLY=$2; shift 2 ;;
	--list) LIST=1; shift ;;
	--mutprop) MUTPROP=$2; shift 2 ;;
	--workers) WORKERS=$2; shift 2 ;;
	--timeout) TIMEOUT=$2; shift 2 ;;
	--gremlins-timeout) GR_TIMEOUT=$2; shift 2 ;;
	--gremlins) GR=all; shift ;;
	--no-gremlins) GR=none; shift ;;
	--mutprop-args) EXTRA=$2; shift 2 ;;
	--merge) MERGE+=("$2"); shift 2 ;;
	--row) ROW=$2; shift 2 ;; # internal: one module, in a process of its own
	-h | --help) echo "$usage"; exit 0 ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
GR_TIMEOUT=${GR_TIMEOUT:-$TIMEOUT}
case "$WORKERS$TIMEOUT$GR_TIMEOUT" in *[!0-9]*) echo "$usage" >&2; exit 2 ;; esac

rows() { printf '%s\n' "$CORPUS" | grep -v '^[[:space:]]*$'; }
field() { cut -d'|' -f"$1" <<<"$2"; }

if [ "$LIST" = 1 ]; then
	printf '%-12s %-70s %-22s %-3s %s\n' key module@version packages gr "traits [mutprop flags]"
	rows | while IFS='|' read -r key mv pkgs gr traits flags; do
		printf '%-12s %-70s %-22s %-3s %s\n' "$key" "$mv" "$pkgs" "$gr" "$traits${flags:+ [$flags]}"
	done
	exit 0
fi

log() { echo "corpus: $*" >&2; }
# cell TEXT: TEXT as one TSV field (no tabs or newlines; "-" when empty).
cell() { local s=${1//$'\t'/ }; s=${s//$'\n'/ }; printf '%s' "${s:--}"; }

# ---- one module (the script calls itself with --row KEY) -----------------
if [ -n "$ROW" ]; then
	line=$(rows | awk -F'|' -v k="$ROW" '$1 == k')
	[ -n "$line" ] || { echo "no row $ROW" >&2; exit 2; }
	IFS='|' read -r key mv pkgs grmark _ rowflags <<<"$line"
	mod=${mv%@*}
	D="$OUT/$key"
	rm -rf "$D"
	mkdir -p "$D"
	# The row: TSV fields, "-" for none.
	GOTEST=- RESULT=- MUTANTS=- SCORE=- WALL=- MPS=- FLOOR=- LOAD=-
	GRMP_WALL=- GRMP_EXEC=- GR_WALL=- GR_EXEC=- GR_RATIO=- GR_TOTAL=- GR_NOTE=-
	write_row() {
		local f
		{
			for f in "$key" "$mv" "$pkgs${rowflags:+ $rowflags}" "$GOTEST" "$RESULT" "$MUTANTS" "$SCORE" "$WALL" "$MPS" "$FLOOR" "$LOAD" \
				"$GRMP_WALL" "$GRMP_EXEC" "$GR_WALL" "$GR_EXEC" "$GR_RATIO" "$GR_TOTAL" "$GR_NOTE"; do
				cell "$f"
				printf '\t'
			done
			echo
		} >"$D/row.tsv"
	}
	# Whatever stops this process under set -e still leaves a row.
	ERRAT="exit"
	trap 'ERRAT="corpus.sh line $LINENO: $BASH_COMMAND"' ERR
	trap 'rc=$?; [ -s "$D/row.tsv" ] || { RESULT="error: $ERRAT ($rc)"; write_row; }' EXIT
	# shellcheck disable=SC2206 # the patterns and extra flags are split on spaces
	PKGS=($pkgs)
	# shellcheck disable=SC2206
	XARGS=($rowflags $EXTRA)

	if ! src=$(bench_module_dir "$mv" 2>"$D/download.log"); then
		RESULT="error: download: $(bench_firsterr "$D/download.log")"
		write_row
		exit 0
	fi
	# fresh TOOL: a new copy of the module for TOOL; prints its directory.
	fresh() {
		local dir
		dir=$(bench_subject_dir "$D/$1" "$mod")
		bench_copy_module "$src" "$dir" "$mod"
		printf '%s\n' "$dir"
	}
	# unchanged TOOL DIR: a note when TOOL left the copy different from the
	# module (go.mod aside: bench_copy_module rewrote it).
	unchanged() {
		diff -r -q -x go.mod -x go.sum "$src" "$2" >"$D/$1.diff" 2>&1 ||
			echo "$1 changed the tree: $(head -1 "$D/$1.diff" | sed "s|$2/||g; s|$src/||g")"
	}

	# go test
	dir=$(fresh gotest)
	bench_timed "$TIMEOUT" "$D/gotest.out" "$D/gotest.err" "$dir" go test -count=1 "${PKGS[@]}"
	cat "$D/gotest.err" >>"$D/gotest.out"
	failing=$(grep -oE '^--- FAIL: [^ ]+' "$D/gotest.out" | cut -d' ' -f3 | sort -u | paste -sd' ' || true)
	if [ "$BENCH_RC" = 0 ]; then
		GOTEST=pass
	elif [ "$BENCH_RC" = 124 ]; then
		GOTEST="fail (timeout after $TIMEOUT s)"
	elif [ -n "$failing" ]; then
		GOTEST="fail: $failing"
	else
		# A build or vet failure: its first file:line: message.
		GOTEST="fail: $(grep -m1 -E '\.go:[0-9]+(:[0-9]+)?: ' "$D/gotest.out" || bench_firsterr "$D/gotest.out")"
	fi
	log "$key: go test: $GOTEST (${BENCH_WALL}s)"

	# mutprop run, all operators
	dir=$(fresh mutprop)
	log "$key: mutprop run --workers $WORKERS ${XARGS[*]+${XARGS[*]} }${PKGS[*]}"
	bench_timed "$TIMEOUT" "$D/mutprop.out" "$D/mutprop.err" "$dir" "$MUTPROP" run --no-cache --workers "$WORKERS" \
		--results "$D/results-mutprop" --json "$D/mutprop.json" ${XARGS[@]+"${XARGS[@]}"} "${PKGS[@]}"
	rc=$BENCH_RC
	WALL=$(printf '%.1f' "$BENCH_WALL")
	LOAD=$BENCH_LOAD
	log "$key: mutprop: exit $rc in ${WALL}s"
	read -r total _ <<<"$(bench_mutprop_counts "$D/mutprop.out")"
	merr=$(grep -m1 '^mutprop run: ' "$D/mutprop.err" || bench_firsterr "$D/mutprop.err")
	[ -n "$merr" ] || merr=$(tail -1 "$D/mutprop.out")
	merr=${merr:-no output}
	if [ "$rc" = 0 ]; then
		MUTANTS=$total
		SCORE=$(bench_mutprop_score "$D/mutprop.out")
		FLOOR=$(bench_mutprop_floor "$D/mutprop.out")
		[ -z "$FLOOR" ] || FLOOR="${FLOOR}x"
		MPS=$(printf '%.1f' "$(bench_calc "$total / $BENCH_WALL")")
		RESULT=scored
		[ "$GOTEST" = pass ] || RESULT="scored although go test fails"
	elif [ "$rc" = 124 ]; then
		RESULT="timeout after $TIMEOUT s"
		# The last progress line: "mutants of PKG: DONE/ALL (..)".
		p=$(grep -oE '^mutants[^:]*: [0-9]+/[0-9]+' "$D/mutprop.err" | tail -1 || true)
		[ -z "$p" ] || RESULT="$RESULT (${p##*: } mutants done)"
	elif [ "$rc" = 3 ] && [ "$GOTEST" != pass ]; then
		# Refused, as it should be: does it name the failing tests?
		missing=
		for t in $failing; do
			grep -qw -- "$t" "$D/mutprop.err" || missing="$missing $t"
		done
		if [ -z "$failing" ]; then
			RESULT="refused: $merr"
		elif [ -z "$missing" ]; then
			RESULT="refused: go test fails: $failing"
		else
			RESULT="refused without naming$missing: $merr"
		fi
	elif [ "$rc" = 3 ]; then
		RESULT="refused: $merr"
	else
		RESULT="error (exit $rc): $merr"
	fi
	if note=$(unchanged mutprop "$dir") && [ -n "$note" ]; then RESULT="$RESULT; $note"; fi

	# The gremlins pair: mutprop with gremlins' operators, then gremlins.
	want_gr=0
	case "$GR" in all) want_gr=1 ;; default) [ "$grmark" = gr ] && want_gr=1 ;; esac
	if [ "$want_gr" = 1 ]; then
		if [ "$GOTEST" != pass ]; then
			GR_NOTE="no gremlins pair: go test fails"
		elif [ "${#PKGS[@]}" != 1 ] || [[ ${PKGS[0]} == *...* ]]; then
			GR_NOTE="no gremlins pair: more than one package"
		elif ! bench_install_gremlins "$OUT/install-gremlins.log"; then
			GR_NOTE="gremlins: install failed: $(bench_firsterr "$OUT/install-gremlins.log")"
		else
			dir=$(fresh mutprop-gr)
			log "$key: mutprop run --operators $GR_OPERATORS"
			bench_timed "$TIMEOUT" "$D/mutprop-gr.out" "$D/mutprop-gr.err" "$dir" "$MUTPROP" run --no-cache --no-floor --workers "$WORKERS" \
				--results "$D/results-mutprop-gr" --operators "$GR_OPERATORS" ${XARGS[@]+"${XARGS[@]}"} "${PKGS[0]}"
			mrc=$BENCH_RC
			GRMP_WALL=$BENCH_WALL
			read -r _ _ _ _ _ _ _ GRMP_EXEC _ <<<"$(bench_mutprop_counts "$D/mutprop-gr.out")"
			notes=()
			[ "$mrc" = 0 ] || notes+=("mutprop-gr exit $mrc")
			dir=$(fresh gremlins)
			log "$key: gremlins unleash --workers $WORKERS --timeout-coefficient $GREMLINS_COEFFICIENT --exclude-files / ${PKGS[0]}"
			bench_gremlins_unleash "$GR_TIMEOUT" "$D/gremlins.out" "$D/gremlins.err" "$dir" "${PKGS[0]}" "$WORKERS"
			grc=$BENCH_RC
			GR_WALL=$BENCH_WALL
			read -r gfound GR_EXEC _ _ gnc gto gnv <<<"$(bench_gremlins_counts "$D/gremlins.out")"
			if [ "$grc" = 124 ] || [ "$grc" = 137 ]; then
				# 137: still running 10 s after the TERM, killed
				notes+=("gremlins stopped after $GR_TIMEOUT s")
			elif [ "$grc" != 0 ]; then
				notes+=("gremlins exit $grc: $(bench_firsterr "$D/gremlins.err")")
			fi
			[ "${gnc:-0}" = 0 ] || notes+=("gremlins: $gnc of $gfound not covered")
			[ "${gto:-0}" = 0 ] || notes+=("$gto timed out")
			[ "${gnv:-0}" = 0 ] || notes+=("$gnv not viable")
			if note=$(unchanged gremlins "$dir") && [ -n "$note" ]; then notes+=("$note"); fi
			if [ "$mrc" = 0 ] && [ "$grc" = 0 ]; then
				GR_RATIO=$(bench_per_exec_ratio "$GR_WALL" "$GR_EXEC" "$GRMP_WALL" "$GRMP_EXEC")
				[ "$GR_RATIO" = - ] || GR_RATIO=$(printf '%.2f' "$GR_RATIO")
				GR_TOTAL=$(printf '%.2f' "$(bench_calc "$GR_WALL / $GRMP_WALL")")
			fi
			GR_NOTE=$(IFS=';'; echo "${notes[*]:-}")
			GR_NOTE=${GR_NOTE//;/; }
			log "$key: mutprop-gr ${GRMP_WALL}s/$GRMP_EXEC exec, gremlins ${GR_WALL}s/$GR_EXEC exec: $GR_RATIO per executed mutant"
			GRMP_WALL=$(printf '%.1f' "$GRMP_WALL")
			GR_WALL=$(printf '%.1f' "$GR_WALL")
		fi
	fi
	write_row
	exit 0
fi

# ---- the corpus -----------------------------------------------------------
selected=()
if [ -z "$ONLY" ]; then
	while IFS='|' read -r key _; do selected+=("$key"); done < <(rows)
else
	IFS=',' read -r -a wanted <<<"$ONLY"
	for w in "${wanted[@]}"; do
		k=$(rows | awk -F'|' -v w="$w" '{ m = $2; sub(/@.*/, "", m) } $1 == w || $2 == w || m == w { print $1 }')
		[ -n "$k" ] || { echo "corpus: $w is not in the corpus (--list)" >&2; exit 2; }
		selected+=("$k")
	done
fi

if [ -z "$OUT" ]; then
	OUT=$(mktemp -d "${TMPDIR:-/tmp}/mutprop-corpus-XXXXXX")
fi
if [ "${#MERGE[@]}" -gt 0 ]; then
	mkdir -p "$OUT"
	for f in "${MERGE[@]}"; do [ -r "$f" ] || { echo "corpus: --merge $f: no such file" >&2; exit 2; }; done
	# The last row of each module wins; modules in the order first seen.
	awk -F'\t' '{ if (!($1 in row)) order[n++] = $1; row[$1] = $0 } END { for (i = 0; i < n; i++) print row[order[i]] }' \
		"${MERGE[@]}" >"$OUT/rows.merged"
	mv "$OUT/rows.merged" "$OUT/rows.tsv"
	header="rows merged by \`bench/corpus.sh${ARGS[*]:+ ${ARGS[*]}}\` from $(printf '%s ' "${MERGE[@]}")(each from its own run: see its corpus.log)"
fi
if [ "${#MERGE[@]}" -eq 0 ]; then
mkdir -p "$OUT/bin"
OUT=$(cd "$OUT" && pwd)
log "output in $OUT"
export GOBIN="$OUT/bin"
export GOFLAGS=-buildvcs=false
given_binary=${MUTPROP:+yes}
if [ -z "$MUTPROP" ]; then
	MUTPROP="$OUT/bin/mutprop"
	log "building mutprop from $REPO"
	(cd "$REPO" && go build -o "$MUTPROP" ./cmd/mutprop) || { log "cannot build mutprop"; exit 1; }
fi
MUTPROP=$(cd "$(dirname "$MUTPROP")" && pwd)/$(basename "$MUTPROP")
[ -x "$MUTPROP" ] || { log "no mutprop binary at $MUTPROP"; exit 1; }

gr_flag=()
case "$GR" in all) gr_flag=(--gremlins) ;; none) gr_flag=(--no-gremlins) ;; esac
rev=$(cd "$REPO" && git rev-parse --short HEAD 2>/dev/null || echo "?")
dirty=$( (cd "$REPO" && git status --porcelain 2>/dev/null || true) | grep -c . || true)
[ "${dirty:-0}" = 0 ] || rev="$rev + $dirty changed files"
if [ -n "$given_binary" ]; then
	# A binary given with --mutprop is labelled by its own revision when it
	# records one (go build -buildvcs), else by its path: this checkout's
	# revision says nothing of it.
	bin_rev=$(go version -m "$MUTPROP" 2>/dev/null | awk '$1 == "build" && $2 ~ /^vcs.revision=/ { sub(/^vcs.revision=/, "", $2); print substr($2, 1, 7) }')
	rev="${bin_rev:-$MUTPROP} (--mutprop; this checkout: $rev)"
fi
started=$(date -u +%Y-%m-%dT%H:%MZ)
cmd="bench/corpus.sh${ARGS[*]:+ ${ARGS[*]}}"
setup="mutprop $rev; $(go version | cut -d' ' -f3-); $(nproc) CPUs, load $(bench_load) at the start; --workers $WORKERS; --timeout $TIMEOUT s; --gremlins-timeout $GR_TIMEOUT s"
log "$started: $cmd"
log "$setup"

# fallback_row KEY RC: the row of a module whose process left none.
fallback_row() {
	local _i
	printf '%s\t%s\t-\t-\terror: corpus.sh --row %s exited %s (see corpus.log)' "$1" \
		"$(rows | awk -F'|' -v k="$1" '$1 == k { print $2 }')" "$1" "$2"
	for _i in $(seq 13); do printf '\t-'; done
	printf '\t\n'
}
fmt='%-46s %-6s %6s %-18s %8s %7s %7s %-9s %s\n'
# shellcheck disable=SC2059 # the format is $fmt
printf "$fmt" module@version "test" mutants score "wall (s)" "mut/s" floor "gr ratio" result
: >"$OUT/rows.tsv"
for key in "${selected[@]}"; do
	rc=0
	"$0" --row "$key" --out "$OUT" --mutprop "$MUTPROP" --workers "$WORKERS" --timeout "$TIMEOUT" --gremlins-timeout "$GR_TIMEOUT" \
		${gr_flag[@]+"${gr_flag[@]}"} --mutprop-args "$EXTRA" 2> >(tee -a "$OUT/corpus.log" >&2) || rc=$?
	if [ ! -s "$OUT/$key/row.tsv" ]; then
		mkdir -p "$OUT/$key"
		fallback_row "$key" "$rc" >"$OUT/$key/row.tsv"
	fi
	cat "$OUT/$key/row.tsv" >>"$OUT/rows.tsv"
	IFS=$'\t' read -r _ mv _ gotest result mutants score wall mps floor _ _ _ _ _ ratio _ _ <"$OUT/$key/row.tsv"
	# shellcheck disable=SC2059
	printf "$fmt" "$mv" "${gotest%%:*}" "$mutants" "$score" "$wall" "$mps" "$floor" "$ratio" "$result"
done

header="\`$cmd\`, $started to $(date -u +%H:%MZ) ($setup, $(bench_load) at the end)"
fi

# The Markdown tables, for bench/README.md.
{
	echo "$header"
	echo
	echo "| module@version | packages | go test | mutants | score | wall (s) | mutants/s | floor multiple | load | result |"
	echo "| --- | --- | --- | ---: | --- | ---: | ---: | ---: | --- | --- |"
	while IFS=$'\t' read -r _ mv pkgs gotest result mutants score wall mps floor load _; do
		echo "| $mv | \`$pkgs\` | $gotest | $mutants | $score | $wall | $mps | $floor | $load | $result |"
	done <"$OUT/rows.tsv"
	if awk -F'\t' '$14 != "-" || $18 != "-" { f = 1 } END { exit !f }' "$OUT/rows.tsv"; then
		echo
		echo "gremlins v0.6.0 (\`--timeout-coefficient $GREMLINS_COEFFICIENT --exclude-files /\`) against mutprop with its operators (\`--operators $GR_OPERATORS --no-floor\`: the floor's extra plain build is mutprop measuring itself, printed by the module's main row), back to back; ratio = gremlins s per executed mutant / mutprop's:"
		echo
		echo "| module@version | mutprop-gr (s) | exec | gremlins (s) | exec | per executed mutant | total | notes |"
		echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
		while IFS=$'\t' read -r _ mv _ _ _ _ _ _ _ _ _ gmw gme gw ge gr gt gn _; do
			[ "$gmw" != - ] || [ "$gn" != - ] || continue
			echo "| $mv | $gmw | $gme | $gw | $ge | $gr | $gt | $gn |"
		done <"$OUT/rows.tsv"
		mapfile -t ratios < <(cut -f16 "$OUT/rows.tsv")
		# The pairs where gremlins executed at least GR_MIN_EXEC mutants:
		# below that, mutprop's fixed cost (one load and one schemata build,
		# about the cost of one of gremlins' per-mutant builds) bounds the
		# ratio near N / (workers x a few), whatever the per-mutant speed.
		mapfile -t big < <(awk -F'\t' -v n="$GR_MIN_EXEC" '$15 ~ /^[0-9]+$/ && $15 >= n { print $16 }' "$OUT/rows.tsv")
		echo
		echo "geometric mean of the per-executed-mutant ratios: $(bench_geomean ${ratios[@]+"${ratios[@]}"})x over $(printf '%s\n' ${ratios[@]+"${ratios[@]}"} | grep -cE '^[0-9.]+$') pairs"
		echo "over the pairs where gremlins executed at least $GR_MIN_EXEC mutants: $(bench_geomean ${big[@]+"${big[@]}"})x over $(printf '%s\n' ${big[@]+"${big[@]}"} | grep -cE '^[0-9.]+$') pairs"
	fi
} >"$OUT/table.md"
echo
cat "$OUT/table.md"
echo
log "logs, reports and table.md in $OUT"
