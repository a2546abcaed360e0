import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { NotFoundPage } from './MessagePage';

describe('NotFoundPage', () => {
  it('shows the 404 texts, a link home and sets the breadcrumbs', () => {
    const { store } = renderWithProviders(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByRole('heading', { name: en.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText("Oopps. The page you were looking for doesn't exist...")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.backToHome })).toHaveAttribute('href', ROUTES.dashboard);
    expect(store.getState().breadcrumbs.at(-1)).toEqual({ label: en.notFoundTitle });
  });
});
