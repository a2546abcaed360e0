import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import MenuItem from '@mui/material/MenuItem';
import {
  useLazyGetReplyDraftQuery,
  useListContactRepliesQuery,
  useSendContactReplyMutation,
} from '../../../store/contactFormsApi';
import {
  applyServerErrors,
  FormDraft,
  FormTextField,
  SubmitButton,
  UnsavedChangesPrompt,
  validateWith,
} from '../../components/form';
import { LoadErrorAlert } from '../../components/resource/formPageParts';
import { useNotify } from '../../hooks/useNotify';
import { useResourceOptions } from '../../hooks/useResourceOptions';
import { STATUS } from '../../shared/contracts/account';
import { formatDateTime } from '../../shared/formats';
import { format } from '../../shared/messages';
import type { ContactForm } from '../../shared/resources/contactForms';
import {
  contactReplyInputSchema,
  REPLY_LABELS,
  REPLY_STATE_LABELS,
  replySubject,
  type ContactReply,
  type ReplyState,
} from '../../shared/resources/contactReplies';
import { replyTemplatesResource } from '../../shared/resources/replyTemplates';

interface ReplyValues {
  /** The chosen template's id, '' for none. */
  template: number | '';
  /** The chosen template's subject, filled in ('' without a template: "Re: " and the message's). */
  subject: string;
  body: string;
}

const STATE_COLORS = { queued: 'default', sent: 'success', failed: 'error' } as const;

/** While a reply is still queued, the thread is read again this often to show its delivery. */
const QUEUED_POLL_MS = 3000;

function ReplyStateChip({ state }: { state: ReplyState }) {
  return (
    <Chip size="small" variant="outlined" label={REPLY_STATE_LABELS[state]} color={STATE_COLORS[state]} />
  );
}

/** One entry of the thread: who wrote, when, and the text (and a reply's delivery). */
function Entry({
  who,
  when,
  text,
  reply,
}: {
  who: string;
  when: string;
  text: string;
  reply?: ContactReply;
}) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        borderLeft: 3,
        borderColor: reply ? 'primary.main' : 'divider',
        pl: 2,
        py: 0.5,
      }}
    >
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="subtitle2" component="h3">
          {who}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(reply?.sent_at ?? when)}
        </Typography>
        {reply && <ReplyStateChip state={reply.state} />}
      </Stack>
      {reply && reply.state === 'queued' && reply.attempts > 0 && (
        <Typography variant="body2" color="text.secondary">
          {format(REPLY_LABELS.attempts, { count: reply.attempts })}
        </Typography>
      )}
      <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}

export interface ContactRepliesProps {
  item: ContactForm;
  /** Whether the user may reply (the inbox's update permission). */
  mayReply: boolean;
}

/**
 * The conversation of a contact message: the message, then each reply with its sender, time and
 * delivery state; below it, the reply form (plain text, sent by mail from the company). A message
 * marked as Spam gets no reply.
 */
export function ContactReplies({ item, mayReply }: ContactRepliesProps) {
  const notify = useNotify();
  const { data: replies, error, refetch } = useListContactRepliesQuery(item.id);
  const queued = replies?.some((reply) => reply.state === 'queued') ?? false;
  useListContactRepliesQuery(item.id, { pollingInterval: queued ? QUEUED_POLL_MS : 0, skip: !queued });
  const [send] = useSendContactReplyMutation();
  const [fetchDraft] = useLazyGetReplyDraftQuery();
  const templates = useResourceOptions(replyTemplatesResource).options?.filter(
    (option) => option.status === undefined || option.status === STATUS.active,
  );
  const initialValues: ReplyValues = { template: '', subject: '', body: '' };

  return (
    <Card variant="outlined" component="section" aria-labelledby="contact-thread-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id="contact-thread-title">
            {REPLY_LABELS.thread}
          </Typography>
          {error ? <LoadErrorAlert error={error} onRetry={refetch} /> : null}
          <Stack component="ol" spacing={2} sx={{ m: 0, p: 0 }}>
            <Entry who={`${item.name} <${item.email}>`} when={item.created_at} text={item.message} />
            {(replies ?? []).map((reply) => (
              <Entry
                key={reply.id}
                who={
                  reply.kind === 'acknowledgement'
                    ? `${reply.sender_name} · ${REPLY_LABELS.acknowledgement}`
                    : (reply.sender?.name ?? reply.sender_name)
                }
                when={reply.created_at}
                text={reply.body}
                reply={reply}
              />
            ))}
          </Stack>
          {replies && replies.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {REPLY_LABELS.noReplies}
            </Typography>
          )}
          {mayReply && item.state === 'spam' && (
            <Typography variant="body2" color="text.secondary">
              {REPLY_LABELS.spamRefused}
            </Typography>
          )}
          {mayReply && item.state !== 'spam' && (
            <Formik
              initialValues={initialValues}
              validate={validateWith(contactReplyInputSchema.pick(['body']))}
              onSubmit={async (values, { setErrors, resetForm }) => {
                try {
                  const answer = await send({
                    id: item.id,
                    template_id: values.template === '' ? null : values.template,
                    body: values.body.trim(),
                  }).unwrap();
                  resetForm();
                  notify.success(answer.message);
                } catch (failure) {
                  applyServerErrors(failure, setErrors);
                }
              }}
            >
              {({ dirty, isSubmitting, values, errors, setValues, setFieldError }) => (
                <Form noValidate aria-label={REPLY_LABELS.reply}>
                  <Stack spacing={2}>
                    <FormDraft formKey={`contactReply:${item.id}`} />
                    <UnsavedChangesPrompt when={dirty && !isSubmitting} />
                    {templates && templates.length > 0 && (
                      <TextField
                        select
                        id={`reply-template-${item.id}`}
                        name="template"
                        label={REPLY_LABELS.template}
                        value={values.template}
                        error={Boolean(errors.template)}
                        helperText={errors.template}
                        onChange={async (event) => {
                          const template = event.target.value === '' ? '' : Number(event.target.value);
                          if (template === '') {
                            await setValues({ ...values, template, subject: '' });
                            return;
                          }
                          try {
                            const draft = await fetchDraft({ id: item.id, template }).unwrap();
                            await setValues({ template, subject: draft.subject, body: draft.body });
                          } catch {
                            setFieldError('template', REPLY_LABELS.templateGone);
                          }
                        }}
                      >
                        <MenuItem value="">{REPLY_LABELS.noTemplate}</MenuItem>
                        {templates.map((template) => (
                          <MenuItem key={template.id} value={template.id}>
                            {template.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                    <Typography variant="body2">
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {REPLY_LABELS.subject}:{' '}
                      </Box>
                      {values.subject || replySubject(item.subject)}
                    </Typography>
                    <FormTextField name="body" label={REPLY_LABELS.body} multiline minRows={5} fullWidth />
                    <Box>
                      <SubmitButton>{REPLY_LABELS.send}</SubmitButton>
                    </Box>
                  </Stack>
                </Form>
              )}
            </Formik>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
