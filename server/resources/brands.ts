import { LABELS } from '../../src/shared/messages';
import {
  brandCreateSchema,
  brandImportRowSchema,
  brandsResource,
  brandUpdateSchema,
  type Brand,
  type BrandImportRow,
} from '../../src/shared/resources/brands';
import { statusLabel, type Status } from '../../src/shared/resources/catalog';
import { brands, products } from '../db/schema';
import { brandSelect, toBrands } from '../repositories/brands';
import { checkFile, importedStatus, importKey, importSlugErrors, refuseIfUsed, resolveSlug } from './catalog';
import { defineServerResource } from './define';

/** `/api/brands`: the contract's list, CRUD, export and import; a brand products use stays. */
export const brandsServer = defineServerResource({
  contract: brandsResource,
  table: brands,
  select: brandSelect,
  toItems: toBrands,
  optionLabel: brands.name,
  search: [brands.name, brands.slug],
  sort: {
    name: brands.name,
    slug: brands.slug,
    status: brands.status,
    created_at: brands.created_at,
    updated_at: brands.updated_at,
  },
  status: brands.status,
  schemas: { create: brandCreateSchema, update: brandUpdateSchema },
  values: async (tx, input, ctx) => ({
    name: input.name,
    slug: await resolveSlug(tx, brands, input, ctx.id),
    logo_id: await checkFile(tx, 'logo', LABELS.logo, input.logo, 'image'),
    description: input.description,
    status: input.status as Status,
  }),
  beforeDelete: (tx, id) => refuseIfUsed(tx, products.brand_id, id, brandsResource.item),
  cells: (brand: Brand) => ({
    name: brand.name,
    slug: brand.slug,
    description: brand.description,
    status: statusLabel(brand.status),
    created_at: brand.created_at,
  }),
  import: {
    schema: brandImportRowSchema,
    key: brands.slug,
    keyOf: (row: BrandImportRow) => importKey(row),
    prepare: async () => ({
      row: (row) => {
        const slug = importKey(row);
        const errors = importSlugErrors(slug);
        if (errors.length) return { errors };
        return {
          values: { name: row.name, slug, description: row.description, status: importedStatus(row.status) },
        };
      },
    }),
  },
});
