import { inArray, sql } from 'drizzle-orm';
import { LABELS, validation } from '../../src/shared/messages';
import type { UploadKind } from '../../src/shared/limits';
import { statusLabel, type Status } from '../../src/shared/resources/catalog';
import {
  productCreateSchema,
  productImportRowSchema,
  productsResource,
  productUpdateSchema,
  type Product,
  type ProductCreateInput,
  type ProductImportRow,
} from '../../src/shared/resources/products';
import { brands, categories, products } from '../db/schema';
import { sanitizeRichText } from '../lib/sanitizeHtml';
import { idExists, refLookup } from '../repositories/catalog';
import { productSelect, toProducts } from '../repositories/products';
import { fileOk } from '../repositories/files';
import { FieldErrors, importedStatus, importKey, importSlugErrors, resolveSlug } from './catalog';
import { defineServerResource } from './define';

/** The product's file fields, their labels and the upload kind each takes. */
const FILES = [
  { field: 'image', label: LABELS.image, kind: 'image' },
  { field: 'mobile_image', label: LABELS.mobileImage, kind: 'image' },
  { field: 'document', label: LABELS.document, kind: 'document' },
  { field: 'catalogue', label: LABELS.catalogue, kind: 'document' },
] as const satisfies readonly { field: keyof ProductCreateInput; label: string; kind: UploadKind }[];

/** The columns a product form and a product row share (rich text sanitised here, on every write). */
const textValues = (input: Omit<ProductImportRow, 'brand' | 'category' | 'status'>) => ({
  name: input.name,
  other_brand: input.other_brand,
  model: input.model,
  function: input.function,
  specification: input.specification,
  overview: sanitizeRichText(input.overview),
  application: sanitizeRichText(input.application),
  meta_title: input.meta_title,
  meta_description: input.meta_description,
  meta_keyword: input.meta_keyword,
});

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
  status: products.status,
  filters: {
    brand_ids: (ids) => inArray(products.brand_id, ids),
    category_ids: (ids) => inArray(products.category_id, ids),
  },
  schemas: { create: productCreateSchema, update: productUpdateSchema },
  values: async (tx, input, ctx) => {
    const errors = new FieldErrors();
    errors.invalidUnless(
      input.brand_id === null || (await idExists(tx, brands, input.brand_id)),
      'brand_id',
      LABELS.brand,
    );
    errors.invalidUnless(await idExists(tx, categories, input.category_id), 'category_id', LABELS.category);
    for (const { field, label, kind } of FILES) {
      errors.invalidUnless(await fileOk(tx, input[field], kind), field, label);
    }
    errors.throwIfAny();
    return {
      ...textValues(input),
      slug: await resolveSlug(tx, products, input, ctx.id),
      brand_id: input.brand_id,
      category_id: input.category_id,
      status: input.status as Status,
      image_id: input.image,
      mobile_image_id: input.mobile_image,
      document_id: input.document,
      catalogue_id: input.catalogue,
    };
  },
  cells: (product: Product) => ({
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
    status: statusLabel(product.status),
    meta_title: product.meta_title,
    meta_description: product.meta_description,
    meta_keyword: product.meta_keyword,
    created_at: product.created_at,
  }),
  import: {
    schema: productImportRowSchema,
    key: products.slug,
    keyOf: (row: ProductImportRow) => importKey(row),
    prepare: async (tx) => {
      const brandLookup = await refLookup(tx, brands);
      const categoryLookup = await refLookup(tx, categories);
      return {
        // Files are not in the sheet: an update by import leaves them as they are.
        row: (row) => {
          const slug = importKey(row);
          const errors = importSlugErrors(slug);
          const brandId = row.brand ? brandLookup.find(row.brand) : null;
          if (brandId === undefined) errors.push(validation.invalid(LABELS.brand));
          const categoryId = categoryLookup.find(row.category);
          if (categoryId === undefined) errors.push(validation.invalid(LABELS.category));
          if (errors.length || brandId === undefined || categoryId === undefined) return { errors };
          return {
            values: {
              ...textValues(row),
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
});
