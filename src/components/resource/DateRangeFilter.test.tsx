import { render, screen } from '@testing-library/react';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { DateRangeFilter, EMPTY_DATE_RANGE } from './DateRangeFilter';

describe('DateRangeFilter', () => {
  it('shows From and To at once, and the pickers once their chunk is in', async () => {
    render(<DateRangeFilter value={EMPTY_DATE_RANGE} onChange={() => undefined} />);
    // The stand-ins: the same labels, nothing to type into yet.
    expect(screen.getByRole('textbox', { name: LIST_SCREEN_MESSAGES.dateFrom })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: LIST_SCREEN_MESSAGES.dateTo })).toHaveAttribute('readonly');
    // The pickers' fields, each with its calendar button.
    expect(await screen.findAllByRole('button', { name: /choose date/i })).toHaveLength(2);
    expect(screen.queryByRole('textbox', { name: LIST_SCREEN_MESSAGES.dateFrom })).not.toBeInTheDocument();
  });
});
