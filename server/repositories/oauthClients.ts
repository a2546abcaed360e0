import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { oauthClients } from '../db/schema';

export interface ClientRow {
  id: number;
  clientId: string;
  secretHash: string;
}

export async function findClient(db: Executor, clientId: string): Promise<ClientRow | null> {
  const [row] = await db
    .select({ id: oauthClients.id, clientId: oauthClients.client_id, secretHash: oauthClients.secret_hash })
    .from(oauthClients)
    .where(eq(oauthClients.client_id, clientId))
    .limit(1);
  return row ?? null;
}

/** Creates the client, or sets its secret when it exists (a changed OAUTH_CLIENT_SECRET takes effect). */
export async function upsertClient(
  db: Executor,
  name: string,
  clientId: string,
  secretHash: string,
): Promise<void> {
  await db
    .insert(oauthClients)
    .values({ name, client_id: clientId, secret_hash: secretHash })
    .onConflictDoUpdate({
      target: oauthClients.client_id,
      set: { secret_hash: secretHash, updated_at: new Date() },
    });
}
