import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  enrolConfirmSchema,
  enrolStartSchema,
  factorProofSchema,
  TWO_FACTOR_PATHS,
  userTwoFactorPath,
  type EnrolmentStart,
  type FactorProof,
  type RecoveryCodes,
  type TwoFactorStatus,
} from '../../src/shared/contracts/twoFactor';
import { LABELS, validation } from '../../src/shared/messages';
import { TWO_FACTOR_MESSAGES as M } from '../../src/shared/messages/twoFactor';
import { PERMISSIONS, permissionKey } from '../../src/shared/permissions';
import type { Config } from '../config';
import { idParams } from '../crud/openapi';
import { idOf, notFound } from '../crud/resource';
import { fieldError, HttpError } from '../lib/httpError';
import { verifyPassword } from '../lib/passwords';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import {
  deleteFactors,
  findAuthenticator,
  replaceRecoveryCodes,
  savePendingAuthenticator,
  unusedRecoveryCodes,
} from '../repositories/twoFactor';
import { deletePasskeys } from '../repositories/passkeys';
import { findPasswordHashById } from '../repositories/users';
import { actorById, actorOf, recordAudit } from '../security/audit';
import { assertMayManageUser } from '../security/grants';
import { accountChangeMail } from '../security/accountMail';
import { securityEvent } from '../security/events';
import { acceptTotp, newEnrolment, newRecoveryCodes } from '../security/twoFactor';
import { bearer, messageSchema, validationErrorSchema, authErrors } from './schemas';

const statusSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: { enabled: { type: 'boolean' }, recovery_codes_left: { type: 'integer' } },
    },
  },
} as const;

const codesSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: { recovery_codes: { type: 'array', items: { type: 'string' } } },
    },
    message: { type: 'string' },
  },
} as const;

const proofBody = {
  type: 'object',
  properties: {
    current_password: { type: 'string' },
    code: { type: 'string', description: 'A code of the authenticator app, instead of the password' },
  },
} as const;

const errors = { 409: messageSchema, 422: validationErrorSchema, ...authErrors } as const;

/** What the two-factor routes share: who may call them, the proof check and its limits, the mail, the status. */
function twoFactorTools(app: FastifyInstance, config: Config) {
  const signedIn = app.requirePermission(PERMISSIONS.any);
  const perIp = app.limiter('two-factor-ip', config.rateLimit.passwordPerIp);
  const wrongProofs = app.limiter(
    'two-factor-failures',
    config.rateLimit.passwordFailuresPerAccount,
    (request) => String(request.user?.id),
  );

  /** The password, or a code of the active authenticator; 422 (and counted) otherwise. */
  const confirmProof = async (
    request: FastifyRequest,
    userId: number,
    proof: Pick<FactorProof, 'current_password' | 'code'>,
  ) => {
    await perIp.hit(request);
    await wrongProofs.check(request);
    if (proof.code) {
      const authenticator = await findAuthenticator(app.db, userId);
      if (authenticator?.confirmedAt && (await acceptTotp(app.db, authenticator, proof.code))) return;
    } else if (
      await verifyPassword(await findPasswordHashById(app.db, userId), proof.current_password ?? '')
    ) {
      return;
    }
    await wrongProofs.count(request);
    securityEvent(request.log, 'password.failed', { userId, ip: request.ip });
    throw proof.code
      ? fieldError('code', M.invalidCode)
      : fieldError('current_password', validation.invalid(LABELS.currentPassword));
  };

  const tell = accountChangeMail(app, config);

  const status = async (userId: number): Promise<TwoFactorStatus> => {
    const authenticator = await findAuthenticator(app.db, userId);
    const enabled = Boolean(authenticator?.confirmedAt);
    return { enabled, recovery_codes_left: enabled ? (await unusedRecoveryCodes(app.db, userId)).length : 0 };
  };

  return { signedIn, perIp, wrongProofs, confirmProof, tell, status, config };
}

type TwoFactorTools = ReturnType<typeof twoFactorTools>;

