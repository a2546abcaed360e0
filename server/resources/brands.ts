import { LABELS } from '../../src/shared/messages';
import { brandCreateSchema, brandsResource, brandUpdateSchema } from '../../src/shared/resources/brands';
import type { Status } from '../../src/shared/resources/catalog';
import { brands, products } from '../db/schema';
import { brandSelect, toBrands } from '../repositories/brands';
import { checkFile } from '../repositories/files';
import { refuseIfUsed, resolveSlug } from './catalog';
import { defineServerResource } from './define';
import { taxonomyCells, taxonomyImport, taxonomySearch, taxonomySort } from './taxonomy';

/** `/api/brands`: the contract's list, CRUD, export and import; a brand products use stays. */
export const brandsServer = defineServerResource({
  contract: brandsResource,
  table: brands,
  select: brandSelect,
  toItems: toBrands,
  optionLabel: brands.name,
  search: taxonomySearch(brands),
  sort: taxonomySort(brands),
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
  cells: taxonomyCells,
  import: taxonomyImport(brands),
});
