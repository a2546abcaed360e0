import { useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Form, Formik, useFormikContext } from 'formik';
import * as yup from 'yup';
import { useApplyBulkEditMutation, usePreviewBulkEditMutation } from '../../../store/bulkEditApi';
import { thrownErrorMessages } from '../../../store/errorDisplay';
import { useNotify } from '../../hooks/useNotify';
import { useResourceOptions } from '../../hooks/useResourceOptions';
import { formatDisplayDate } from '../../shared/formats';
import { format } from '../../shared/messages';
import { BULK_EDIT_MESSAGES } from '../../shared/messages/bulkEdit';
import type { BulkEditPreview, BulkEditRequest } from '../../shared/resources/bulkEdit';
import {
  STATUS_OPTIONS,
  type BulkEditField,
  type ListParams,
  type OptionItem,
  type ResourceContract,
} from '../../shared/resources/resource';
import { FormSelectField } from '../form';
import { DateField } from './fields/DateField';
import { StatusField } from './fields/StatusField';
import { useUndo } from './history/useUndo';

/** Which rows: the selected ones, or every row the list's query matches. */
export type BulkEditTarget = { ids: number[] } | { query: ListParams };

export interface BulkEditDialogProps {
  open: boolean;
  onClose: () => void;
  /** A contract declaring `bulkEdit`. */
  contract: ResourceContract;
  target: BulkEditTarget;
  /** How many rows the target is (the selection, or the list's total). */
  count: number;
  /** Called after the edit is applied (clears the selection). */
  onDone: () => void;
}

interface Values {
  field: string;
  value: unknown;
}

/** The form's schema: the chosen field's own rule of the contract's update schema. */
const schemaOf = (contract: ResourceContract) =>
  yup.lazy((values: Values) =>
    yup.object({
      field: yup.string().required(),
      value: (contract.input.update!.fields[values.field] as yup.Schema) ?? yup.mixed(),
    }),
  );

