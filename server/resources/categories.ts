import { LABELS } from '../../src/shared/messages';
import {
  categoryCreateSchema,
  categoryImportRowSchema,
  categoriesResource,
  categoryUpdateSchema,
  type Category,
  type CategoryImportRow,
} from '../../src/shared/resources/categories';
import { statusLabel, type Status } from '../../src/shared/resources/catalog';
import { categories, products } from '../db/schema';
import { categorySelect, toCategories } from '../repositories/categories';
import { checkFile, importedStatus, importKey, importSlugErrors, refuseIfUsed, resolveSlug } from './catalog';
import { defineServerResource } from './define';

/** `/api/categories`: the contract's list, CRUD, export and import; a category products use stays. */
export const categoriesServer = defineServerResource({
  contract: categoriesResource,
  table: categories,
  select: categorySelect,
  toItems: toCategories,
  optionLabel: categories.name,
  search: [categories.name, categories.slug],
  sort: {
    name: categories.name,
    slug: categories.slug,
    status: categories.status,
    created_at: categories.created_at,
    updated_at: categories.updated_at,
  },
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
  cells: (category: Category) => ({
    name: category.name,
    slug: category.slug,
    description: category.description,
    status: statusLabel(category.status),
    created_at: category.created_at,
  }),
  import: {
    schema: categoryImportRowSchema,
    key: categories.slug,
    keyOf: (row: CategoryImportRow) => importKey(row),
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
