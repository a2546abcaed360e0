import { LABELS } from '../../src/shared/messages';
import type { Status } from '../../src/shared/resources/catalog';
import {
  categoriesResource,
  categoryCreateSchema,
  categoryUpdateSchema,
} from '../../src/shared/resources/categories';
import { categories, products } from '../db/schema';
import { categorySelect, toCategories } from '../repositories/categories';
import { checkFile } from '../repositories/files';
import { refuseIfUsed, resolveSlug } from './catalog';
import { defineServerResource } from './define';
import { taxonomyCells, taxonomyImport, taxonomySearch, taxonomySort } from './taxonomy';

/** `/api/categories`: the contract's list, CRUD, export and import; a category products use stays. */
export const categoriesServer = defineServerResource({
  contract: categoriesResource,
  table: categories,
  select: categorySelect,
  toItems: toCategories,
  optionLabel: categories.name,
  search: taxonomySearch(categories),
  sort: taxonomySort(categories),
  status: categories.status,
  schemas: { create: categoryCreateSchema, update: categoryUpdateSchema },
  values: async (tx, input, ctx) => ({
    name: input.name,
    slug: await resolveSlug(tx, categories, input, ctx.id),
    image_id: await checkFile(tx, 'image', LABELS.image, input.image, 'image'),
    description: input.description,
    status: input.status as Status,
  }),
  beforeDelete: (tx, id) => refuseIfUsed(tx, products.category_id, id, categoriesResource.item),
  cells: taxonomyCells,
  import: taxonomyImport(categories),
});
