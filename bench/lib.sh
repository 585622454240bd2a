# shellcheck shell=bash
# shellcheck disable=SC2034 # constants and BENCH_* results are for the callers
# lib.sh: shell functions shared by bench/peers.sh and bench/corpus.sh.
# Source it (". bench/lib.sh"); it defines functions and a few constants
# only, and changes no shell option.

# gremlins, pinned. v0.6.0 (and v0.5.0) read the first line of go.mod as
# "module PATH": bench_copy_module moves the module line first.
GREMLINS=github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
# gremlins' default operators (ARITHMETIC_BASE, CONDITIONALS_BOUNDARY,
# CONDITIONALS_NEGATION, INCREMENT_DECREMENT, INVERT_NEGATIVES) in mutprop.
GR_OPERATORS=arithmetic,boundary,relational,incdec,unary

bench_now() { date +%s.%N; }
# bench_calc EXPR: EXPR evaluated by awk, three decimals.
bench_calc() { awk "BEGIN { printf \"%.3f\", $1 }"; }
# bench_load: the 1-minute load average.
bench_load() { cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?"; }
# bench_firsterr LOG: the line of LOG that most likely says what went wrong.
bench_firsterr() {
	grep -m1 -oE '(403|404|410) [A-Za-z ]+|panic: .*|cannot .*|missing .*' "$1" || tail -1 "$1"
}

# bench_module_dir MOD@VER: downloads MOD@VER through the module proxy and
# prints its (read-only) directory in the module cache.
bench_module_dir() {
	local dir
	dir=$(go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p') || return 1
	[ -n "$dir" ] && [ -d "$dir" ] || return 1
	printf '%s\n' "$dir"
}

# bench_copy_module SRC DST MODPATH: a fresh writable copy of the module
# directory SRC at DST, whose go.mod starts with its module line:
#   - a module without go.mod (the proxy synthesizes one, the zip has none)
#     gets "module MODPATH" and nothing else: no go line, so the go command
#     takes it as go 1.16, as it does for such a module used as a dependency;
#   - gremlins v0.6.0 takes the first line of go.mod as "module PATH", so
#     the module line is moved first (licence comments come after it).
# A go.mod of one line, or none, must not stop a caller under set -e: grep
# -v finds nothing there and exits 1.
bench_copy_module() {
	local src=$1 dst=$2 mod=$3
	rm -rf "$dst"
	mkdir -p "$(dirname "$dst")"
	cp -r "$src" "$dst"
	chmod -R u+w "$dst"
	if [ ! -f "$src/go.mod" ]; then
		printf 'module %s\n' "$mod" >"$dst/go.mod"
		return 0
	fi
	{
		grep '^module ' "$src/go.mod" || printf 'module %s\n' "$mod"
		grep -v '^module ' "$src/go.mod" || true
	} >"$dst/go.mod"
}

# bench_install_gremlins LOG: go install $GREMLINS into $GOBIN unless it is
# there; the go command's output goes to LOG.
bench_install_gremlins() {
	[ -x "$GOBIN/gremlins" ] && return 0
	go install "$GREMLINS" >"$1" 2>&1
}

# bench_gremlins_counts OUT: from the output of gremlins unleash, prints
# "found exec detected survived notcovered timedout notviable": executed
# mutants are killed, lived, timed out and not viable (gremlins ran go test
# and the build failed: it cost a build); found adds not covered and skipped.
bench_gremlins_counts() {
	local f=$1 k l nc to nv sk exec det
	g() { sed -n "s/.*$1: \([0-9]*\).*/\1/p" "$f" | head -1; }
	k=$(g Killed); l=$(g Lived); nc=$(g 'Not covered'); to=$(g 'Timed out'); nv=$(g 'Not viable'); sk=$(g Skipped)
	det=$((${k:-0} + ${to:-0}))
	exec=$((det + ${l:-0} + ${nv:-0}))
	echo "$((exec + ${nc:-0} + ${sk:-0})) $exec $det ${l:-0} ${nc:-0} ${to:-0} ${nv:-0}"
}

# gremlins' per-mutant deadline is this coefficient x its coverage run; its
# default (3) times out nearly every mutant, whose go test also compiles
# and links (bench/README.md).
GREMLINS_COEFFICIENT=20

# bench_subject_dir BASE MODPATH: where a copy of module MODPATH goes under
# BASE: BASE/MODPATH, so that the directory ends in the import path as in
# a GOPATH. Tests that match file paths in stack traces against
# ".+/github.com/pkg/errors/..." (pkg/errors) pass only there.
bench_subject_dir() { printf '%s/%s\n' "$1" "$2"; }

# bench_timed LIMIT OUT ERR DIR CMD...: runs CMD in DIR under timeout LIMIT
# (seconds; 10 s more to exit after the TERM), stdout to OUT and stderr to
# ERR. Sets BENCH_RC (124: stopped at LIMIT), BENCH_WALL (seconds) and
# BENCH_LOAD (1-minute load average before/after). Returns 0 whatever CMD
# did, so that a caller under set -e goes on.
bench_timed() {
	local limit=$1 out=$2 err=$3 dir=$4 t0 l0
	shift 4
	l0=$(bench_load)
	t0=$(bench_now)
	BENCH_RC=0
	(cd "$dir" && exec timeout -k 10 "$limit" "$@") >"$out" 2>"$err" || BENCH_RC=$?
	BENCH_WALL=$(bench_calc "$(bench_now) - $t0")
	BENCH_LOAD="$l0/$(bench_load)"
	return 0
}

# bench_mutprop_counts OUT: from the stdout of mutprop run, the status
# tables of all its packages added up: "total killed survived timeout
# crashed notviable nocoverage executed detected", where executed =
# killed + survived + timeout + crashed (the mutants whose tests ran,
# survivors the probes settled included) and detected = killed + timeout
# + crashed. All zero when there is no table.
bench_mutprop_counts() {
	awk -F'|' 'NF >= 4 {
		s = $2; gsub(/ /, "", s); v = $3; gsub(/ /, "", v)
		if (v ~ /^[0-9]+$/ && s ~ /^(total|killed|survived|timeout|crashed|not-viable|no-coverage)$/) n[s] += v
	}
	END {
		printf "%d %d %d %d %d %d %d %d %d\n", n["total"], n["killed"], n["survived"], n["timeout"], n["crashed"],
			n["not-viable"], n["no-coverage"], n["killed"] + n["survived"] + n["timeout"] + n["crashed"],
			n["killed"] + n["timeout"] + n["crashed"]
	}' "$1"
}

# bench_mutprop_score OUT: the score mutprop run printed ("41/64 = 64.1%"),
# of all packages when there are several; nothing when there is none.
bench_mutprop_score() {
	local s
	s=$(sed -n 's/^mutation score of all packages: //p' "$1" | head -1)
	[ -n "$s" ] || s=$(sed -n 's/^mutation score: \([0-9]*\/[0-9]* = [0-9.]*%\).*/\1/p' "$1" | head -1)
	printf '%s\n' "$s"
}

# bench_mutprop_floor OUT: the run's wall time as a multiple of its floor,
# from the last line of mutprop run ("floor: ... run took 3.4x the floor
# (...)"); nothing when it printed none (--no-floor, an error).
bench_mutprop_floor() {
	sed -n 's/.*run took \([0-9.]*\)x the floor.*/\1/p' "$1" | tail -1
}

# bench_gremlins_cmd WORKERS PATH: sets the array BENCH_GREMLINS_CMD to the
# gremlins command that mutates the package in directory PATH (relative to
# the module root, where it runs) and nothing else: `gremlins unleash PATH`
# mutates every .go file under PATH, subdirectories included (on
# github.com/gobwas/glob, 662 mutants for `.` against 9 in the root
# package); --exclude-files / leaves out the files of subdirectories (the
# regexp sees paths relative to PATH).
bench_gremlins_cmd() {
	BENCH_GREMLINS_CMD=("$GOBIN/gremlins" unleash --workers "$1" \
		--timeout-coefficient "$GREMLINS_COEFFICIENT" --exclude-files / "$2")
}

# bench_gremlins_unleash LIMIT OUT ERR DIR PATH WORKERS: bench_gremlins_cmd
# WORKERS PATH run in DIR, the module root, timed by bench_timed.
bench_gremlins_unleash() {
	bench_gremlins_cmd "$6" "$5"
	bench_timed "$1" "$2" "$3" "$4" "${BENCH_GREMLINS_CMD[@]}"
}

# bench_per_exec_ratio PEER_WALL PEER_EXEC MP_WALL MP_EXEC: the peer's
# seconds per executed mutant over mutprop's; "-" when either executed
# none.
bench_per_exec_ratio() {
	if [ "${2:-0}" -gt 0 ] && [ "${4:-0}" -gt 0 ]; then
		bench_calc "($1 / $2) / ($3 / $4)"
	else
		echo -
	fi
}

# bench_geomean X...: the geometric mean of the positive numbers among the
# arguments ("-" when there is none).
bench_geomean() {
	printf '%s\n' "$@" | awk '$1 ~ /^[0-9.]+$/ && $1 > 0 { s += log($1); n++ }
		END { if (n) printf "%.3f\n", exp(s / n); else print "-" }'
}
