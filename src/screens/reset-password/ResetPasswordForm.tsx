import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import {
  FormActions,
  PasswordField,
  ServerFieldErrors,
  TextInput,
  validateWith,
} from '../../components/form';
import { en, LABELS } from '../../shared/messages';
import type { PasswordContext } from '../../shared/passwordPolicy';
import { accountSchemas } from '../accountSchemas';

const passwordSchema = async () =>
  (await accountSchemas()).resetPasswordSchema.pick(['password', 'password_confirmation']);

export interface ResetPasswordValues {
  password: string;
  password_confirmation: string;
}

export interface ResetPasswordFormProps {
  /** The account's address, shown read-only. */
  email: string | null;
  submitting: boolean;
  /** Field errors of the server's last answer. */
  fieldErrors: Record<string, string>;
  onSubmit: (values: ResetPasswordValues) => void;
}

const initialValues: ResetPasswordValues = { password: '', password_confirmation: '' };

/** New password and its confirmation for the account the reset link belongs to. */
export function ResetPasswordForm({ email, submitting, fieldErrors, onSubmit }: ResetPasswordFormProps) {
  // The new password must not contain the account's e-mail, as the server checks too.
  const validate = useMemo(() => {
    const context: PasswordContext = { owner: { email } };
    return validateWith<ResetPasswordValues>(passwordSchema, context);
  }, [email]);
  return (
    <Formik initialValues={initialValues} validate={validate} onSubmit={onSubmit}>
      <Form noValidate>
        <ServerFieldErrors errors={fieldErrors} />
        <Stack spacing={2}>
          <TextInput
            name="email"
            label={LABELS.email}
            value={email ?? ''}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
            readOnly
          />
          <PasswordField name="password" label={LABELS.password} autoComplete="new-password" autoFocus />
          <PasswordField
            name="password_confirmation"
            label={LABELS.passwordConfirmation}
            autoComplete="new-password"
          />
          <FormActions submitLabel={en.resetPassword} submitting={submitting} />
        </Stack>
      </Form>
    </Formik>
  );
}
