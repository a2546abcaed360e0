import type { RouteObject } from 'react-router-dom';
import { CALENDAR_PERMISSION, PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { guarded, listAndFormRoutes, listRoute, trashRoutes } from './guarded';

/**
 * Every list+form resource's routes (spec §2): its list, add and detail pages, each screen lazy (its
 * own chunk) and behind the list's permission. A new resource adds its entry here (`npm run
 * new:resource` does). Only routes and permission keys are imported, never a contract, so the
 * shell's chunk stays small; a list's `rows` module (its early request) is its own small chunk. Static paths (`/product/brand`) rank above `/product/:id`.
 */
// webpackChunkName keeps each screen in a chunk named after it.
const brandList = () =>
  import(/* webpackChunkName: "brands" */ '../resources/brands/BrandListScreen').then(
    (m) => m.BrandListScreen,
  );
const brandRows = () =>
  import(/* webpackChunkName: "brands-rows" */ '../resources/brands/brandRows').then((m) => m.brandRows);
const brandForm = () =>
  import(/* webpackChunkName: "brand-form" */ '../resources/brands/BrandFormScreen').then(
    (m) => m.BrandFormScreen,
  );
const categoryList = () =>
  import(/* webpackChunkName: "categories" */ '../resources/categories/CategoryListScreen').then(
    (m) => m.CategoryListScreen,
  );
const categoryRows = () =>
  import(/* webpackChunkName: "categories-rows" */ '../resources/categories/categoryRows').then(
    (m) => m.categoryRows,
  );
const categoryForm = () =>
  import(/* webpackChunkName: "category-form" */ '../resources/categories/CategoryFormScreen').then(
    (m) => m.CategoryFormScreen,
  );
const productList = () =>
  import(/* webpackChunkName: "products" */ '../resources/products/ProductListScreen').then(
    (m) => m.ProductListScreen,
  );
const productRows = () =>
  import(/* webpackChunkName: "products-rows" */ '../resources/products/productRows').then(
    (m) => m.productRows,
  );
const productForm = () =>
  import(/* webpackChunkName: "product-form" */ '../resources/products/ProductFormScreen').then(
    (m) => m.ProductFormScreen,
  );
const userList = () =>
  import(/* webpackChunkName: "users" */ '../resources/users/UserListScreen').then((m) => m.UserListScreen);
const userRows = () =>
  import(/* webpackChunkName: "users-rows" */ '../resources/users/userRows').then((m) => m.userRows);
const userForm = () =>
  import(/* webpackChunkName: "user-form" */ '../resources/users/UserFormScreen').then(
    (m) => m.UserFormScreen,
  );
const roleList = () =>
  import(/* webpackChunkName: "roles" */ '../resources/roles/RoleListScreen').then((m) => m.RoleListScreen);
const roleRows = () =>
  import(/* webpackChunkName: "roles-rows" */ '../resources/roles/roleRows').then((m) => m.roleRows);
const roleForm = () =>
  import(/* webpackChunkName: "role-form" */ '../resources/roles/RoleFormScreen').then(
    (m) => m.RoleFormScreen,
  );
const newsList = () =>
  import(/* webpackChunkName: "news" */ '../resources/news/NewsListScreen').then((m) => m.NewsListScreen);
const newsRows = () =>
  import(/* webpackChunkName: "news-rows" */ '../resources/news/newsRows').then((m) => m.newsRows);
const newsForm = () =>
  import(/* webpackChunkName: "news-form" */ '../resources/news/NewsFormScreen').then(
    (m) => m.NewsFormScreen,
  );
const promotionList = () =>
  import(/* webpackChunkName: "promotions" */ '../resources/promotions/PromotionListScreen').then(
    (m) => m.PromotionListScreen,
  );
const promotionRows = () =>
  import(/* webpackChunkName: "promotions-rows" */ '../resources/promotions/promotionRows').then(
    (m) => m.promotionRows,
  );
const promotionForm = () =>
  import(/* webpackChunkName: "promotions-form" */ '../resources/promotions/PromotionFormScreen').then(
    (m) => m.PromotionFormScreen,
  );
const productHighlightList = () =>
  import(
    /* webpackChunkName: "product-highlights" */ '../resources/productHighlights/ProductHighlightListScreen'
  ).then((m) => m.ProductHighlightListScreen);
const productHighlightRows = () =>
  import(
    /* webpackChunkName: "product-highlights-rows" */ '../resources/productHighlights/productHighlightRows'
  ).then((m) => m.productHighlightRows);
const productHighlightForm = () =>
  import(
    /* webpackChunkName: "product-highlights-form" */ '../resources/productHighlights/ProductHighlightFormScreen'
  ).then((m) => m.ProductHighlightFormScreen);
const productArticleList = () =>
  import(
    /* webpackChunkName: "product-articles" */ '../resources/productArticles/ProductArticleListScreen'
  ).then((m) => m.ProductArticleListScreen);
const productArticleRows = () =>
  import(
    /* webpackChunkName: "product-articles-rows" */ '../resources/productArticles/productArticleRows'
  ).then((m) => m.productArticleRows);
const productArticleForm = () =>
  import(
    /* webpackChunkName: "product-articles-form" */ '../resources/productArticles/ProductArticleFormScreen'
  ).then((m) => m.ProductArticleFormScreen);
const pageList = () =>
  import(/* webpackChunkName: "pages" */ '../resources/pages/PageListScreen').then((m) => m.PageListScreen);
const pageRows = () =>
  import(/* webpackChunkName: "pages-rows" */ '../resources/pages/pageRows').then((m) => m.pageRows);
const pageForm = () =>
  import(/* webpackChunkName: "pages-form" */ '../resources/pages/PageFormScreen').then(
    (m) => m.PageFormScreen,
  );
const contactFormList = () =>
  import(/* webpackChunkName: "contact-forms" */ '../resources/contactForms/ContactFormListScreen').then(
    (m) => m.ContactFormListScreen,
  );
const contactFormRows = () =>
  import(/* webpackChunkName: "contact-forms-rows" */ '../resources/contactForms/contactFormRows').then(
    (m) => m.contactFormRows,
  );
const contactFormForm = () =>
  import(
    /* webpackChunkName: "contact-forms-form" */ '../resources/contactForms/ContactFormDetailScreen'
  ).then((m) => m.ContactFormDetailScreen);
const subscribeList = () =>
  import(/* webpackChunkName: "subscribes" */ '../resources/subscribes/SubscribeListScreen').then(
    (m) => m.SubscribeListScreen,
  );
const auditLogList = () =>
  import(/* webpackChunkName: "audit-logs" */ '../resources/auditLogs/AuditLogListScreen').then(
    (m) => m.AuditLogListScreen,
  );

const subscribeRows = () =>
  import(/* webpackChunkName: "subscribes-rows" */ '../resources/subscribes/subscribeRows').then(
    (m) => m.subscribeRows,
  );
const replyTemplateList = () =>
  import(
    /* webpackChunkName: "reply-templates" */ '../resources/replyTemplates/ReplyTemplateListScreen'
  ).then((m) => m.ReplyTemplateListScreen);
const replyTemplateRows = () =>
  import(/* webpackChunkName: "reply-templates-rows" */ '../resources/replyTemplates/replyTemplateRows').then(
    (m) => m.replyTemplateRows,
  );
const replyTemplateForm = () =>
  import(
    /* webpackChunkName: "reply-templates-form" */ '../resources/replyTemplates/ReplyTemplateFormScreen'
  ).then((m) => m.ReplyTemplateFormScreen);
const webhookList = () =>
  import(/* webpackChunkName: "webhooks" */ '../resources/webhooks/WebhookListScreen').then(
    (m) => m.WebhookListScreen,
  );
const webhookRows = () =>
  import(/* webpackChunkName: "webhooks-rows" */ '../resources/webhooks/webhookRows').then(
    (m) => m.webhookRows,
  );
const webhookForm = () =>
  import(/* webpackChunkName: "webhooks-form" */ '../resources/webhooks/WebhookFormScreen').then(
    (m) => m.WebhookFormScreen,
  );

const calendarScreen = () =>
  import(/* webpackChunkName: "calendar" */ '../screens/calendar/CalendarScreen').then(
    (m) => m.CalendarScreen,
  );

export const resourceRoutes: RouteObject[] = [
  // Product
  ...listAndFormRoutes(ROUTES.brands, PERMISSIONS.brandsIndex, brandList, brandForm, { rows: brandRows }),
  ...listAndFormRoutes(ROUTES.categories, PERMISSIONS.categoriesIndex, categoryList, categoryForm, {
    rows: categoryRows,
  }),
  ...listAndFormRoutes(ROUTES.products, PERMISSIONS.productsIndex, productList, productForm, {
    rows: productRows,
  }),
  // Setting
  ...listAndFormRoutes(ROUTES.users, PERMISSIONS.usersIndex, userList, userForm, { rows: userRows }),
  ...listAndFormRoutes(ROUTES.roles, PERMISSIONS.rolesIndex, roleList, roleForm, { rows: roleRows }),
  { path: ROUTES.auditLog, ...guarded(PERMISSIONS.auditLogsIndex, auditLogList) },
  // Content
  { path: ROUTES.calendar, ...guarded(CALENDAR_PERMISSION, calendarScreen) },
  ...listAndFormRoutes(ROUTES.news, PERMISSIONS.newsIndex, newsList, newsForm, { rows: newsRows }),
  ...listAndFormRoutes(ROUTES.promotions, PERMISSIONS.promotionsIndex, promotionList, promotionForm, {
    rows: promotionRows,
  }),
  ...listAndFormRoutes(
    ROUTES.productHighlights,
    PERMISSIONS.productHighlightsIndex,
    productHighlightList,
    productHighlightForm,
    { rows: productHighlightRows },
  ),
  ...listAndFormRoutes(
    ROUTES.productArticles,
    PERMISSIONS.productArticlesIndex,
    productArticleList,
    productArticleForm,
    { rows: productArticleRows },
  ),
  // Pages
  ...listAndFormRoutes(ROUTES.pages, PERMISSIONS.pagesIndex, pageList, pageForm, {
    add: false,
    rows: pageRows,
  }),
  // Inbox
  ...listAndFormRoutes(ROUTES.contactForms, PERMISSIONS.contactFormsIndex, contactFormList, contactFormForm, {
    add: false,
    rows: contactFormRows,
  }),
  listRoute(ROUTES.subscribes, PERMISSIONS.subscribesIndex, subscribeList, subscribeRows),
  ...trashRoutes(ROUTES.subscribes, PERMISSIONS.subscribesIndex, subscribeList),
  ...listAndFormRoutes(
    ROUTES.replyTemplates,
    PERMISSIONS.replyTemplatesIndex,
    replyTemplateList,
    replyTemplateForm,
    { rows: replyTemplateRows },
  ),
  ...listAndFormRoutes(ROUTES.webhooks, PERMISSIONS.webhooksIndex, webhookList, webhookForm, {
    rows: webhookRows,
  }),
];
