import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ReportIcon from '@mui/icons-material/Report';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import {
  useDeleteContactFormMutation,
  useGetContactFormQuery,
  useMarkNotSpamMutation,
  useUpdateContactFormMutation,
} from '../../../store/contactFormsApi';
import { useAuth } from '../../auth/AuthContext';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { LoadingBlock } from '../../components/feedback/LoadingBlock';
import { NotFoundPage } from '../../components/feedback/MessagePage';
import { FormTextField, isApiError, SubmitButton, validateWith } from '../../components/form';
import { FormPageHeader, LoadErrorAlert } from '../../components/resource/formPageParts';
import { useRecordId } from '../../components/resource/useRecordId';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { useNotify } from '../../hooks/useNotify';
import { formatDisplayDate } from '../../shared/formats';
import { menuSection } from '../../shared/menu';
import { en, LABELS, success } from '../../shared/messages';
import { hasPermission } from '../../shared/permissions';
import {
  CONTACT_LABELS,
  contactFormsResource,
  contactFormsUpdateSchema,
  SOURCE_LABELS,
  SPAM_REASON_LABELS,
  type ContactState,
  type SpamReason,
} from '../../shared/resources/contactForms';
import { can } from '../../shared/resources/resource';
import { itemPath, ROUTES } from '../../shared/routes';
import { AssigneeSelect } from './AssigneeSelect';
import { ContactReplies } from './ContactReplies';
import { DueText } from './DueText';
import { ContactStateChip } from './ContactStateChip';

const noteSchema = yup.object({ note: contactFormsUpdateSchema.fields.note });

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/** Why the form filed the message as Spam, each reason in words (kept after "Not spam"). */
function SpamReasons({ reasons, spam }: { reasons: SpamReason[]; spam: boolean }) {
  if (!reasons.length) return null;
  return (
    <Alert severity={spam ? 'warning' : 'info'} role="note">
      <Typography component="p" variant="body2" sx={{ fontWeight: 500 }}>
        {spam ? CONTACT_LABELS.spamBecause : CONTACT_LABELS.wasSpamBecause}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {reasons.map((reason) => (
          <li key={reason}>{SPAM_REASON_LABELS[reason]}</li>
        ))}
      </Box>
    </Alert>
  );
}

export type ContactFormDetailScreenProps = Record<string, never>;

/**
 * /inbox/contact-form/{id}: the message in full and its conversation. Opening a New one marks it
 * Read; staff reply by mail from the product (the message moves to Replied), mark it Replied or
 * Spam (or back to unread), keep an internal note, or delete it. The message itself is never edited.
 */
