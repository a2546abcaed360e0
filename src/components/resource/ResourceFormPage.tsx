import { useState, type ReactNode } from 'react';
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

type Item = { id: number; updated_at?: string | null };

/** A save waiting for the user's yes (confirmSave), with what it would save. */
interface PendingSave<Values> {
  request: SaveConfirmation;
  values: Values;
  helpers: FormikHelpers<Values>;
}

/**
 * Saving: create → the new item's page; update with the loaded `updated_at`; a 422 on the fields, a
 * 409 shown as stale; a save the page must ask about first (confirmSave) waits for the yes.
 */
function useFormSave<T extends Item, Values extends FormValues, Body extends object>(
  props: ResourceFormPageProps<T, Values, Body>,
  { item, isNew, listPath }: { item: T | undefined; isNew: boolean; listPath: string },
) {
  const { contract, toBody, initialValues, confirmSave } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [create] = (props.useCreate ?? (noCreate as MutationHook<Body, WriteResponse<T>>))();
  const [update] = props.useUpdate();
  const [asking, setAsking] = useState<PendingSave<Values> | null>(null);
  const [stale, setStale] = useState(false);

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

  return { askThenSubmit, confirmedSave, asking, cancelSave: () => setAsking(null), stale, setStale };
}

/** Deleting after the confirmation, with an Undo toast that restores it; then back to the list. */
function useFormDelete<T extends Item>(
  contract: ResourceFormPageProps<T, FormValues, object>['contract'],
  useDelete: MutationHook<number, WriteResponse<T>> | undefined,
  { item, toList }: { item: T | undefined; toList: () => void },
) {
  const [remove, { isLoading: deleting }] = (useDelete ?? noDelete)();
  const [confirming, setConfirming] = useState(false);
  const undo = useUndo();

  const confirmDelete = async (formik: FormikProps<FormValues>) => {
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

  return { deleting, confirming, setConfirming, confirmDelete };
}

/** The resource's fields, disabled together when read-only; in a card unless they lay out their own. */
function FormFields({ card, readOnly, children }: { card: boolean; readOnly: boolean; children: ReactNode }) {
  const fieldset = (
    <Box component="fieldset" disabled={readOnly} sx={FIELDSET}>
      {card ? <Stack spacing={2.5}>{children}</Stack> : children}
    </Box>
  );
  return card ? (
    <Card>
      <CardContent>{fieldset}</CardContent>
    </Card>
  ) : (
    fieldset
  );
}

/** Back only when read-only; else Back, Cancel and Save. */
function FormFooter({
  readOnly,
  onBack,
  onCancel,
}: {
  readOnly: boolean;
  onBack: () => void;
  onCancel: () => void;
}) {
  return readOnly ? (
    <Stack direction="row" justifyContent="flex-end">
      <FormPageBack onBack={onBack} />
    </Stack>
  ) : (
    <FormActions onBack={onBack} onCancel={onCancel} />
  );
}

/** The item the page shows (none on add), and what the page is while it loads or fails. */
function useFormItem<T extends Item>(props: ResourceFormPageProps<T, FormValues, object>) {
  const { id } = props;
  const isNew = id === undefined;
  // A detail route whose id is no record id (`/product/abc`) is a page that does not exist.
  const badId = !isNew && !(Number.isSafeInteger(id) && id > 0);
  const {
    data: item,
    isLoading,
    error,
    refetch,
  } = (props.useGet ?? noItem)(id ?? 0, {
    skip: isNew || badId,
  });
  const [reloads, setReloads] = useState(0);
  let blocker: ReactNode = null;
  if (badId) blocker = <NotFoundPage />;
  else if (!isNew && isLoading) blocker = <LoadingBlock />;
  else if (!isNew && isApiError(error) && error.status === 404) blocker = <NotFoundPage />;
  else if (!isNew && !item)
    blocker = error ? <LoadErrorAlert error={error} onRetry={() => void refetch()} /> : <LoadingBlock />;
  const reload = () => {
    setReloads((count) => count + 1);
    void refetch();
  };
  return { isNew, item, blocker, reloads, reload };
}

/** The breadcrumbs and the screen's title: "Add brand", or the record's name (H1, crumb, document title). */
function useFormTitle<T extends Item>(
  props: ResourceFormPageProps<T, FormValues, object>,
  { item, isNew, listReturn }: { item: T | undefined; isNew: boolean; listReturn: string },
): string {
  const { contract, listTitle = contract.item, section = menuSection(contract.route) } = props;
  const crumb =
    props.crumb ??
    ((loaded?: T) => String((loaded as Record<string, unknown> | undefined)?.[contract.titleField] ?? ''));
  const lastCrumb = isNew ? addTitle(contract) : crumb(item) || contract.item;
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    ...(section && section !== listTitle ? [{ label: section, disabled: true }] : []),
    { label: listTitle, path: listReturn },
    { label: lastCrumb },
  ]);
  return props.title ?? lastCrumb;
}

