import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PasswordField } from './PasswordField';
import { en } from '../../shared/messages';

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <Formik initialValues={{ password: 'secret123' }} onSubmit={jest.fn()}>
        <Form>
          <PasswordField name="password" label="Password" />
        </Form>
      </Formik>,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: en.showPassword }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: en.hidePassword }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
