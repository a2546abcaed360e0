import { STATUS, type Status } from '../../shared/contracts/account';
import type { Brand, BrandCreateInput } from '../../shared/resources/brands';

/** The brand form's values: text as strings ('' for none), the logo as a file id. */
export type BrandValues = {
  name: string;
  slug: string;
  logo: number | null;
  description: string;
  status: Status;
};

export const toBrandValues = (brand?: Brand): BrandValues => ({
  name: brand?.name ?? '',
  slug: brand?.slug ?? '',
  logo: brand?.logo?.id ?? null,
  description: brand?.description ?? '',
  status: brand?.status ?? STATUS.active,
});

/** The request body; an empty slug is made from the name by the server, an empty description clears it. */
export const toBrandBody = (values: BrandValues): BrandCreateInput => ({
  name: values.name.trim(),
  slug: values.slug.trim(),
  logo: values.logo,
  description: values.description.trim() || null,
  status: values.status,
});
