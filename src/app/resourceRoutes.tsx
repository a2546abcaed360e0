import type { RouteObject } from 'react-router-dom';
import { PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { listAndFormRoutes } from './guarded';

/**
 * Every list+form resource's routes (spec §2): its list, add and detail pages, each screen lazy (its
 * own chunk) and behind the list's permission. A new resource adds its entry here (`npm run
 * new:resource` does). Only routes and permission keys are imported, never a contract, so the
 * shell's chunk stays small. Static paths (`/product/brand`) rank above `/product/:id`.
 */
// webpackChunkName keeps each screen in a chunk named after it.
const brandList = () =>
  import(/* webpackChunkName: "brands" */ '../resources/brands/BrandListScreen').then(
    (m) => m.BrandListScreen,
  );
const brandForm = () =>
  import(/* webpackChunkName: "brand-form" */ '../resources/brands/BrandFormScreen').then(
    (m) => m.BrandFormScreen,
  );
const categoryList = () =>
  import(/* webpackChunkName: "categories" */ '../resources/categories/CategoryListScreen').then(
    (m) => m.CategoryListScreen,
  );
const categoryForm = () =>
  import(/* webpackChunkName: "category-form" */ '../resources/categories/CategoryFormScreen').then(
    (m) => m.CategoryFormScreen,
  );
const productList = () =>
  import(/* webpackChunkName: "products" */ '../resources/products/ProductListScreen').then(
    (m) => m.ProductListScreen,
  );
const productForm = () =>
  import(/* webpackChunkName: "product-form" */ '../resources/products/ProductFormScreen').then(
    (m) => m.ProductFormScreen,
  );
const userList = () =>
  import(/* webpackChunkName: "users" */ '../resources/users/UserListScreen').then((m) => m.UserListScreen);
const userForm = () =>
  import(/* webpackChunkName: "user-form" */ '../resources/users/UserFormScreen').then(
    (m) => m.UserFormScreen,
  );
const roleList = () =>
  import(/* webpackChunkName: "roles" */ '../resources/roles/RoleListScreen').then((m) => m.RoleListScreen);
const roleForm = () =>
  import(/* webpackChunkName: "role-form" */ '../resources/roles/RoleFormScreen').then(
    (m) => m.RoleFormScreen,
  );
const newsList = () =>
  import(/* webpackChunkName: "news" */ '../resources/news/NewsListScreen').then((m) => m.NewsListScreen);
const newsForm = () =>
  import(/* webpackChunkName: "news-form" */ '../resources/news/NewsFormScreen').then(
    (m) => m.NewsFormScreen,
  );
const promotionList = () =>
  import(/* webpackChunkName: "promotions" */ '../resources/promotions/PromotionListScreen').then(
    (m) => m.PromotionListScreen,
  );
const promotionForm = () =>
  import(/* webpackChunkName: "promotions-form" */ '../resources/promotions/PromotionFormScreen').then(
    (m) => m.PromotionFormScreen,
  );
const productHighlightList = () =>
  import(
    /* webpackChunkName: "product-highlights" */ '../resources/productHighlights/ProductHighlightListScreen'
  ).then((m) => m.ProductHighlightListScreen);
const productHighlightForm = () =>
  import(
    /* webpackChunkName: "product-highlights-form" */ '../resources/productHighlights/ProductHighlightFormScreen'
  ).then((m) => m.ProductHighlightFormScreen);
const productArticleList = () =>
  import(
    /* webpackChunkName: "product-articles" */ '../resources/productArticles/ProductArticleListScreen'
  ).then((m) => m.ProductArticleListScreen);
const productArticleForm = () =>
  import(
    /* webpackChunkName: "product-articles-form" */ '../resources/productArticles/ProductArticleFormScreen'
  ).then((m) => m.ProductArticleFormScreen);

export const resourceRoutes: RouteObject[] = [
  // Product
  ...listAndFormRoutes(ROUTES.brands, PERMISSIONS.brandsIndex, brandList, brandForm),
  ...listAndFormRoutes(ROUTES.categories, PERMISSIONS.categoriesIndex, categoryList, categoryForm),
  ...listAndFormRoutes(ROUTES.products, PERMISSIONS.productsIndex, productList, productForm),
  // Setting
  ...listAndFormRoutes(ROUTES.users, PERMISSIONS.usersIndex, userList, userForm),
  ...listAndFormRoutes(ROUTES.roles, PERMISSIONS.rolesIndex, roleList, roleForm),
  ...listAndFormRoutes(ROUTES.news, PERMISSIONS.newsIndex, newsList, newsForm),
  ...listAndFormRoutes(ROUTES.promotions, PERMISSIONS.promotionsIndex, promotionList, promotionForm),
  ...listAndFormRoutes(
    ROUTES.productHighlights,
    PERMISSIONS.productHighlightsIndex,
    productHighlightList,
    productHighlightForm,
  ),
  ...listAndFormRoutes(
    ROUTES.productArticles,
    PERMISSIONS.productArticlesIndex,
    productArticleList,
    productArticleForm,
  ),
];
