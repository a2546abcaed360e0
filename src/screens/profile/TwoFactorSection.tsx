import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import {
  useConfirmEnrolmentMutation,
  useDisableTwoFactorMutation,
  useGetTwoFactorQuery,
  useRegenerateRecoveryCodesMutation,
  useStartEnrolmentMutation,
} from '../../../store/twoFactorApi';
import {
  applyServerErrors,
  FormTextField,
  PasswordField,
  SubmitButton,
  validateWith,
} from '../../components/form';
import { useNotify } from '../../hooks/useNotify';
import {
  enrolConfirmSchema,
  enrolStartSchema,
  factorProofSchema,
  type EnrolmentStart,
  type FactorProof,
} from '../../shared/contracts/twoFactor';
import { format, LABELS } from '../../shared/messages';
import { TWO_FACTOR_MESSAGES as M } from '../../shared/messages/twoFactor';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; enrolment: EnrolmentStart }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'proof'; action: 'regenerate' | 'disable' };

const validateStart = validateWith(enrolStartSchema);
const validateConfirm = validateWith(enrolConfirmSchema);
const validateProof = validateWith(factorProofSchema);

/**
 * Profile › Two-factor sign-in: enrol an authenticator app (current password, then the QR code or
 * the key typed in, then a code from the app), its recovery codes shown once (copy, download), new
 * recovery codes and turning it off (the password or a code).
 */
