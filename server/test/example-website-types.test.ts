import { readFile } from 'node:fs/promises';
import type { OpenAPI3 } from 'openapi-typescript';
import { generateTypes, TYPES_FILE, websitePart } from '../../examples/website/src/generate';
import { API_PATHS } from '../../src/shared/routes';
import { buildTestApp, type TestApp } from './helper';

/**
 * The example website's typed client cannot drift from the API: its committed types
 * (`examples/website/src/api-types.ts`) are what openapi-typescript generates now from the OpenAPI
 * document the product serves. On a failure, run `npm run example:website:types` beside a running
 * product (or read the difference below) and commit the file.
 */
describe("the example website's generated API types", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const liveDocument = async (): Promise<OpenAPI3> => {
    const response = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` });
    expect(response.statusCode).toBe(200);
    return response.json<OpenAPI3>();
  };

  it('equal what openapi-typescript generates from the live document', async () => {
    const committed = await readFile(TYPES_FILE, 'utf8');
    expect(committed).toBe(await generateTypes(await liveDocument()));
  });

  it("cover the website's paths only, the contact form's body included", async () => {
    const part = websitePart(await liveDocument());
    const routes = Object.keys(part.paths ?? {});
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.every((route) => route.startsWith('/public/v1/'))).toBe(true);
    expect(routes).toContain('/public/v1/contact-forms');
    const committed = await readFile(TYPES_FILE, 'utf8');
    expect(committed).not.toContain('"/api/');
    expect(committed).toMatch(/started_at/);
  });
});
