import { Type } from '@sinclair/typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { MESSAGE_MAX, MIN_FILL_MS, SOURCES, SUBJECT_MAX } from '../../src/shared/resources/contactForms';
import { NAME_MAX, PHONE_MAX } from '../../src/shared/limits';

/**
 * The OpenAPI document of the website's submissions (`POST /public/v1/...`): what a client generator
 * reads. The shared Yup schemas stay the one validator (their messages are the admin's, and a
 * bot trap must never fail); these only describe the same fields, and
 * `server/test/public-openapi.test.ts` holds them to the Yup schemas field by field.
 */

const source = (description: string) =>
  Type.Unsafe<(typeof SOURCES)[number]>({ type: 'string', enum: [...SOURCES], description });

const honeypot = Type.Optional(
  Type.Union([Type.String({ maxLength: NAME_MAX }), Type.Null()], {
    description:
      'A honeypot: render it in a field hidden from people (not type="hidden") and send what it holds, ' +
      'normally empty. A filled one is accepted (202) but the submission is treated as a bot’s.',
  }),
);

export const contactSubmissionBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: NAME_MAX, description: "The sender's name" }),
    email: Type.String({ format: 'email', maxLength: NAME_MAX, description: "The sender's e-mail address" }),
    phone_number: Type.Optional(
      Type.Union([Type.String({ maxLength: PHONE_MAX, pattern: '^[+0-9 ()-]*$' }), Type.Null()], {
        description: 'Digits, spaces, +, ( ) and -',
      }),
    ),
    subject: Type.String({ minLength: 1, maxLength: SUBJECT_MAX }),
    message: Type.String({ minLength: 1, maxLength: MESSAGE_MAX }),
    source: source('Which form of the website sent it'),
    product: Type.Optional(
      Type.Union([Type.String({ maxLength: NAME_MAX }), Type.Null()], {
        description:
          'The id or slug of the published product the message is about (from a product page); ' +
          'an unknown or unpublished one is a 422 on `product`',
      }),
    ),
    website: honeypot,
    started_at: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'Epoch milliseconds at which the form was shown to the visitor (set it when the page renders ' +
        `the form). Missing, null, or less than ${MIN_FILL_MS / 1000} s before the message arrives: ` +
        'the message is accepted (202) but filed as Spam, unseen by staff. Send it.',
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        phone_number: '+44 20 7946 0000',
        subject: 'Do you ship abroad?',
        message: 'I would like to order two pumps.',
        source: 'product-page',
        product: 'pump-x',
        website: '',
        started_at: 1795500000000,
      },
    ],
  },
);

export const subscribeSubmissionBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: NAME_MAX }),
    source: Type.Optional(source('Which form of the website sent it (default footer)')),
    website: honeypot,
    wording_version: Type.Optional(
      Type.Union([Type.String({ pattern: '^[A-Za-z0-9._-]{1,50}$' }), Type.Null()], {
        description:
          'The version of the consent text the form showed (kept with the consent; default newsletter-v1)',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { email: 'reader@example.org', source: 'footer', website: '', wording_version: 'newsletter-v1' },
    ],
  },
);

export const confirmSubscribeBody = Type.Object(
  {
    token: Type.String({
      pattern: '^[A-Za-z0-9_-]{43}$',
      description: 'The `token` of the confirmation link (from the mail)',
    }),
  },
  { additionalProperties: false },
);

export const unsubscribeBody = Type.Object(
  {
    token: Type.String({
      pattern: '^[A-Za-z0-9_-]{20,100}$',
      description: "The subscriber's unsubscribe_token (from the staff's export, for the newsletter's links)",
    }),
  },
  { additionalProperties: false },
);

/**
 * A route option that keeps a documented body out of Fastify's own validation: the handler's
 * `parseBody` with the shared Yup schema answers every bad body (422 in the contract's shape).
 */
export const documentedOnly: { validatorCompiler: FastifySchemaCompiler<unknown> } = {
  validatorCompiler: () => () => true,
};
