import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { SideDrawer } from './SideDrawer';

function Nested() {
  const [child, setChild] = useState(false);
  return (
    <SideDrawer open onClose={() => undefined} title="Parent">
      <Button onClick={() => setChild(true)}>Open child</Button>
      <SideDrawer open={child} onClose={() => setChild(false)} title="Child" large>
        <p>Child body</p>
      </SideDrawer>
    </SideDrawer>
  );
}

describe('SideDrawer', () => {
  it('is 378 px wide, 736 px when large, and an open child pushes its parent by 180 px', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Nested />);
    const parent = screen.getByRole('dialog', { name: 'Parent' });
    expect(parent).toHaveStyle({ width: '378px' });
    expect(parent.style.marginLeft).toBe('');

    await user.click(screen.getByRole('button', { name: 'Open child' }));
    expect(screen.getByRole('dialog', { name: 'Child' })).toHaveStyle({ width: '736px' });
    expect(screen.getByRole('dialog', { name: 'Parent', hidden: true }).style.marginLeft).toBe('180px');
  });
});
