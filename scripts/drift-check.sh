#!/usr/bin/env bash
# The committed SDL and the generated web types must match the code: regenerate both and compare.
# Generated web code lives in web/src/graphql/ (shared enums and input types) and next to every document
# (`x.graphql` → `x.generated.ts`); the example integration's in examples/integration/src/operations.generated.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
GENERATED=(schema web/src/graphql ':(glob)web/src/**/*.generated.ts' examples/integration/src/operations.generated.ts)
npm run schema --silent >/dev/null
npm run codegen --silent >/dev/null
# Codegen never deletes: a generated file whose document is gone is drift too.
orphans=()
while IFS= read -r file; do
  [ -e "${file%.generated.ts}.graphql" ] || orphans+=("$file")
done < <(git ls-files --cached --others --exclude-standard -- ':(glob)web/src/**/*.generated.ts')
if ! git diff --quiet -- "${GENERATED[@]}" || [ -n "$(git ls-files --others --exclude-standard -- "${GENERATED[@]}")" ] || [ ${#orphans[@]} -gt 0 ]; then
  echo "Drift: schema/schema.graphql, web/src/graphql/, a web/src/**/*.generated.ts or the example's types differ from what the code generates." >&2
  echo "Run 'npm run schema && npm run codegen' and commit the result (and delete generated files whose .graphql is gone)." >&2
  git --no-pager diff --stat -- "${GENERATED[@]}" >&2
  git ls-files --others --exclude-standard -- "${GENERATED[@]}" | sed 's/^/new: /' >&2
  for f in "${orphans[@]}"; do echo "orphan: $f" >&2; done
  exit 1
fi
echo "No drift: schema and generated web types match the code."
