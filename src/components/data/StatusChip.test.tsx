import { render, screen } from '@testing-library/react';
import { StatusChip } from './StatusChip';
import { en } from '../../shared/messages';

describe('StatusChip', () => {
  it('reads Active for status 1', () => {
    render(<StatusChip status={1} />);
    expect(screen.getByText(en.active)).toBeInTheDocument();
  });

  it('reads Not Active for status 0', () => {
    render(<StatusChip status={0} />);
    expect(screen.getByText(en.notActive)).toBeInTheDocument();
  });
});
