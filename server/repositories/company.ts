import { eq } from 'drizzle-orm';
import type { CompanySettings, CompanySettingsInput } from '../../src/shared/resources/company';
import type { Executor } from '../db/client';
import { companySettings, files } from '../db/schema';
import { fileColumns, toFileObject } from './files';
import { serverTimeZone } from '../../src/shared/zonedDays';

const EMPTY: CompanySettings = {
  logo: null,
  youtube_link: null,
  description: null,
  office_phone_number: null,
  get_in_touch_description: null,
  iframe_address: null,
  instagram_link: null,
  facebook_link: null,
  linkedin: null,
  address: null,
  notification_email: null,
  time_zone: serverTimeZone(),
  updated_at: null,
};

/** The company record; before the first save every field is null (and so is updated_at). */
export async function findCompanySettings(db: Executor): Promise<CompanySettings> {
  const [row] = await db
    .select({
      youtube_link: companySettings.youtube_link,
      description: companySettings.description,
      office_phone_number: companySettings.office_phone_number,
      get_in_touch_description: companySettings.get_in_touch_description,
      iframe_address: companySettings.iframe_address,
      instagram_link: companySettings.instagram_link,
      facebook_link: companySettings.facebook_link,
      linkedin: companySettings.linkedin,
      address: companySettings.address,
      notification_email: companySettings.notification_email,
      time_zone: companySettings.time_zone,
      updated_at: companySettings.updated_at,
      logo: fileColumns,
    })
    .from(companySettings)
    .leftJoin(files, eq(files.id, companySettings.logo_id))
    .limit(1);
  if (!row) return { ...EMPTY, time_zone: serverTimeZone() };
  return {
    ...row,
    logo: row.logo ? toFileObject(row.logo) : null,
    time_zone: row.time_zone ?? serverTimeZone(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The stored version, locked until the transaction ends (null before the first save). */
export async function lockCompanySettings(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ updated_at: companySettings.updated_at })
    .from(companySettings)
    .for('update');
  return row?.updated_at ?? null;
}

export async function saveCompanySettings(
  db: Executor,
  input: Omit<CompanySettingsInput, 'updated_at'>,
  userId: number,
): Promise<void> {
  const { logo, ...text } = input;
  const values = { ...text, logo_id: logo, updated_by: userId };
  await db
    .insert(companySettings)
    .values({ ...values, created_by: userId })
    .onConflictDoUpdate({ target: companySettings.id, set: { ...values, updated_at: new Date() } });
}

/** The address new contact-form messages are announced to, or null. */
export async function findNotificationEmail(db: Executor): Promise<string | null> {
  const [row] = await db.select({ to: companySettings.notification_email }).from(companySettings).limit(1);
  return row?.to ?? null;
}

/** The stored time zone (null: none saved, the server's own applies). */
export async function findTimeZone(db: Executor): Promise<string | null> {
  const [row] = await db.select({ zone: companySettings.time_zone }).from(companySettings).limit(1);
  return row?.zone ?? null;
}
