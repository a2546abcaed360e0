import { acme, globex, roadRunner } from '../test/catalogFixtures';
import { fakeNetwork } from '../test/fakeNetwork';
import { listOf, optionsOf } from '../test/settingFixtures';
import { brandsResource } from '../src/shared/resources/brands';
import { brandsApi } from './brandsApi';
import { makeStore } from './index';
import { productsApi } from './productsApi';
import { optionsApi } from './resourceApi';
import { flush as settle } from '../test/async';

describe('catalogue cache tags', () => {
  it('refetches the product list after a brand is renamed (product rows show the brand name)', async () => {
    const { requestsTo } = fakeNetwork({
      'GET /api/products': { body: listOf([roadRunner]) },
      [`PUT /api/brands/${acme.id}`]: {
        body: { data: { ...acme, name: 'Acme Corp' }, message: 'Brand has been successfully updated' },
      },
    });
    const store = makeStore();
    const products = store.dispatch(productsApi.endpoints.listProducts.initiate({ page: 1 }));
    await products;
    await store.dispatch(
      brandsApi.endpoints.updateBrand.initiate({
        id: acme.id,
        name: 'Acme Corp',
        slug: 'acme',
        logo: null,
        description: null,
        status: 1,
        updated_at: acme.updated_at,
      }),
    );
    await settle();
    expect(requestsTo('/api/products')).toHaveLength(2);
    products.unsubscribe();
  });

  it('refetches the brand list after a product is deleted (brand rows count products), not after a refused delete', async () => {
    const { requestsTo, route } = fakeNetwork({
      'GET /api/brands': { body: listOf([acme]) },
      [`DELETE /api/products/${roadRunner.id}`]: { status: 500, body: { message: 'Server Error' } },
    });
    const store = makeStore();
    const brands = store.dispatch(brandsApi.endpoints.listBrands.initiate({ page: 1 }));
    await brands;
    await store.dispatch(productsApi.endpoints.deleteProduct.initiate(roadRunner.id));
    await settle();
    expect(requestsTo('/api/brands')).toHaveLength(1);

    route(`DELETE /api/products/${roadRunner.id}`, {
      body: { data: roadRunner, message: 'Product has been successfully deleted' },
    });
    await store.dispatch(productsApi.endpoints.deleteProduct.initiate(roadRunner.id));
    await settle();
    expect(requestsTo('/api/brands')).toHaveLength(2);
    brands.unsubscribe();
  });

  it('refetches the brand options after a brand write (create, delete), not after a product write', async () => {
    const { requestsTo } = fakeNetwork({
      'GET /api/brands/options': { body: optionsOf([acme]) },
      'POST /api/brands': {
        status: 201,
        body: { data: globex, message: 'Brand has been successfully created' },
      },
      [`DELETE /api/brands/${acme.id}`]: {
        body: { data: acme, message: 'Brand has been successfully deleted' },
      },
      [`DELETE /api/products/${roadRunner.id}`]: {
        body: { data: roadRunner, message: 'Product has been successfully deleted' },
      },
    });
    const store = makeStore();
    const options = store.dispatch(
      optionsApi.endpoints.listOptions.initiate([{ group: brandsResource.group, tag: brandsResource.tag }]),
    );
    expect((await options).data).toEqual({ brands: [{ id: acme.id, name: acme.name, status: acme.status }] });

    await store.dispatch(productsApi.endpoints.deleteProduct.initiate(roadRunner.id));
    await settle();
    expect(requestsTo('/api/brands/options')).toHaveLength(1);

    await store.dispatch(
      brandsApi.endpoints.createBrand.initiate({
        name: globex.name,
        slug: '',
        logo: null,
        description: null,
        status: 0,
      }),
    );
    await settle();
    expect(requestsTo('/api/brands/options')).toHaveLength(2);

    await store.dispatch(brandsApi.endpoints.deleteBrand.initiate(acme.id));
    await settle();
    expect(requestsTo('/api/brands/options')).toHaveLength(3);
    options.unsubscribe();
  });
});
