import { render, screen } from '@testing-library/react';
import { UserAvatar } from './UserAvatar';

describe('UserAvatar', () => {
  it('shows the initials of a person without a photo', () => {
    const { container } = render(<UserAvatar name="Grace Hopper" size={40} />);
    expect(container).toHaveTextContent('GH');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the photo, named after the person, when there is one', () => {
    render(<UserAvatar name="Grace Hopper" photo={{ url: '/uploads/grace.jpg' }} size={40} />);
    expect(screen.getByRole('img', { name: 'Grace Hopper' })).toHaveAttribute('src', '/uploads/grace.jpg');
  });
});
