import { screen } from '@testing-library/react';
import { catalogOptionRoutes } from '../../test/catalogFixtures';
import { fakeNetwork } from '../../test/fakeNetwork';
import { renderRoutes } from '../../test/renderRoutes';
import { roleOptionsRoute } from '../../test/settingFixtures';
import { resourceRoutes } from '../app/resourceRoutes';
import { PERMISSION_CATALOGUE } from '../shared/permissions';
import { brandsResource } from '../shared/resources/brands';
import { categoriesResource } from '../shared/resources/categories';
import { productsResource } from '../shared/resources/products';
import type { ResourceContract } from '../shared/resources/resource';
import { rolesResource } from '../shared/resources/roles';
import { usersResource } from '../shared/resources/users';
import { newsResource } from '../shared/resources/news';
import { promotionsResource } from '../shared/resources/promotions';
import { productHighlightsResource } from '../shared/resources/productHighlights';
import { productArticlesResource } from '../shared/resources/productArticles';
import { replyTemplatesResource } from '../shared/resources/replyTemplates';
import { webhooksResource } from '../shared/resources/webhooks';
import { addPath } from '../shared/routes';
import { en } from '../shared/messages';

const EVERY_KEY = PERMISSION_CATALOGUE.map((permission) => permission.name);

/**
 * The form layer of each resource: its add page has an input for every field its create schema
 * validates (and the server writes), so a field cannot be in the contract and missing from the form.
 * Every input bound to Formik marks its root with `data-field`.
 */
describe.each<[string, ResourceContract]>([
  ['users', usersResource],
  ['roles', rolesResource],
  ['brands', brandsResource],
  ['categories', categoriesResource],
  ['products', productsResource],
  ['news', newsResource],
  ['promotions', promotionsResource],
  ['productHighlights', productHighlightsResource],
  ['productArticles', productArticlesResource],
  ['replyTemplates', replyTemplatesResource],
  ['webhooks', webhooksResource],
])('the %s form', (_key, contract) => {
  it('has an input for every field of the create schema', async () => {
    fakeNetwork({
      ...catalogOptionRoutes,
      ...roleOptionsRoute,
      'GET /api/permissions': { body: { data: [] } },
    });
    const { container } = renderRoutes(resourceRoutes, addPath(contract.route), EVERY_KEY);
    expect(await screen.findByRole('button', { name: en.save })).toBeInTheDocument();
    const fields = Object.keys(contract.input.create?.fields ?? {});
    expect(fields.length).toBeGreaterThan(0);
    const shown = new Set(
      [...container.querySelectorAll('[data-field]')].map((node) => node.getAttribute('data-field')),
    );
    expect(fields.filter((field) => !shown.has(field))).toEqual([]);
  });
});
