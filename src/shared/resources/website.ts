import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { validation } from '../messages';
import { IdSchema, TimestampSchema } from './wire';

/**
 * Setting › Website (docs/website-api.md "Read keys" and "Previews"): the website's read keys and
 * the "Preview on site" links of the items it shows. Its strings live in this module.
 */

export const WEBSITE_LABELS = {
  title: 'Website',
  keys: 'Read Keys',
  keysIntro:
    'The website’s server sends a read key as Authorization: Bearer <key> (or X-Website-Key): its reads are not limited per address.',
  name: 'Name',
  prefix: 'Key',
  createdAt: 'Created',
  lastUsed: 'Last Used',
  never: 'Never',
  state: 'State',
  active: 'Active',
  revoked: 'Revoked',
  create: 'Create Key',
  created: 'Website key created',
  shownOnce: 'Copy the key now: it is shown only once.',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke the key {name}? The website using it is limited per address again.',
  revokedDone: 'Website key revoked',
  noKeys: 'No read keys yet',
  cache: 'Caching',
  previewOnSite: 'Preview on site',
  previewReady: 'Preview link until {time}:',
  previewOpen: 'Open the preview',
  previewRevoke: 'Revoke link',
  previewRevoked: 'Preview link revoked',
  previewUnavailable: 'Set HOST_APP_URL to preview on the site',
} as const;

/** What a read key looks like: `wk_` and 32 random bytes, base64url. */
export const WEBSITE_KEY_PATTERN = /^wk_[A-Za-z0-9_-]{43}$/;
/** The header a website's server may send its key in (or `Authorization: Bearer <key>`). */
export const WEBSITE_KEY_HEADER = 'x-website-key';
/** A preview token: `pv_` and 32 random bytes, base64url. */
export const PREVIEW_TOKEN_PATTERN = /^pv_[A-Za-z0-9_-]{43}$/;
/** The header (or query parameter `preview`) a public read carries a preview token in. */
export const PREVIEW_HEADER = 'x-preview-token';
export const PREVIEW_QUERY = 'preview';

export const websiteKeyWire = Type.Object({
  id: IdSchema,
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the key, to tell keys apart' }),
  created_at: TimestampSchema,
  last_used_at: Type.Union([TimestampSchema, Type.Null()], {
    description: 'When a public read last carried it (to the minute)',
  }),
  revoked_at: Type.Union([TimestampSchema, Type.Null()]),
});
export type WebsiteKey = Static<typeof websiteKeyWire>;

/** The answer of a create: the key itself, this once. */
export const createdWebsiteKeyWire = Type.Composite([
  websiteKeyWire,
  Type.Object({ key: Type.String({ description: 'The key, shown only in this answer' }) }),
]);
export type CreatedWebsiteKey = Static<typeof createdWebsiteKeyWire>;

export const websiteKeyCreateSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(validation.required(WEBSITE_LABELS.name))
    .max(NAME_MAX, validation.max(WEBSITE_LABELS.name, NAME_MAX)),
});

/** Which item a preview shows: a kind the website reads by slug, and its id. */
export const previewCreateSchema = yup.object({
  resource: yup.string().required(validation.required('Resource')),
  id: yup
    .number()
    .typeError(validation.invalid('Id'))
    .integer(validation.invalid('Id'))
    .min(1, validation.invalid('Id'))
    .max(2_147_483_647, validation.invalid('Id'))
    .required(validation.required('Id')),
});

export const previewWire = Type.Object({
  id: IdSchema,
  token: Type.String({ description: 'The preview token (pv_…): send it as X-Preview-Token' }),
  url: Type.Union([Type.String(), Type.Null()], {
    description: "The website's preview address (PREVIEW_URL), null without HOST_APP_URL",
  }),
  path: Type.String({ description: "The item's path on the website (SITEMAP_PATHS)" }),
  expires_at: TimestampSchema,
});
export type Preview = Static<typeof previewWire>;

/**
 * The kinds "Preview on site" is offered for: those the website reads by slug (their server
 * declarations' `publicRead.slug`; server/test/website.test.ts holds the two lists together).
 */
export const PREVIEWABLE = [
  'products',
  'brands',
  'categories',
  'pages',
  'news',
  'promotions',
  'product-articles',
] as const;

export const isPreviewable = (group: string): boolean => (PREVIEWABLE as readonly string[]).includes(group);
