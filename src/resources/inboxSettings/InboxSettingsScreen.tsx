import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik, type FormikHelpers } from 'formik';
import {
  useGetInboxBlockListQuery,
  useGetInboxSettingsQuery,
  useUpdateInboxBlockListMutation,
  useUpdateInboxSettingsMutation,
} from '../../../store/inboxSettingsApi';
import { useAuth } from '../../auth/AuthContext';
import { LoadingBlock } from '../../components/feedback/LoadingBlock';
import {
  applyServerErrors,
  FormActions,
  FormSelectField,
  FormTextField,
  UnsavedChangesPrompt,
  validateWith,
} from '../../components/form';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { useNotify } from '../../hooks/useNotify';
import { useResourceOptions } from '../../hooks/useResourceOptions';
import { STATUS } from '../../shared/contracts/account';
import { en, format } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { hasPermission, PERMISSIONS } from '../../shared/permissions';
import { SOURCE_LABELS, type Source } from '../../shared/resources/contactForms';
import {
  BLOCK_LIST_ITEM,
  BLOCK_LIST_KINDS,
  BLOCK_LIST_LABELS,
  blockLines,
  blockListFormSchema,
  INBOX_SETTINGS_ITEM,
  INBOX_SETTINGS_LABELS,
  type BlockList,
  type BlockListKind,
  type InboxSettings,
  type InboxSettingsInput,
} from '../../shared/resources/inboxSources';
import { replyTemplatesResource } from '../../shared/resources/replyTemplates';
import { ROUTES } from '../../shared/routes';

/** The form's values: per source the template's id ('' for none) and its service level ('' for none). */
interface InboxSettingsValues {
  sources: { source: Source; template: number | ''; service_level_days: string }[];
  updated_at: string | null;
}

const toValues = (settings: InboxSettings): InboxSettingsValues => ({
  sources: settings.sources.map((row) => ({
    source: row.source,
    template: row.acknowledgement_template?.id ?? '',
    service_level_days: row.service_level_days === null ? '' : String(row.service_level_days),
  })),
  updated_at: settings.updated_at,
});

const toBody = (values: InboxSettingsValues): InboxSettingsInput => ({
  sources: values.sources.map((row) => ({
    source: row.source,
    acknowledgement_template_id: row.template === '' ? null : row.template,
    service_level_days: row.service_level_days.trim() === '' ? null : Number(row.service_level_days),
  })),
  updated_at: values.updated_at,
});

type BlockListValues = Record<BlockListKind, string>;

const blockValues = (list: BlockList): BlockListValues => ({
  addresses: list.addresses.join('\n'),
  domains: list.domains.join('\n'),
  phrases: list.phrases.join('\n'),
});

const BLOCK_HINTS: Record<BlockListKind, string> = {
  addresses: BLOCK_LIST_LABELS.addressesHint,
  domains: BLOCK_LIST_LABELS.domainsHint,
  phrases: BLOCK_LIST_LABELS.phrasesHint,
};

