-- Names that differ only in case were accepted before (issue 41): every such name but the oldest
-- row's gets its id appended ("Kestrel Valves (12)"), so the unique indexes below can be built on a
-- database that has them. Staff see the new names in the lists and can rename them.
UPDATE "brands" AS b SET "name" = b."name" || ' (' || b."id" || ')'
  WHERE EXISTS (SELECT 1 FROM "brands" AS o WHERE lower(o."name") = lower(b."name") AND o."id" < b."id");--> statement-breakpoint
UPDATE "categories" AS c SET "name" = c."name" || ' (' || c."id" || ')'
  WHERE EXISTS (SELECT 1 FROM "categories" AS o WHERE lower(o."name") = lower(c."name") AND o."id" < c."id");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_idx" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_idx" ON "categories" USING btree (lower("name"));
