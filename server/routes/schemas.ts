/** JSON schemas of the contract's objects, for the OpenAPI document and response serialisation. */
export const fileObjectSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    name: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    width: { type: ['integer', 'null'] },
    height: { type: ['integer', 'null'] },
    preview_url: { type: 'string', description: 'A resized WebP preview (images only)' },
  },
} as const;

export const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    phone_number: { type: ['string', 'null'] },
    status: { type: 'integer', enum: [0, 1] },
    role: {
      anyOf: [
        { type: 'null' },
        { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      ],
    },
    photo: { anyOf: [{ type: 'null' }, fileObjectSchema] },
    permissions: { type: 'array', items: { type: 'string' } },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

export const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
} as const;

export const validationErrorSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

export const bearer = [{ bearer: [] }];

/** The error answers every Bearer route can give. */
export const authErrors = { 401: messageSchema, 403: messageSchema } as const;

export const permissionSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', description: 'group.action' },
    method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'] },
  },
} as const;

export const roleSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    is_super: { type: 'boolean', description: 'The Super Admin role: every permission, cannot be deleted' },
    permissions: { type: 'array', items: permissionSchema },
    users_count: { type: 'integer' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const nullableText = { type: ['string', 'null'] } as const;

export const companySettingsObjectSchema = {
  type: 'object',
  properties: {
    logo: { anyOf: [{ type: 'null' }, fileObjectSchema] },
    youtube_link: nullableText,
    description: nullableText,
    office_phone_number: nullableText,
    get_in_touch_description: nullableText,
    iframe_address: nullableText,
    instagram_link: nullableText,
    facebook_link: nullableText,
    linkedin: nullableText,
    address: nullableText,
    updated_at: { type: ['string', 'null'], description: 'null until the first save' },
  },
} as const;

const nullableFile = { anyOf: [{ type: 'null' }, fileObjectSchema] } as const;
const statusProperty = { type: 'integer', enum: [0, 1], description: '1 Active, 0 Not Active' } as const;
const timestampsProperties = {
  created_at: { type: 'string', format: 'date-time' },
  updated_at: { type: 'string', format: 'date-time' },
} as const;

/** An answer of `GET /api/<group>/options`: every row as `{id, name[, status]}`, by name. */
export const optionsAnswerSchema = (withStatus: boolean) =>
  ({
    type: 'object',
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: withStatus ? ['id', 'name', 'status'] : ['id', 'name'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            ...(withStatus ? { status: statusProperty } : {}),
          },
        },
      },
    },
  }) as const;

/** A brand or category as a product reads it. */
export const catalogRefSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, slug: { type: 'string' } },
} as const;

const catalogItem = (file: 'logo' | 'image') =>
  ({
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      slug: { type: 'string', description: 'Unique; lower-case a-z, 0-9 and dashes' },
      [file]: nullableFile,
      description: nullableText,
      status: statusProperty,
      products_count: { type: 'integer', description: 'Products using it; one in use cannot be deleted' },
      ...timestampsProperties,
    },
  }) as const;

export const brandSchema = catalogItem('logo');
export const categorySchema = catalogItem('image');

export const productSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    slug: { type: 'string', description: 'Unique; lower-case a-z, 0-9 and dashes' },
    brand: { anyOf: [{ type: 'null' }, catalogRefSchema] },
    other_brand: { ...nullableText, description: 'The maker when it is not in the brand list' },
    category: catalogRefSchema,
    model: nullableText,
    function: nullableText,
    specification: nullableText,
    overview: { ...nullableText, description: 'Sanitised HTML' },
    application: { ...nullableText, description: 'Sanitised HTML' },
    image: nullableFile,
    mobile_image: nullableFile,
    document: { ...nullableFile, description: 'A PDF' },
    catalogue: { ...nullableFile, description: 'A PDF' },
    status: statusProperty,
    meta_title: nullableText,
    meta_description: nullableText,
    meta_keyword: nullableText,
    ...timestampsProperties,
  },
} as const;
