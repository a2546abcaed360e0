import { eq } from 'drizzle-orm';
import type { AnyObjectSchema } from 'yup';
import { contactSubmissionSchema } from '../../src/shared/resources/contactForms';
import { subscribeSubmissionSchema, unsubscribeSchema } from '../../src/shared/resources/subscribes';
import { PUBLIC_API } from '../../src/shared/routes';
import { contactForms } from '../db/schema';
import { createProduct, createTaxon } from './catalogFixtures';
import { adminToken, buildTestApp, type TestApp } from './helper';

interface BodySchema {
  type?: string;
  properties?: Record<string, { description?: string }>;
  required?: string[];
}
interface Spec {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: BodySchema; example?: object }> } }>
  >;
}

/** The example the document gives, sent as a website built from it would: at least 30 s after started_at. */
const EXAMPLE_STARTED_AT = 1795500000000;
const NOW = new Date(EXAMPLE_STARTED_AT + 30_000);

describe('the public API as its OpenAPI document describes it', () => {
  let t: TestApp;
  let spec: Spec;
  const bodyOf = (path: string): BodySchema => {
    const content = spec.paths[path]?.post?.requestBody?.content ?? {};
    return content['application/json']?.schema ?? {};
  };
  /** The example of the body (OpenAPI's media `example`). */
  const exampleOf = (path: string) =>
    (spec.paths[path]?.post?.requestBody?.content['application/json']?.example ?? {}) as Record<
      string,
      unknown
    >;

  beforeAll(async () => {
    t = await buildTestApp({}, { now: () => NOW });
    spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Spec>();
    // The published product the example's message is about.
    const admin = await adminToken(t.app);
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Acme' });
    const category = await createTaxon(t, admin, '/api/categories', { name: 'Pumps' });
    await createProduct(t, admin, {
      name: 'Pump X',
      slug: 'pump-x',
      brand_id: brand.id,
      category_id: category.id,
    });
  });
  afterAll(() => t.close());

  const submissions: [string, AnyObjectSchema][] = [
    [PUBLIC_API.contactForms, contactSubmissionSchema],
    [PUBLIC_API.subscribes, subscribeSubmissionSchema],
    [PUBLIC_API.unsubscribe, unsubscribeSchema],
  ];

  it.each(submissions)('documents every field %s reads, and no other', (path, yupSchema) => {
    const body = bodyOf(path);
    expect(body.type).toBe('object');
    expect(Object.keys(body.properties ?? {}).sort()).toEqual(Object.keys(yupSchema.fields).sort());
    // What Yup requires, the document requires too.
    const yupRequired = Object.entries(yupSchema.describe().fields)
      .filter(([, field]) => !(field as { optional: boolean }).optional)
      .map(([name]) => name);
    expect(body.required ?? []).toEqual(expect.arrayContaining(yupRequired));
  });

  it('tells a developer to send started_at and the honeypot, and what they mean', () => {
    const body = bodyOf(PUBLIC_API.contactForms);
    expect(body.required).toEqual(expect.arrayContaining(['started_at']));
    expect(body.properties?.started_at.description).toMatch(/epoch milliseconds.*Spam/is);
    expect(body.properties?.website.description).toMatch(/honeypot/i);
  });

  it("files a message built from the document's required fields and example as New, not Spam", async () => {
    const body = bodyOf(PUBLIC_API.contactForms);
    const example = exampleOf(PUBLIC_API.contactForms);
    expect(example.started_at).toBe(EXAMPLE_STARTED_AT);
    const minimal = Object.fromEntries((body.required ?? []).map((name) => [name, example[name]]));
    for (const payload of [example, { ...minimal, subject: 'Minimal' }]) {
      const response = await t.app.inject({ method: 'POST', url: PUBLIC_API.contactForms, payload });
      expect(response.statusCode).toBe(202);
    }
    const rows = await t.app.db
      .select({ subject: contactForms.subject, state: contactForms.state })
      .from(contactForms)
      .where(eq(contactForms.email, 'ada@example.org'));
    expect(rows.map((row) => row.state)).toEqual(['new', 'new']);
  });

  it('still answers a bad body with the shared rules (422 on the field), not the document', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.contactForms,
      payload: { name: '', email: 'nope', subject: 'x', message: 'y', source: 'footer', started_at: '12' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(['email', 'name']);
  });

  it('documents a body for every public POST', () => {
    const posts = Object.entries(spec.paths).filter(
      ([path, methods]) => path.startsWith(PUBLIC_API.prefix) && methods.post,
    );
    expect(posts.length).toBeGreaterThan(0);
    for (const [path] of posts) expect(Object.keys(bodyOf(path).properties ?? {}).length).toBeGreaterThan(0);
  });

  it('documents a success answer for every public route, and the read key and preview headers', () => {
    const operations = (
      spec as unknown as {
        paths: Record<
          string,
          Record<string, { responses?: Record<string, unknown>; parameters?: { name: string; in: string }[] }>
        >;
      }
    ).paths;
    const publicOps = Object.entries(operations).filter(([path]) => path.startsWith(PUBLIC_API.prefix));
    expect(publicOps.length).toBeGreaterThan(0);
    for (const [path, methods] of publicOps)
      for (const [method, operation] of Object.entries(methods)) {
        const ok = Object.keys(operation.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
        expect([method, path, ok.length > 0]).toEqual([method, path, true]);
        if (method === 'get' && !path.includes('/subscribes/')) {
          const headers = (operation.parameters ?? [])
            .filter((param) => param.in === 'header')
            .map((param) => param.name);
          expect([path, headers]).toEqual([path, expect.arrayContaining(['authorization', 'x-website-key'])]);
          if (path.endsWith('/{slug}'))
            expect([path, headers]).toEqual([path, expect.arrayContaining(['x-preview-token'])]);
        }
      }
  });
});
