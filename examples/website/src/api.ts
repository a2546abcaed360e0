/**
 * The typed client of the product's public API (openapi-fetch over the types openapi-typescript
 * generated from its OpenAPI document, `api-types.ts`): every path, parameter and answer is checked
 * by the compiler against the document.
 */
import createClient from 'openapi-fetch';
import type { paths } from './api-types';

export type Api = ReturnType<typeof apiClient>;

/** The site's server's client: with the website's read key, its reads are not limited per address. */
export function apiClient(baseUrl: string, websiteKey?: string) {
  return createClient<paths>({
    baseUrl,
    headers: websiteKey ? { authorization: `Bearer ${websiteKey}` } : {},
    // The site builds pages from what is published now: never an HTTP cache's copy.
    cache: 'no-store',
  });
}

type Ok<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;
export type NewsItem = Ok<'/public/v1/news/{slug}'>['data'];
export type NewsList = Ok<'/public/v1/news'>['data'];
export type Product = Ok<'/public/v1/products/{slug}'>['data'];
export type ProductList = Ok<'/public/v1/products'>['data'];
export type Company = Ok<'/public/v1/company'>['data'];
export type ContactBody =
  paths['/public/v1/contact-forms']['post']['requestBody']['content']['application/json'];
