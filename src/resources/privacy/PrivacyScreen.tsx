import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import {
  downloadPersonData,
  useErasePersonMutation,
  useLazyGetPrivacySummaryQuery,
} from '../../../store/privacyApi';
import { useAuth } from '../../auth/AuthContext';
import { FormTextField, SubmitButton, validateWith } from '../../components/form';
import { useDownload } from '../../components/resource/useDownload';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { useNotify } from '../../hooks/useNotify';
import { en, format } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { hasPermission, PERMISSIONS } from '../../shared/permissions';
import {
  PRIVACY_LABELS,
  privacyQuerySchema,
  type PrivacyFormat,
  type PrivacySummary,
} from '../../shared/resources/privacy';
import { ROUTES } from '../../shared/routes';

/** The erasure's confirmation: the address typed again before Erase is enabled. */
function EraseDialog({
  email,
  open,
  onClose,
  onErased,
}: {
  email: string;
  open: boolean;
  onClose: () => void;
  onErased: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [erase, { isLoading }] = useErasePersonMutation();
  const notify = useNotify();
  const same = typed.trim().toLowerCase() === email.toLowerCase();
  const confirm = async () => {
    try {
      const { message } = await erase({ email, confirm_email: typed }).unwrap();
      notify.success(message);
      onErased();
    } catch {
      // Toasted by the API slice.
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="erase-title" aria-describedby="erase-text">
      <DialogTitle id="erase-title">{format(PRIVACY_LABELS.eraseTitle, { email })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id="erase-text">{PRIVACY_LABELS.eraseBody}</DialogContentText>
          <TextField
            label={PRIVACY_LABELS.confirmEmail}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoFocus
            fullWidth
            size="small"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{en.cancel}</Button>
        <Button color="error" variant="contained" disabled={!same || isLoading} onClick={confirm}>
          {PRIVACY_LABELS.erase}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Held({ summary }: { summary: PrivacySummary }) {
  const rows: [string, string | number][] = [
    [PRIVACY_LABELS.messages, summary.messages],
    [PRIVACY_LABELS.replies, summary.replies],
    [PRIVACY_LABELS.subscription, summary.subscription ? PRIVACY_LABELS.yes : PRIVACY_LABELS.no],
    [PRIVACY_LABELS.auditEntries, summary.audit_entries],
  ];
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content auto', gap: '4px 16px', margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>
            <Typography component="span" color="text.secondary">
              {label}
            </Typography>
          </dt>
          <dd style={{ margin: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export type PrivacyScreenProps = Record<string, never>;

/**
 * /setting/privacy: for one e-mail address, what is held, exported as JSON or CSV (privacy.index),
 * or erased after the address is typed again (privacy.destroy). A staff user's address is not
 * erased here.
 */
export function PrivacyScreen(_props: PrivacyScreenProps) {
  const { user } = useAuth();
  const mayErase = hasPermission(user?.permissions, PERMISSIONS.privacyDestroy);
  const [find, { data: summary, isFetching }] = useLazyGetPrivacySummaryQuery();
  const [erasing, setErasing] = useState(false);
  const download = useDownload();
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    { label: SETTINGS_MESSAGES.setting, disabled: true },
    { label: PRIVACY_LABELS.title },
  ]);
  const held = summary && (summary.messages || summary.subscription || summary.audit_entries);
  const exportAs = (fileFormat: PrivacyFormat) =>
    summary && download.run(() => downloadPersonData(summary.email, fileFormat));

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{PRIVACY_LABELS.title}</Typography>
      <Card>
        <CardContent>
          <Formik
            initialValues={{ email: '' }}
            validate={validateWith(privacyQuerySchema)}
            onSubmit={async ({ email }) => {
              await find(email.trim());
            }}
          >
            <Form noValidate aria-label={PRIVACY_LABELS.title}>
              <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                  {PRIVACY_LABELS.intro}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
                  <FormTextField name="email" label={PRIVACY_LABELS.email} type="email" autoComplete="off" />
                  <SubmitButton>{PRIVACY_LABELS.find}</SubmitButton>
                </Stack>
              </Stack>
            </Form>
          </Formik>
        </CardContent>
      </Card>
      {summary && !isFetching && (
        <Card>
          <CardContent>
            <Stack spacing={2} aria-live="polite">
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {format(PRIVACY_LABELS.held, { email: summary.email })}
              </Typography>
              {held ? <Held summary={summary} /> : <Typography>{PRIVACY_LABELS.none}</Typography>}
              {summary.is_user && (
                <Typography color="text.secondary">{PRIVACY_LABELS.userAddress}</Typography>
              )}
              <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                <Button variant="outlined" disabled={download.busy} onClick={() => exportAs('json')}>
                  {PRIVACY_LABELS.exportJson}
                </Button>
                <Button variant="outlined" disabled={download.busy} onClick={() => exportAs('csv')}>
                  {PRIVACY_LABELS.exportCsv}
                </Button>
                {mayErase && !summary.is_user && held ? (
                  <Button variant="contained" color="error" onClick={() => setErasing(true)}>
                    {PRIVACY_LABELS.erase}
                  </Button>
                ) : null}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
      {summary && erasing && (
        <EraseDialog
          email={summary.email}
          open={erasing}
          onClose={() => setErasing(false)}
          onErased={() => {
            setErasing(false);
            void find(summary.email);
          }}
        />
      )}
    </Stack>
  );
}
