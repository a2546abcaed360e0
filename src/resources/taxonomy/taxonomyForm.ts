import { STATUS, type Status } from '../../shared/contracts/account';
import type { FileObject } from '../../shared/resources/catalog';
import type { TaxonomyItem } from '../../shared/resources/taxonomy';

/** A brand's or category's form values: text as strings ('' for none), its picture as a file id. */
export type TaxonomyValues<Picture extends string> = {
  name: string;
  slug: string;
  description: string;
  status: Status;
} & Record<Picture, number | null>;

/** The request body of a brand or category (its contract's create input). */
export type TaxonomyBody<Picture extends string> = {
  name: string;
  slug: string;
  description: string | null;
  status: Status;
} & Record<Picture, number | null>;

/**
 * The form mapping of a brand or category, whose picture field is `picture` (`logo`, `image`). In
 * the body an empty slug is made from the name by the server, an empty description clears it.
 */
export function taxonomyForm<
  Picture extends string,
  T extends TaxonomyItem & Record<Picture, FileObject | null>,
>(picture: Picture) {
  const toValues = (item?: T): TaxonomyValues<Picture> =>
    ({
      name: item?.name ?? '',
      slug: item?.slug ?? '',
      description: item?.description ?? '',
      status: item?.status ?? STATUS.active,
      [picture]: item?.[picture]?.id ?? null,
    }) as TaxonomyValues<Picture>;

  const toBody = (values: TaxonomyValues<Picture>): TaxonomyBody<Picture> =>
    ({
      name: values.name.trim(),
      slug: values.slug.trim(),
      description: values.description.trim() || null,
      status: values.status,
      [picture]: values[picture],
    }) as TaxonomyBody<Picture>;

  return { toValues, toBody };
}
