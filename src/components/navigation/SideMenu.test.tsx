import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { registerRoutePreload } from '../../hooks/routePreload';
import { filterMenu, MENU } from '../../shared/menu';
import { en } from '../../shared/messages';
import { PERMISSION_CATALOGUE, PERMISSIONS } from '../../shared/permissions';
import { ROUTES } from '../../shared/routes';
import { SideMenu } from './SideMenu';

const all = PERMISSION_CATALOGUE.map((permission) => permission.name);
const nav = () => screen.getByRole('navigation', { name: en.mainMenu });

describe('SideMenu (inline)', () => {
  it('shows a user holding only brands.index just Dashboard and Product › Brand', () => {
    renderWithProviders(<SideMenu menus={filterMenu(MENU, [PERMISSIONS.brandsIndex])} mode="inline" />, {
      route: ROUTES.brands,
    });
    const menu = within(nav());
    expect(menu.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(menu.getByRole('button', { name: 'Product' })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Brand' })).toBeInTheDocument();
    for (const hidden of ['Pages', 'Content', 'Inbox', 'Setting', 'Category', 'List'])
      expect(menu.queryByText(hidden)).not.toBeInTheDocument();
  });

  it('marks the entry of the current pathname selected and opens its parent', () => {
    renderWithProviders(<SideMenu menus={filterMenu(MENU, all)} mode="inline" />, {
      route: `${ROUTES.news}/12`,
    });
    const news = screen.getByRole('link', { name: 'News' });
    expect(news).toHaveAttribute('aria-current', 'page');
    expect(news).toHaveClass('Mui-selected');
    expect(screen.getByRole('button', { name: 'Content' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('selects Dashboard on / only', () => {
    renderWithProviders(<SideMenu menus={filterMenu(MENU, all)} mode="inline" />, {
      route: ROUTES.dashboard,
    });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps only one submenu open at a time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SideMenu menus={filterMenu(MENU, all)} mode="inline" />, {
      route: ROUTES.brands,
    });
    expect(screen.getByRole('link', { name: 'Brand' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inbox' }));
    expect(screen.getByRole('link', { name: 'Contact Form' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Product' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Brand' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Inbox' }));
    expect(screen.getByRole('button', { name: 'Inbox' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('navigates and calls onNavigate when an entry is chosen', async () => {
    const user = userEvent.setup();
    const onNavigate = jest.fn();
    const { router } = renderWithProviders(
      <SideMenu menus={filterMenu(MENU, all)} mode="inline" onNavigate={onNavigate} />,
      { route: ROUTES.dashboard },
    );
    await user.click(screen.getByRole('button', { name: 'Setting' }));
    await user.click(screen.getByRole('link', { name: 'Role' }));
    expect(router.state.location.pathname).toBe(ROUTES.roles);
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Role' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('SideMenu (horizontal, the default)', () => {
  it('shows top-level entries in a bar and a parent’s children in a dropdown', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SideMenu menus={filterMenu(MENU, all)} />, {
      route: ROUTES.dashboard,
    });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Product' }));
    const dropdown = screen.getByRole('menu');
    expect(
      within(dropdown)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Brand', 'Category', 'List']);
    await user.click(within(dropdown).getByRole('menuitem', { name: 'Category' }));
    expect(router.state.location.pathname).toBe(ROUTES.categories);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});

describe('SideMenu (inline) by keyboard', () => {
  it('moves with the arrow keys, opens a group with Right and goes back to it with Left', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SideMenu menus={filterMenu(MENU, all)} mode="inline" />, {
      route: ROUTES.dashboard,
    });
    act(() => screen.getByRole('link', { name: 'Dashboard' }).focus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Pages' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const product = screen.getByRole('button', { name: 'Product' });
    expect(product).toHaveFocus();
    expect(product).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}');
    expect(product).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    const first = within(nav())
      .getAllByRole('link')
      .find((link) => link.textContent === 'Brand');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(product).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(product).toHaveAttribute('aria-expanded', 'false'));
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Setting' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Setting' })).toHaveFocus();
  });

  it('opens an entry with Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SideMenu menus={filterMenu(MENU, all)} mode="inline" />, {
      route: ROUTES.dashboard,
    });
    act(() => screen.getByRole('link', { name: 'Pages' }).focus());
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(ROUTES.pages);
  });
});

describe('SideMenu preloads', () => {
  it('starts loading an entry’s screen and rows when a pointer rests on it or it gets focus', async () => {
    const products = jest.fn();
    const brands = jest.fn();
    registerRoutePreload(ROUTES.products, products);
    registerRoutePreload(ROUTES.brands, brands);
    const user = userEvent.setup();
    renderWithProviders(<SideMenu menus={filterMenu(MENU, all)} mode="inline" />, { route: ROUTES.brands });
    await user.hover(screen.getByRole('link', { name: 'List' }));
    expect(products).toHaveBeenCalled();
    expect(brands).not.toHaveBeenCalled();
    act(() => screen.getByRole('link', { name: 'Brand' }).focus());
    expect(brands).toHaveBeenCalled();
  });
});
