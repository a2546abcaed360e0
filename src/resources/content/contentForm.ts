import { STATUS, type Status } from '../../shared/contracts/account';
import type { Content } from '../../shared/resources/content';
import type { PlainGroup } from '../../shared/resources/fields';
import type { FileObject } from '../../shared/resources/wire';
import { altBody, altValues } from '../../components/resource/fields/altText';
import { plainBody, plainValues } from '../../components/resource/fields/plainForm';

/** The SEO group's fields: plain texts in the form. */
const SEO: readonly Pick<PlainGroup, 'name' | 'form'>[] = [
  { name: 'meta_title', form: 'text' },
  { name: 'meta_description', form: 'text' },
  { name: 'meta_keyword', form: 'text' },
];

/** A content form's values: texts and dates as strings ('' for none), pictures as ids, alt texts as strings. */
export type ContentValues = { title: string; slug: string; status: Status } & Record<string, unknown>;

/** What a kind relates to, in its form (a product article's products as ids). */
export interface ContentFormRelated<T> {
  toValues: (item?: T) => Record<string, unknown>;
  toBody: (values: ContentValues) => Record<string, unknown>;
}

/**
 * The form mapping of a content kind (src/shared/resources/content.ts), from its body and
 * pictures. In the body an empty slug is made from the title by the server; an empty text clears it.
 */
export function contentForm<T extends { title: string; slug: string; status: Status }, Body>(
  content: Content,
  related?: ContentFormRelated<T>,
) {
  const plain = [...content.body, ...SEO];
  const pictures = content.pictures.flatMap((set) => set.pictures.map(({ name }) => name));
  const files = (item?: T) => item as Record<string, FileObject | null> | undefined;

  const toValues = (item?: T): ContentValues => ({
    title: item?.title ?? '',
    slug: item?.slug ?? '',
    status: item?.status ?? STATUS.active,
    ...plainValues(plain, item),
    ...Object.fromEntries(pictures.map((name) => [name, files(item)?.[name]?.id ?? null])),
    ...altValues(pictures, files(item)),
    ...related?.toValues(item),
  });

  const toBody = (values: ContentValues): Body =>
    ({
      title: values.title.trim(),
      slug: values.slug.trim(),
      status: values.status,
      ...plainBody(plain, values),
      ...Object.fromEntries(pictures.map((name) => [name, values[name]])),
      ...altBody(pictures, values as Record<`${string}_alt`, string>),
      ...related?.toBody(values),
    }) as Body;

  return { toValues, toBody };
}