/** Whether two-factor sign-in is on. */
function getStatus(app: FastifyInstance, { signedIn, status }: TwoFactorTools): void {
  app.get(
    TWO_FACTOR_PATHS.status,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Whether two-factor sign-in is on',
        security: bearer,
        response: { 200: statusSchema, ...authErrors },
      },
    },
    async (request) => ({ data: await status(currentUser(request).id) }),
  );
}

/** Enrolment, step one: a new secret and its QR code. */
function startEnrolment(app: FastifyInstance, { signedIn, confirmProof, config }: TwoFactorTools): void {
  app.post(
    TWO_FACTOR_PATHS.status,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Start enrolling an authenticator app',
        description:
          'Needs the current password. Answers the new secret, its otpauth URI and that URI as a QR code (SVG data URL); ' +
          'nothing changes at sign-in until a code is confirmed. Starting again replaces a pending secret; an active one stays.',
        security: bearer,
        body: { type: 'object', properties: { current_password: { type: 'string' } } },
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  secret: { type: 'string' },
                  otpauth_uri: { type: 'string' },
                  qr_code: { type: 'string' },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request): Promise<{ data: EnrolmentStart }> => {
      const user = currentUser(request);
      const input = await parseBody(enrolStartSchema, request.body);
      await confirmProof(request, user.id, { current_password: input.current_password });
      const enrolment = await newEnrolment(config.appName, user.email);
      if (!(await savePendingAuthenticator(app.db, user.id, enrolment.secret))) {
        throw new HttpError(409, M.alreadyEnrolled);
      }
      return { data: enrolment };
    },
  );
}

/** Enrolment, step two: a code turns it on; the recovery codes are answered once. */
function confirmEnrolment(
  app: FastifyInstance,
  { signedIn, perIp, wrongProofs, tell }: TwoFactorTools,
): void {
  app.post(
    TWO_FACTOR_PATHS.confirm,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Confirm the authenticator app with a code: two-factor sign-in is on',
        description: 'Answers ten single-use recovery codes, once: only their hashes are kept.',
        security: bearer,
        body: { type: 'object', properties: { code: { type: 'string' } } },
        response: { 200: codesSchema, ...errors },
      },
    },
    async (request): Promise<{ data: RecoveryCodes; message: string }> => {
      const user = currentUser(request);
      const input = await parseBody(enrolConfirmSchema, request.body);
      const authenticator = await findAuthenticator(app.db, user.id);
      if (!authenticator) throw new HttpError(409, M.noPendingEnrolment);
      if (authenticator.confirmedAt) throw new HttpError(409, M.alreadyEnrolled);
      await perIp.hit(request);
      await wrongProofs.check(request);
      const { codes, hashes } = newRecoveryCodes();
      const confirmed = await app.db.transaction(async (tx) => {
        if (!(await acceptTotp(tx, authenticator, input.code))) return false;
        await replaceRecoveryCodes(tx, user.id, hashes);
        await recordAudit(tx, {
          kind: 'two-factor.enabled',
          actor: actorOf(user),
          resource: 'users',
          recordId: user.id,
          summary: `${user.email} turned two-factor sign-in on`,
        });
        await tell(tx, user, 'Two-factor sign-in was turned on');
        return true;
      });
      if (!confirmed) {
        await wrongProofs.count(request);
        throw fieldError('code', M.invalidCode);
      }
      return { data: { recovery_codes: codes }, message: M.enabled };
    },
  );
}

