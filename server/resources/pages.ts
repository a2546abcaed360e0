import { asc, eq, inArray } from 'drizzle-orm';
import { ValidationError } from 'yup';
import { LABELS, validation } from '../../src/shared/messages';
import {
  PAGE_SECTIONS,
  pageSectionsSchema,
  pagePublicWire,
  pagesResource,
  SECTIONS,
  sectionImages,
  type SectionDefinition,
  type SectionField,
  type SectionItemInput,
  type SectionsInput,
} from '../../src/shared/resources/pages';
import { altName } from '../../src/shared/resources/fields';
import { pages } from '../db/schema';
import { defineServerResource, type FieldWriter } from '../crud/define';
import { altWrite, file, imageWrite, richText, column, seoWrite, statusWrite } from '../crud/fields';
import { HttpError } from '../lib/httpError';
import { fileOk, setFileAlt } from '../repositories/files';
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
 * checked to be an uploaded image; each image's alt text (`image_alt`, required when the image is
 * set) stored on its file row, as the page's own pictures' are; stored with exactly the key's
 * sections, their images by id.
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
  const alts = new Map<number, string>();
  /** Checks the images of `values` (a section or an item) and takes their alt texts out of it. */
  const pictures = async (path: string, fields: readonly SectionField[], values: SectionItemInput) => {
    for (const field of sectionImages(fields)) {
      const id = values[field.name];
      const alt = values[altName(field.name)];
      delete values[altName(field.name)];
      if (typeof id !== 'number') continue;
      if (!(await fileOk(ctx.tx, id, 'image')))
        errors[`${path}.${field.name}`] = [validation.invalid(field.label)];
      else if (typeof alt === 'string') alts.set(id, alt);
    }
  };
  for (const name of PAGE_SECTIONS[key]) {
    const definition: SectionDefinition = SECTIONS[name];
    const section = (sections[name] ??= {});
    await pictures(`sections.${name}`, definition.fields, section as SectionItemInput);
    const items = Array.isArray(section.items) ? section.items : [];
    for (const [index, item] of items.entries())
      await pictures(`sections.${name}.items[${index}]`, definition.items?.fields ?? [], item);
  }
  const invalid = Object.values(errors);
  if (invalid.length) throw new HttpError(422, invalid[0][0], errors);
  for (const [id, alt] of alts) await setFileAlt(ctx.tx, id, alt);
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
