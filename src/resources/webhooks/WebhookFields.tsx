import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useField } from 'formik';
import { FormTextField } from '../../components/form';
import { StatusField } from '../../components/resource/fields/StatusField';
import { format } from '../../shared/messages';
import {
  eventLabel,
  WEBHOOK_DISABLE_AFTER,
  WEBHOOK_EVENTS,
  WEBHOOK_LABELS,
  type Webhook,
} from '../../shared/resources/webhooks';

export interface WebhookFieldsProps {
  /** The saved webhook (its secret and whether failures disabled it); none on add. */
  item?: Webhook;
  /** Read-only: the user may see the webhook but not save it. */
  disabled?: boolean;
}

/** The events a webhook hears: a multiple select, keyboard-usable like every select. */
function EventsField({ disabled }: { disabled?: boolean }) {
  const [field, meta, helpers] = useField<string[]>('events');
  const error = meta.touched && meta.error ? String(meta.error) : undefined;
  return (
    <TextField
      id="webhook-events"
      select
      fullWidth
      required
      label={WEBHOOK_LABELS.events}
      name="events"
      value={field.value ?? []}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? ' '}
      data-field="events"
      onBlur={() => void helpers.setTouched(true)}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).map(eventLabel).join(', '),
          onChange: (event) => void helpers.setValue(event.target.value as unknown as string[]),
        },
      }}
    >
      {WEBHOOK_EVENTS.map((event) => (
        <MenuItem key={event} value={event}>
          {eventLabel(event)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A webhook's fields, shared by add and detail; the saved one's secret, read-only. */
export function WebhookFields({ item, disabled }: WebhookFieldsProps) {
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      {item?.disabled_at && (
        <Grid size={12}>
          <Alert severity="warning">
            {format(WEBHOOK_LABELS.disabled, { count: WEBHOOK_DISABLE_AFTER })}
          </Alert>
        </Grid>
      )}
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          name="name"
          label={WEBHOOK_LABELS.name}
          autoComplete="off"
          required
          fullWidth
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          name="url"
          label={WEBHOOK_LABELS.url}
          type="url"
          autoComplete="off"
          required
          fullWidth
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <EventsField disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <StatusField disabled={disabled} />
      </Grid>
      {item && (
        <Grid size={12}>
          <TextField
            id="webhook-secret"
            label={WEBHOOK_LABELS.secret}
            value={item.secret}
            fullWidth
            helperText={WEBHOOK_LABELS.secretHelp}
            slotProps={{ input: { readOnly: true } }}
          />
        </Grid>
      )}
    </Grid>
  );
}
