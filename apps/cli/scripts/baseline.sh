#!/usr/bin/env bash
# Build the `pidgate` command of another commit, for `BENCH_BASELINE=DIR/apps/cli/bin/pidgate.js npm run bench:cli`.
# Usage: apps/cli/scripts/baseline.sh [REF (default HEAD)] [DIR (default /tmp/pidgate-baseline)]
# The snapshot's own packages are linked as its @pidgate/* (linking this checkout's node_modules whole
# would bundle this checkout's packages into the baseline); the other dependencies are this checkout's.
set -euo pipefail
ref=${1:-HEAD}
dir=${2:-/tmp/pidgate-baseline}
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
rm -rf "$dir"
mkdir -p "$dir/node_modules/@pidgate"
git -C "$root" archive "$ref" packages apps | tar -x -C "$dir"
for entry in "$root"/node_modules/* "$root"/node_modules/.bin; do
  name=$(basename "$entry")
  [ "$name" = "@pidgate" ] || [ "$name" = "pidgate" ] || ln -sfn "$entry" "$dir/node_modules/$name"
done
for pkg in "$dir"/packages/*/package.json "$dir"/apps/gateway/package.json; do
  name=$(node -p "require('$pkg').name")
  case "$name" in @pidgate/*) ln -sfn "$(dirname "$pkg")" "$dir/node_modules/$name" ;; esac
done
node "$dir/apps/cli/scripts/build.mjs"
echo "BENCH_BASELINE=$dir/apps/cli/bin/pidgate.js npm run bench:cli"
