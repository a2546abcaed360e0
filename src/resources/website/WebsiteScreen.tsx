import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import {
  useCreateWebsiteKeyMutation,
  useListWebsiteKeysQuery,
  useRevokeWebsiteKeyMutation,
} from '../../../store/websiteApi';
import { useAuth } from '../../auth/AuthContext';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { LoadingBlock } from '../../components/feedback/LoadingBlock';
import { applyServerErrors, FormTextField, validateWith } from '../../components/form';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { useNotify } from '../../hooks/useNotify';
import { formatDateTime } from '../../shared/formats';
import { en, format } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { hasPermission, PERMISSIONS } from '../../shared/permissions';
import {
  WEBSITE_LABELS,
  websiteKeyCreateSchema,
  type CreatedWebsiteKey,
  type WebsiteKey,
} from '../../shared/resources/website';
import { ROUTES } from '../../shared/routes';

/** The create form: a name; the key comes back once and is shown until the screen is left. */
function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedWebsiteKey) => void }) {
  const [create] = useCreateWebsiteKeyMutation();
  const notify = useNotify();
  const submit = async (values: { name: string }, helpers: FormikHelpers<{ name: string }>) => {
    try {
      const { data } = await create(values).unwrap();
      notify.success(WEBSITE_LABELS.created);
      helpers.resetForm();
      onCreated(data);
    } catch (error) {
      applyServerErrors(error, helpers.setErrors);
    }
  };
  return (
    <Formik initialValues={{ name: '' }} validate={validateWith(websiteKeyCreateSchema)} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={WEBSITE_LABELS.create}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
            <FormTextField name="name" label={WEBSITE_LABELS.name} required />
            <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: { sm: 1 } }}>
              {WEBSITE_LABELS.create}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** The keys' table: name, prefix, created, last used, state, and Revoke for a live key. */
function KeysTable({ keys, canRevoke }: { keys: WebsiteKey[]; canRevoke: boolean }) {
  const [revoke, revoking] = useRevokeWebsiteKeyMutation();
  const notify = useNotify();
  const [asked, setAsked] = useState<WebsiteKey | null>(null);
  const confirm = async () => {
    if (!asked) return;
    try {
      await revoke(asked.id).unwrap();
      notify.success(WEBSITE_LABELS.revokedDone);
    } catch {
      notify.error(en.serverError);
    }
    setAsked(null);
  };
  if (keys.length === 0) return <Typography color="text.secondary">{WEBSITE_LABELS.noKeys}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={WEBSITE_LABELS.keys}>
        <TableHead>
          <TableRow>
            <TableCell>{WEBSITE_LABELS.name}</TableCell>
            <TableCell>{WEBSITE_LABELS.prefix}</TableCell>
            <TableCell>{WEBSITE_LABELS.createdAt}</TableCell>
            <TableCell>{WEBSITE_LABELS.lastUsed}</TableCell>
            <TableCell>{WEBSITE_LABELS.state}</TableCell>
            {canRevoke && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id}>
              <TableCell>{key.name}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{`${key.prefix}…`}</TableCell>
              <TableCell>{formatDateTime(key.created_at)}</TableCell>
              <TableCell>
                {key.last_used_at ? formatDateTime(key.last_used_at) : WEBSITE_LABELS.never}
              </TableCell>
              <TableCell>{key.revoked_at ? WEBSITE_LABELS.revoked : WEBSITE_LABELS.active}</TableCell>
              {canRevoke && (
                <TableCell>
                  {!key.revoked_at && (
                    <Button
                      color="error"
                      onClick={() => setAsked(key)}
                      aria-label={`${WEBSITE_LABELS.revoke} ${key.name}`}
                    >
                      {WEBSITE_LABELS.revoke}
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={asked !== null}
        title={WEBSITE_LABELS.revoke}
        text={format(WEBSITE_LABELS.revokeConfirm, { name: asked?.name ?? '' })}
        confirmLabel={WEBSITE_LABELS.revoke}
        busy={revoking.isLoading}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      />
    </TableContainer>
  );
}

export type WebsiteScreenProps = Record<string, never>;

/**
 * /setting/website: the website's read keys (website.index to see them, website.store to create
 * one, shown once; website.destroy to revoke). docs/website-api.md "Read keys".
 */
export function WebsiteScreen(_props: WebsiteScreenProps) {
  const { user } = useAuth();
  const { data, isLoading, isError } = useListWebsiteKeysQuery();
  const [created, setCreated] = useState<CreatedWebsiteKey | null>(null);
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    { label: SETTINGS_MESSAGES.setting, disabled: true },
    { label: WEBSITE_LABELS.title },
  ]);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{WEBSITE_LABELS.title}</Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {WEBSITE_LABELS.keys}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {WEBSITE_LABELS.keysIntro}
            </Typography>
            {hasPermission(user?.permissions, PERMISSIONS.websiteStore) && (
              <CreateKeyForm onCreated={setCreated} />
            )}
            {created && (
              <Alert severity="warning" onClose={() => setCreated(null)}>
                <Stack spacing={1}>
                  <span>{WEBSITE_LABELS.shownOnce}</span>
                  <TextField
                    label={`${created.name}: ${WEBSITE_LABELS.prefix}`}
                    value={created.key}
                    slotProps={{ input: { readOnly: true } }}
                    onFocus={(event) => event.target.select()}
                    fullWidth
                  />
                </Stack>
              </Alert>
            )}
            {isLoading && <LoadingBlock />}
            {!isLoading && isError && <Typography color="error">{en.serverError}</Typography>}
            {data && (
              <KeysTable
                keys={data.data}
                canRevoke={hasPermission(user?.permissions, PERMISSIONS.websiteDestroy)}
              />
            )}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
