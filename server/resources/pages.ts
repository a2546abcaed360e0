import { asc, eq, inArray } from 'drizzle-orm';
import { ValidationError } from 'yup';
import { LABELS, validation } from '../../src/shared/messages';
import {
  PAGE_SECTIONS,
  pageSectionsSchema,
  pagePublicWire,
  pagesResource,
  SECTIONS,
  type SectionDefinition,
  type SectionsInput,
} from '../../src/shared/resources/pages';
import { pages } from '../db/schema';
import { defineServerResource, type FieldWriter } from '../crud/define';
import { altWrite, file, imageWrite, richText, column, seoWrite, statusWrite } from '../crud/fields';
import { HttpError } from '../lib/httpError';
import { fileOk } from '../repositories/files';
import { pageKeyOf, pageSelect, toPages } from '../repositories/pages';
import { notFound } from '../crud/resource';

/** Yup's failures of a sections check → the 422's field errors, keyed by their path under `sections`. */
function sectionErrors(error: ValidationError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const item of error.inner.length ? error.inner : [error]) {
    const field = item.path ? `sections.${item.path}` : 'sections';
    const messages = (errors[field] ??= []);
    for (const message of item.errors) if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

/**
 * `sections`: validated with the stored page key's schema (the one the form uses), every image id
 * checked to be an uploaded image; stored with exactly the key's sections.
 */
const sectionsWrite: FieldWriter<SectionsInput | undefined> = async (value, ctx) => {
  const key = ctx.id === undefined ? undefined : await pageKeyOf(ctx.tx, ctx.id);
  if (!key) throw notFound();
  let sections: SectionsInput;
  try {
    sections = await pageSectionsSchema(key).validate(value ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors = sectionErrors(error);
    throw new HttpError(422, Object.values(errors)[0][0], errors);
  }
  const errors: Record<string, string[]> = {};
  for (const name of PAGE_SECTIONS[key]) {
    const definition: SectionDefinition = SECTIONS[name];
    const section = sections[name] ?? {};
    const check = async (path: string, label: string, id: unknown) => {
      if (typeof id === 'number' && !(await fileOk(ctx.tx, id, 'image')))
        errors[path] = [validation.invalid(label)];
    };
    for (const field of definition.fields)
      if (field.kind === 'image')
        await check(`sections.${name}.${field.name}`, field.label, section[field.name]);
    const items = Array.isArray(section.items) ? section.items : [];
    for (const [index, item] of items.entries())
      for (const field of definition.items?.fields ?? [])
        if (field.kind === 'image')
          await check(`sections.${name}.items[${index}].${field.name}`, field.label, item[field.name]);
  }
  const invalid = Object.values(errors);
  if (invalid.length) throw new HttpError(422, invalid[0][0], errors);
  return [[pages.sections, sections]];
};

/** `/api/pages`: the seven site pages; list, show and update only (the group has no store or destroy). */
export const pagesServer = defineServerResource({
  contract: pagesResource,
  table: pages,
  select: pageSelect,
  toItems: toPages,
  search: [pages.title],
  sort: {
    id: pages.id,
    title: pages.title,
    status: pages.status,
    updated_at: pages.updated_at,
  },
  filters: { status: (values) => inArray(pages.status, values) },
  write: {
    title: column(pages.title),
    description: richText(pages.description),
    banner: file(pages.banner_id, 'image', LABELS.banner),
    ...imageWrite(pages),
    ...altWrite('image', 'mobile_image', 'banner'),
    ...statusWrite(pages),
    ...seoWrite(pages),
    sections: sectionsWrite,
  },
  // The website: Active pages by their stable key (`/public/v1/pages/home`), with their sections.
  publicRead: {
    wire: pagePublicWire,
    published: () => eq(pages.status, 1),
    slug: pages.key,
    order: [asc(pages.id)],
  },
});