/** The block list's card: three text areas, one entry per line, saved from the version loaded. */
function BlockListCard({ list, canSave }: { list: BlockList; canSave: boolean }) {
  const [update] = useUpdateInboxBlockListMutation();
  const notify = useNotify();
  const submit = async (
    values: BlockListValues,
    { setErrors, resetForm }: FormikHelpers<BlockListValues>,
  ) => {
    try {
      const { data: saved, message } = await update({
        addresses: blockLines('addresses', values.addresses),
        domains: blockLines('domains', values.domains),
        phrases: blockLines('phrases', values.phrases),
        updated_at: list.updated_at,
      }).unwrap();
      notify.success(message);
      resetForm({ values: blockValues(saved) });
    } catch (error) {
      applyServerErrors(error, setErrors);
    }
  };
  return (
    <Card>
      <CardContent>
        <Formik
          initialValues={blockValues(list)}
          validate={validateWith(blockListFormSchema)}
          onSubmit={submit}
        >
          {({ dirty, isSubmitting }) => (
            <Form noValidate aria-label={BLOCK_LIST_ITEM}>
              <UnsavedChangesPrompt when={dirty && !isSubmitting} />
              <Stack spacing={2}>
                <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                  {BLOCK_LIST_LABELS.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {BLOCK_LIST_LABELS.intro}
                </Typography>
                {BLOCK_LIST_KINDS.map((kind) => (
                  <FormTextField
                    key={kind}
                    name={kind}
                    label={BLOCK_LIST_LABELS[kind]}
                    helperText={BLOCK_HINTS[kind]}
                    multiline
                    minRows={3}
                    fullWidth
                    disabled={!canSave}
                  />
                ))}
                {canSave && <FormActions />}
              </Stack>
            </Form>
          )}
        </Formik>
      </CardContent>
    </Card>
  );
}

export type InboxSettingsScreenProps = Record<string, never>;

/**
 * /setting/inbox: per website form, the reply template mailed to the sender as an acknowledgement
 * (none by default). Shown to settings.show, saved by settings.update.
 */
export function InboxSettingsScreen(_props: InboxSettingsScreenProps) {
  const { user } = useAuth();
  const { data, isLoading, isError } = useGetInboxSettingsQuery();
  const blockList = useGetInboxBlockListQuery();
  const [update] = useUpdateInboxSettingsMutation();
  const notify = useNotify();
  const canSave = hasPermission(user?.permissions, PERMISSIONS.settingsUpdate);
  const templates = useResourceOptions(replyTemplatesResource).options;
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    { label: SETTINGS_MESSAGES.setting, disabled: true },
    { label: INBOX_SETTINGS_LABELS.title },
  ]);

  const submit = async (
    values: InboxSettingsValues,
    { setErrors, resetForm }: FormikHelpers<InboxSettingsValues>,
  ) => {
    try {
      const { data: saved, message } = await update(toBody(values)).unwrap();
      notify.success(message);
      resetForm({ values: toValues(saved) });
    } catch (error) {
      applyServerErrors(error, setErrors);
    }
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{INBOX_SETTINGS_LABELS.title}</Typography>
      {isLoading && <LoadingBlock />}
      {!isLoading && isError && <Typography color="error">{en.serverError}</Typography>}
      {data && (
        <Card>
          <CardContent>
            <Formik initialValues={toValues(data)} onSubmit={submit}>
              {({ dirty, isSubmitting, values }) => (
                <Form noValidate aria-label={INBOX_SETTINGS_ITEM}>
                  <UnsavedChangesPrompt when={dirty && !isSubmitting} />
                  <Stack spacing={2}>
                    <Typography variant="body2" color="text.secondary">
                      {INBOX_SETTINGS_LABELS.intro}
                    </Typography>
                    {values.sources.map((row, index) => {
                      const chosen = templates?.find((option) => option.id === row.template);
                      return (
                        <Stack
                          key={row.source}
                          direction={{ xs: 'column', sm: 'row' }}
                          spacing={2}
                          alignItems={{ sm: 'flex-start' }}
                        >
                          <FormSelectField
                            name={`sources[${index}].template`}
                            label={format('{source}: {what}', {
                              source: SOURCE_LABELS[row.source],
                              what: INBOX_SETTINGS_LABELS.acknowledgement,
                            })}
                            disabled={!canSave}
                          >
                            <MenuItem value="">{INBOX_SETTINGS_LABELS.none}</MenuItem>
                            {(templates ?? [])
                              .filter((option) => option.status === STATUS.active || option.id === chosen?.id)
                              .map((option) => (
                                <MenuItem key={option.id} value={option.id}>
                                  {option.name}
                                </MenuItem>
                              ))}
                            {row.template !== '' && !chosen && (
                              <MenuItem value={row.template}>
                                {data.sources[index]?.acknowledgement_template?.name ?? String(row.template)}
                              </MenuItem>
                            )}
                          </FormSelectField>
                          <FormTextField
                            name={`sources[${index}].service_level_days`}
                            label={format('{source}: {what}', {
                              source: SOURCE_LABELS[row.source],
                              what: INBOX_SETTINGS_LABELS.serviceLevel,
                            })}
                            helperText={INBOX_SETTINGS_LABELS.serviceLevelHint}
                            type="number"
                            disabled={!canSave}
                          />
                        </Stack>
                      );
                    })}
                    {canSave && <FormActions />}
                  </Stack>
                </Form>
              )}
            </Formik>
          </CardContent>
        </Card>
      )}
      {blockList.data && (
        <BlockListCard key={blockList.data.updated_at ?? 'new'} list={blockList.data} canSave={canSave} />
      )}
    </Stack>
  );
}
