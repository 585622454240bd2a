#!/usr/bin/env bash
# The test command of the README: every package, with the race detector on
# the packages whose concurrency matters most.
set -euo pipefail
cd "$(dirname "$0")/.."
go test ./...
go test -race ./runner/... ./blackbox/...
