import { LABELS } from '../../src/shared/messages';
import { brandCreateSchema, brandsResource, brandUpdateSchema } from '../../src/shared/resources/brands';
import { brands, products } from '../db/schema';
import { taxonomyRepository } from '../repositories/taxonomy';
import { checkFile } from '../repositories/files';
import { refuseIfUsed } from './catalog';
import { defineServerResource } from './define';
import { taxonomyCells, taxonomyImport, taxonomySearch, taxonomySort, taxonomyValues } from './taxonomy';

const { select, toItems } = taxonomyRepository(
  brands,
  { key: 'logo', column: brands.logo_id },
  products.brand_id,
);

/** `/api/brands`: the contract's list, CRUD, export and import; a brand products use stays. */
export const brandsServer = defineServerResource({
  contract: brandsResource,
  table: brands,
  select,
  toItems,
  optionLabel: brands.name,
  search: taxonomySearch(brands),
  sort: taxonomySort(brands),
  status: brands.status,
  schemas: { create: brandCreateSchema, update: brandUpdateSchema },
  values: async (tx, input, ctx) => ({
    ...(await taxonomyValues(tx, brands, input, ctx.id)),
    logo_id: await checkFile(tx, 'logo', LABELS.logo, input.logo, 'image'),
  }),
  beforeDelete: (tx, id) => refuseIfUsed(tx, products.brand_id, id, brandsResource.item),
  cells: taxonomyCells,
  import: taxonomyImport(brands),
});
