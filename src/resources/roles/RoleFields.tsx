import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useField } from 'formik';
import { useListPermissionsQuery } from '../../../store/rolesApi';
import { LoadingBlock } from '../../components/feedback/LoadingBlock';
import { FormTextField } from '../../components/form';
import { LABELS, format } from '../../shared/messages';
import { REFUSAL_MESSAGES } from '../../shared/messages/refusals';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { ROLE_LABELS } from '../../shared/resources/roles';
import { PermissionMatrix } from './PermissionMatrix';

export interface RoleFieldsProps {
  /** The Super Admin role's name when editing it: the matrix shows every permission, locked. */
  superRole?: string;
  /** Read-only: the user may see the role but not save it. */
  disabled?: boolean;
}

/** A role's fields, shared by add and detail: the name and the permission matrix (`permissions`). */
export function RoleFields({ superRole, disabled }: RoleFieldsProps) {
  const { data: catalogue, isLoading } = useListPermissionsQuery();
  const [field, meta, helpers] = useField<number[]>('permissions');
  const [secondFactor] = useField<boolean>({ name: 'require_second_factor', type: 'checkbox' });
  const locked = disabled || superRole !== undefined;
  const error = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
  const value =
    superRole !== undefined && catalogue ? catalogue.map((permission) => permission.id) : field.value;

  return (
    <Stack spacing={2}>
      <FormTextField name="name" label={LABELS.name} required fullWidth disabled={disabled} />
      <FormControlLabel
        data-field="require_second_factor"
        control={<Checkbox {...secondFactor} checked={Boolean(secondFactor.checked)} disabled={disabled} />}
        label={ROLE_LABELS.requireSecondFactor}
      />
      <FormHelperText sx={{ mt: '0 !important' }}>{SETTINGS_MESSAGES.requireSecondFactorHelp}</FormHelperText>
      <FormControl error={Boolean(error)} component="fieldset" data-field="permissions">
        <FormLabel component="legend" sx={{ mb: 1 }}>
          {ROLE_LABELS.permissions}
        </FormLabel>
        {superRole !== undefined && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {format(REFUSAL_MESSAGES.superRoleKeepsPermissions, { role: superRole })}
          </Alert>
        )}
        {isLoading || !catalogue ? (
          <LoadingBlock height={200} />
        ) : (
          <PermissionMatrix
            catalogue={catalogue}
            value={value}
            disabled={locked}
            onChange={(ids) => {
              void helpers.setValue(ids);
              void helpers.setTouched(true, false);
            }}
          />
        )}
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    </Stack>
  );
}
