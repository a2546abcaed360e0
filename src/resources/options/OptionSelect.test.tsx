import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { OptionSelect, type OptionSelectProps } from './OptionSelect';

function renderSelect(props: Partial<OptionSelectProps>, value: number | '' = '') {
  render(
    <Formik initialValues={{ brand_id: value }} onSubmit={jest.fn()}>
      <Form>
        <OptionSelect name="brand_id" label="Brand" options={undefined} {...props} />
      </Form>
    </Formik>,
  );
  return userEvent.setup({ delay: null });
}

describe('OptionSelect', () => {
  it('offers the empty choice first and marks an item that is switched off', async () => {
    const actor = renderSelect({
      emptyLabel: 'None',
      options: [
        { id: 1, name: 'Acme', status: 1 },
        { id: 2, name: 'Bolt', status: 0 },
      ],
    });
    await actor.click(screen.getByRole('combobox', { name: /Brand/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None',
      'Acme',
      'Bolt (Not Active)',
    ]);
  });

  it('lists the current choice while the options load', async () => {
    const actor = renderSelect({ current: { id: 7, name: 'Gone' } }, 7);
    expect(screen.getByRole('combobox', { name: /Brand/ })).toHaveTextContent('Gone');
    await actor.click(screen.getByRole('combobox', { name: /Brand/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Gone']);
  });
});