export function TwoFactorSection() {
  const { data: status } = useGetTwoFactorQuery();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const idle = () => setStep({ kind: 'idle' });

  return (
    <Card component="section" aria-labelledby="two-factor-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h2" component="h2" id="two-factor-title">
            {M.sectionTitle}
          </Typography>
          {status && step.kind !== 'codes' && (
            <Typography>
              {status.enabled ? M.statusOn : M.statusOff}
              {status.enabled && <> {format(M.recoveryLeft, { count: status.recovery_codes_left })}</>}
            </Typography>
          )}
          {step.kind === 'idle' && status && !status.enabled && (
            <Box>
              <Button variant="contained" onClick={() => setStep({ kind: 'password' })}>
                {M.enrol}
              </Button>
            </Box>
          )}
          {step.kind === 'idle' && status?.enabled && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="outlined" onClick={() => setStep({ kind: 'proof', action: 'regenerate' })}>
                {M.regenerate}
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => setStep({ kind: 'proof', action: 'disable' })}
              >
                {M.disable}
              </Button>
            </Stack>
          )}
          {step.kind === 'password' && (
            <StartEnrolment onStarted={(enrolment) => setStep({ kind: 'scan', enrolment })} onCancel={idle} />
          )}
          {step.kind === 'scan' && (
            <ConfirmEnrolment
              enrolment={step.enrolment}
              onConfirmed={(codes) => setStep({ kind: 'codes', codes })}
              onCancel={idle}
            />
          )}
          {step.kind === 'codes' && <RecoveryCodesPanel codes={step.codes} onDone={idle} />}
          {step.kind === 'proof' && (
            <ProofForm
              action={step.action}
              onDone={(codes) => (codes ? setStep({ kind: 'codes', codes }) : idle())}
              onCancel={idle}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function StartEnrolment({
  onStarted,
  onCancel,
}: {
  onStarted: (enrolment: EnrolmentStart) => void;
  onCancel: () => void;
}) {
  const [start] = useStartEnrolmentMutation();
  const submit = async (
    values: { current_password: string },
    { setErrors }: FormikHelpers<{ current_password: string }>,
  ) => {
    try {
      onStarted(await start(values).unwrap());
    } catch (error) {
      applyServerErrors(error, setErrors);
    }
  };
  return (
    <Formik initialValues={{ current_password: '' }} validate={validateStart} onSubmit={submit}>
      <Form noValidate>
        <Stack spacing={2}>
          <Typography>{M.enrolPasswordHelp}</Typography>
          <PasswordField
            name="current_password"
            label={LABELS.currentPassword}
            autoComplete="current-password"
            autoFocus
          />
          <Stack direction="row" spacing={1}>
            <SubmitButton>{M.start}</SubmitButton>
            <Button onClick={onCancel}>{M.cancel}</Button>
          </Stack>
        </Stack>
      </Form>
    </Formik>
  );
}

function ConfirmEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: EnrolmentStart;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [confirm] = useConfirmEnrolmentMutation();
  const notify = useNotify();
  const submit = async (values: { code: string }, { setErrors }: FormikHelpers<{ code: string }>) => {
    try {
      const answer = await confirm(enrolConfirmSchema.cast(values)).unwrap();
      notify.success(answer.message);
      onConfirmed(answer.recovery_codes);
    } catch (error) {
      applyServerErrors(error, setErrors);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography>{M.scanHelp}</Typography>
      <Box
        component="img"
        src={enrolment.qr_code}
        alt={M.qrAlt}
        sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, alignSelf: 'flex-start' }}
      />
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary" id="two-factor-secret-label">
          {M.secretLabel}
        </Typography>
        <Typography
          aria-labelledby="two-factor-secret-label"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', userSelect: 'all' }}
          data-testid="two-factor-secret"
        >
          {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
        </Typography>
      </Stack>
      <Formik initialValues={{ code: '' }} validate={validateConfirm} onSubmit={submit}>
        <Form noValidate>
          <Stack spacing={2}>
            <FormTextField name="code" label={M.code} autoComplete="one-time-code" />
            <Stack direction="row" spacing={1}>
              <SubmitButton>{M.confirm}</SubmitButton>
              <Button onClick={onCancel}>{M.cancel}</Button>
            </Stack>
          </Stack>
        </Form>
      </Formik>
    </Stack>
  );
}

function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const notify = useNotify();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    notify.success(M.codesCopied);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = M.codesFileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h3">
        {M.codesTitle}
      </Typography>
      <Alert severity="warning">{M.codesHelp}</Alert>
      <Box
        component="ul"
        aria-label={M.codesTitle}
        sx={{ fontFamily: 'monospace', columns: { xs: 1, sm: 2 }, m: 0, pl: 3 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" onClick={() => void copy()}>
          {M.copyCodes}
        </Button>
        <Button variant="outlined" onClick={download}>
          {M.downloadCodes}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {M.codesDone}
        </Button>
      </Stack>
    </Stack>
  );
}

function ProofForm({
  action,
  onDone,
  onCancel,
}: {
  action: 'regenerate' | 'disable';
  onDone: (codes?: string[]) => void;
  onCancel: () => void;
}) {
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const [disable] = useDisableTwoFactorMutation();
  const notify = useNotify();
  const submit = async (values: FactorProof, { setErrors }: FormikHelpers<FactorProof>) => {
    const proof = factorProofSchema.cast(values);
    const body = proof.code ? { code: proof.code } : { current_password: proof.current_password };
    try {
      if (action === 'regenerate') {
        const answer = await regenerate(body).unwrap();
        notify.success(answer.message);
        onDone(answer.recovery_codes);
      } else {
        notify.success((await disable(body).unwrap()).message);
        onDone();
      }
    } catch (error) {
      applyServerErrors(error, setErrors);
    }
  };
  return (
    <Formik<FactorProof>
      initialValues={{ current_password: '', code: '' }}
      validate={validateProof}
      onSubmit={submit}
    >
      <Form noValidate>
        <Stack spacing={2}>
          <Typography>{M.confirmWith}</Typography>
          <PasswordField
            name="current_password"
            label={LABELS.currentPassword}
            autoComplete="current-password"
            autoFocus
          />
          <FormTextField name="code" label={M.code} autoComplete="one-time-code" />
          <Stack direction="row" spacing={1}>
            <SubmitButton color={action === 'disable' ? 'error' : 'primary'}>
              {action === 'disable' ? M.disable : M.regenerate}
            </SubmitButton>
            <Button onClick={onCancel}>{M.cancel}</Button>
          </Stack>
        </Stack>
      </Form>
    </Formik>
  );
}