/** A brand's (any options resource's) select. */
function OptionsInput({ spec }: { spec: Extract<BulkEditField, { kind: 'options' }> }) {
  const { options } = useResourceOptions(spec.source);
  return (
    <FormSelectField name="value" label={BULK_EDIT_MESSAGES.value} required>
      {(options ?? []).map((option: OptionItem) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </FormSelectField>
  );
}

/** The new value's input, by the field's kind. */
function ValueInput({ spec }: { spec: BulkEditField }) {
  if (spec.kind === 'status') return <StatusField name="value" />;
  if (spec.kind === 'options') return <OptionsInput spec={spec} />;
  return <DateField name="value" label={BULK_EDIT_MESSAGES.value} />;
}

/** The field chooser: a new field starts with no value (and no preview). */
function FieldChooser({ fields }: { fields: [string, BulkEditField][] }) {
  const { values, setValues } = useFormikContext<Values>();
  return (
    <TextField
      select
      label={BULK_EDIT_MESSAGES.field}
      name="field"
      value={values.field}
      onChange={(event) => void setValues({ field: event.target.value, value: '' }, false)}
      fullWidth
    >
      {fields.map(([field, spec]) => (
        <MenuItem key={field} value={field}>
          {spec.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Forgets the preview whenever the field or value changes: the apply must follow a fresh one. */
function PreviewReset({ onChange }: { onChange: () => void }) {
  const { values } = useFormikContext<Values>();
  useEffect(onChange, [values.field, values.value, onChange]);
  return null;
}

/** An option's name by id (a brand's). */
function OptionName({ spec, value }: { spec: Extract<BulkEditField, { kind: 'options' }>; value: unknown }) {
  const { options } = useResourceOptions(spec.source);
  return <>{options?.find((option) => option.id === Number(value))?.name ?? String(value)}</>;
}

/** The new value as the preview names it: its status word, option name, day; none. */
function NewValue({ spec, value }: { spec: BulkEditField; value: unknown }) {
  if (value === null || value === undefined || value === '') return <>{BULK_EDIT_MESSAGES.none}</>;
  if (spec.kind === 'status') return <>{STATUS_OPTIONS.find((o) => o.id === Number(value))?.label}</>;
  if (spec.kind === 'options') return <OptionName spec={spec} value={value} />;
  return <>{formatDisplayDate(String(value))}</>;
}

/** What the preview found: the counts, each field's change from what to what, the refused rows. */
function PreviewOutcome({ preview, spec }: { preview: BulkEditPreview; spec: BulkEditField }) {
  return (
    <Stack spacing={1.5}>
      <Alert severity="info" role="status">
        {format(BULK_EDIT_MESSAGES.summary, {
          matched: preview.matched,
          changing: preview.changing,
          unchanged: preview.unchanged,
          refused: preview.refused.length,
        })}
      </Alert>
      {Object.entries(preview.fields).map(([field, change]) =>
        change.from.length ? (
          <div key={field}>
            <Typography variant="subtitle2" component="p">
              {spec.label} {BULK_EDIT_MESSAGES.toValue} <NewValue spec={spec} value={change.to} />
            </Typography>
            <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
              {change.from.map((from) => (
                <li key={JSON.stringify(from.value)}>
                  {format(BULK_EDIT_MESSAGES.fromTo, { count: from.count, from: from.label })}
                </li>
              ))}
            </Stack>
          </div>
        ) : null,
      )}
      {preview.refused.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>{BULK_EDIT_MESSAGES.refusedHeading}</AlertTitle>
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
            {preview.refused.map((row) => (
              <li key={row.id}>{`${row.title}: ${row.message}`}</li>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** The dialog's state: preview, apply, and what failed. */
function useBulkEditFlow({ contract, target, onClose, onDone }: BulkEditDialogProps) {
  const [runPreview, previewState] = usePreviewBulkEditMutation();
  const [runApply, applyState] = useApplyBulkEditMutation();
  const [preview, setPreview] = useState<BulkEditPreview | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  const undo = useUndo();
  const notify = useNotify();
  const schema = useMemo(() => schemaOf(contract), [contract]);
  const body = async (values: Values): Promise<BulkEditRequest> => {
    const cast = (await schema.validate(values)) as Values;
    return { ...target, set: { [cast.field]: cast.value ?? null } };
  };
  const submit = async (values: Values) => {
    setFailure(null);
    const { group, tag } = contract;
    try {
      if (!preview) {
        setPreview((await runPreview({ group, tag, body: await body(values) }).unwrap()).data);
        return;
      }
      const request = { group, tag, body: { ...(await body(values)), token: preview.token } };
      const { data, message } = await runApply(request).unwrap();
      if (data.updated) undo.bulkEdited(contract, data.bulk_id, message);
      else notify.info(message);
      setPreview(null);
      onDone();
      onClose();
    } catch (error) {
      // A stale preview (409) asks for a new one.
      setPreview(null);
      setFailure(thrownErrorMessages(error));
    }
  };
  const busy = previewState.isLoading || applyState.isLoading;
  return { schema, preview, setPreview, failure, submit, busy };
}

/**
 * Bulk edit (issue 39): choose one of the contract's bulk-editable fields and its new value,
 * Preview (the server's counts: how many change and from what, which rows are refused and why),
 * then Apply; the success toast offers Undo of the whole batch.
 */
export function BulkEditDialog(props: BulkEditDialogProps) {
  const { open, onClose, contract, target, count } = props;
  const titleId = useId();
  const fields = Object.entries(contract.bulkEdit ?? {});
  const flow = useBulkEditFlow(props);
  const { setPreview } = flow;
  const resetPreview = useMemo(() => () => setPreview(null), [setPreview]);
  const item = contract.item.toLowerCase();
  const title =
    'ids' in target
      ? format(BULK_EDIT_MESSAGES.title, { count, item })
      : format(BULK_EDIT_MESSAGES.titleAll, { count, item });
  return (
    <Dialog
      open={open}
      onClose={flow.busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <Formik<Values>
        initialValues={{ field: fields[0]?.[0] ?? '', value: '' }}
        validationSchema={flow.schema}
        onSubmit={flow.submit}
      >
        {({ values }) => {
          const spec = (contract.bulkEdit ?? {})[values.field];
          return (
            <Form noValidate>
              <PreviewReset onChange={resetPreview} />
              <DialogTitle id={titleId}>{title}</DialogTitle>
              <DialogContent>
                <Stack spacing={2} sx={{ pt: 1 }}>
                  <FieldChooser fields={fields} />
                  {spec && <ValueInput key={values.field} spec={spec} />}
                  {flow.preview && spec && <PreviewOutcome preview={flow.preview} spec={spec} />}
                  {flow.failure && (
                    <Alert severity="error" role="alert">
                      {flow.failure.join(' ')}
                    </Alert>
                  )}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose} disabled={flow.busy}>
                  {BULK_EDIT_MESSAGES.cancel}
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={flow.busy || (flow.preview !== null && flow.preview.changing === 0)}
                  startIcon={flow.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                >
                  {flow.preview ? BULK_EDIT_MESSAGES.apply : BULK_EDIT_MESSAGES.preview}
                </Button>
              </DialogActions>
            </Form>
          );
        }}
      </Formik>
    </Dialog>
  );
}
