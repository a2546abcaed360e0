import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LABELS } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import { EMPTY_LIST_MESSAGES } from '../../shared/messages/emptyLists';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import {
  booleanFilter,
  dateRangeFilter,
  enumFilter,
  idsFilter,
  optionKey,
  type ListQuery,
} from '../../shared/resources/resource';
import { ListFilters } from './ListFilters';
import type { ShownFilter } from './useListState';
import { SCREEN_TEXT } from '../../shared/messages/screens';

const SOURCES = enumFilter({
  label: 'Source',
  options: [
    { value: 'contact-page', label: 'Contact page' },
    { value: 'product-page', label: 'Product page' },
  ],
});

const FILTERS: ShownFilter[] = [
  {
    name: 'product_ids',
    filter: idsFilter(CATALOGUE_MESSAGES.product, { group: 'products', tag: 'Product' }),
    choices: [
      { id: 3, label: 'Pump' },
      { id: 7, label: 'Valve' },
    ],
  },
  {
    name: 'sources',
    filter: SOURCES,
    choices: SOURCES.options.map((option) => ({ id: optionKey(option), label: option.label })),
  },
  { name: 'replied', filter: booleanFilter('Replied') },
  { name: 'date', filter: dateRangeFilter(LABELS.date) },
];

const query: ListQuery = {
  page: 1,
  per_page: 10,
  sort: 'date',
  order: 'desc',
  filters: { product_ids: [7], replied: true },
};

describe('ListFilters', () => {
  it('draws each filter by its kind and answers its typed value', async () => {
    const onChange = jest.fn();
    renderWithProviders(<ListFilters filters={FILTERS} query={query} onChange={onChange} />);
    const actor = userEvent.setup({ delay: null });

    // An ids filter shows its selection by name and answers ids.
    const products = screen.getByRole('combobox', { name: CATALOGUE_MESSAGES.product });
    expect(products).toHaveTextContent('Valve');
    await actor.click(products);
    await actor.click(within(screen.getByRole('listbox')).getByText('Pump'));
    expect(onChange).toHaveBeenLastCalledWith('product_ids', [3, 7]);
    await actor.keyboard('{Escape}');

    // An enum filter answers its values (the spec's options with `value`).
    await actor.click(screen.getByRole('combobox', { name: 'Source' }));
    await actor.click(within(screen.getByRole('listbox')).getByText('Product page'));
    expect(onChange).toHaveBeenLastCalledWith('sources', ['product-page']);
    await actor.keyboard('{Escape}');

    // A boolean filter: yes, no or either.
    const replied = screen.getByRole('combobox', { name: 'Replied' });
    expect(replied).toHaveTextContent(EMPTY_LIST_MESSAGES.yes);
    await actor.click(replied);
    await actor.click(within(screen.getByRole('listbox')).getByText(EMPTY_LIST_MESSAGES.any));
    expect(onChange).toHaveBeenLastCalledWith('replied', undefined);

    // A date range: the presets answer both days.
    await actor.click(screen.getByRole('button', { name: LIST_SCREEN_MESSAGES.datePresets }));
    await actor.click(screen.getByRole('menuitem', { name: SCREEN_TEXT.today }));
    const [name, range] = onChange.mock.lastCall as [string, { from: string; to: string }];
    expect(name).toBe('date');
    expect(range.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(range.to).toBe(range.from);
  });
});