export function ContactFormDetailScreen(_props: ContactFormDetailScreenProps) {
  const id = useRecordId();
  const { user } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const { state: navState } = useLocation() as { state: { from?: string } | null };
  const listPath =
    typeof navState?.from === 'string' && navState.from.startsWith(ROUTES.contactForms)
      ? navState.from
      : ROUTES.contactForms;
  const {
    data: item,
    isLoading,
    isFetching,
    error,
    refetch,
  } = useGetContactFormQuery(id ?? 0, {
    skip: !id,
  });
  const [update, { isLoading: saving }] = useUpdateContactFormMutation();
  const [remove, { isLoading: deleting }] = useDeleteContactFormMutation();
  const [markNotSpam, { isLoading: unspamming }] = useMarkNotSpamMutation();
  const [asking, setAsking] = useState(false);
  // A change waits while another is saved or the message reloads: it would carry a version the
  // server no longer has (opening a New message marks it Read) and be refused as stale.
  const busy = saving || isFetching;
  const mayUpdate = hasPermission(user?.permissions, can(contactFormsResource, 'update'));
  const mayDelete = hasPermission(user?.permissions, can(contactFormsResource, 'destroy'));
  const section = menuSection(ROUTES.contactForms);

  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    ...(section ? [{ label: section, disabled: true }] : []),
    { label: contactFormsResource.item, path: listPath },
    { label: item?.subject ?? '' },
  ]);

  const change = async (state: ContactState, note = item?.note ?? null, quiet = false) => {
    if (!item) return false;
    try {
      await update({ id: item.id, state, note, updated_at: item.updated_at }).unwrap();
      if (!quiet) notify.success(success.updated(contactFormsResource.item));
      return true;
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) refetch();
      return false;
    }
  };

  // Opening a New message marks it Read, once.
  const marked = useRef(false);
  useEffect(() => {
    if (item && item.state === 'new' && mayUpdate && !marked.current) {
      marked.current = true;
      void change('read', item.note, true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per loaded message
  }, [item?.id, item?.state, mayUpdate]);

  if (!id) return <NotFoundPage />;
  if (isLoading) return <LoadingBlock />;
  if (isApiError(error) && error.status === 404) return <NotFoundPage />;
  if (error || !item) return <LoadErrorAlert error={error} onRetry={refetch} />;

  const notSpam = async () => {
    try {
      const { message } = await markNotSpam(item.id).unwrap();
      notify.success(message);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) refetch();
    }
  };

  const confirmDelete = async () => {
    try {
      await remove(item.id).unwrap();
      notify.success(success.deleted(contactFormsResource.item));
      navigate(listPath);
    } catch {
      setAsking(false);
    }
  };

  return (
    <Stack spacing={2}>
      <FormPageHeader title={item.subject} onDelete={mayDelete ? () => setAsking(true) : undefined} />
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <ContactStateChip state={item.state} />
              <Typography variant="body2" color="text.secondary">
                {CONTACT_LABELS.received} {formatDisplayDate(item.created_at)}
              </Typography>
            </Stack>
            <SpamReasons reasons={item.spam_reasons ?? []} spam={item.state === 'spam'} />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              <Detail label={CONTACT_LABELS.sender}>{item.name}</Detail>
              <Detail label={LABELS.email}>
                <Link href={`mailto:${item.email}`}>{item.email}</Link>
              </Detail>
              <Detail label={LABELS.phoneNumber}>
                {item.phone_number ? <Link href={`tel:${item.phone_number}`}>{item.phone_number}</Link> : '—'}
              </Detail>
              <Detail label={CONTACT_LABELS.source}>{SOURCE_LABELS[item.source]}</Detail>
              <Detail label={CONTACT_LABELS.assignee}>{item.assignee?.name ?? CONTACT_LABELS.nobody}</Detail>
              <Detail label={CONTACT_LABELS.due}>
                <DueText item={item} />
              </Detail>
              <Detail label={CONTACT_LABELS.product}>
                {item.product ? (
                  <Link component={RouterLink} to={itemPath(ROUTES.products, item.product.id)}>
                    {item.product.name}
                  </Link>
                ) : (
                  '—'
                )}
              </Detail>
            </Box>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="center">
              {mayUpdate && <AssigneeSelect item={item} onStale={refetch} disabled={busy} />}
              {mayUpdate && item.state !== 'replied' && (
                <Button
                  variant="outlined"
                  startIcon={<DoneAllIcon />}
                  disabled={busy}
                  onClick={() => change('replied')}
                >
                  {CONTACT_LABELS.markReplied}
                </Button>
              )}
              {mayUpdate && item.state !== 'spam' && (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<ReportIcon />}
                  disabled={busy}
                  onClick={() => change('spam')}
                >
                  {CONTACT_LABELS.markSpam}
                </Button>
              )}
              {mayUpdate && item.state === 'spam' && (
                <Button
                  variant="outlined"
                  startIcon={<MarkEmailUnreadIcon />}
                  disabled={busy || unspamming}
                  onClick={notSpam}
                >
                  {CONTACT_LABELS.notSpam}
                </Button>
              )}
              {mayUpdate && item.state !== 'new' && item.state !== 'spam' && (
                <Button
                  variant="text"
                  startIcon={<MarkEmailUnreadIcon />}
                  disabled={busy}
                  onClick={() => change('new')}
                >
                  {CONTACT_LABELS.markNew}
                </Button>
              )}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <ContactReplies item={item} mayReply={mayUpdate} />
      <Card variant="outlined">
        <CardContent>
          <Formik
            key={item.updated_at}
            initialValues={{ note: item.note ?? '' }}
            validate={validateWith(noteSchema)}
            onSubmit={async (values) => {
              await change(item.state, values.note.trim() || null);
            }}
          >
            <Form noValidate>
              <Stack spacing={2}>
                <FormTextField
                  name="note"
                  label={CONTACT_LABELS.note}
                  multiline
                  minRows={3}
                  fullWidth
                  disabled={!mayUpdate}
                />
                <Stack direction="row" spacing={1}>
                  <Button variant="outlined" component={RouterLink} to={listPath}>
                    {en.back}
                  </Button>
                  {mayUpdate && <SubmitButton>{CONTACT_LABELS.saveNote}</SubmitButton>}
                </Stack>
              </Stack>
            </Form>
          </Formik>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={asking}
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
