import { LABELS, format } from '../../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../../shared/messages/catalogue';
import { FormTextField } from '../../form';

export interface SlugFieldProps {
  /** The label of the field the slug is made from when left empty ('Name', 'Title'). */
  source: string;
  disabled?: boolean;
}

/** The slug group's input (`slugGroup`): optional; the server makes it from the name or title. */
export function SlugField({ source, disabled }: SlugFieldProps) {
  return (
    <FormTextField
      name="slug"
      label={LABELS.slug}
      autoComplete="off"
      helperText={format(CATALOGUE_MESSAGES.slugHint, { source: source.toLowerCase() })}
      fullWidth
      disabled={disabled}
    />
  );
}
