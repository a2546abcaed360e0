import { STORAGE_KEYS } from '../storageKeys';
import {
  booleanFilter,
  dateRangeFilter,
  enumFilter,
  idsFilter,
  parseListQuery,
  STATUS_FILTER,
  toListParams,
  type ListQueryContract,
} from './filters';

const SOURCES = enumFilter({
  label: 'Source',
  options: [
    { value: 'contact-page', label: 'Contact page' },
    { value: 'product-page', label: 'Product page' },
  ],
  storageKey: STORAGE_KEYS.filterSources,
});

const contract = {
  sortable: ['title', 'date'],
  defaultSort: { sort: 'date', order: 'desc' },
  filters: {
    status: STATUS_FILTER,
    date: dateRangeFilter('Date'),
    product_ids: idsFilter('Product', { group: 'products', tag: 'Product' }, STORAGE_KEYS.filterProducts),
    sources: SOURCES,
    replied: booleanFilter('Replied'),
  },
} satisfies ListQueryContract;

describe('the list query', () => {
  it('reads every filter by its kind', () => {
    const { query, errors } = parseListQuery(contract, {
      page: '3',
      per_page: '20',
      sort: 'title',
      order: 'asc',
      search: '  pumps ',
      status: '1,0',
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      product_ids: '7,3,7',
      sources: 'product-page',
      replied: '0',
    });
    expect(errors).toEqual({});
    expect(query).toEqual({
      page: 3,
      per_page: 20,
      sort: 'title',
      order: 'asc',
      search: 'pumps',
      filters: {
        status: [1, 0],
        date: { from: '2026-01-01', to: '2026-01-31' },
        product_ids: [7, 3],
        sources: ['product-page'],
        replied: false,
      },
    });
  });

  it('names each malformed parameter and reads it as its default', () => {
    const { query, errors } = parseListQuery(contract, {
      page: '0',
      per_page: '7',
      sort: 'password_hash',
      order: 'sideways',
      status: '2',
      date_from: '2026-02-30',
      product_ids: '3000000000',
      sources: 'elsewhere',
      replied: 'maybe',
    });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'date_from',
        'order',
        'page',
        'per_page',
        'product_ids',
        'replied',
        'sort',
        'sources',
        'status',
      ].sort(),
    );
    expect(errors.sort).toEqual(['sort is invalid']);
    expect(query).toEqual({ page: 1, per_page: 10, sort: 'date', order: 'desc', filters: {} });
  });

  it('refuses a page whose offset is past what an integer holds, and a year before 1', () => {
    expect(parseListQuery(contract, { page: '99999999999999', per_page: '100' }).errors).toHaveProperty(
      'page',
    );
    expect(parseListQuery(contract, { date_to: '0000-01-01' }).errors).toHaveProperty('date_to');
  });

  it('writes a query back as parameters, defaults left out unless asked for', () => {
    const { query } = parseListQuery(contract, {
      status: '1',
      sources: 'contact-page,product-page',
      replied: 'true',
      date_from: '2026-01-01',
    });
    expect(toListParams(contract, query)).toEqual({
      status: '1',
      sources: 'contact-page,product-page',
      replied: '1',
      date_from: '2026-01-01',
    });
    expect(toListParams(contract, query, { explicit: true })).toMatchObject({
      page: 1,
      per_page: 10,
      sort: 'date',
      order: 'desc',
    });
    const again = parseListQuery(contract, toListParams(contract, query)).query;
    expect(again).toEqual(query);
  });
});
