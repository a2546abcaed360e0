import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import { ROUTES } from '../../src/shared/routes';
import {
  productImportRowSchema,
  productPublicWire,
  productsResource,
  type ProductImportRow,
} from '../../src/shared/resources/products';
import type { Ref } from '../../src/shared/resources/wire';
import type { Executor } from '../db/client';
import { brands, categories, products } from '../db/schema';
import { defineServerResource } from '../crud/define';
import { textCellSql } from '../crud/sheetSql';
import {
  auditCells,
  auditCellsSql,
  column,
  file,
  imageWrite,
  importedStatus,
  importKey,
  importSlugErrors,
  reference,
  richText,
  seoCells,
  seoCellsSql,
  seoWrite,
  slugWrite,
  statusCells,
  statusCellsSql,
  statusWrite,
  importNoMatch,
} from '../crud/fields';
import { sanitizeRichText } from '../lib/sanitizeHtml';
import { refLookup } from '../repositories/catalog';
import { productSelect, toProducts } from '../repositories/products';

/** The columns of an imported row other than its slug, brand, category and status (rich text sanitised). */
const importedText = (row: ProductImportRow) => ({
  name: row.name,
  other_brand: row.other_brand,
  model: row.model,
  function: row.function,
  specification: row.specification,
  overview: sanitizeRichText(row.overview),
  application: sanitizeRichText(row.application),
  meta_title: row.meta_title,
  meta_description: row.meta_description,
  meta_keyword: row.meta_keyword,
});

/** Ids of the Active rows of a brand or category table with this slug (a public filter). */
const activeWithSlug = (table: typeof brands | typeof categories, slug: string) =>
  sql`(select ${table.id} from ${table} where ${table.slug} = ${slug} and ${table.status} = 1)`;

/**
 * The publishing rule of a product: Active, in an Active category, and without a brand or with an
 * Active one (a product of a switched-off brand or category is not shown either).
 */
const productPublished = (): SQL =>
  and(
    eq(products.status, 1),
    sql`${products.category_id} in (select ${categories.id} from ${categories} where ${categories.status} = 1)`,
    sql`(${products.brand_id} is null or ${products.brand_id} in (select ${brands.id} from ${brands} where ${brands.status} = 1))`,
  ) as SQL;

/**
 * The public side of other kinds' product references (a highlight's product, an article's related
 * products): a reference to a product that is not published is taken out (a single one becomes
 * null), so the website never links to a product page that answers 404 nor learns its name.
 */
export const hideUnpublishedProducts =
  (field: string) =>
  async (db: Executor, items: Record<string, unknown>[]): Promise<void> => {
    const refOf = (value: unknown): Ref[] =>
      Array.isArray(value) ? (value as Ref[]) : value ? [value as Ref] : [];
    const ids = [...new Set(items.flatMap((item) => refOf(item[field]).map((ref) => ref.id)))];
    if (!ids.length) return;
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), productPublished()));
    const published = new Set(found.map((row) => row.id));
    for (const item of items) {
      const value = item[field];
      if (Array.isArray(value)) item[field] = (value as Ref[]).filter((ref) => published.has(ref.id));
      else if (value) item[field] = published.has((value as Ref).id) ? value : null;
    }
  };

/** `/api/products`: the contract's list, CRUD, export and import. */
export const productsServer = defineServerResource({
  contract: productsResource,
  table: products,
  select: productSelect,
  toItems: toProducts,
  search: [products.name, products.slug, products.model, products.other_brand],
  sort: {
    name: products.name,
    // A product without a listed brand sorts by the brand it names.
    brand: sql`coalesce(${brands.name}, ${products.other_brand})`,
    category: categories.name,
    status: products.status,
    created_at: products.created_at,
    updated_at: products.updated_at,
  },
  filters: {
    status: (values) => inArray(products.status, values),
    brand_ids: (ids) => inArray(products.brand_id, ids),
    category_ids: (ids) => inArray(products.category_id, ids),
  },
  write: {
    name: column(products.name),
    brand_id: reference(products.brand_id, brands, LABELS.brand),
    category_id: reference(products.category_id, categories, LABELS.category),
    other_brand: column(products.other_brand),
    model: column(products.model),
    function: column(products.function),
    specification: column(products.specification),
    overview: richText(products.overview),
    application: richText(products.application),
    ...imageWrite(products),
    document: file(products.document_id, 'document', LABELS.document),
    catalogue: file(products.catalogue_id, 'document', LABELS.catalogue),
    ...slugWrite(products, 'name', LABELS.name),
    ...statusWrite(products),
    ...seoWrite(products),
  },
  cells: (product) => ({
    name: product.name,
    slug: product.slug,
    brand: product.brand?.slug ?? null,
    other_brand: product.other_brand,
    category: product.category.slug,
    model: product.model,
    function: product.function,
    specification: product.specification,
    overview: product.overview,
    application: product.application,
    ...statusCells(product),
    ...seoCells(product),
    ...auditCells(product),
  }),
  cellsSql: {
    name: textCellSql(products.name),
    slug: textCellSql(products.slug),
    brand: textCellSql(brands.slug),
    other_brand: textCellSql(products.other_brand),
    category: textCellSql(categories.slug),
    model: textCellSql(products.model),
    function: textCellSql(products.function),
    specification: textCellSql(products.specification),
    overview: textCellSql(products.overview),
    application: textCellSql(products.application),
    ...statusCellsSql(products),
    ...seoCellsSql(products),
    ...auditCellsSql(products),
  },
  import: {
    schema: productImportRowSchema,
    key: products.slug,
    keyOf: (row: ProductImportRow) => importKey(row.slug, row.name),
    prepare: async (tx) => {
      const brandLookup = await refLookup(tx, brands);
      const categoryLookup = await refLookup(tx, categories);
      return {
        // Files are not in the sheet: an update by import leaves them as they are.
        row: (row) => {
          const slug = importKey(row.slug, row.name);
          const errors = importSlugErrors(slug, LABELS.name);
          const brandId = row.brand ? brandLookup.find(row.brand) : null;
          if (brandId === undefined) errors.push(importNoMatch(LABELS.brand, row.brand, ROUTES.brands));
          const categoryId = categoryLookup.find(row.category);
          if (categoryId === undefined)
            errors.push(importNoMatch(LABELS.category, row.category, ROUTES.categories));
          if (errors.length || brandId === undefined || categoryId === undefined) return { errors };
          return {
            values: {
              ...importedText(row),
              slug,
              brand_id: brandId,
              category_id: categoryId,
              status: importedStatus(row.status),
            },
          };
        },
      };
    },
  },
  publicRead: {
    wire: productPublicWire,
    published: productPublished,
    slug: products.slug,
    order: [asc(products.name)],
    filters: {
      brand: {
        description: 'A brand slug',
        where: (slug) => sql`${products.brand_id} in ${activeWithSlug(brands, slug)}`,
      },
      category: {
        description: 'A category slug',
        where: (slug) => sql`${products.category_id} in ${activeWithSlug(categories, slug)}`,
      },
    },
  },
});