/** The delete confirmation, and the question a save asks first (confirmSave). */
function FormDialogs<Values>({
  removal,
  save,
  onDelete,
}: {
  removal: { confirming: boolean; deleting: boolean; setConfirming: (open: boolean) => void };
  save: { asking: PendingSave<Values> | null; cancelSave: () => void; confirmedSave: () => Promise<void> };
  onDelete: () => void;
}) {
  return (
    <>
      <ConfirmDialog
        open={removal.confirming}
        busy={removal.deleting}
        onCancel={() => removal.setConfirming(false)}
        onConfirm={onDelete}
      />
      <ConfirmDialog
        open={save.asking !== null}
        title={save.asking?.request.title}
        text={save.asking?.request.text}
        confirmLabel={en.save}
        confirmColor="primary"
        onCancel={save.cancelSave}
        onConfirm={() => void save.confirmedSave()}
      />
    </>
  );
}

function FormPage<T extends Item, Values extends FormValues, Body extends object>(
  props: ResourceFormPageProps<T, Values, Body>,
) {
  const { contract, listPath = contract.route, id, useDelete, initialValues, children, canDelete } = props;
  const { card = true, beside, schema = contract.input as FormSchema } = props;
  const loose = props as unknown as ResourceFormPageProps<T, FormValues, object>;
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const may = (action: 'index' | 'store' | 'update' | 'destroy') =>
    hasPermission(user?.permissions, can(contract, action));
  const { isNew, item, blocker, reloads, reload: refetchItem } = useFormItem(loose);
  const readOnly = !(props.canEdit ?? may(isNew ? 'store' : 'update'));
  const listReturn = useListReturn(listPath);
  const screenTitle = useFormTitle(loose, { item, isNew, listReturn });
  const toList = () => navigate(listReturn);
  const back = () => (location.key === 'default' ? toList() : navigate(-1));
  const save = useFormSave(props, { item, isNew, listPath });
  const removal = useFormDelete(contract, useDelete, { item, toList });
  const [historyOpen, setHistoryOpen] = useState(false);
  if (blocker) return blocker;

  const formSchema = pickSchema(schema, isNew);
  const reload = () => {
    save.setStale(false);
    refetchItem();
  };
  const deletable = !isNew && useDelete && may('destroy') && (!item || (canDelete?.(item) ?? true));

  return (
    <Formik<Values>
      // A new version of the item (saved here, or reloaded after a 409) starts the form afresh.
      key={item ? `${item.id}:${item.updated_at ?? ''}:${reloads}` : 'new'}
      initialValues={initialValues(item)}
      validate={formSchema ? validateWith<Values>(formSchema) : undefined}
      onSubmit={save.askThenSubmit}
    >
      {(formik) => (
        <Form noValidate>
          <UnsavedChangesPrompt when={formik.dirty && !formik.isSubmitting && !removal.deleting} />
          {!readOnly && <FormDraft formKey={`${contract.key}:${id ?? 'new'}`} />}
          <Stack spacing={2}>
            <FormPageHeader
              title={screenTitle}
              onDelete={deletable ? () => removal.setConfirming(true) : undefined}
            />
            {save.stale && <StaleItemAlert item={contract.item} onReload={reload} />}
            {item && beside?.(item)}
            <FormFields card={card} readOnly={readOnly}>
              {children(formik, { item, readOnly, isNew })}
            </FormFields>
            {isAudited(item) && <AuditSummary item={item} />}
            <FormFooter readOnly={readOnly} onBack={back} onCancel={toList} />
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
          <FormDialogs
            removal={removal}
            save={save}
            onDelete={() => void removal.confirmDelete(formik as unknown as FormikProps<FormValues>)}
          />
        </Form>
      )}
    </Formik>
  );
}
