import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS, validation } from '../messages';
import { optionalId } from './catalog';
import { isTimeZone } from '../zonedDays';
import { Nullable, NullableFile, NullableText } from './wire';

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
  notification_email: 'Notification E-mail',
  time_zone: 'Time Zone',
} as const;

/** The time zone field's help: what the zone decides. */
export const TIME_ZONE_HELP = 'A day starts at midnight in this zone: when dated content goes live or ends';

export const COMPANY_ITEM = 'Company Setting';

/** The company record as the API answers it; every field null before the first save. */
export const companySettingsWire = Type.Object({
  logo: NullableFile(),
  youtube_link: NullableText(),
  description: NullableText(),
  office_phone_number: NullableText(),
  get_in_touch_description: NullableText(),
  iframe_address: NullableText(),
  instagram_link: NullableText(),
  facebook_link: NullableText(),
  linkedin: NullableText(),
  address: NullableText(),
  notification_email: NullableText('Where new contact-form messages are announced'),
  time_zone: Type.String({
    description:
      "The IANA time zone a day starts in (publish state, go-live times, the dashboard's week); the server's own until one is saved",
    examples: ['Asia/Jakarta'],
  }),
  updated_at: Nullable(Type.String({ description: 'null until the first save' })),
});
export type CompanySettings = Static<typeof companySettingsWire>;

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
  notification_email: text(COMPANY_LABELS.notification_email, NAME_MAX).email(
    validation.email(COMPANY_LABELS.notification_email),
  ),
  /** An IANA zone name; null (or empty) puts back the server's own zone. */
  time_zone: text(COMPANY_LABELS.time_zone, 100).test(
    'time-zone',
    validation.invalid(COMPANY_LABELS.time_zone),
    (value) => value == null || value === '' || isTimeZone(value),
  ),
  /** The version the edit started from; null for the very first save. */
  updated_at: yup.string().nullable().default(null),
});

export type CompanySettingsInput = yup.InferType<typeof companySettingsSchema>;
