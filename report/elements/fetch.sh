#!/usr/bin/env bash
# Fetches the vendored mutation-testing-elements bundle from the npm registry
# at the pinned version and checks it against the recorded checksum.
#
#   report/elements/fetch.sh          re-fetch; unless the bytes match SHA256SUMS, fail and change nothing
#   report/elements/fetch.sh --check  compare the committed files with SHA256SUMS only
#
# To move to another version: change VERSION, run with --update (rewrites
# SHA256SUMS from what npm served), review the diff, rerun the report tests.
# Needs npm (the registry is reached through npm's own client), tar and
# sha256sum.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
version=$(tr -d ' \n' <"$here/VERSION")
pkg="mutation-testing-elements@$version"
mode=${1:-fetch}

check() {
  (cd "$here" && sha256sum --check --strict SHA256SUMS)
}

case "$mode" in
--check)
  check
  exit
  ;;
fetch | --update) ;;
*)
  echo "usage: $0 [--check|--update]" >&2
  exit 2
  ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && npm pack --loglevel=error --pack-destination "$tmp" "$pkg" >/dev/null); then
  echo "fetch.sh: npm pack $pkg failed (see npm view mutation-testing-elements versions)" >&2
  exit 1
fi
tgz=$(ls "$tmp"/mutation-testing-elements-*.tgz)
tar -xzf "$tgz" -C "$tmp" package/dist/mutation-test-elements.js package/LICENSE package/package.json
got=$(node -p 'require(process.argv[1]).version' "$tmp/package/package.json" 2>/dev/null ||
  sed -n 's/^  "version": "\(.*\)",$/\1/p' "$tmp/package/package.json")
if [ "$got" != "$version" ]; then
  echo "fetch.sh: npm served version $got, want $version" >&2
  exit 1
fi
cp "$tmp/package/dist/mutation-test-elements.js" "$tmp/package/LICENSE" "$tmp/"
if [ "$mode" = --update ]; then
  (cd "$tmp" && sha256sum mutation-test-elements.js LICENSE >"$here/SHA256SUMS")
elif ! (cd "$tmp" && sha256sum --check --strict "$here/SHA256SUMS" >&2); then
  echo "fetch.sh: $pkg from the registry does not match SHA256SUMS; the vendored files are unchanged" >&2
  exit 1
fi
cp "$tmp/mutation-test-elements.js" "$tmp/LICENSE" "$here/"
check >&2
echo "fetch.sh: $pkg fetched and verified" >&2
