import Grid from '@mui/material/Grid';
import { FormTextField } from '../../components/form';
import { SlugField } from '../../components/resource/fields/SlugField';
import { StatusField } from '../../components/resource/fields/StatusField';
import { format, LABELS } from '../../shared/messages';
import { REPLY_PLACEHOLDERS, REPLY_TEMPLATE_LABELS } from '../../shared/resources/replyTemplates';

/** `{{sender_name}}` (the sender's name), …: what the text may hold. */
const PLACEHOLDER_LIST = Object.entries(REPLY_PLACEHOLDERS)
  .map(([name, meaning]) => `{{${name}}} (${meaning.toLowerCase()})`)
  .join(', ');

export interface ReplyTemplateFieldsProps {
  /** Read-only: the user may see the reply template but not save it. */
  disabled?: boolean;
}

/** A reply template's fields, shared by add and detail: its name, the mail's subject and text. */
export function ReplyTemplateFields({ disabled }: ReplyTemplateFieldsProps) {
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          name="title"
          label={LABELS.title}
          autoComplete="off"
          required
          fullWidth
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SlugField source={LABELS.title} disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <FormTextField
          name="subject"
          label={REPLY_TEMPLATE_LABELS.subject}
          autoComplete="off"
          required
          fullWidth
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <FormTextField
          name="body"
          label={REPLY_TEMPLATE_LABELS.body}
          multiline
          minRows={6}
          required
          fullWidth
          disabled={disabled}
          helperText={format(REPLY_TEMPLATE_LABELS.placeholders, { list: PLACEHOLDER_LIST })}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <StatusField disabled={disabled} />
      </Grid>
    </Grid>
  );
}
