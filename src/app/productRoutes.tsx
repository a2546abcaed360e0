import type { RouteObject } from 'react-router-dom';
import { PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { guarded } from './guarded';

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

/**
 * The Product section (spec §2): brands, categories and the product list, each behind its
 * permission. The static brand and category paths are ranked above `/product/:id` by the router.
 */
export const productRoutes: RouteObject[] = [
  { path: ROUTES.brands, ...guarded(PERMISSIONS.brandsIndex, brandList) },
  { path: `${ROUTES.brands}/add`, ...guarded(PERMISSIONS.brandsIndex, brandForm) },
  { path: `${ROUTES.brands}/:id`, ...guarded(PERMISSIONS.brandsIndex, brandForm) },
  { path: ROUTES.categories, ...guarded(PERMISSIONS.categoriesIndex, categoryList) },
  { path: `${ROUTES.categories}/add`, ...guarded(PERMISSIONS.categoriesIndex, categoryForm) },
  { path: `${ROUTES.categories}/:id`, ...guarded(PERMISSIONS.categoriesIndex, categoryForm) },
  { path: ROUTES.products, ...guarded(PERMISSIONS.productsIndex, productList) },
  { path: `${ROUTES.products}/add`, ...guarded(PERMISSIONS.productsIndex, productForm) },
  { path: `${ROUTES.products}/:id`, ...guarded(PERMISSIONS.productsIndex, productForm) },
];
