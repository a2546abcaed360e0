import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FormActions } from './FormActions';
import { en } from '../../shared/messages';

describe('FormActions', () => {
  it('offers Back, Cancel and Save and submits the form with Save', async () => {
    const onSubmit = jest.fn();
    const onBack = jest.fn();
    const onCancel = jest.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <Formik initialValues={{ name: 'x' }} onSubmit={onSubmit}>
        <Form>
          <FormActions onBack={onBack} onCancel={onCancel} />
        </Form>
      </Formik>,
    );
    await user.click(screen.getByRole('button', { name: en.back }));
    await user.click(screen.getByRole('button', { name: en.cancel }));
    await user.click(screen.getByRole('button', { name: en.save }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ name: 'x' }, expect.anything());
  });

  it('disables its buttons while submitting', () => {
    renderWithProviders(
      <Formik initialValues={{}} onSubmit={jest.fn()}>
        <Form>
          <FormActions onCancel={jest.fn()} submitting submitLabel="Reset Password" />
        </Form>
      </Formik>,
    );
    expect(screen.getByRole('button', { name: en.resetPassword })).toBeDisabled();
    expect(screen.getByRole('button', { name: en.cancel })).toBeDisabled();
  });
});
