import * as yup from 'yup';
import type { FileObject } from '../contracts/account';
import { LABELS, validation } from '../messages';
import { optionalId } from './catalog';

/** The one company record (spec §3 Company settings). */
export const COMPANY_LABELS = {
  logo: LABELS.logo,
  youtube_link: 'Youtube Link',
  description: LABELS.description,
  office_phone_number: 'Office Phone Number',
  get_in_touch_description: 'Get In Touch Description',
  iframe_address: 'Iframe Address',
  instagram_link: 'Instagram Link',
  facebook_link: 'Facebook Link',
  linkedin: 'Linkedin',
  address: 'Address',
} as const;

export const COMPANY_ITEM = 'Company Setting';

export interface CompanySettings {
  logo: FileObject | null;
  youtube_link: string | null;
  description: string | null;
  office_phone_number: string | null;
  get_in_touch_description: string | null;
  iframe_address: string | null;
  instagram_link: string | null;
  facebook_link: string | null;
  linkedin: string | null;
  address: string | null;
  updated_at: string | null;
}

const text = (label: string, max: number) =>
  yup.string().trim().nullable().default(null).max(max, validation.max(label, max));
const link = (label: string) =>
  text(label, 2000)
    .url(validation.invalid(label))
    .matches(/^https?:\/\//i, {
      message: validation.invalid(label),
      excludeEmptyString: true,
    });

export const companySettingsSchema = yup.object({
  logo: optionalId(COMPANY_LABELS.logo),
  youtube_link: link(COMPANY_LABELS.youtube_link),
  description: text(COMPANY_LABELS.description, 5000),
  office_phone_number: text(COMPANY_LABELS.office_phone_number, 30).matches(/^[+0-9 ()-]*$/, {
    message: validation.invalid(COMPANY_LABELS.office_phone_number),
    excludeEmptyString: true,
  }),
  get_in_touch_description: text(COMPANY_LABELS.get_in_touch_description, 5000),
  iframe_address: link(COMPANY_LABELS.iframe_address),
  instagram_link: link(COMPANY_LABELS.instagram_link),
  facebook_link: link(COMPANY_LABELS.facebook_link),
  linkedin: link(COMPANY_LABELS.linkedin),
  address: text(COMPANY_LABELS.address, 1000),
  /** The version the edit started from; null for the very first save. */
  updated_at: yup.string().nullable().default(null),
});

export type CompanySettingsInput = yup.InferType<typeof companySettingsSchema>;
