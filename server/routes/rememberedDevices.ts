import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  REMEMBERED_DEVICE_PATHS as PATHS,
  rememberedDeviceWire,
  type RememberedDevice,
} from '../../src/shared/contracts/rememberedDevices';
import { format } from '../../src/shared/messages';
import { REMEMBERED_DEVICE_MESSAGES as M } from '../../src/shared/messages/rememberedDevices';
import { PERMISSIONS } from '../../src/shared/permissions';
import { can } from '../../src/shared/resources/resource';
import { usersResource } from '../../src/shared/resources/users';
import { MessageSchema } from '../../src/shared/resources/wire';
import { HttpError } from '../lib/httpError';
import { now } from '../lib/clock';
import { currentUser } from '../plugins/auth';
import {
  forgetRememberedDevice,
  forgetRememberedDevices,
  listRememberedDevices,
  type RememberedDeviceRow,
} from '../repositories/rememberedDevices';
import { parseUserAgent } from '../repositories/sessions';
import type { AuthUser } from '../repositories/tokens';
import { actorById, actorOf, recordAudit } from '../security/audit';
import { securityEvent } from '../security/events';
import { assertMayManageUser } from '../security/grants';
import { authErrors, bearer } from './schemas';

const listAnswer = Type.Object({ data: Type.Array(rememberedDeviceWire) });
const forgottenAnswer = Type.Object({
  data: Type.Object({ forgotten: Type.Integer() }),
  message: Type.String(),
});
const idParams = Type.Object({ id: Type.String({ description: 'The remembered device id' }) });
const userParams = Type.Object({ userId: Type.String({ description: 'The user id' }) });
const userDeviceParams = Type.Object({ userId: Type.String(), id: Type.String() });

const notFound = () => new HttpError(404, M.notFound);

/** A positive 32-bit id from a path segment, or 404 (as for a device that is not there). */
const idIn = (value: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2 ** 31 - 1) throw notFound();
  return Number(value);
};

const toWire = (row: RememberedDeviceRow): RememberedDevice => {
  const { browser, system } = parseUserAgent(row.userAgent);
  return {
    id: row.id,
    browser,
    system,
    ip: row.ip,
    remembered_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
};

/** " (Chrome 120 on Linux)" for an audit summary. */
const describe = (userAgent: string): string => {
  const { browser, system } = parseUserAgent(userAgent);
  const what = [browser, system].filter(Boolean).join(' on ');
  return what ? ` (${what})` : '';
};

/** Lists, forgets one, forgets all of `userId`'s devices; audited, by the caller `actor`. */
function deviceActions(app: FastifyInstance) {
  const audit = async (request: FastifyRequest, userId: number, what: string, count: number) => {
    const actor = currentUser(request);
    const owner = actor.id === userId ? actorOf(actor) : await actorById(app.db, userId);
    await recordAudit(app.db, {
      kind: 'device.forgotten',
      actor: actorOf(actor),
      resource: 'users',
      recordId: userId,
      summary:
        actor.id === userId
          ? `${actor.email} forgot ${what}`
          : `${actor.email} forgot ${what.replace(/their/, 'the')} of ${owner?.email ?? `user ${userId}`}`,
      details: { forgotten: count },
    });
    securityEvent(request.log, 'device.forgotten', { userId, by: actor.id, count, ip: request.ip });
  };
  return {
    list: async (userId: number) => ({
      data: (await listRememberedDevices(app.db, userId, new Date(now()))).map(toWire),
    }),
    async forgetOne(request: FastifyRequest, userId: number, rawId: string) {
      const forgotten = await forgetRememberedDevice(app.db, userId, idIn(rawId));
      if (!forgotten) throw notFound();
      await audit(request, userId, `one of their remembered devices${describe(forgotten.userAgent)}`, 1);
      return { message: M.forgotten };
    },
    async forgetAll(request: FastifyRequest, userId: number) {
      const count = await forgetRememberedDevices(app.db, userId);
      if (count) await audit(request, userId, 'all their remembered devices', count);
      return { data: { forgotten: count }, message: format(M.forgottenAll, { count }) };
    },
  };
}

/**
 * Profile › Remembered devices: the caller's own (any signed-in user). A device another user's,
 * forgotten or made up answers 404 alike. Forgetting deletes the row: its cookie is dead for good.
 */
export async function rememberedDeviceRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = app.requirePermission(PERMISSIONS.any);
  const devices = deviceActions(app);
  const schema = (summary: string, extra: object) => ({
    tags: ['account'],
    summary,
    security: bearer,
    ...extra,
  });

  app.get(
    PATHS.list,
    {
      preValidation: signedIn,
      schema: schema('The signed-in user’s remembered devices', {
        response: { 200: listAnswer, ...authErrors },
      }),
    },
    async (request) => devices.list(currentUser(request).id),
  );
  app.delete(
    PATHS.one(':id'),
    {
      preValidation: signedIn,
      schema: schema('Forget one of the signed-in user’s remembered devices', {
        description: 'Its next sign-in asks for the second factor again. 404 for a device not the caller’s.',
        params: idParams,
        response: { 200: MessageSchema, 404: MessageSchema, ...authErrors },
      }),
    },
    async (request) =>
      devices.forgetOne(request, currentUser(request).id, (request.params as { id: string }).id),
  );
  app.delete(
    PATHS.list,
    {
      preValidation: signedIn,
      schema: schema('Forget every remembered device of the signed-in user', {
        response: { 200: forgottenAnswer, ...authErrors },
      }),
    },
    async (request) => devices.forgetAll(request, currentUser(request).id),
  );
  await userDeviceRoutes(app, devices);
}

/** Users › a user: a user's remembered devices (holders of users.update, not a user holding more). */
async function userDeviceRoutes(
  app: FastifyInstance,
  devices: ReturnType<typeof deviceActions>,
): Promise<void> {
  const mayUpdateUsers = app.requirePermission(can(usersResource, 'update'));
  const userOf = async (request: FastifyRequest, actor: AuthUser): Promise<number> => {
    const userId = idIn((request.params as { userId: string }).userId);
    await assertMayManageUser(app.db, actor, userId);
    return userId;
  };
  const schema = (summary: string, extra: object) => ({
    tags: ['users'],
    summary,
    description: 'Holders of users.update, for a user not holding more than them. Audited.',
    security: bearer,
    ...extra,
  });

  app.get(
    PATHS.user(':userId'),
    {
      preValidation: mayUpdateUsers,
      schema: schema('A user’s remembered devices', {
        params: userParams,
        response: { 200: listAnswer, 404: MessageSchema, ...authErrors },
      }),
    },
    async (request) => devices.list(await userOf(request, currentUser(request))),
  );
  app.delete(
    PATHS.userOne(':userId', ':id'),
    {
      preValidation: mayUpdateUsers,
      schema: schema('Forget one remembered device of a user', {
        params: userDeviceParams,
        response: { 200: MessageSchema, 404: MessageSchema, ...authErrors },
      }),
    },
    async (request) =>
      devices.forgetOne(
        request,
        await userOf(request, currentUser(request)),
        (request.params as { id: string }).id,
      ),
  );
  app.delete(
    PATHS.user(':userId'),
    {
      preValidation: mayUpdateUsers,
      schema: schema('Forget every remembered device of a user', {
        params: userParams,
        response: { 200: forgottenAnswer, 404: MessageSchema, ...authErrors },
      }),
    },
    async (request) => devices.forgetAll(request, await userOf(request, currentUser(request))),
  );
}
