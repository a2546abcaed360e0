import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import {
  createPasskey,
  useGetPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
} from '../../../store/passkeysApi';
import { isApiError } from '../../../store/errorDisplay';
import {
  applyServerErrors,
  FormTextField,
  PasswordField,
  SubmitButton,
  validateWith,
} from '../../components/form';
import { useNotify } from '../../hooks/useNotify';
import {
  passkeyNameField,
  registrationOptionsSchema,
  removePasskeySchema,
  type Passkey,
} from '../../shared/contracts/passkeys';
import { formatDateTime } from '../../shared/formats';
import { format, LABELS } from '../../shared/messages';
import { PASSKEY_MESSAGES as M } from '../../shared/messages/passkeys';

const addSchema = registrationOptionsSchema.concat(yup.object({ name: passkeyNameField() }));
const validateAdd = validateWith(addSchema);
const validateRemove = validateWith(removePasskeySchema);

type Step = { kind: 'idle' } | { kind: 'add' } | { kind: 'remove'; passkey: Passkey };

/**
 * Profile › Passkeys: the user's passkeys (name, synced or this device only, added, last used),
 * adding one (current password and a name, then the browser's prompt) and removing one (the
 * current password). A passkey is a second factor after the password, or the whole sign-in.
 */
export function PasskeysSection() {
  const { data: passkeys } = useGetPasskeysQuery();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const idle = () => setStep({ kind: 'idle' });
  return (
    <Card component="section" aria-labelledby="passkeys-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h2" component="h2" id="passkeys-title">
            {M.sectionTitle}
          </Typography>
          <Typography>{M.sectionHelp}</Typography>
          {passkeys && passkeys.length === 0 && <Typography color="text.secondary">{M.none}</Typography>}
          {passkeys && passkeys.length > 0 && (
            <Box component="ul" aria-label={M.listLabel} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {passkeys.map((passkey) => (
                <Box
                  component="li"
                  key={passkey.id}
                  sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2 }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{passkey.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {passkey.synced ? M.synced : M.thisDeviceOnly} ·{' '}
                      {format(M.added, { date: formatDateTime(passkey.created_at) })} ·{' '}
                      {passkey.last_used_at
                        ? format(M.lastUsed, { date: formatDateTime(passkey.last_used_at) })
                        : M.neverUsed}
                    </Typography>
                  </Box>
                  {step.kind === 'idle' && (
                    // Never squeezed by a long name at phone width (a touch target keeps its size).
                    <Box sx={{ flexShrink: 0 }}>
                      <Button
                        color="error"
                        aria-label={`${M.remove} ${passkey.name}`}
                        onClick={() => setStep({ kind: 'remove', passkey })}
                      >
                        {M.remove}
                      </Button>
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
          )}
          {step.kind === 'idle' && (
            <Box>
              <Button variant="contained" onClick={() => setStep({ kind: 'add' })}>
                {M.add}
              </Button>
            </Box>
          )}
          {step.kind === 'add' && <AddPasskey onDone={idle} />}
          {step.kind === 'remove' && <RemovePasskey passkey={step.passkey} onDone={idle} />}
        </Stack>
      </CardContent>
    </Card>
  );
}

interface AddValues {
  current_password: string;
  name: string;
}

/** The server words a refused answer of the browser under `response`: shown on the name. */
function showRegistrationError(error: unknown, setErrors: FormikHelpers<AddValues>['setErrors']) {
  const response = isApiError(error)
    ? (error.data as { errors?: Record<string, string[]> } | undefined)?.errors?.response
    : undefined;
  if (response) setErrors({ name: response[0] });
  else applyServerErrors(error, setErrors);
}

function AddPasskey({ onDone }: { onDone: () => void }) {
  const [options] = usePasskeyRegistrationOptionsMutation();
  const [register] = useRegisterPasskeyMutation();
  const notify = useNotify();
  const submit = async (values: AddValues, { setErrors }: FormikHelpers<AddValues>) => {
    try {
      const { name, current_password } = addSchema.cast(values);
      const creation = await options({ current_password }).unwrap();
      const response = await createPasskey(creation);
      const answer = await register({ name, response }).unwrap();
      notify.success(answer.message);
      onDone();
    } catch (error) {
      showRegistrationError(error, setErrors);
    }
  };
  return (
    <Formik initialValues={{ current_password: '', name: '' }} validate={validateAdd} onSubmit={submit}>
      <Form noValidate>
        <Stack spacing={2}>
          <Typography>{M.addPasswordHelp}</Typography>
          <PasswordField
            name="current_password"
            label={LABELS.currentPassword}
            autoComplete="current-password"
            autoFocus
          />
          <FormTextField name="name" label={M.name} autoComplete="off" />
          <Stack direction="row" spacing={1}>
            <SubmitButton>{M.create}</SubmitButton>
            <Button onClick={onDone}>{M.cancel}</Button>
          </Stack>
        </Stack>
      </Form>
    </Formik>
  );
}

function RemovePasskey({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const [remove] = useRemovePasskeyMutation();
  const notify = useNotify();
  const submit = async (
    values: { current_password: string },
    { setErrors }: FormikHelpers<{ current_password: string }>,
  ) => {
    try {
      const answer = await remove({ id: passkey.id, ...values }).unwrap();
      notify.success(answer.message);
      onDone();
    } catch (error) {
      applyServerErrors(error, setErrors);
    }
  };
  return (
    <Formik initialValues={{ current_password: '' }} validate={validateRemove} onSubmit={submit}>
      <Form noValidate>
        <Stack spacing={2}>
          <Typography variant="h3" component="h3">
            {format(M.removeTitle, { name: passkey.name })}
          </Typography>
          <Typography>{M.removeHelp}</Typography>
          <PasswordField
            name="current_password"
            label={LABELS.currentPassword}
            autoComplete="current-password"
            autoFocus
          />
          <Stack direction="row" spacing={1}>
            <SubmitButton color="error">{M.remove}</SubmitButton>
            <Button onClick={onDone}>{M.cancel}</Button>
          </Stack>
        </Stack>
      </Form>
    </Formik>
  );
}
