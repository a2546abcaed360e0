import { LABELS } from '../../src/shared/messages';
import { brandPublicWire, brandsResource } from '../../src/shared/resources/brands';
import { brands, products } from '../db/schema';
import { defineServerResource } from '../crud/define';
import { file } from '../crud/fields';
import { taxonomyRepository } from '../repositories/taxonomy';
import { refuseIfUsed } from './catalog';
import { taxonomyCells, taxonomyImport, taxonomyList, taxonomyPublicRead, taxonomyWrite } from './taxonomy';

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
  ...taxonomyList(brands),
  write: { ...taxonomyWrite(brands), logo: file(brands.logo_id, 'image', LABELS.logo) },
  beforeDelete: (tx, id) => refuseIfUsed(tx, products.brand_id, id, brandsResource.item),
  cells: taxonomyCells,
  import: taxonomyImport(brands, brandsResource.item.toLowerCase()),
  publicRead: taxonomyPublicRead(brands, brandPublicWire),
});
