import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useGetCompanySettingsQuery, useUpdateCompanySettingsMutation } from '../../../store/companyApi';
import { rememberCompanyTimeZone } from '../../components/resource/fields/companyZone';
import { useAuth } from '../../auth/AuthContext';
import { LoadingBlock } from '../../components/feedback/LoadingBlock';
import {
  applyServerErrors,
  FormActions,
  FormDraft,
  UnsavedChangesPrompt,
  validateWith,
} from '../../components/form';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { useNotify } from '../../hooks/useNotify';
import { en, success } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { hasPermission, PERMISSIONS } from '../../shared/permissions';
import {
  COMPANY_ITEM,
  COMPANY_LABELS,
  companySettingsSchema,
  type CompanySettings,
  type CompanySettingsInput,
} from '../../shared/resources/company';
import { ROUTES } from '../../shared/routes';
import { CompanyFields } from './CompanyFields';

type TextField = Exclude<keyof typeof COMPANY_LABELS, 'logo'>;
const TEXT_FIELDS = Object.keys(COMPANY_LABELS).filter((key) => key !== 'logo') as TextField[];

/** The form's values: text fields as strings ('' for none), the logo as a file id. */
export type CompanyValues = Record<TextField, string> & { logo: number | null; updated_at: string | null };

const validate = validateWith<CompanyValues>(companySettingsSchema);

export const toCompanyValues = (settings: CompanySettings): CompanyValues => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((key) => [key, settings[key] ?? ''])) as Record<TextField, string>),
  logo: settings.logo?.id ?? null,
  updated_at: settings.updated_at,
});

/** Every field is sent; an empty one clears it (null). */
export const toCompanyBody = (values: CompanyValues): CompanySettingsInput => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((key) => [key, values[key].trim() || null])) as Record<
    TextField,
    string | null
  >),
  logo: values.logo,
  updated_at: values.updated_at,
});

export type CompanyScreenProps = Record<string, never>;

/** The one company record (/setting/company): shown to settings.show, saved by settings.update. */
export function CompanyScreen(_props: CompanyScreenProps) {
  const { user } = useAuth();
  const { data, isLoading, isError } = useGetCompanySettingsQuery();
  const [update] = useUpdateCompanySettingsMutation();
  const notify = useNotify();
  const canSave = hasPermission(user?.permissions, PERMISSIONS.settingsUpdate);
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    { label: SETTINGS_MESSAGES.setting, disabled: true },
    { label: SETTINGS_MESSAGES.company },
  ]);

  const submit = async (values: CompanyValues, { setErrors, resetForm }: FormikHelpers<CompanyValues>) => {
    try {
      const { data: saved, message } = await update(toCompanyBody(values)).unwrap();
      notify.success(message || success.updated(COMPANY_ITEM));
      rememberCompanyTimeZone(saved.time_zone);
      resetForm({ values: toCompanyValues(saved) });
    } catch (error) {
      // The base query has toasted the message (a 409 included); a 422 also marks its fields.
      applyServerErrors(error, setErrors);
    }
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{SETTINGS_MESSAGES.company}</Typography>
      {isLoading && <LoadingBlock />}
      {!isLoading && isError && <Typography color="error">{en.serverError}</Typography>}
      {data && (
        <Card>
          <CardContent>
            <Formik initialValues={toCompanyValues(data)} validate={validate} onSubmit={submit}>
              {({ dirty, isSubmitting }) => (
                <Form noValidate>
                  <UnsavedChangesPrompt when={dirty && !isSubmitting} />
                  {canSave && <FormDraft formKey="company" />}
                  <Stack spacing={2}>
                    <CompanyFields logo={data.logo} disabled={!canSave} />
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
