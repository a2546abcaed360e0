import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import {
  FormActions,
  PasswordField,
  ServerFieldErrors,
  TextInput,
  validateWith,
} from '../../components/form';
import { en, LABELS } from '../../shared/messages';
import { accountSchemas } from '../accountSchemas';

const passwordSchema = async () =>
  (await accountSchemas()).resetPasswordSchema.pick(['password', 'password_confirmation']);

const validate = validateWith<ResetPasswordValues>(passwordSchema);

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
