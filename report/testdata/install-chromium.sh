#!/usr/bin/env bash
# Installs Debian's Chromium for mutprop's HTML report test (report/html_browser_test.go).
# Idempotent: does nothing when a chromium binary is already on PATH.
# Needs root (CI runs as root); prints the binary's path on success.
set -euo pipefail

find_chromium() {
  command -v chromium || command -v chromium-browser || command -v google-chrome || true
}

bin=$(find_chromium)
if [ -z "$bin" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-chromium.sh: chromium missing and not root; run: sudo apt-get install -y chromium" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends chromium fonts-liberation fonts-noto-color-emoji >&2
  bin=$(find_chromium)
fi
if [ -z "$bin" ]; then
  echo "install-chromium.sh: chromium still missing after apt-get install" >&2
  exit 1
fi
echo "$bin"
