#!/usr/bin/env bash
# Proves the scaffold: in a scratch copy of the working tree, `npm run new:resource` writes a probe
# resource, drizzle-kit generates its migration, and the copy must then pass the migration check,
# the typecheck, lint on what the scaffold wrote, and the tests every resource passes (its own
# round trip, the form coverage, the list's columns, the menu, the route permissions, the table's
# columns, the search indexes and the list plans). CI runs it (.ci/run); locally:
# `scripts/probe-resource.sh` (3–6 minutes).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/resource-probe.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

# The tracked and the new files as they are now (not ignored ones: no node_modules, data, dist).
cd "$root"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] && printf '%s\0' "$file"
done | tar -cf - --null -T - | tar -xf - -C "$scratch"
ln -s "$root/node_modules" "$scratch/node_modules"
cd "$scratch"

echo "== scaffold a probe resource in $scratch"
npm run --silent new:resource probes -- --route /content/probe --menu Content
npm run --silent db:generate -- --name probes >/dev/null

echo "== its migration, types and lint"
scripts/check-migrations.sh
npm run --silent typecheck
npx eslint src/shared/resources/probes.ts server/db/schema/probes.ts server/resources/probes.ts \
  store/probesApi.ts src/resources/probes server/test/probes.test.ts

echo "== the tests every resource passes"
npx jest server/test/probes.test.ts server/test/route-permissions.test.ts \
  server/test/table-columns.test.ts server/test/search-indexes.test.ts server/test/list-plans.test.ts \
  src/resources/formCoverage.test.tsx src/resources/listColumns.test.ts src/shared/menu.test.ts \
  --ci --selectProjects unit api:pglite
echo "The scaffold's probe resource passes."
