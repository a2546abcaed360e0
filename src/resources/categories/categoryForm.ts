import { STATUS, type Status } from '../../shared/contracts/account';
import type { Category, CategoryCreateInput } from '../../shared/resources/categories';

/** The category form's values: text as strings ('' for none), the image as a file id. */
export type CategoryValues = {
  name: string;
  slug: string;
  image: number | null;
  description: string;
  status: Status;
};

export const toCategoryValues = (category?: Category): CategoryValues => ({
  name: category?.name ?? '',
  slug: category?.slug ?? '',
  image: category?.image?.id ?? null,
  description: category?.description ?? '',
  status: category?.status ?? STATUS.active,
});

/** The request body; an empty slug is made from the name by the server, an empty description clears it. */
export const toCategoryBody = (values: CategoryValues): CategoryCreateInput => ({
  name: values.name.trim(),
  slug: values.slug.trim(),
  image: values.image,
  description: values.description.trim() || null,
  status: values.status,
});
