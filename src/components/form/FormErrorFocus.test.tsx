import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { t } from '../../shared/messages';
import { FormTextField } from './FormTextField';
import { SubmitButton } from './SubmitButton';

interface Values {
  name: string;
  email: string;
}

function CheckedForm({ onSubmit }: { onSubmit: (values: Values, setErrors: (e: object) => void) => void }) {
  return (
    <Formik<Values>
      initialValues={{ name: 'Pump', email: '' }}
      validate={(values) => ({
        ...(values.name ? {} : { name: 'Name is required' }),
        ...(values.email ? {} : { email: 'Email is required' }),
      })}
      onSubmit={async (values, { setErrors }) => onSubmit(values, setErrors)}
    >
      <Form noValidate>
        <FormTextField name="name" label="Name" />
        <FormTextField name="email" label="Email" />
        <SubmitButton>Save</SubmitButton>
      </Form>
    </Formik>
  );
}

describe('FormErrorFocus (in every SubmitButton)', () => {
  it('announces the errors of a refused submit and puts focus on the first invalid field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CheckedForm onSubmit={jest.fn()} />);
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(t('formHasErrors', { count: 2 }));
  });

  it('does the same for the errors the server put on the fields (a 422)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <CheckedForm onSubmit={(_values, setErrors) => setErrors({ email: 'Email has already been taken' })} />,
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(t('formHasError'));
  });

  it('says nothing after a submit that went through', async () => {
    const user = userEvent.setup();
    const submitted = jest.fn();
    renderWithProviders(<CheckedForm onSubmit={submitted} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
