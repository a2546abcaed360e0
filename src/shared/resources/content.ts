import * as yup from 'yup';
import { Type, type TObject, type TProperties, type TSchema, type TString } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { optionalId } from './catalog';
import {
  altGroup,
  auditGroup,
  plainFields,
  plainSheet,
  plainWire,
  seoGroup,
  slugGroup,
  statusGroup,
  type Merged,
  type PlainGroup,
} from './fields';
import type { FilterMap } from './filters';
import { PUBLISH_STATE_FILTER, publishGroup } from './publishing';
import { dateRangeFilter, requiredText, STATUS_FILTER } from './resource';
import { IdSchema, NullableFile } from './wire';

/**
 * News, promotions and product articles are the same kind of thing (spec §3 Content): a titled,
 * slugged, dated, published item with a body of plain fields, pictures and SEO. What they share is
 * written here once, parameterised by what differs: the body's plain fields in order (their dates,
 * texts, rich texts and links: `fields.ts`), the pictures in order, and what a kind relates to (a
 * product article's products). `news.ts`, `promotions.ts` and `productArticles.ts` add their names.
 * The server half is server/resources/content.ts, the screens' src/resources/content/.
 */

/** The names of the date fields of a body, in order (the list sorts by each and shows a column). */
type DayNames<B extends readonly unknown[]> = B extends readonly [infer H, ...infer R]
  ? H extends { form: 'day' | 'optionalDay'; name: infer N }
    ? [N, ...DayNames<R>]
    : DayNames<R>
  : [];

type AltField = ReturnType<ReturnType<typeof altGroup<'x'>>['fields']>['x_alt'];

/** A set of pictures (an image and its mobile variant; a banner): upload ids written, file objects read. */
export interface PictureSet<Name extends string = string> {
  pictures: readonly { name: Name; label: string }[];
  /** Each picture's id and its alt text (required when the picture is set). */
  fields: () => Record<Name, ReturnType<typeof optionalId>> & Record<`${Name}_alt`, AltField>;
  wire: Record<Name, ReturnType<typeof NullableFile>>;
}

function pictureSet<const Name extends string>(
  ...pictures: { name: Name; label: string }[]
): PictureSet<Name> {
  const alts = altGroup(...pictures);
  return {
    pictures,
    fields: () => ({
      ...(Object.fromEntries(pictures.map(({ name, label }) => [name, optionalId(label)])) as Record<
        Name,
        ReturnType<typeof optionalId>
      >),
      ...alts.fields(),
    }),
    wire: Object.fromEntries(pictures.map(({ name }) => [name, NullableFile()])) as Record<
      Name,
      ReturnType<typeof NullableFile>
    >,
  };
}

/** The image and its mobile variant (`image`, `mobile_image`, with `image_alt`, `mobile_image_alt`). */
export const IMAGES = pictureSet(
  { name: 'image', label: LABELS.image },
  { name: 'mobile_image', label: LABELS.mobileImage },
);
/** A banner (`banner`, `banner_alt`). */
export const BANNER = pictureSet({ name: 'banner', label: LABELS.banner });

/** Any picture set (the constraint a kind's `pictures` meet). */
export interface AnyPictureSet {
  pictures: readonly { name: string; label: string }[];
  fields: () => object;
  wire: object;
}

/** What a kind relates to beyond its own row (a product article's products): wire, fields, filters. */
export interface ContentRelated<W extends TProperties, F extends yup.ObjectShape, Filters extends FilterMap> {
  wire: W;
  fields: () => F;
  filters: Filters;
}

type BodyWire<B extends readonly PlainGroup[]> = Merged<B[number]['wire']>;
type BodyFields<B extends readonly PlainGroup[]> = Merged<ReturnType<B[number]['fields']>>;
type PictureWire<P extends readonly AnyPictureSet[]> = Merged<P[number]['wire']>;
type PictureFields<P extends readonly AnyPictureSet[]> = Merged<ReturnType<P[number]['fields']>>;

/** The wire fields the website never reads (`/public/v1/...`): ids, status, publish state, audit. */
const PRIVATE = [
  'id',
  'status',
  'publish_state',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
] as const;

/** What `yup.object(shape)` makes of a shape. */
type YupObject<S> = ReturnType<typeof yup.object<yup.AnyObject, Extract<S, yup.ObjectShape>>>;
type TypeObject<P> = TObject<Extract<P, TProperties>>;

type WireProps<Body extends readonly PlainGroup[], Pictures extends readonly AnyPictureSet[], RelatedWire> = {
  id: typeof IdSchema;
  title: TString;
} & typeof slugGroup.wire &
  BodyWire<Body> &
  PictureWire<Pictures> &
  RelatedWire &
  typeof statusGroup.wire &
  typeof publishGroup.wire &
  typeof seoGroup.wire &
  typeof auditGroup.wire;

type SharedFields<Body extends readonly PlainGroup[]> = {
  title: ReturnType<typeof requiredText>;
} & ReturnType<typeof slugGroup.fields> &
  BodyFields<Body> &
  ReturnType<typeof statusGroup.fields> &
  ReturnType<typeof seoGroup.fields>;

type References<Pictures extends readonly AnyPictureSet[], RelatedFields> = PictureFields<Pictures> &
  RelatedFields;

