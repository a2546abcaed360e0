import Grid from '@mui/material/Grid';
import type { FileObject } from '../../../shared/contracts/account';
import { RECOMMENDED_SIZES } from '../../../shared/limits';
import { LABELS } from '../../../shared/messages';
import { UploadField } from '../../form';

type Size = { width: number; height: number };

export interface ImageFieldsProps {
  /** The stored files, for the previews (the item's `image` and `mobile_image`). */
  item?: { image: FileObject | null; mobile_image: FileObject | null };
  /** The recommended sizes shown in the upload hints (default: those of content images). */
  recommended?: { image: Size; mobile_image: Size };
  disabled?: boolean;
  /** Ask for each picture's alt text (`image_alt`, `mobile_image_alt`; default true: content and pages). */
  withAlt?: boolean;
}

const CONTENT_SIZES = { image: RECOMMENDED_SIZES.image, mobile_image: RECOMMENDED_SIZES.mobileImage };

/** The image group's inputs (`imageGroup`): an image and its mobile variant, side by side. */
export function ImageFields({
  item,
  recommended = CONTENT_SIZES,
  disabled,
  withAlt = true,
}: ImageFieldsProps) {
  const images = [
    { name: 'image', label: LABELS.image },
    { name: 'mobile_image', label: LABELS.mobileImage },
  ] as const;
  return (
    <Grid container columnSpacing={2} rowSpacing={3}>
      {images.map(({ name, label }) => (
        <Grid key={name} size={{ xs: 12, md: 6 }}>
          <UploadField
            name={name}
            label={label}
            recommended={recommended[name]}
            initialFile={item?.[name] ?? null}
            disabled={disabled}
            altName={withAlt ? `${name}_alt` : undefined}
          />
        </Grid>
      ))}
    </Grid>
  );
}
