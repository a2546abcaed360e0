import { render, screen, within } from '@testing-library/react';
import { DATE_FORMATS } from '../../shared/formats';
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

  it('reads "DD MMM YYYY" in each empty picker, the format of the dates it shows (issue #41)', async () => {
    render(<DateRangeFilter value={EMPTY_DATE_RANGE} onChange={() => undefined} />);
    await screen.findAllByRole('button', { name: /choose date/i });
    for (const name of [LIST_SCREEN_MESSAGES.dateFrom, LIST_SCREEN_MESSAGES.dateTo]) {
      const sections = within(screen.getByRole('group', { name })).getAllByRole('spinbutton');
      expect(sections.map((section) => section.textContent).join(' ')).toBe(DATE_FORMATS.display);
    }
  });
});
