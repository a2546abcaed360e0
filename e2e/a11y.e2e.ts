import type { Browser, BrowserContext, Page } from 'playwright-core';
import { en, format, LABELS } from '../src/shared/messages';
import { LIST_SCREEN_MESSAGES } from '../src/shared/messages/listScreens';
import { historyText } from '../src/shared/messages/historyScreens';
import { transfer } from '../src/shared/messages/transfer';
import { SEARCH_MESSAGES } from '../src/shared/messages/search';
import { RUNTIME_ENV_GLOBAL } from '../src/shared/env';
import { SESSION_MESSAGES } from '../src/shared/messages/sessions';
import {
  API_PATHS,
  PUBLIC_API,
  ROUTES,
  addPath,
  contactRepliesPath,
  itemPath,
  trashPath,
} from '../src/shared/routes';
import { apiRequest, launchBrowser, signInViaApi, snap } from './support/browser';
import {
  AXE_VARIANTS,
  axeViolations,
  blocking,
  describeViolations,
  recordAxe,
  settle,
  type AxeRecords,
  type AxeScreen,
} from './support/axe';
import { REPLY_LABELS } from '../src/shared/resources/contactReplies';
import { CONTACT_LABELS } from '../src/shared/resources/contactForms';
import { PRIVACY_LABELS } from '../src/shared/resources/privacy';
import { baseUrl, E2E_ADMIN } from './support/config';
import { makeProduct, makeRoleUser, uploadPicture } from './support/records';
import { MEDIA_TEXT } from '../src/shared/messages/media';
import { TWO_FACTOR_MESSAGES } from '../src/shared/messages/twoFactor';
import { SCREEN_TEXT } from '../src/shared/messages/screens';
import { DASHBOARD_CARDS_MESSAGES } from '../src/shared/messages/dashboardCards';
import { BULK_EDIT_MESSAGES } from '../src/shared/messages/bulkEdit';

/** Opens a detail form's History panel and its newest entry's changes. */
async function openHistory(page: Page) {
  await page.getByRole('button', { name: historyText.history, exact: true }).click();
  await page
    .getByRole('button', { name: new RegExp(historyText.showDetails) })
    .first()
    .click();
  await page.locator('dl').first().waitFor();
}

/** Signs the suite's administrator in once more from the page (another session in their list). */
async function signInAgain(page: Page) {
  await page.evaluate(
    async ({ url, envGlobal, username, password }) => {
      const env = (window as unknown as Record<string, Record<string, string>>)[envGlobal];
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          username,
          password,
          client_id: env.CLIENT_ID,
          client_secret: env.CLIENT_SECRET,
        }),
      });
    },
    {
      url: API_PATHS.token,
      envGlobal: RUNTIME_ENV_GLOBAL,
      username: E2E_ADMIN.email,
      password: E2E_ADMIN.password,
    },
  );
}

/** A search no record matches: the list as it is empty (a grid without rows has a role tree of its own). */
const NO_MATCH = 'axe-no-such-record';

/** A list screen twice: filled with the suite's records, and empty. */
const list = (name: string, path: string): AxeScreen[] => [
  { name, path },
  { name: `${name}, empty`, path: `${path}?search=${NO_MATCH}` },
];

