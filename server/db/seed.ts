import { eq, sql } from 'drizzle-orm';
import { PERMISSION_CATALOGUE } from '../../src/shared/permissions';
import type { Config } from '../config';
import { randomToken, sha256 } from '../lib/crypto';
import { generatePassword, hashPassword } from '../lib/passwords';
import { upsertClient } from '../repositories/oauthClients';
import { getSetting, setSetting } from '../repositories/settings';
import { createUser } from '../repositories/users';
import type { Db } from './client';
import { permissions, rolePermissions, roles, users } from './schema';

export const SUPER_ADMIN_ROLE = 'Super Admin';
const SPA_CLIENT_NAME = 'SPA';
const SETTING_CLIENT_ID = 'spa_client_id';
const SETTING_CLIENT_SECRET = 'spa_client_secret';
// Any fixed number: serialises concurrent first starts of several instances.
const SEED_LOCK = 727_001;

export interface SeedResult {
  /** The SPA's public client, served by /env.js. */
  client: { clientId: string; clientSecret: string };
  /** Only on the start that created the admin without a configured password. */
  generatedAdmin?: { email: string; password: string };
}

/**
 * Idempotent: the permission catalogue and the Super Admin's grants are topped up on every start
 * (so permissions added later appear); the admin user and the SPA client are created only once.
 */
export async function seed(db: Db, config: Config): Promise<SeedResult> {
  const generatedPassword = config.admin.password ? undefined : generatePassword();
  // Hashing is slow, so it happens before the transaction takes its lock.
  const adminHash = await hashPassword(config.admin.password ?? generatedPassword ?? '');

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);

    await tx
      .insert(permissions)
      .values(PERMISSION_CATALOGUE.map(({ name, method }) => ({ name, method })))
      .onConflictDoNothing({ target: permissions.name });

    // The super role is found by its flag (it may have been renamed); a database from before the
    // flag existed gets it on the role named Super Admin.
    let [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.is_super, true));
    if (!role) {
      [role] = await tx
        .insert(roles)
        .values({ name: SUPER_ADMIN_ROLE, is_super: true })
        .onConflictDoUpdate({ target: roles.name, set: { is_super: true } })
        .returning({ id: roles.id });
    }
    await tx.execute(sql`
      insert into ${rolePermissions} (role_id, permission_id)
      select ${role.id}, ${permissions.id} from ${permissions}
      on conflict do nothing`);

    let generatedAdmin: SeedResult['generatedAdmin'];
    const [anyUser] = await tx.select({ id: users.id }).from(users).limit(1);
    if (!anyUser) {
      await createUser(tx, {
        name: config.admin.name,
        email: config.admin.email,
        passwordHash: adminHash,
        roleId: role.id,
      });
      if (generatedPassword) generatedAdmin = { email: config.admin.email, password: generatedPassword };
    }

    const clientId =
      config.oauth.clientId ?? (await getSetting(tx, SETTING_CLIENT_ID)) ?? `spa-${randomToken(9)}`;
    const clientSecret =
      config.oauth.clientSecret ?? (await getSetting(tx, SETTING_CLIENT_SECRET)) ?? randomToken(32);
    // The SPA's client is public (its secret is served to every browser by /env.js), so keeping the
    // plain secret here protects nothing less than the hash does; the hash is what sign-in checks.
    await setSetting(tx, SETTING_CLIENT_ID, clientId);
    await setSetting(tx, SETTING_CLIENT_SECRET, clientSecret);
    await upsertClient(tx, SPA_CLIENT_NAME, clientId, sha256(clientSecret));

    return { client: { clientId, clientSecret }, generatedAdmin };
  });
}

/** The one place a password is ever printed: a banner on the start that generated it. */
export function adminBanner({ email, password }: { email: string; password: string }): string {
  const lines = [
    'Initial administrator created (this is shown once; change the password after signing in):',
    `  e-mail:   ${email}`,
    `  password: ${password}`,
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  const bar = `+${'-'.repeat(width)}+`;
  return [bar, ...lines.map((line) => `| ${line.padEnd(width - 1)}|`), bar, ''].join('\n');
}
