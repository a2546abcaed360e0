#!/usr/bin/env bash
# Fails when the tables in server/db/schema/ differ from what the committed migrations build: a
# schema change whose `npm run db:generate` was forgotten. drizzle-kit generates into a scratch copy
# of the migrations (it needs a path inside the project), which is compared with the original.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=node_modules/.cache/migration-drift
rm -rf "$scratch" && mkdir -p "$scratch"
cp -r server/db/migrations "$scratch/"
npx drizzle-kit generate --dialect postgresql --schema './server/db/schema/*.ts' --out "$scratch/migrations" >/dev/null
if ! diff -r server/db/migrations "$scratch/migrations" >/dev/null; then
  echo "The schema in server/db/schema/ has changes no migration holds; run: npm run db:generate -- --name <what_changed>" >&2
  diff -r server/db/migrations "$scratch/migrations" | head -40 >&2 || true
  rm -rf "$scratch"
  exit 1
fi
rm -rf "$scratch"
echo "Migrations match the schema."
