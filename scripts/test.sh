#!/usr/bin/env bash
# `npm test`: everything CI runs, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
step "install";        node scripts/ensure-install.mjs; bash scripts/ensure-chromium.sh; bash scripts/ensure-nginx.sh; bash scripts/ensure-ffmpeg.sh
step "typecheck";      npm run typecheck --silent
step "lint";           npm run lint --silent
step "format";         npm run format:check --silent
step "module rules";   npm run depcheck --silent
step "drift check";    bash scripts/drift-check.sh
step "API tests";      npm run test:api --silent
step "web tests";      npm run test:web --silent
step "build";          npm run build --silent
step "landing budget"; node web/scripts/landing-size.mjs web/dist
step "proxy (nginx)";  npm run test:proxy --silent
step "e2e (Chromium)"; npm run test:e2e --silent