/** Every screen that exists, signed out and signed in; a new screen is one line here. */
const SCREENS: AxeScreen[] = [
  { name: 'login', path: ROUTES.login, guest: true },
  // With single sign-on configured (run.ts): its button, and a refusal the callback sent back.
  { name: 'login, single sign-on refused', path: `${ROUTES.login}#sso_error=unknown`, guest: true },
  { name: 'forgot password', path: ROUTES.forgotPassword, guest: true },
  { name: 'forgot password success', path: ROUTES.forgotPasswordSuccess, guest: true },
  { name: 'reset password (expired link)', path: `${ROUTES.resetPassword}?token=dead`, guest: true },
  {
    // Every card the administrator sees: the week, what needs attention, the subscribers' chart
    // (drawn) and my recent changes (the suite's own records).
    name: 'dashboard',
    path: ROUTES.dashboard,
    prepare: async (page) => {
      await page.getByTestId('subscribers-chart').locator('svg').first().waitFor();
      await page.getByRole('list', { name: DASHBOARD_CARDS_MESSAGES.recentTitle }).waitFor();
    },
  },
  {
    name: 'dashboard, subscribers table shown',
    path: ROUTES.dashboard,
    prepare: async (page) => {
      await page.getByTestId('subscribers-chart').locator('svg').first().waitFor();
      await page.getByRole('button', { name: DASHBOARD_CARDS_MESSAGES.showTable }).click();
      await page.getByRole('button', { name: DASHBOARD_CARDS_MESSAGES.hideTable }).waitFor();
    },
  },
  {
    name: 'dashboard, avatar menu open',
    path: ROUTES.dashboard,
    prepare: async (page) => {
      await page.getByRole('button', { name: E2E_ADMIN.name }).click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: 'dashboard, side menu drawer open (phone)',
    path: ROUTES.dashboard,
    prepare: async (page) => {
      const button = page.getByRole('button', { name: en.openMenu });
      if (!(await button.isVisible())) return;
      await button.click();
      await page.getByRole('dialog', { name: en.menu }).waitFor();
    },
  },
  {
    name: 'dashboard, search everything with results',
    path: ROUTES.dashboard,
    prepare: async (page) => {
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: SEARCH_MESSAGES.title });
      await dialog.waitFor();
      await page.keyboard.type('axe');
      await dialog.getByRole('group').first().waitFor();
      await page.keyboard.press('ArrowDown');
    },
  },
  { name: 'profile', path: ROUTES.profile },
  {
    name: 'profile, editing',
    path: ROUTES.profile,
    prepare: async (page) => {
      await page.getByRole('button', { name: SCREEN_TEXT.edit }).click();
      await page.getByRole('button', { name: en.save }).waitFor();
    },
  },
  {
    name: 'profile, sessions',
    path: ROUTES.profile,
    prepare: async (page) => {
      // Another sign-in of the same user, so the list has a session to end beside this one.
      await signInAgain(page);
      await page.reload();
      const grid = page.getByRole('grid', { name: SESSION_MESSAGES.title });
      await grid.getByText(SESSION_MESSAGES.current).waitFor();
      await grid
        .getByRole('button', { name: /^End session: / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'profile, ending a session asked',
    path: ROUTES.profile,
    prepare: async (page) => {
      await signInAgain(page);
      await page.reload();
      await page
        .getByRole('grid', { name: SESSION_MESSAGES.title })
        .getByRole('button', { name: /^End session: / })
        .first()
        .click();
      await page.getByRole('dialog', { name: SESSION_MESSAGES.confirmEndTitle }).waitFor();
    },
  },
  {
    name: 'user detail, sessions',
    path: ({ userId }) => itemPath(ROUTES.users, userId),
    prepare: async (page) => {
      await page.getByRole('grid', { name: SESSION_MESSAGES.title }).waitFor();
    },
  },
  { name: 'change password', path: ROUTES.changePassword },
  ...list('users', ROUTES.users),
  { name: 'user add', path: addPath(ROUTES.users) },
  { name: 'user detail', path: ({ userId }) => itemPath(ROUTES.users, userId) },
  ...list('roles', ROUTES.roles),
  { name: 'role add', path: addPath(ROUTES.roles) },
  { name: 'role detail', path: ({ roleId }) => itemPath(ROUTES.roles, roleId) },
  { name: 'role detail, partly granted', path: ({ partialRoleId }) => itemPath(ROUTES.roles, partialRoleId) },
  { name: 'company', path: ROUTES.company },
  ...list('audit log', ROUTES.auditLog),
  ...list('media', ROUTES.media),
  {
    // Desktop: the library as a grid of pictures (a phone shows its cards either way).
    name: 'media, grid view',
    path: ROUTES.media,
    prepare: async (page) => {
      const grid = page.getByRole('button', { name: LIST_SCREEN_MESSAGES.viewGrid });
      if (!(await grid.isVisible())) return;
      await grid.click();
      await page.getByRole('list', { name: MEDIA_TEXT.title }).locator('img').first().waitFor();
    },
  },
  { name: 'media file', path: ({ mediaFileId }) => itemPath(ROUTES.media, mediaFileId) },
  {
    name: 'media file, delete confirmation',
    path: ({ mediaFileId }) => itemPath(ROUTES.media, mediaFileId),
    prepare: async (page) => {
      const remove = page.getByRole('button', { name: MEDIA_TEXT.delete });
      await remove.and(page.locator(':enabled')).waitFor();
      await remove.click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'audit log, details open',
    path: ROUTES.auditLog,
    prepare: async (page) => {
      await page
        .getByRole('button', { name: /^View details:/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    },
  },
  ...list('brands', ROUTES.brands),
  {
    name: 'brands, filters unfolded (phone)',
    path: ROUTES.brands,
    prepare: async (page) => {
      const button = page.getByRole('button', {
        name: format(LIST_SCREEN_MESSAGES.filtersCount, { count: 0 }),
      });
      if (!(await button.isVisible())) return;
      await button.click();
      await page
        .getByRole('group', { name: format(LIST_SCREEN_MESSAGES.filtersCount, { count: 0 }) })
        .waitFor();
    },
  },
  { name: 'brand add', path: addPath(ROUTES.brands) },
  { name: 'brand detail', path: ({ brandId }) => itemPath(ROUTES.brands, brandId) },
  {
    name: 'brand detail, history open',
    path: ({ brandId }) => itemPath(ROUTES.brands, brandId),
    prepare: openHistory,
  },
  {
    name: 'brand detail, restore version dialog',
    path: ({ brandId }) => itemPath(ROUTES.brands, brandId),
    prepare: async (page) => {
      await page.getByRole('button', { name: historyText.history, exact: true }).click();
      await page.getByRole('button', { name: historyText.restoreVersion }).first().click();
      await page.getByRole('dialog', { name: historyText.restoreVersionTitle }).waitFor();
    },
  },
  ...list('brands, deleted', trashPath(ROUTES.brands)),
  ...list('categories', ROUTES.categories),
  { name: 'category add', path: addPath(ROUTES.categories) },
  { name: 'category detail', path: ({ categoryId }) => itemPath(ROUTES.categories, categoryId) },
  ...list('products', ROUTES.products),
  {
    name: 'products, import dialog with a checked file',
    path: ROUTES.products,
    prepare: async (page) => {
      await page.getByRole('button', { name: SCREEN_TEXT.import }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'products.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Name,Category\nAxe check pump,no-such-category\n'),
      });
      await dialog.getByRole('button', { name: transfer.checkFile }).click();
      await dialog.getByRole('alert').waitFor();
    },
  },
  {
    // On a phone (cards, no checkboxes) every row matching the filters; on a desktop the checked page.
    name: 'products, bulk edit dialog with a preview',
    path: ROUTES.products,
    prepare: async (page) => {
      const allMatching = page.getByRole('button', { name: /^Edit all \d+ matching/ });
      if (await allMatching.isVisible()) await allMatching.click();
      else {
        await page
          .getByRole('grid')
          .getByRole('checkbox', { name: /select all rows/i })
          .check();
        await page.getByRole('button', { name: BULK_EDIT_MESSAGES.edit }).click();
      }
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: new RegExp(`^${LABELS.status}`) }).click();
      await page.getByRole('listbox').getByRole('option', { name: en.notActive, exact: true }).click();
      await dialog.getByRole('button', { name: BULK_EDIT_MESSAGES.preview }).click();
      await dialog.getByRole('status').waitFor();
    },
  },
  { name: 'product add', path: addPath(ROUTES.products) },
  { name: 'product detail', path: ({ productId }) => itemPath(ROUTES.products, productId) },
  {
    name: 'product detail, history open',
    path: ({ productId }) => itemPath(ROUTES.products, productId),
    prepare: openHistory,
  },
  ...list('product highlights', ROUTES.productHighlights),
  { name: 'product highlight add', path: addPath(ROUTES.productHighlights) },
  {
    name: 'product highlight detail',
    path: ({ productHighlightId }) => itemPath(ROUTES.productHighlights, productHighlightId),
  },
  ...list('promotions', ROUTES.promotions),
  { name: 'promotion add', path: addPath(ROUTES.promotions) },
  { name: 'promotion detail', path: ({ promotionId }) => itemPath(ROUTES.promotions, promotionId) },
  { name: 'publishing calendar, month', path: ROUTES.calendar },
  { name: 'publishing calendar, week', path: `${ROUTES.calendar}?view=week` },
  ...list('news', ROUTES.news),
  { name: 'news add', path: addPath(ROUTES.news) },
  { name: 'news detail', path: ({ newsId }) => itemPath(ROUTES.news, newsId) },
  ...list('product articles', ROUTES.productArticles),
  { name: 'product article add', path: addPath(ROUTES.productArticles) },
  {
    name: 'product article detail',
    path: ({ productArticleId }) => itemPath(ROUTES.productArticles, productArticleId),
  },
  ...list('pages', ROUTES.pages),
  { name: 'page detail (about)', path: itemPath(ROUTES.pages, 2) },
  ...list('contact forms', ROUTES.contactForms),
  { name: 'contact form detail', path: ({ contactFormId }) => itemPath(ROUTES.contactForms, contactFormId) },
  {
    name: 'contact form detail, template chosen',
    path: ({ contactFormId }) => itemPath(ROUTES.contactForms, contactFormId),
    prepare: async (page) => {
      await page.getByRole('combobox', { name: REPLY_LABELS.template }).click();
      await page.getByRole('option', { name: 'Axe template' }).click();
      await page.getByText('Thank you, Axe Sender').waitFor();
    },
  },
  ...list('subscribers', ROUTES.subscribes),
  ...list('reply templates', ROUTES.replyTemplates),
  { name: 'inbox settings', path: ROUTES.inboxSettings },
  { name: 'website (read keys)', path: ROUTES.website },
  {
    name: 'contact forms, overdue and mine',
    path: `${ROUTES.contactForms}?assignee=mine,unassigned&overdue=0`,
  },
  {
    name: 'contact form detail, assign menu open',
    path: ({ contactFormId }) => itemPath(ROUTES.contactForms, contactFormId),
    prepare: async (page) => {
      await page.getByRole('combobox', { name: CONTACT_LABELS.assignTo }).click();
      await page.getByRole('option', { name: CONTACT_LABELS.nobody }).waitFor();
    },
  },
  { name: 'privacy', path: ROUTES.privacy },
  {
    name: 'privacy, an address found',
    path: ROUTES.privacy,
    prepare: async (page) => {
      await page.getByRole('textbox', { name: PRIVACY_LABELS.email }).fill('axe@example.org');
      await page.getByRole('button', { name: PRIVACY_LABELS.find }).click();
      await page.getByRole('button', { name: PRIVACY_LABELS.exportJson }).waitFor();
    },
  },
  {
    name: 'privacy, erasure asked',
    path: ROUTES.privacy,
    prepare: async (page) => {
      await page.getByRole('textbox', { name: PRIVACY_LABELS.email }).fill('axe@example.org');
      await page.getByRole('button', { name: PRIVACY_LABELS.find }).click();
      await page.getByRole('button', { name: PRIVACY_LABELS.erase }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'reply template add', path: addPath(ROUTES.replyTemplates) },
  {
    name: 'reply template detail',
    path: ({ replyTemplateId }) => itemPath(ROUTES.replyTemplates, replyTemplateId),
  },
  { name: '404', path: '/no-such-page' },
];

let browser: Browser;
let records: AxeRecords;

/** One record of each kind the detail screens show, made through the API. */
async function makeRecords(page: Page): Promise<AxeRecords> {
  const { brandId, categoryId, productId } = await makeProduct(page, 'Axe');
  // A picture (the brand's logo below): the media library's rows, a file's page and its users.
  const picture = await uploadPicture(page, 'axe-logo.png');
  // One item of each content kind: an empty grid is not what staff see, and axe flags its empty role tree.
  const day = new Date().toISOString().slice(0, 10);
  type Created = { data: { id: number } };
  const highlight = await apiRequest<Created>(page, 'POST', '/api/product-highlights', {
    title: 'Axe highlight',
    product_id: productId,
    status: 1,
  });
  const promotion = await apiRequest<Created>(page, 'POST', '/api/promotions', {
    title: 'Axe promotion',
    date: day,
    status: 1,
  });
  const news = await apiRequest<Created>(page, 'POST', '/api/news', {
    title: 'Axe news',
    date: day,
    status: 1,
  });
  // Every publish state's chip on the lists: a scheduled news item, an ended promotion.
  const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await apiRequest(page, 'POST', '/api/news', {
    title: 'Axe scheduled news',
    date: dayFromToday(2),
    status: 1,
  });
  await apiRequest(page, 'POST', '/api/promotions', {
    title: 'Axe ended promotion',
    date: dayFromToday(-10),
    end_date: dayFromToday(-2),
    status: 1,
  });
  const article = await apiRequest<Created>(page, 'POST', '/api/product-articles', {
    title: 'Axe article',
    date: day,
    products: [productId],
    status: 1,
  });
  const account = await apiRequest<{ data: { id: number; role: { id: number } } }>(
    page,
    'GET',
    API_PATHS.account,
  );
  const template = await apiRequest<Created>(page, 'POST', '/api/reply-templates', {
    title: 'Axe template',
    subject: 'Thank you, {{sender_name}}',
    body: 'Dear {{sender_name}},\n\nthank you for your message.\n\n{{staff_name}}',
    status: 1,
  });
  // A message of its own (as the website's server sends it: no browser origin), with a reply in its thread.
  const axeSubject = `Axe message ${Date.now().toString(36)}`;
  await page.context().request.post(`${baseUrl}${PUBLIC_API.contactForms}`, {
    data: {
      name: 'Axe Sender',
      email: 'axe@example.org',
      subject: axeSubject,
      message: 'Hello',
      source: 'contact-page',
      started_at: Date.now() - 10_000,
    },
  });
  const messages = await apiRequest<{ data: { id: number; subject: string }[] }>(
    page,
    'GET',
    '/api/contact-forms?per_page=10',
  );
  const contactFormId = messages.data.find((row) => row.subject === axeSubject)?.id ?? 0;
  await apiRequest(page, 'POST', contactRepliesPath(contactFormId), { body: 'Thank you, we will call you.' });
  // A brand changed once (two history entries, one to restore) and a deleted one (a Deleted row).
  const brand = await apiRequest<{ data: { name: string; updated_at: string } }>(
    page,
    'GET',
    `/api/brands/${brandId}`,
  );
  await apiRequest(page, 'PUT', `/api/brands/${brandId}`, {
    name: brand.data.name,
    description: 'Pumps and valves for homes, farms and small workshops, made to last.',
    status: 1,
    logo: picture.id,
    updated_at: brand.data.updated_at,
  });
  const gone = await apiRequest<Created>(page, 'POST', '/api/brands', {
    name: 'Axe deleted brand',
    status: 1,
  });
  await apiRequest(page, 'DELETE', `/api/brands/${gone.data.id}`);
  // A role holding brands.index only: its "All brands" and "All GET" toggles are partly checked.
  const catalogue = await apiRequest<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    '/api/permissions',
  );
  const brandsIndex = catalogue.data.find((permission) => permission.name === 'brands.index');
  const partialRole = await apiRequest<Created>(page, 'POST', '/api/roles', {
    name: 'Axe partly granted',
    permissions: brandsIndex ? [brandsIndex.id] : [],
  });
  // A subscriber, so the subscriber list has a row.
  await page.context().request.post(`${baseUrl}${PUBLIC_API.subscribes}`, {
    data: { email: 'axe-reader@example.org', source: 'footer' },
  });
  return {
    userId: account.data.id,
    roleId: account.data.role.id,
    partialRoleId: partialRole.data.id,
    brandId,
    categoryId,
    productId,
    contactFormId,
    productHighlightId: highlight.data.id,
    promotionId: promotion.data.id,
    newsId: news.data.id,
    productArticleId: article.data.id,
    replyTemplateId: template.data.id,
    mediaFileId: picture.id,
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await signInViaApi(page);
  records = await makeRecords(page);
  await context.close();
});
afterAll(async () => {
  await browser.close();
});

describe.each(AXE_VARIANTS)('axe at $name', (variant) => {
  let guest: BrowserContext;
  let signedIn: BrowserContext;
  let guestPage: Page;
  let signedInPage: Page;
  const options = { baseURL: baseUrl, viewport: variant.viewport, colorScheme: variant.colorScheme };

  beforeAll(async () => {
    guest = await browser.newContext(options);
    signedIn = await browser.newContext(options);
    guestPage = await guest.newPage();
    signedInPage = await signedIn.newPage();
    await signInViaApi(signedInPage);
  });
  afterAll(async () => {
    await guest.close();
    await signedIn.close();
  });

  it.each(SCREENS)('$name has no serious or critical violation', async (screen) => {
    const page = screen.guest ? guestPage : signedInPage;
    const target = typeof screen.path === 'function' ? screen.path(records) : screen.path;
    await page.goto(target);
    await settle(page);
    await screen.prepare?.(page);
    await settle(page);
    const violations = await axeViolations(page);
    recordAxe(screen.name, variant.name, violations);
    await snap(page, `axe ${variant.name} ${screen.name}`.replace(/[^\w]+/g, '-'));
    const failing = blocking(violations);
    if (failing.length) throw new Error(`${screen.name} (${variant.name}):\n${describeViolations(failing)}`);
  });

  // Seen only by a user whose role requires a second factor they have not set up (issue 37): one
  // made for it signs in through the form, in a context of their own.
  it('second-factor enrolment has no serious or critical violation', async () => {
    const name = 'second-factor enrolment';
    const account = await makeRoleUser(signedInPage, 'Axe enrol', { requireSecondFactor: true });
    const context = await browser.newContext(options);
    try {
      const page = await context.newPage();
      await page.goto(ROUTES.login);
      await page.getByLabel(LABELS.email).fill(account.email);
      await page.getByLabel(LABELS.password, { exact: true }).fill(account.password);
      await page.getByRole('button', { name: en.login }).click();
      await page.getByRole('heading', { level: 1, name: TWO_FACTOR_MESSAGES.enrolmentTitle }).waitFor();
      await settle(page);
      const violations = await axeViolations(page);
      recordAxe(name, variant.name, violations);
      await snap(page, `axe ${variant.name} ${name}`.replace(/[^\w]+/g, '-'));
      const failing = blocking(violations);
      if (failing.length) throw new Error(`${name} (${variant.name}):\n${describeViolations(failing)}`);
    } finally {
      await context.close();
    }
  });
});

describe('a rich-text editor while it starts', () => {
  // TinyMCE shows its frame and status bar before its skin has loaded (seconds under load); the
  // skin is held back here, so the editor stays in that state while it is looked at.
  it('has a titled frame, a resize handle with its value, and no name on its editable body', async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await signInViaApi(page);
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/tinymce/skins/ui/**', async (route) => {
      await released;
      await route.continue();
    });
    try {
      await page.goto(addPath(ROUTES.products));
      const handles = page.locator('.tox-statusbar__resize-handle');
      await handles.first().waitFor({ state: 'attached' });
      for (const handle of await handles.all()) {
        expect(await handle.getAttribute('role')).toBe('separator');
        expect(await handle.getAttribute('aria-valuenow')).toMatch(/^\d+$/);
      }
      const frames = page.locator('iframe.tox-edit-area__iframe');
      await frames.first().waitFor({ state: 'attached' });
      for (const frame of await frames.all()) expect(await frame.getAttribute('title')).toBeTruthy();
    } finally {
      release();
    }
    // Started: the frame's title names the editor; the editable body carries no name without a role.
    const body = page.frameLocator('iframe.tox-edit-area__iframe').first().locator('body[contenteditable]');
    await body.waitFor();
    expect(await body.getAttribute('aria-label')).toBeNull();
    await context.close();
  });
});
