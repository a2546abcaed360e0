import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useChangePasswordMutation } from '../../../store/accountApi';
import { applyServerErrors, FormActions, PasswordField, validateWith } from '../../components/form';
import { useAuth } from '../../auth/AuthContext';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { useNotify } from '../../hooks/useNotify';
import { changePasswordSchema, type ChangePasswordInput } from '../../shared/contracts/account';
import { en, LABELS } from '../../shared/messages';
import type { PasswordContext } from '../../shared/passwordPolicy';
import { ROUTES } from '../../shared/routes';

export type ChangePasswordScreenProps = Record<string, never>;

const initialValues: ChangePasswordInput = { current_password: '', password: '', password_confirmation: '' };

/** Changes the signed-in user's password (`PUT /api/account/password`). */
export function ChangePasswordScreen(_props: ChangePasswordScreenProps) {
  const [changePassword] = useChangePasswordMutation();
  const notify = useNotify();
  const { user } = useAuth();
  // The new password must not contain the user's name or e-mail, as the server checks too.
  const validate = useMemo(() => {
    const context: PasswordContext = { owner: { email: user?.email, name: user?.name } };
    return validateWith<ChangePasswordInput>(changePasswordSchema, context);
  }, [user?.email, user?.name]);
  useBreadcrumbs([{ label: en.dashboard, path: ROUTES.dashboard }, { label: en.changePassword }]);

  const submit = async (
    values: ChangePasswordInput,
    { resetForm, setErrors }: FormikHelpers<ChangePasswordInput>,
  ) => {
    try {
      const { message } = await changePassword(values).unwrap();
      notify.success(message || en.passwordChanged);
      resetForm();
    } catch (error) {
      applyServerErrors(error, setErrors);
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <Typography variant="h1">{en.changePassword}</Typography>
      <Card>
        <CardContent>
          <Formik initialValues={initialValues} validate={validate} onSubmit={submit}>
            <Form noValidate>
              <Stack spacing={2.5}>
                <PasswordField
                  name="current_password"
                  label={LABELS.currentPassword}
                  autoComplete="current-password"
                />
                <PasswordField name="password" label={LABELS.password} autoComplete="new-password" />
                <PasswordField
                  name="password_confirmation"
                  label={LABELS.passwordConfirmation}
                  autoComplete="new-password"
                />
                <FormActions />
              </Stack>
            </Form>
          </Formik>
        </CardContent>
      </Card>
    </Stack>
  );
}
