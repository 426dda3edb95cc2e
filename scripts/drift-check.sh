#!/usr/bin/env bash
# The committed SDL and the generated web types must match the code: regenerate both and compare.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run schema --silent >/dev/null
npm run codegen --silent >/dev/null
if ! git diff --quiet -- schema web/src/graphql || [ -n "$(git ls-files --others --exclude-standard -- schema web/src/graphql)" ]; then
  echo "Drift: schema/schema.graphql or web/src/graphql/ differ from what the code generates." >&2
  echo "Run 'npm run schema && npm run codegen' and commit the result." >&2
  git --no-pager diff --stat -- schema web/src/graphql >&2
  exit 1
fi
echo "No drift: schema and generated web types match the code."
