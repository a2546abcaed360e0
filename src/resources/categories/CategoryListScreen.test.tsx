import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pumps, valves } from '../../../test/catalogFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { listOf } from '../../../test/settingFixtures';
import { ROUTES } from '../../shared/routes';
import { CategoryListScreen } from './CategoryListScreen';

describe('CategoryListScreen', () => {
  beforeEach(() => localStorage.clear());

  it('lists categories under Dashboard › Product › Category and opens one on click', async () => {
    fakeNetwork({ 'GET /api/categories': { body: listOf([pumps, valves]) } });
    const { store, router } = renderWithProviders(<CategoryListScreen />, { path: ROUTES.categories });
    expect(await screen.findByText('Valves')).toBeInTheDocument();
    expect(store.getState().breadcrumbs).toEqual([
      { label: 'Dashboard', path: '/' },
      { label: 'Product', disabled: true },
      { label: 'Category' },
    ]);
    await userEvent.setup({ delay: null }).click(screen.getByText('Pumps'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ROUTES.categories}/${pumps.id}`));
  });
});
