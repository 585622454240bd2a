#!/usr/bin/env bash
# Installs the npm packages of mutprop's JSON schema test
# (report/schema_test.go): the official mutation-testing-report schema and
# the ajv validator, at the versions of schema-tools/package-lock.json, into
# schema-tools/node_modules. The test only reads them: it needs no network.
# npm ci replaces node_modules whole, from npm's cache when it holds them.
set -euo pipefail
cd "$(dirname "$0")/schema-tools"

if ! command -v npm >/dev/null; then
  echo "install-schema-tools.sh: npm is missing (Debian: apt-get install nodejs npm)" >&2
  exit 1
fi
npm ci --no-audit --no-fund --loglevel=error >&2
