import { LABELS } from '../../src/shared/messages';
import {
  categoriesResource,
  categoryCreateSchema,
  categoryUpdateSchema,
} from '../../src/shared/resources/categories';
import { categories, products } from '../db/schema';
import { taxonomyRepository } from '../repositories/taxonomy';
import { checkFile } from '../repositories/files';
import { refuseIfUsed } from './catalog';
import { defineServerResource } from './define';
import { taxonomyCells, taxonomyImport, taxonomySearch, taxonomySort, taxonomyValues } from './taxonomy';

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
  optionLabel: categories.name,
  search: taxonomySearch(categories),
  sort: taxonomySort(categories),
  status: categories.status,
  schemas: { create: categoryCreateSchema, update: categoryUpdateSchema },
  values: async (tx, input, ctx) => ({
    ...(await taxonomyValues(tx, categories, input, ctx.id)),
    image_id: await checkFile(tx, 'image', LABELS.image, input.image, 'image'),
  }),
  beforeDelete: (tx, id) => refuseIfUsed(tx, products.category_id, id, categoriesResource.item),
  cells: taxonomyCells,
  import: taxonomyImport(categories),
});
