import { FormTextField } from '../../components/form';
import { LABELS } from '../../shared/messages';

export interface ProductSeoFieldsProps {
  disabled?: boolean;
}

/** The product page's SEO meta title, description and keyword. */
export function ProductSeoFields({ disabled }: ProductSeoFieldsProps) {
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
