import { LABELS } from '../../../shared/messages';
import { FormTextField } from '../../form';

export interface SeoFieldsProps {
  disabled?: boolean;
}

/** The SEO group's inputs (src/shared/resources/fields.ts `seoGroup`): meta title, description and keyword. */
export function SeoFields({ disabled }: SeoFieldsProps) {
  const field = { fullWidth: true, disabled, autoComplete: 'off' } as const;
  return (
    <>
      <FormTextField name="meta_title" label={LABELS.metaTitle} {...field} />
      <FormTextField
        name="meta_description"
        label={LABELS.metaDescription}
        multiline
        minRows={2}
        {...field}
      />
      <FormTextField name="meta_keyword" label={LABELS.metaKeyword} {...field} />
    </>
  );
}
