import { LABELS } from '../../src/shared/messages';
import { categoriesResource, categoryPublicWire } from '../../src/shared/resources/categories';
import { categories, products } from '../db/schema';
import { defineServerResource } from '../crud/define';
import { file } from '../crud/fields';
import { taxonomyRepository } from '../repositories/taxonomy';
import { refuseIfUsed } from './catalog';
import { taxonomyCells, taxonomyImport, taxonomyList, taxonomyPublicRead, taxonomyWrite } from './taxonomy';

const { select, toItems } = taxonomyRepository(
  categories,
  { key: 'image', column: categories.image_id },
  products.category_id,
);

/** `/api/categories`: the contract's list, CRUD, export and import; a category products use stays. */
export const categoriesServer = defineServerResource({
  contract: categoriesResource,
  table: categories,
  select,
  toItems,
  ...taxonomyList(categories),
  write: { ...taxonomyWrite(categories), image: file(categories.image_id, 'image', LABELS.image) },
  beforeDelete: (tx, id) => refuseIfUsed(tx, products.category_id, id, categoriesResource.item),
  cells: taxonomyCells,
  import: taxonomyImport(categories, categoriesResource.item.toLowerCase()),
  publicRead: taxonomyPublicRead(categories, categoryPublicWire),
});
