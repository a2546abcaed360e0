/**
 * The site as a static build kept in memory: every page is rendered from the public API once at
 * start, served as built, and rebuilt when a webhook says what changed (a path not built is a 404,
 * as on a static host). Previews are rendered on request, never kept.
 */
import type { Api, Company } from './api';
import { contactPage, homePage, newsListPage, newsPage, productPage } from './render';
import type { WebhookEvent } from './webhook';

export type Built = { status: 200; html: string } | { status: 301; location: string };

const PER_PAGE = '100';
/** An item's page: `/news/{slug}` or `/products/{slug}`. */
const ITEM_PATH = /^\/(news|products)\/([a-z0-9-]+)$/;

export class Site {
  readonly pages = new Map<string, Built>();
  private company: Company | null = null;

  constructor(
    private readonly api: Api,
    /** The public API's address as a visitor's browser reaches it (the contact form posts there). */
    private readonly publicApi: string,
  ) {}

  /** Every page, from scratch. */
  async buildAll(): Promise<void> {
    this.company = await this.readCompany();
    const news = await this.newsList();
    const products = await this.productList();
    const next = new Map<string, Built>();
    next.set('/', { status: 200, html: homePage(this.company, news, products) });
    next.set('/news', { status: 200, html: newsListPage(this.company, news) });
    next.set('/contact', { status: 200, html: contactPage(this.company, this.publicApi) });
    for (const item of news) {
      const page = await this.item(`/news/${item.slug}`);
      if (page) next.set(`/news/${item.slug}`, page);
    }
    for (const item of products) {
      const page = await this.item(`/products/${item.slug}`);
      if (page) next.set(`/products/${item.slug}`, page);
    }
    this.pages.clear();
    for (const [path, page] of next) this.pages.set(path, page);
  }

  /**
   * The page at `path` as built; a path not built that is an item's old slug is asked once (a site
   * started after the rename, or a link older than the site) and kept as its redirect.
   */
  async page(path: string): Promise<Built | undefined> {
    const built = this.pages.get(path);
    if (built || !ITEM_PATH.test(path)) return built;
    const answer = await this.item(path);
    if (answer?.status !== 301) return undefined;
    this.pages.set(path, answer);
    return answer;
  }

  /** What an event changed: the item's page (and its old slug's), and the lists that show it. */
  async rebuild(event: WebhookEvent): Promise<string[]> {
    const [kind] = event.type.split('.');
    const { slug, previous_slug: previous } = event.data;
    if ((kind === 'news' || kind === 'products') && slug) {
      const paths = [`/${kind}/${slug}`, ...(previous ? [`/${kind}/${previous}`] : [])];
      for (const path of paths) {
        const page = await this.item(path);
        if (page) this.pages.set(path, page);
        else this.pages.delete(path);
      }
      const news = await this.newsList();
      this.pages.set('/', { status: 200, html: homePage(this.company, news, await this.productList()) });
      this.pages.set('/news', { status: 200, html: newsListPage(this.company, news) });
      return [...paths, '/', '/news'];
    }
    if (kind === 'contact-forms' || kind === 'subscribes' || kind === 'webhook') return [];
    // Pages, brands, categories and the rest: small enough to build the whole site again.
    await this.buildAll();
    return [...this.pages.keys()];
  }

  /** An item's page (`/news/{slug}`, `/products/{slug}`): built, a redirect, or null (not shown). */
  async item(path: string, previewToken?: string): Promise<Built | null> {
    const match = ITEM_PATH.exec(path);
    if (!match) return null;
    const [, kind, slug] = match;
    const options = {
      params: { path: { slug }, header: previewToken ? { 'x-preview-token': previewToken } : {} },
      // An old slug answers 301: the site sends its own visitor a 301 to the page's new address.
      redirect: 'manual' as const,
    };
    const preview = Boolean(previewToken);
    if (kind === 'news') {
      const { data, response } = await this.api.GET('/public/v1/news/{slug}', options);
      if (response.status === 301) return { status: 301, location: `/news/${slugOf(response)}` };
      return data ? { status: 200, html: newsPage(this.company, data.data, preview) } : null;
    }
    const { data, response } = await this.api.GET('/public/v1/products/{slug}', options);
    if (response.status === 301) return { status: 301, location: `/products/${slugOf(response)}` };
    return data ? { status: 200, html: productPage(this.company, data.data, preview) } : null;
  }

  private async readCompany(): Promise<Company | null> {
    const { data } = await this.api.GET('/public/v1/company');
    return data?.data ?? null;
  }

  private async newsList() {
    const { data, error } = await this.api.GET('/public/v1/news', {
      params: { query: { per_page: PER_PAGE } },
    });
    if (!data) throw new Error(`the news list could not be read: ${JSON.stringify(error)}`);
    return data.data;
  }

  private async productList() {
    const { data, error } = await this.api.GET('/public/v1/products', {
      params: { query: { per_page: PER_PAGE } },
    });
    if (!data) throw new Error(`the product list could not be read: ${JSON.stringify(error)}`);
    return data.data;
  }
}

/** The new slug of a 301: the last part of its `Location`. */
const slugOf = (response: Response): string =>
  (response.headers.get('location') ?? '').split('/').filter(Boolean).pop() ?? '';
