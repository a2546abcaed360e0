import { brandsServer } from './brands';
import { categoriesServer } from './categories';
import { productsServer } from './products';
import { rolesServer } from './roles';
import { usersServer } from './users';
import { newsServer } from './news';
import { promotionsServer } from './promotions';
import { productHighlightsServer } from './productHighlights';
import { productArticlesServer } from './productArticles';
import { pagesServer } from './pages';
import { contactFormsServer } from './contactForms';
import { subscribesServer } from './subscribes';
import { auditLogsServer } from './auditLogs';
import { replyTemplatesServer } from './replyTemplates';
import { webhooksServer } from './webhooks';

/**
 * Every declared resource; `routes/resources.ts` registers each (its routes follow its permission
 * group's actions). A new resource adds its line here.
 */
export const RESOURCES = [
  usersServer,
  rolesServer,
  brandsServer,
  categoriesServer,
  productsServer,
  newsServer,
  promotionsServer,
  productHighlightsServer,
  productArticlesServer,
  pagesServer,
  contactFormsServer,
  subscribesServer,
  auditLogsServer,
  replyTemplatesServer,
  webhooksServer,
] as const;