/** New recovery codes. */
function newCodes(app: FastifyInstance, { signedIn, confirmProof, tell, status }: TwoFactorTools): void {
  app.post(
    TWO_FACTOR_PATHS.recoveryCodes,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'New recovery codes (the old ones stop working)',
        description:
          'Needs the current password or a code of the authenticator app. Answers the ten codes, once.',
        security: bearer,
        body: proofBody,
        response: { 200: codesSchema, ...errors },
      },
    },
    async (request): Promise<{ data: RecoveryCodes; message: string }> => {
      const user = currentUser(request);
      const input = await parseBody(factorProofSchema, request.body);
      if (!(await status(user.id)).enabled) throw new HttpError(409, M.notEnrolled);
      await confirmProof(request, user.id, input);
      const { codes, hashes } = newRecoveryCodes();
      await app.db.transaction(async (tx) => {
        await replaceRecoveryCodes(tx, user.id, hashes);
        await recordAudit(tx, {
          kind: 'two-factor.recovery-codes',
          actor: actorOf(user),
          resource: 'users',
          recordId: user.id,
          summary: `${user.email} made new recovery codes`,
        });
        await tell(tx, user, 'New recovery codes were made');
      });
      return { data: { recovery_codes: codes }, message: M.codesRegenerated };
    },
  );
}

/** Turn it off (the password or a code). */
function turnOff(app: FastifyInstance, { signedIn, confirmProof, tell, status }: TwoFactorTools): void {
  app.delete(
    TWO_FACTOR_PATHS.status,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor sign-in off',
        description:
          'Needs the current password or a code of the authenticator app; the recovery codes go too.',
        security: bearer,
        body: proofBody,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const input = await parseBody(factorProofSchema, request.body ?? {});
      if (!(await status(user.id)).enabled) throw new HttpError(409, M.notEnrolled);
      await confirmProof(request, user.id, input);
      await app.db.transaction(async (tx) => {
        await deleteFactors(tx, user.id);
        await recordAudit(tx, {
          kind: 'two-factor.disabled',
          actor: actorOf(user),
          resource: 'users',
          recordId: user.id,
          summary: `${user.email} turned two-factor sign-in off`,
        });
        await tell(tx, user, 'Two-factor sign-in was turned off');
      });
      return { message: M.disabled };
    },
  );
}

/** An administrator resets a user's second factors. */
function resetForUser(app: FastifyInstance, { tell }: TwoFactorTools): void {
  app.delete(
    userTwoFactorPath(':id'),
    {
      preValidation: app.requirePermission(permissionKey('users', 'update')),
      schema: {
        tags: ['users'],
        summary: "Reset a user's two-factor sign-in",
        description:
          'Removes the authenticator app, the recovery codes and the passkeys of a user who lost them: they sign in with the password ' +
          'alone until they enrol again. Not for users holding more than the caller, nor for the caller (their profile ' +
          'turns it off). Audited; the user is told by mail.',
        security: bearer,
        params: idParams,
        response: { 200: messageSchema, 404: messageSchema, 409: messageSchema, ...authErrors },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const id = idOf(request);
      const target = await actorById(app.db, id);
      if (!target) throw notFound();
      if (target.id === admin.id) throw new HttpError(403, M.resetOwn);
      await assertMayManageUser(app.db, admin, id);
      const removed = await app.db.transaction(async (tx) => {
        const removedApp = await deleteFactors(tx, id);
        const removedPasskeys = await deletePasskeys(tx, id);
        if (!removedApp && removedPasskeys === 0) return false;
        await recordAudit(tx, {
          kind: 'two-factor.reset',
          actor: actorOf(admin),
          resource: 'users',
          recordId: id,
          summary: `${admin.email} reset the two-factor sign-in of ${target.email}`,
        });
        await tell(tx, target, `Two-factor sign-in was reset by an administrator (${admin.name})`);
        return true;
      });
      if (!removed) throw new HttpError(409, M.notEnrolled);
      return { message: M.resetDone };
    },
  );
}

/**
 * The signed-in user's own authenticator app (Profile › Two-factor sign-in): enrol (start with the
 * current password, confirm with a code: then it is on and ten recovery codes are answered once),
 * new recovery codes, turn off (the password or a code). Wrong passwords and codes are limited per
 * account; every change is audited and mailed to the user.
 */
export async function twoFactorRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const tools = twoFactorTools(app, config);
  getStatus(app, tools);
  startEnrolment(app, tools);
  confirmEnrolment(app, tools);
  newCodes(app, tools);
  turnOff(app, tools);
  resetForUser(app, tools);
}
