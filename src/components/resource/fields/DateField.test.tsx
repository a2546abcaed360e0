import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { DATE_FORMATS } from '../../../shared/formats';
import { DateField } from './DateField';

function Form({ value, onValue }: { value: string; onValue: (value: string) => void }) {
  return (
    <Formik initialValues={{ date: value }} onSubmit={() => undefined}>
      {({ values }) => {
        onValue(values.date);
        return <DateField name="date" label="Date" />;
      }}
    </Formik>
  );
}

describe('DateField', () => {
  it('shows the day as DD MMM YYYY and holds YYYY-MM-DD', async () => {
    const seen: string[] = [];
    renderWithProviders(<Form value="2026-12-24" onValue={(value) => seen.push(value)} />);
    const input = screen.getByRole('group', { name: 'Date' });
    expect(input).toHaveTextContent('24 Dec 2026');
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('button', { name: /clear/i }));
    expect(seen.at(-1)).toBe('');
  });

  it('reads "DD MMM YYYY" while empty, the format its dates are shown in (issue #41)', () => {
    renderWithProviders(<Form value="" onValue={() => undefined} />);
    const sections = within(screen.getByRole('group', { name: 'Date' })).getAllByRole('spinbutton');
    expect(sections.map((section) => section.textContent).join(' ')).toBe(DATE_FORMATS.display);
  });
});