/** The contract's list, spreadsheet and filter settings of a content kind. */
interface ContentList<Body extends readonly PlainGroup[], Filters> {
  readonly titleField: 'title';
  readonly sortable: readonly ['title', ...DayNames<Body>, 'status', 'created_at', 'updated_at'];
  readonly defaultSort: { readonly sort: 'date'; readonly order: 'desc' };
  readonly dateField: 'date';
  readonly filters: {
    readonly status: typeof STATUS_FILTER;
    readonly publish_states: typeof PUBLISH_STATE_FILTER;
  } & Filters & { readonly date: ReturnType<typeof dateRangeFilter> };
  readonly sheet: readonly (
    | { readonly key: 'title'; readonly label: string; readonly import: true }
    | (typeof slugGroup.sheet)[number]
    | Body[number]['sheet'][number]
    | (typeof statusGroup.sheet)[number]
    | (typeof publishGroup.sheet)[number]
    | (typeof seoGroup.sheet)[number]
    | (typeof auditGroup.sheet)[number]
  )[];
  readonly exportable: true;
  readonly importable: true;
}

export interface ContentDefinition<
  Body extends readonly PlainGroup[],
  Pictures extends readonly AnyPictureSet[],
  RelatedWire,
  RelatedFields,
  Filters,
> {
  body: Body;
  pictures: Pictures;
  /** The item as the API answers it: its type, serialiser and OpenAPI schema. */
  wire: TypeObject<WireProps<Body, Pictures, RelatedWire>>;
  /** As the website reads it: an allow-list (every field but the private ones); no id, status, audit or user. */
  publicWire: TypeObject<Omit<WireProps<Body, Pictures, RelatedWire>, (typeof PRIVATE)[number]>>;
  create: YupObject<SharedFields<Body> & References<Pictures, RelatedFields>>;
  update: YupObject<
    SharedFields<Body> & References<Pictures, RelatedFields> & { updated_at: yup.StringSchema<string> }
  >;
  /** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
  importRow: YupObject<SharedFields<Body> & ReturnType<typeof statusGroup.importFields>>;
  list: ContentList<Body, Filters>;
}

/**
 * A content kind's wire schema, input schemas and list settings. `body` and `pictures` are in the
 * order the API answers them and the spreadsheet shows them (`body`); the wire schema is: id, title,
 * slug, the body, the pictures, the related, status, publish state, SEO, audit.
 */
export function defineContent<
  const Body extends readonly PlainGroup[],
  const Pictures extends readonly AnyPictureSet[],
  RelatedWire extends TProperties = Record<never, TSchema>,
  RelatedFields extends yup.ObjectShape = Record<never, yup.AnySchema>,
  Filters extends FilterMap = Record<never, never>,
>(spec: {
  body: Body;
  pictures: Pictures;
  related?: ContentRelated<RelatedWire, RelatedFields, Filters>;
}): ContentDefinition<Body, Pictures, RelatedWire, RelatedFields, Filters> {
  const { body, pictures, related } = spec;
  const merge = (...parts: unknown[]) => Object.assign({}, ...parts) as Record<string, never>;
  const wire = Type.Object(
    merge(
      { id: IdSchema, title: Type.String() },
      slugGroup.wire,
      plainWire(body),
      ...pictures.map((set) => set.wire),
      related?.wire ?? {},
      statusGroup.wire,
      publishGroup.wire,
      seoGroup.wire,
      auditGroup.wire,
    ),
  );
  // The fields a form and a spreadsheet row share; then image ids from `POST /api/uploads` (kind
  // image) and related ids, which are not in the sheet (an import keeps them).
  const fields = merge(
    { title: requiredText(LABELS.title, NAME_MAX) },
    /** Empty: made from the title by the server. */
    slugGroup.fields(),
    plainFields(body),
    statusGroup.fields(),
    seoGroup.fields(),
  );
  const references = merge(...pictures.map((set) => set.fields()), related?.fields() ?? {});
  const days = body.filter((group) => group.form !== 'text').map((group) => group.name);
  const definition = {
    body,
    pictures,
    wire,
    publicWire: Type.Omit(wire, PRIVATE),
    create: yup.object({ ...fields, ...references }),
    update: yup.object({ ...fields, ...references, updated_at: yup.string().required() }),
    importRow: yup.object({ ...fields, ...statusGroup.importFields() }),
    list: {
      titleField: 'title',
      sortable: ['title', ...days, 'status', 'created_at', 'updated_at'],
      defaultSort: { sort: 'date', order: 'desc' },
      dateField: 'date',
      filters: {
        status: STATUS_FILTER,
        publish_states: PUBLISH_STATE_FILTER,
        ...related?.filters,
        date: dateRangeFilter(LABELS.date),
      },
      sheet: [
        { key: 'title', label: LABELS.title, import: true },
        ...slugGroup.sheet,
        ...plainSheet(body),
        ...statusGroup.sheet,
        ...publishGroup.sheet,
        ...seoGroup.sheet,
        ...auditGroup.sheet,
      ],
      exportable: true,
      importable: true,
    },
  };
  return definition as unknown as ContentDefinition<Body, Pictures, RelatedWire, RelatedFields, Filters>;
}

/** What the server and the screens read of a `defineContent`: the body, the pictures, the import row. */
export interface Content {
  body: readonly PlainGroup[];
  pictures: readonly AnyPictureSet[];
  importRow: yup.AnyObjectSchema;
}
