import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { useFormikContext } from 'formik';
import { FormTextField, PasswordField, UploadField } from '../../components/form';
import { StatusField } from '../../components/resource/fields/StatusField';
import type { User } from '../../shared/resources/users';
import { initials } from '../../shared/formats';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import { LABELS } from '../../shared/messages';
import { REFUSAL_MESSAGES } from '../../shared/messages/refusals';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { OptionSelect } from '../options/OptionSelect';
import { useRoleOptions } from './useRoleOptions';

const PASSWORD_FIELDS = [
  ['password', LABELS.password],
  ['password_confirmation', LABELS.passwordConfirmation],
] as const;

export interface UserFieldsProps {
  /** The user being edited; absent on add (the password is then required). */
  user?: User;
  /** The user is the signed-in one: they can neither deactivate nor delete themselves. */
  self?: boolean;
  /** Read-only: the user may see the record but not save it. */
  disabled?: boolean;
}

/** A user's fields, shared by add and detail (spec §3 Form field labels). */
export function UserFields({ user, self, disabled }: UserFieldsProps) {
  const { values } = useFormikContext<{ name: string }>();
  const roles = useRoleOptions().options;
  const adding = user === undefined;
  const passwordHint = adding ? undefined : SETTINGS_MESSAGES.keepPassword;
  const field = { fullWidth: true, disabled } as const;

  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      {self && (
        <Grid size={12} sx={{ mb: 1 }}>
          <Alert severity="info">{REFUSAL_MESSAGES.cannotDeleteSelf}</Alert>
        </Grid>
      )}
      <Grid size={12} sx={{ mb: 2 }}>
        <UploadField
          name="photo"
          label={LABELS.photo}
          preview="avatar"
          recommended={RECOMMENDED_SIZES.photo}
          initialFile={user?.photo ?? null}
          placeholder={initials(values.name)}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField name="name" label={LABELS.name} autoComplete="off" required {...field} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          name="email"
          label={LABELS.email}
          type="email"
          autoComplete="off"
          required
          {...field}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField name="phone_number" label={LABELS.phoneNumber} type="tel" {...field} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <OptionSelect
          name="role_id"
          label={LABELS.role}
          options={roles}
          current={user?.role}
          required
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <StatusField
          disabled={disabled || self}
          helperText={self ? REFUSAL_MESSAGES.cannotDeactivateSelf : undefined}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} />
      {PASSWORD_FIELDS.map(([name, label]) => (
        <Grid key={name} size={{ xs: 12, md: 6 }}>
          <PasswordField
            name={name}
            label={label}
            autoComplete="new-password"
            required={adding}
            helperText={passwordHint}
            {...field}
          />
        </Grid>
      ))}
    </Grid>
  );
}
