import { screen } from '@testing-library/react';
import { catalogOptionRoutes, roadRunner } from '../../test/catalogFixtures';
import { fakeNetwork } from '../../test/fakeNetwork';
import { allPermissionsBut, renderRoutes } from '../../test/renderRoutes';
import { listOf } from '../../test/settingFixtures';
import { en } from '../shared/messages';
import { PERMISSIONS } from '../shared/permissions';
import { historyText } from '../shared/messages/historyScreens';
import { addPath, itemPath, ROUTES, trashPath } from '../shared/routes';
import { resourceRoutes } from './resourceRoutes';

describe('resource routes', () => {
  it.each([
    [ROUTES.brands, PERMISSIONS.brandsIndex],
    [addPath(ROUTES.brands), PERMISSIONS.brandsIndex],
    [itemPath(ROUTES.brands, 4), PERMISSIONS.brandsIndex],
    [ROUTES.categories, PERMISSIONS.categoriesIndex],
    [addPath(ROUTES.categories), PERMISSIONS.categoriesIndex],
    [itemPath(ROUTES.categories, 4), PERMISSIONS.categoriesIndex],
    [ROUTES.products, PERMISSIONS.productsIndex],
    [addPath(ROUTES.products), PERMISSIONS.productsIndex],
    [itemPath(ROUTES.products, 100), PERMISSIONS.productsIndex],
    [ROUTES.users, PERMISSIONS.usersIndex],
    [addPath(ROUTES.users), PERMISSIONS.usersIndex],
    [itemPath(ROUTES.users, 7), PERMISSIONS.usersIndex],
    [ROUTES.roles, PERMISSIONS.rolesIndex],
    [itemPath(ROUTES.roles, 3), PERMISSIONS.rolesIndex],
    [trashPath(ROUTES.brands), 'brands.destroy'],
    [trashPath(ROUTES.products), 'products.destroy'],
    [trashPath(ROUTES.subscribes), 'subscribes.destroy'],
  ])('shows No access at %s to a user without %s', async (route, permission) => {
    const { requests } = fakeNetwork({});
    renderRoutes(resourceRoutes, route, allPermissionsBut(permission));
    expect(await screen.findByRole('heading', { name: en.noAccessTitle })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it.each([
    [addPath(ROUTES.brands), PERMISSIONS.brandsIndex, 'brands.store'],
    [addPath(ROUTES.categories), PERMISSIONS.categoriesIndex, 'categories.store'],
    [addPath(ROUTES.products), PERMISSIONS.productsIndex, 'products.store'],
    [addPath(ROUTES.news), PERMISSIONS.newsIndex, 'news.store'],
    [addPath(ROUTES.users), PERMISSIONS.usersIndex, 'users.store'],
    [addPath(ROUTES.roles), PERMISSIONS.rolesIndex, 'roles.store'],
  ])(
    'shows No access at %s to a user holding %s but not %s, not a form that cannot be saved (issue #41)',
    async (route, index, _store) => {
      fakeNetwork({ ...catalogOptionRoutes });
      renderRoutes(resourceRoutes, route, [index]);
      expect(await screen.findByRole('heading', { name: en.noAccessTitle })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: en.back })).not.toBeInTheDocument();
    },
  );

  it('opens the add form to a user holding the list and the create permission', async () => {
    fakeNetwork({ ...catalogOptionRoutes });
    renderRoutes(resourceRoutes, addPath(ROUTES.brands), [PERMISSIONS.brandsIndex, 'brands.store']);
    expect(await screen.findByRole('button', { name: en.save })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: en.noAccessTitle })).not.toBeInTheDocument();
  });

  it.each([
    [ROUTES.brands, 'Brand', 'GET /api/brands'],
    [ROUTES.categories, 'Category', 'GET /api/categories'],
  ])('opens the %s list, not a product called "brand" or "category"', async (route, heading, list) => {
    const { requestsTo } = fakeNetwork({ [list]: { body: listOf([]) } });
    renderRoutes(resourceRoutes, route, [
      PERMISSIONS.brandsIndex,
      PERMISSIONS.categoriesIndex,
      PERMISSIONS.productsIndex,
    ]);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(requestsTo(list.split(' ')[1])).not.toHaveLength(0);
  });

  it.each([
    [trashPath(ROUTES.brands), 'Brand', '/api/brands/trash'],
    [trashPath(ROUTES.products), 'Product', '/api/products/trash'],
  ])('opens the deleted records at %s for a holder of the delete permission', async (route, item, path) => {
    const { requestsTo } = fakeNetwork({ [`GET ${path}`]: { body: listOf([]) } });
    renderRoutes(resourceRoutes, route, [PERMISSIONS.brandsIndex, 'brands.destroy', 'products.destroy']);
    expect(await screen.findByRole('heading', { name: historyText.deletedTitle(item) })).toBeInTheDocument();
    expect(requestsTo(path)).not.toHaveLength(0);
  });

  it('has no deleted records for pages, which cannot be deleted', async () => {
    fakeNetwork({});
    renderRoutes(resourceRoutes, trashPath(ROUTES.pages), ['pages.index', 'pages.update']);
    // `/page/trash` is the detail route of a page whose id is no id: not found.
    expect(await screen.findByText(en.notFoundTitle)).toBeInTheDocument();
  });

  it('shows the product list to a user holding products.index', async () => {
    fakeNetwork({ ...catalogOptionRoutes, 'GET /api/products': { body: listOf([roadRunner]) } });
    renderRoutes(resourceRoutes, ROUTES.products, [PERMISSIONS.productsIndex]);
    expect(await screen.findByText(roadRunner.name)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: en.noAccessTitle })).not.toBeInTheDocument();
  });
});
