-- The seven site pages (API contract: Pages), each with its stable key, in the website's order.
-- They exist from the first start and, on a database that existed before pages, after this
-- migration; the API never creates or deletes one. Sections start empty (the server reads each
-- missing section as its empty value).
INSERT INTO "pages" ("key", "title", "status", "sections") VALUES
  ('home', 'Home', 1, '{}'::jsonb),
  ('about', 'About', 1, '{}'::jsonb),
  ('product', 'Product', 1, '{}'::jsonb),
  ('promotion', 'Promotion', 1, '{}'::jsonb),
  ('news', 'News', 1, '{}'::jsonb),
  ('product-article', 'Product Article', 1, '{}'::jsonb),
  ('contact', 'Contact', 1, '{}'::jsonb)
ON CONFLICT ("key") DO NOTHING;
