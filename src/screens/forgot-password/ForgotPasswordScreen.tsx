import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useForgotPasswordMutation } from '../../../store/accountApi';
import { applyServerErrors, FormTextField, SubmitButton, validateWith } from '../../components/form';
import type { ForgotPasswordInput } from '../../shared/contracts/account';
import { en, LABELS } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { accountSchemas } from '../accountSchemas';

const forgotPasswordSchema = async () => (await accountSchemas()).forgotPasswordSchema;
const validate = validateWith<ForgotPasswordInput>(forgotPasswordSchema);

export type ForgotPasswordScreenProps = Record<string, never>;

const initialValues: ForgotPasswordInput = { email: '' };

/** Asks for a reset link by e-mail; the server answers the same whether or not the address exists. */
export function ForgotPasswordScreen(_props: ForgotPasswordScreenProps) {
  const [forgotPassword] = useForgotPasswordMutation();
  const navigate = useNavigate();

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h2" component="h1" textAlign="center">
          {en.forgotPasswordTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" textAlign="center">
          {en.forgotPasswordIntro}
        </Typography>
      </Stack>
      <Formik
        initialValues={initialValues}
        validate={validate}
        onSubmit={async (values, { setErrors }) => {
          try {
            await forgotPassword((await forgotPasswordSchema()).cast(values)).unwrap();
            navigate(ROUTES.forgotPasswordSuccess);
          } catch (error) {
            applyServerErrors(error, setErrors);
          }
        }}
      >
        <Form noValidate>
          <Stack spacing={2}>
            <FormTextField name="email" label={LABELS.email} type="email" autoComplete="email" autoFocus />
            <SubmitButton size="large" fullWidth>
              {en.submit}
            </SubmitButton>
            <Link component={RouterLink} to={ROUTES.login} variant="body2" textAlign="center">
              {en.backToLogin}
            </Link>
          </Stack>
        </Form>
      </Formik>
    </Stack>
  );
}
