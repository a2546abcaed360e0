import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { appSettings } from '../db/schema';

export async function getSetting(db: Executor, key: string): Promise<string | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key))
    .limit(1);
  return row?.value ?? null;
}

export async function setSetting(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updated_at: new Date() } });
}
