/** The site's HTML: plain templates, every value escaped (rich text comes sanitised by the product). */
import type { Company, NewsItem, NewsList, Product, ProductList } from './api';

export const escape = (value: unknown): string =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export interface Layout {
  title: string;
  company: Company | null;
  /** A banner over the page: a preview of what is not published. */
  preview?: boolean;
  scripts?: string[];
}

export function layout({ title, company, preview, scripts = [] }: Layout, main: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1rem;line-height:1.5}
nav a{margin-right:1rem}.preview{background:#fff3cd;color:#5c4400;padding:.5rem 1rem;border:1px solid #c9a400}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}label{display:block;margin-top:.75rem}
input,textarea{width:100%;padding:.4rem;font:inherit}button{margin-top:1rem;padding:.5rem 1rem;font:inherit}</style>
</head><body>
${preview ? '<p class="preview" role="status">Preview: this page is not published.</p>' : ''}
<header><nav aria-label="Site"><a href="/">Home</a><a href="/news">News</a><a href="/contact">Contact</a></nav></header>
<main>${main}</main>
<footer><p>${escape(company?.address ?? '')}</p></footer>
${scripts.map((src) => `<script src="${escape(src)}" defer></script>`).join('\n')}
</body></html>`;
}

export const newsLinks = (news: NewsList): string =>
  news.length
    ? `<ul>${news
        .map(
          (item) =>
            `<li><a href="/news/${escape(item.slug)}">${escape(item.title)}</a> <time>${escape(item.date)}</time></li>`,
        )
        .join('')}</ul>`
    : '<p>No news yet.</p>';

export const productLinks = (products: ProductList): string =>
  products.length
    ? `<ul>${products
        .map((item) => `<li><a href="/products/${escape(item.slug)}">${escape(item.name)}</a></li>`)
        .join('')}</ul>`
    : '<p>No products yet.</p>';

export function homePage(company: Company | null, news: NewsList, products: ProductList): string {
  return layout(
    { title: 'Home', company },
    `<h1>Welcome</h1>${company?.description ?? ''}
<h2>Latest news</h2>${newsLinks(news.slice(0, 3))}
<h2>Products</h2>${productLinks(products)}`,
  );
}

export const newsListPage = (company: Company | null, news: NewsList): string =>
  layout({ title: 'News', company }, `<h1>News</h1>${newsLinks(news)}`);

export const newsPage = (company: Company | null, item: NewsItem, preview = false): string =>
  layout(
    { title: item.meta_title || item.title, company, preview },
    `<article><h1>${escape(item.title)}</h1><p><time>${escape(item.date)}</time></p>
<p>${escape(item.summary)}</p>${item.description ?? ''}</article>`,
  );

export const productPage = (company: Company | null, item: Product, preview = false): string =>
  layout(
    { title: item.meta_title || item.name, company, preview },
    `<article><h1>${escape(item.name)}</h1>
<p>${escape(item.brand?.name)} · ${escape(item.category?.name)}</p>${item.overview ?? ''}${item.specification ?? ''}
<p><a href="/contact?product=${escape(item.slug)}">Ask about ${escape(item.name)}</a></p></article>`,
  );

export function contactPage(company: Company | null, publicApi: string): string {
  const field = (name: string, label: string, type = 'text', required = true) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}"${required ? ' required' : ''}>`;
  return layout(
    { title: 'Contact', company, scripts: ['/contact.js'] },
    `<h1>Contact us</h1>${company?.get_in_touch_description ?? ''}
<form id="contact" method="post" action="/contact" data-api="${escape(publicApi)}" novalidate>
${field('name', 'Name')}${field('email', 'E-mail', 'email')}${field('phone_number', 'Phone (optional)', 'tel', false)}
${field('subject', 'Subject')}
<label for="message">Message</label><textarea id="message" name="message" rows="5" required></textarea>
<div class="trap" aria-hidden="true"><label for="website">Leave this empty</label><input id="website" name="website" tabindex="-1" autocomplete="off"></div>
<input type="hidden" name="started_at" value="">
<input type="hidden" name="product" value="">
<button type="submit">Send</button>
<p id="contact-status" role="status"></p>
</form>`,
  );
}

export const notFoundPage = (company: Company | null): string =>
  layout({ title: 'Not found', company }, '<h1>Not found</h1>');
