import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { makeStore } from '../../../store';
import { en } from '../../shared/messages';
import { AppBreadcrumbs } from './AppBreadcrumbs';

describe('AppBreadcrumbs', () => {
  it('links earlier items, keeps disabled ones and the last one plain text', () => {
    const store = makeStore({
      breadcrumbs: [
        { label: 'Dashboard', path: '/' },
        { label: 'Product', path: '/product', disabled: true },
        { label: 'Brand', path: '/product/brand' },
        { label: 'Edit Brand', path: '/product/brand/3' },
      ],
    });
    renderWithProviders(<AppBreadcrumbs />, { store });

    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Brand' })).toHaveAttribute('href', '/product/brand');
    expect(screen.getByText('Product')).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: 'Product' })).not.toBeInTheDocument();
    const last = screen.getByText('Edit Brand');
    expect(screen.queryByRole('link', { name: 'Edit Brand' })).not.toBeInTheDocument();
    expect(last).toHaveAttribute('aria-current', 'page');
  });

  it('renders nothing without breadcrumbs', () => {
    renderWithProviders(<AppBreadcrumbs />);
    expect(screen.queryByRole('navigation', { name: en.breadcrumb })).not.toBeInTheDocument();
  });
});
