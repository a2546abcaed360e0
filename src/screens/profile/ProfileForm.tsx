import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useUpdateAccountMutation } from '../../../store/accountApi';
import { useMemo } from 'react';
import {
  applyServerErrors,
  FormActions,
  FormDraft,
  FormTextField,
  PasswordField,
  UnsavedChangesPrompt,
  UploadField,
  validateWith,
} from '../../components/form';
import { useNotify } from '../../hooks/useNotify';
import {
  emailChanges,
  profileSchema,
  type ProfileContext,
  type ProfileInput,
  type User,
} from '../../shared/contracts/account';
import { initials } from '../../shared/formats';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import { en, LABELS } from '../../shared/messages';
import { SCREEN_TEXT } from '../../shared/messages/screens';

export interface ProfileFormProps {
  user: User;
  /** Called with the server's user after a successful save. */
  onSaved: (user: User) => void;
  onCancel: () => void;
}

interface ProfileValues {
  name: string;
  email: string;
  phone_number: string;
  photo: number | null;
  /** Asked for only when the e-mail changes. */
  current_password: string;
}

const toValues = (user: User): ProfileValues => ({
  name: user.name,
  email: user.email,
  phone_number: user.phone_number ?? '',
  photo: user.photo?.id ?? null,
  current_password: '',
});

const toInput = (values: ProfileValues, currentEmail: string): ProfileInput => {
  const { current_password, ...cast } = profileSchema.cast(values);
  return {
    ...cast,
    phone_number: cast.phone_number || null,
    // Sent only with a new e-mail: the server asks for it then, and it has no business elsewhere.
    ...(emailChanges(values.email, currentEmail) ? { current_password } : {}),
  };
};

/** Edits name, e-mail, phone number and photo of the signed-in user (`PUT /api/account`). */
export function ProfileForm({ user, onSaved, onCancel }: ProfileFormProps) {
  const [updateAccount] = useUpdateAccountMutation();
  const notify = useNotify();
  const validate = useMemo(() => {
    const context: ProfileContext = { currentEmail: user.email };
    return validateWith<ProfileValues>(profileSchema, context);
  }, [user.email]);

  const submit = async (values: ProfileValues, { setErrors }: FormikHelpers<ProfileValues>) => {
    try {
      const { data, message } = await updateAccount(toInput(values, user.email)).unwrap();
      notify.success(message || en.profileUpdated);
      onSaved(data);
    } catch (error) {
      applyServerErrors(error, setErrors);
    }
  };

  return (
    <Card>
      <CardContent>
        <Formik initialValues={toValues(user)} validate={validate} onSubmit={submit}>
          {({ dirty, isSubmitting, values }) => (
            <Form noValidate>
              <UnsavedChangesPrompt when={dirty && !isSubmitting} />
              <FormDraft formKey="profile" />
              <Stack spacing={2.5}>
                <UploadField
                  name="photo"
                  label={LABELS.photo}
                  preview="avatar"
                  recommended={RECOMMENDED_SIZES.photo}
                  initialFile={user.photo}
                  placeholder={initials(user.name)}
                />
                <FormTextField name="name" label={LABELS.name} autoComplete="name" required />
                <FormTextField name="email" label={LABELS.email} type="email" autoComplete="email" required />
                {emailChanges(values.email, user.email) && (
                  <PasswordField
                    name="current_password"
                    label={LABELS.currentPassword}
                    autoComplete="current-password"
                    helperText={SCREEN_TEXT.emailChangeNeedsPassword}
                  />
                )}
                <FormTextField name="phone_number" label={LABELS.phoneNumber} type="tel" autoComplete="tel" />
                <FormActions onCancel={onCancel} />
              </Stack>
            </Form>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}
