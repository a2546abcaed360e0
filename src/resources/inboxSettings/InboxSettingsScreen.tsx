import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useGetInboxSettingsQuery, useUpdateInboxSettingsMutation } from '../../../store/inboxSettingsApi';
import { useAuth } from '../../auth/AuthContext';
import { LoadingBlock } from '../../components/feedback/LoadingBlock';
import { applyServerErrors, FormActions, FormSelectField, UnsavedChangesPrompt } from '../../components/form';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { useNotify } from '../../hooks/useNotify';
import { useResourceOptions } from '../../hooks/useResourceOptions';
import { STATUS } from '../../shared/contracts/account';
import { en, format } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { hasPermission, PERMISSIONS } from '../../shared/permissions';
import { SOURCE_LABELS, type Source } from '../../shared/resources/contactForms';
import {
  INBOX_SETTINGS_ITEM,
  INBOX_SETTINGS_LABELS,
  type InboxSettings,
  type InboxSettingsInput,
} from '../../shared/resources/inboxSources';
import { replyTemplatesResource } from '../../shared/resources/replyTemplates';
import { ROUTES } from '../../shared/routes';

/** The form's values: per source the template's id ('' for none). */
interface InboxSettingsValues {
  sources: { source: Source; template: number | '' }[];
  updated_at: string | null;
}

const toValues = (settings: InboxSettings): InboxSettingsValues => ({
  sources: settings.sources.map((row) => ({
    source: row.source,
    template: row.acknowledgement_template?.id ?? '',
  })),
  updated_at: settings.updated_at,
});

const toBody = (values: InboxSettingsValues): InboxSettingsInput => ({
  sources: values.sources.map((row) => ({
    source: row.source,
    acknowledgement_template_id: row.template === '' ? null : row.template,
  })),
  updated_at: values.updated_at,
});

export type InboxSettingsScreenProps = Record<string, never>;

/**
 * /setting/inbox: per website form, the reply template mailed to the sender as an acknowledgement
 * (none by default). Shown to settings.show, saved by settings.update.
 */
export function InboxSettingsScreen(_props: InboxSettingsScreenProps) {
  const { user } = useAuth();
  const { data, isLoading, isError } = useGetInboxSettingsQuery();
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
                        <FormSelectField
                          key={row.source}
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
    </Stack>
  );
}
