import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { filterMenu, MENU } from '../../shared/menu';
import { PERMISSION_CATALOGUE } from '../../shared/permissions';
import { ROUTES } from '../../shared/routes';
import { MenuBadgesContext } from './menuBadges';
import { SideMenu } from './SideMenu';

const all = PERMISSION_CATALOGUE.map((permission) => permission.name);

describe('menu badges', () => {
  it('shows the count beside its entry only, and nothing for zero', () => {
    renderWithProviders(
      <MenuBadgesContext.Provider value={{ [ROUTES.contactForms]: 3, [ROUTES.subscribes]: 0 }}>
        <SideMenu menus={filterMenu(MENU, all)} mode="inline" />
      </MenuBadgesContext.Provider>,
      { route: ROUTES.contactForms },
    );
    const contact = screen.getByRole('link', { name: /Contact Form/ });
    expect(within(contact).getByLabelText('3 new')).toHaveTextContent('3');
    expect(within(screen.getByRole('link', { name: 'Subscribe' })).queryByText('0')).not.toBeInTheDocument();
  });
});
