import type { RouteObject } from 'react-router-dom';
import { PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { listAndFormRoutes } from './guarded';

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
  ...listAndFormRoutes(ROUTES.brands, PERMISSIONS.brandsIndex, brandList, brandForm),
  ...listAndFormRoutes(ROUTES.categories, PERMISSIONS.categoriesIndex, categoryList, categoryForm),
  ...listAndFormRoutes(ROUTES.products, PERMISSIONS.productsIndex, productList, productForm),
];
