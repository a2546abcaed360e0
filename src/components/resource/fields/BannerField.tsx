import type { FileObject } from '../../../shared/contracts/account';
import { RECOMMENDED_SIZES } from '../../../shared/limits';
import { LABELS } from '../../../shared/messages';
import { UploadField } from '../../form';

export interface BannerFieldProps {
  /** The stored banner, for the preview. */
  initialFile?: FileObject | null;
  disabled?: boolean;
  /** The Formik field (default `banner`). */
  name?: string;
}

/** A wide banner picture (`pictureGroup('banner', …)`), with its recommended size in the hint. */
export function BannerField({ initialFile, disabled, name = 'banner' }: BannerFieldProps) {
  return (
    <UploadField
      name={name}
      label={LABELS.banner}
      recommended={RECOMMENDED_SIZES.banner}
      initialFile={initialFile ?? null}
      disabled={disabled}
      altName={`${name}_alt`}
    />
  );
}
