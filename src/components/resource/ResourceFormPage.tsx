import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { Form, Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { useNotify } from '../../hooks/useNotify';
import { en, success } from '../../shared/messages';
import { addTitle } from '../../shared/messages/formTitles';
import { hasPermission } from '../../shared/permissions';
import { can, hasAction, type WriteResponse } from '../../shared/resources/resource';
import { menuSection } from '../../shared/menu';
import { ROUTES, itemPath } from '../../shared/routes';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { LoadingBlock } from '../feedback/LoadingBlock';
import { NotFoundPage } from '../feedback/MessagePage';
import { applyServerErrors, FormActions, isApiError, UnsavedChangesPrompt, validateWith } from '../form';
import { FormDraft } from '../form/FormDraft';
import type { ListReturnState } from './cells';
import { AuditSummary, isAudited } from './fields/AuditSummary';
import { FormPageBack, FormPageHeader, LoadErrorAlert, StaleItemAlert } from './formPageParts';
import { HistoryPanel } from './history/HistoryPanel';
import { useUndo } from './history/useUndo';
import { useRecordId } from './useRecordId';
import type {
  FormSchema,
  FormValues,
  ItemQueryResult,
  MutationHook,
  ResourceFormPageProps,
  SaveConfirmation,
} from './types';

const noItem = (): ItemQueryResult<never> => ({ isLoading: false, refetch: () => undefined });
const noCreate: MutationHook<unknown, WriteResponse<never>> = () => [
  () => ({ unwrap: () => Promise.reject(new Error('No create')) }),
  { isLoading: false },
];
const noDelete: MutationHook<number, WriteResponse<never>> = () => [
  () => ({ unwrap: () => Promise.reject(new Error('No delete')) }),
  { isLoading: false },
];

const FIELDSET = { border: 0, m: 0, p: 0, minWidth: 0 } as const;

/** The schema the form's values are checked with: the page adds `updated_at`, so the form never holds it. */
const pickSchema = (schema: FormSchema, isNew: boolean) => {
  const picked = 'fields' in schema ? schema : isNew ? schema.create : schema.update;
  if (!picked) return undefined;
  return 'updated_at' in picked.fields ? picked.omit(['updated_at']) : picked;
};

/** The list to return to: the one the user came from (its page, sort and filters), else `listPath`. */
function useListReturn(listPath: string): string {
  const { state } = useLocation() as { state: Partial<ListReturnState> | null };
  const from = state?.from;
  return typeof from === 'string' && (from === listPath || from.startsWith(`${listPath}?`)) ? from : listPath;
}

/**
 * One page for a resource's add (no `id`) and detail (`id`, default the route's): loads the item,
 * validates with the contract's schema, saves (create → the new item's page; update with the loaded
 * `updated_at`), deletes after the confirmation, puts a 422 on its fields, offers a reload after a
 * 409, warns before leaving unsaved changes, and is read-only without the update permission. Its
 * title, list path, breadcrumbs and schema come from the contract unless given; Cancel, Back and
 * the list breadcrumb return to the list as the user left it.
 */
export function ResourceFormPage<
  T extends { id: number; updated_at?: string | null },
  Values extends FormValues,
  Body extends object,
>(props: ResourceFormPageProps<T, Values, Body>) {
  const routeId = useRecordId();
  const id = 'id' in props ? props.id : routeId;
  // A new record (or another one) starts the page afresh.
  return <FormPage key={id ?? 'add'} {...props} id={id} />;
}

function FormPage<
  T extends { id: number; updated_at?: string | null },
  Values extends FormValues,
  Body extends object,
>({
  contract,
  title,
  listPath = contract.route,
  listTitle = contract.item,
  id,
  useGet,
  useCreate = noCreate as MutationHook<Body, WriteResponse<T>>,
  useUpdate,
  useDelete,
  schema = contract.input as FormSchema,
  initialValues,
  toBody,
  children,
  canEdit,
  section = menuSection(contract.route),
  crumb = (item) => String((item as Record<string, unknown> | undefined)?.[contract.titleField] ?? ''),
  canDelete,
  confirmSave,
  card = true,
}: ResourceFormPageProps<T, Values, Body>) {
  const isNew = id === undefined;
  // A detail route whose id is no record id (`/product/abc`) is a page that does not exist.
  const badId = !isNew && !(Number.isSafeInteger(id) && id > 0);
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const { user } = useAuth();
  const may = (action: 'index' | 'store' | 'update' | 'destroy') =>
    hasPermission(user?.permissions, can(contract, action));
  const readOnly = !(canEdit ?? may(isNew ? 'store' : 'update'));

  const listReturn = useListReturn(listPath);
  const useItem = useGet ?? noItem;
  const { data: item, isLoading, error, refetch } = useItem(id ?? 0, { skip: isNew || badId });
  // The screen is named for what it shows: "Add brand", or the record's name (H1, crumb, document title).
  const lastCrumb = isNew ? addTitle(contract) : crumb(item) || contract.item;
  const screenTitle = title ?? lastCrumb;
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    ...(section && section !== listTitle ? [{ label: section, disabled: true }] : []),
    { label: listTitle, path: listReturn },
    { label: lastCrumb },
  ]);
  const [create] = useCreate();
  const [update] = useUpdate();
  const useRemove = useDelete ?? noDelete;
  const [remove, { isLoading: deleting }] = useRemove();
  const [confirming, setConfirming] = useState(false);
  // A save waiting for the user's yes (confirmSave), with what it would save.
  const [asking, setAsking] = useState<{
    request: SaveConfirmation;
    values: Values;
    helpers: FormikHelpers<Values>;
  } | null>(null);
  const [stale, setStale] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [historyOpen, setHistoryOpen] = useState(false);
  const undo = useUndo();

  const toList = () => navigate(listReturn);
  const back = () => (location.key === 'default' ? toList() : navigate(-1));

  if (badId) return <NotFoundPage />;
  if (!isNew && isLoading) return <LoadingBlock />;
  if (!isNew && isApiError(error) && error.status === 404) return <NotFoundPage />;
  if (!isNew && !item)
    return error ? <LoadErrorAlert error={error} onRetry={() => void refetch()} /> : <LoadingBlock />;

  const submit = async (values: Values, { setErrors, resetForm }: FormikHelpers<Values>) => {
    setStale(false);
    try {
      if (isNew || !item) {
        const { data, message } = await create(toBody(values)).unwrap();
        notify.success(message || success.created(contract.item));
        resetForm({ values });
        // After create, the new item's own page (`<list>/<id>`), where it can be edited further.
        navigate(itemPath(listPath, data.id), { state: location.state });
      } else {
        const body = { ...toBody(values), id: item.id, updated_at: item.updated_at ?? '' };
        const { data, message } = await update(body).unwrap();
        notify.success(message || success.updated(contract.item));
        resetForm({ values: initialValues(data) });
      }
    } catch (failure) {
      if (!applyServerErrors(failure, setErrors) && isApiError(failure) && failure.status === 409)
        setStale(true);
    }
  };

  const askThenSubmit = (values: Values, helpers: FormikHelpers<Values>) => {
    const request = confirmSave?.(values);
    if (!request) return submit(values, helpers);
    // Formik waits for a returned promise only: the form is not busy while the question is open.
    helpers.setSubmitting(false);
    setAsking({ request, values, helpers });
    return undefined;
  };

  const confirmedSave = async () => {
    if (!asking) return;
    const { values, helpers } = asking;
    setAsking(null);
    helpers.setSubmitting(true);
    try {
      await submit(values, helpers);
    } finally {
      helpers.setSubmitting(false);
    }
  };

  const confirmDelete = async (formik: FormikProps<Values>) => {
    if (!item) return;
    try {
      const { message } = await remove(item.id).unwrap();
      setConfirming(false);
      // Undo puts it back from the deleted records (a restore).
      undo.deleted(contract, [item.id], message || success.deleted(contract.item));
      // A dirty form would ask before leaving; the item is gone, so there is nothing to keep.
      formik.resetForm();
      toList();
    } catch {
      setConfirming(false);
    }
  };

  const formSchema = pickSchema(schema, isNew);
  const validator = formSchema ? validateWith<Values>(formSchema) : undefined;

  const reload = () => {
    setStale(false);
    setReloads((count) => count + 1);
    void refetch();
  };

  return (
    <Formik<Values>
      // A new version of the item (saved here, or reloaded after a 409) starts the form afresh.
      key={item ? `${item.id}:${item.updated_at ?? ''}:${reloads}` : 'new'}
      initialValues={initialValues(item)}
      validate={validator}
      onSubmit={askThenSubmit}
    >
      {(formik) => (
        <Form noValidate>
          <UnsavedChangesPrompt when={formik.dirty && !formik.isSubmitting && !deleting} />
          {!readOnly && <FormDraft formKey={`${contract.key}:${id ?? 'new'}`} />}
          <Stack spacing={2}>
            <FormPageHeader
              title={screenTitle}
              onDelete={
                !isNew && useDelete && may('destroy') && (!item || (canDelete?.(item) ?? true))
                  ? () => setConfirming(true)
                  : undefined
              }
            />
            {stale && <StaleItemAlert item={contract.item} onReload={reload} />}
            {card ? (
              <Card>
                <CardContent>
                  <Box component="fieldset" disabled={readOnly} sx={FIELDSET}>
                    <Stack spacing={2.5}>{children(formik, { item, readOnly, isNew })}</Stack>
                  </Box>
                </CardContent>
              </Card>
            ) : (
              <Box component="fieldset" disabled={readOnly} sx={FIELDSET}>
                {children(formik, { item, readOnly, isNew })}
              </Box>
            )}
            {isAudited(item) && <AuditSummary item={item} />}
            {readOnly ? (
              <Stack direction="row" justifyContent="flex-end">
                <FormPageBack onBack={back} />
              </Stack>
            ) : (
              <FormActions onBack={back} onCancel={toList} />
            )}
            {item && may('index') && (
              <HistoryPanel
                expanded={historyOpen}
                onExpandedChange={setHistoryOpen}
                contract={contract}
                id={item.id}
                updatedAt={item.updated_at}
                canRestore={!readOnly && hasAction(contract, 'update') && may('update')}
                dirty={formik.dirty}
                onRestored={() => {
                  // The restored record arrives through the item's cache tag; the edits are dropped.
                  formik.resetForm();
                  reload();
                }}
              />
            )}
          </Stack>
          <ConfirmDialog
            open={confirming}
            busy={deleting}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void confirmDelete(formik)}
          />
          <ConfirmDialog
            open={asking !== null}
            title={asking?.request.title}
            text={asking?.request.text}
            confirmLabel={en.save}
            confirmColor="primary"
            onCancel={() => setAsking(null)}
            onConfirm={() => void confirmedSave()}
          />
        </Form>
      )}
    </Formik>
  );
}
