#!/usr/bin/env bash
# The busy-machine check: runs go test -count=3 -timeout 60m beside two CPU hogs
# (yes > /dev/null), so that a test that depends on the machine's speed
# fails here rather than in someone's CI. The hogs are always killed, by
# their process ids, when the tests end or the script is interrupted.
#
#   bash scripts/busy-check.sh                 # go test -count=3 ./...
#   bash scripts/busy-check.sh ./proc -run X   # other arguments to go test
#
# HOGS sets the number of hogs (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."

hogs=()
stop_hogs() {
  for pid in "${hogs[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM

for _ in $(seq "${HOGS:-2}"); do
  yes >/dev/null &
  hogs+=("$!")
done
echo "busy-check: ${#hogs[@]} hogs (pids ${hogs[*]}); load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)" >&2

if [ $# -eq 0 ]; then
  set -- ./...
fi
# Three runs of the slowest packages (gotest, cmd/mutprop) beside the hogs
# take over go test's default 10 minutes per package binary.
go test -count=3 -timeout 60m "$@"
