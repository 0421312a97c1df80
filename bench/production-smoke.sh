#!/usr/bin/env bash
# `DATABASE_URL=… npm run bench:production`: what the Dockerfile's final image does, checked without
# Docker. Copies package files, the site build and src into a temporary directory, installs
# production dependencies only (`npm ci --omit=dev`), checks that `node src/server/serve.ts` with
# NODE_ENV=production refuses the auth emulator, runs it on the given EMPTY PostgreSQL database, then checks health, pages, search,
# a publish through the analysis worker thread to Active, an install, and a draining SIGTERM.
set -euo pipefail
: "${DATABASE_URL:?needs DATABASE_URL (an empty PostgreSQL database it may fill)}"
here="$(cd "$(dirname "$0")/.." && pwd)"
node_bin="$here/node_modules/.bin/node" # the pinned Node 24 (the image's base)
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

cd "$here" && npm run --silent build >/dev/null
cp -r package.json package-lock.json dist src "$work/"
cd "$work"
started=$(date +%s)
npm ci --omit=dev --no-audit --no-fund --loglevel=error >/dev/null
echo "npm ci --omit=dev: $(($(date +%s) - started)) s, node_modules $(du -sh node_modules | cut -f1)"

export HOST=127.0.0.1 PORT=4797 API_PORT=8097 DATA_DIR="$work/data" SEED_DEMO_DATA=true
export FIREBASE_AUTH_EMULATOR_HOST="${FIREBASE_AUTH_EMULATOR_HOST:-127.0.0.1:9099}"
# The image runs with NODE_ENV=production, where the server refuses the auth emulator (its unsigned
# tokens would let anyone sign in). Check that refusal, then serve with NODE_ENV=test, which only
# lifts it, so the publish below can sign in through the emulator.
if NODE_ENV=production "$node_bin" src/server/serve.ts >"$work/refused.log" 2>&1; then
  echo "NODE_ENV=production with the auth emulator: NOT refused"; exit 1
fi
grep -q 'refused with NODE_ENV=production' "$work/refused.log" && echo "NODE_ENV=production refuses the auth emulator"
NODE_ENV=test "$node_bin" --max-semi-space-size=32 --external-memory-accounted-in-global-limit src/server/serve.ts >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -sf http://127.0.0.1:4797/healthz >/dev/null && break; sleep 0.5; done

fail=0
for path in /healthz /readyz /en/ /en/nodes/demo-upscale-tools '/api/nodes/search?search=upscle' '/api/nodes?limit=1'; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:4797$path")
  echo "GET $path → $code"
  [ "$code" = 200 ] || fail=1
done
# A rendering error inside an island surfaces mid-stream, after a 200: check the pages' content too
# (the search island's box and the node page's copy button are server-rendered islands).
for check in '/en/|data-testid="search-input"' '/en/nodes/demo-upscale-tools|comfy node install demo-upscale-tools'; do
  path=${check%%|*} marker=${check#*|}
  if curl -s "http://127.0.0.1:4797$path" | grep -qF "$marker"; then echo "GET $path renders its islands"; else echo "GET $path: no $marker"; fail=1; fi
done

cd "$here"
API=http://127.0.0.1:8097 "$node_bin" bench/lib/production-publish.ts || fail=1

kill -TERM "$server"
wait "$server" || true
grep -q 'SIGTERM: draining' "$work/server.log" && echo "SIGTERM: drained and exited" || fail=1
[ "$fail" = 0 ] && echo PASS || { echo FAIL; tail -20 "$work/server.log"; exit 1; }
