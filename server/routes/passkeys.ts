import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PASSKEY_PATHS,
  PASSKEYS_PER_USER,
  passkeyPath,
  registerPasskeySchema,
  registrationOptionsSchema,
  removePasskeySchema,
  type Passkey,
} from '../../src/shared/contracts/passkeys';
import { format, LABELS, validation } from '../../src/shared/messages';
import { PASSKEY_MESSAGES as M } from '../../src/shared/messages/passkeys';
import { TWO_FACTOR_MESSAGES } from '../../src/shared/messages/twoFactor';
import { PERMISSIONS } from '../../src/shared/permissions';
import type { Config } from '../config';
import { idParams } from '../crud/openapi';
import { idOf } from '../crud/resource';
import { now } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { fieldError, HttpError } from '../lib/httpError';
import { verifyPassword } from '../lib/passwords';
import { parseBody } from '../lib/validation';
import { createOAuthModel } from '../oauth/model';
import { currentUser } from '../plugins/auth';
import {
  countPasskeys,
  deletePasskey,
  findOwnPasskey,
  hasPasskey,
  insertPasskey,
  listPasskeys,
  type StoredPasskey,
} from '../repositories/passkeys';
import { findOpenChallenge } from '../repositories/twoFactor';
import { findPasswordHashById } from '../repositories/users';
import { actorOf, recordAudit } from '../security/audit';
import { accountChangeMail } from '../security/accountMail';
import { securityEvent } from '../security/events';
import {
  authenticationOptions,
  consumeChallengeOf,
  parseAttestation,
  registrationOptions,
  relyingParty,
  verifyRegistration,
} from '../security/passkeys';
import { MFA_TOKEN_MAX_FAILURES } from '../security/twoFactor';
import { authErrors, bearer, messageSchema, validationErrorSchema } from './schemas';

const passkeySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    synced: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
    last_used_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/** WebAuthn options are the library's JSON, passed to the browser as they are. */
const optionsSchema = {
  type: 'object',
  properties: { data: { type: 'object', additionalProperties: true } },
} as const;

const passwordBody = { type: 'object', properties: { current_password: { type: 'string' } } } as const;
const clientBody = {
  client_id: { type: 'string' },
  client_secret: { type: 'string' },
} as const;

const errors = { 409: messageSchema, 422: validationErrorSchema, ...authErrors } as const;

const toWire = (passkey: StoredPasskey): Passkey => ({
  id: passkey.id,
  name: passkey.name,
  synced: passkey.deviceType === 'multiDevice',
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
});

const text = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
};

/** What the passkey routes share: the relying party, who may call them, the password check and its limits, the mail, the client check. */
function passkeyTools(app: FastifyInstance, config: Config) {
  const rp = relyingParty(config);
  const signedIn = app.requirePermission(PERMISSIONS.any);
  const perIp = app.limiter('two-factor-ip', config.rateLimit.passwordPerIp);
  const wrongProofs = app.limiter(
    'two-factor-failures',
    config.rateLimit.passwordFailuresPerAccount,
    (request) => String(request.user?.id),
  );
  const guestPerIp = app.limiter('passkey-options-ip', config.rateLimit.tokenPerIp);
  const model = createOAuthModel(app.db, app.log);

  const confirmPassword = async (request: FastifyRequest, userId: number, password: string) => {
    await perIp.hit(request);
    await wrongProofs.check(request);
    if (await verifyPassword(await findPasswordHashById(app.db, userId), password)) return;
    await wrongProofs.count(request);
    securityEvent(request.log, 'password.failed', { userId, ip: request.ip });
    throw fieldError('current_password', validation.invalid(LABELS.currentPassword));
  };

  const tell = accountChangeMail(app, config);

  /** The SPA's client, authenticated as at /oauth/token; 401 invalid_client otherwise. */
  const clientOf = async (body: unknown): Promise<number> => {
    const client = await model.getClient(text(body, 'client_id'), text(body, 'client_secret'));
    if (!client) throw new HttpError(401, 'Invalid client: client is invalid');
    return Number(client.id);
  };

  return { rp, signedIn, perIp, wrongProofs, guestPerIp, model, confirmPassword, tell, clientOf, config };
}

type PasskeyTools = ReturnType<typeof passkeyTools>;

/** The signed-in user's passkeys. */
function passkeyList(app: FastifyInstance, { signedIn }: PasskeyTools): void {
  app.get(
    PASSKEY_PATHS.list,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Your passkeys',
        security: bearer,
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: passkeySchema } } },
          ...authErrors,
        },
      },
    },
    async (request) => ({ data: (await listPasskeys(app.db, currentUser(request).id)).map(toWire) }),
  );
}

/** Registration, step one: the options (the current password first). */
function startRegistration(app: FastifyInstance, { rp, signedIn, confirmPassword }: PasskeyTools): void {
  app.post(
    PASSKEY_PATHS.registrationOptions,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Start registering a passkey',
        description:
          'Needs the current password. Answers the WebAuthn creation options (a discoverable credential, user verification ' +
          'required) with a challenge that is good once, for 2 minutes.',
        security: bearer,
        body: passwordBody,
        response: { 200: optionsSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const input = await parseBody(registrationOptionsSchema, request.body);
      await confirmPassword(request, user.id, input.current_password);
      if ((await countPasskeys(app.db, user.id)) >= PASSKEYS_PER_USER) {
        throw new HttpError(409, format(M.tooMany, { max: PASSKEYS_PER_USER }));
      }
      return { data: await registrationOptions(app.db, rp, user) };
    },
  );
}

/** Registration, step two: the browser's answer checked and kept. */
function finishRegistration(app: FastifyInstance, { rp, signedIn, tell }: PasskeyTools): void {
  app.post(
    PASSKEY_PATHS.list,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Register a passkey',
        description:
          "The browser's answer (RegistrationResponseJSON) to the options of POST " +
          `${PASSKEY_PATHS.registrationOptions}, and a name. Its challenge is consumed whatever the outcome.`,
        security: bearer,
        body: {
          type: 'object',
          properties: { name: { type: 'string' }, response: { type: 'object', additionalProperties: true } },
        },
        response: {
          201: { type: 'object', properties: { data: passkeySchema, message: { type: 'string' } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = await parseBody(registerPasskeySchema, request.body);
      const attestation = parseAttestation(input.response);
      if (!attestation) throw fieldError('response', M.registrationFailed);
      const consumed = await consumeChallengeOf(app.db, attestation, 'register');
      if (!consumed || consumed.userId !== user.id) throw fieldError('response', M.challengeExpired);
      const credential = await verifyRegistration(rp, attestation, consumed.challenge);
      if (!credential) throw fieldError('response', M.registrationFailed);
      const created = await app.db.transaction(async (tx) => {
        if ((await countPasskeys(tx, user.id)) >= PASSKEYS_PER_USER) return null;
        const id = await insertPasskey(tx, { userId: user.id, name: input.name, ...credential });
        if (id === null) return null;
        await recordAudit(tx, {
          kind: 'passkey.added',
          actor: actorOf(user),
          resource: 'users',
          recordId: user.id,
          summary: `${user.email} added the passkey ${input.name}`,
        });
        await tell(tx, user, `A passkey (${input.name}) was added`);
        return findOwnPasskey(tx, user.id, id);
      });
      if (!created) throw fieldError('response', M.registrationFailed);
      return reply
        .code(201)
        .send({ data: toWire(created), message: format(M.registered, { name: created.name }) });
    },
  );
}

/** Remove a passkey (with the current password). */
function removePasskey(app: FastifyInstance, { signedIn, confirmPassword, tell }: PasskeyTools): void {
  app.delete(
    passkeyPath(':id'),
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Remove a passkey',
        description: "Needs the current password. A passkey that is not the caller's answers 404.",
        security: bearer,
        params: idParams,
        body: passwordBody,
        response: { 200: messageSchema, 404: messageSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const passkey = await findOwnPasskey(app.db, user.id, idOf(request));
      if (!passkey) throw new HttpError(404, M.notFound);
      const input = await parseBody(removePasskeySchema, request.body ?? {});
      await confirmPassword(request, user.id, input.current_password);
      await app.db.transaction(async (tx) => {
        if (!(await deletePasskey(tx, user.id, passkey.id))) return;
        await recordAudit(tx, {
          kind: 'passkey.removed',
          actor: actorOf(user),
          resource: 'users',
          recordId: user.id,
          summary: `${user.email} removed the passkey ${passkey.name}`,
        });
        await tell(tx, user, `A passkey (${passkey.name}) was removed`);
      });
      return { message: format(M.removed, { name: passkey.name }) };
    },
  );
}

/** A guest: the challenge of a sign-in with a passkey alone. */
function startPasskeySignIn(app: FastifyInstance, { rp, guestPerIp, clientOf }: PasskeyTools): void {
  app.post(
    PASSKEY_PATHS.signInOptions,
    {
      onRequest: async (request) => guestPerIp.hit(request),
      schema: {
        tags: ['auth'],
        summary: 'Start a passkey sign-in',
        description:
          'For the SPA client (its id and secret, as at /oauth/token). Answers WebAuthn request options naming no ' +
          'credential (the browser offers its discoverable passkeys) with a challenge good once, for 2 minutes, for this ' +
          'client; the assertion then goes to /oauth/token.',
        body: { type: 'object', properties: clientBody },
        response: { 200: optionsSchema, 401: messageSchema },
      },
    },
    async (request) => ({
      data: await authenticationOptions(app.db, rp, await clientOf(request.body), null),
    }),
  );
}

/** A guest: the challenge of the second step with a passkey. */
function startPasskeyStep(app: FastifyInstance, { rp, guestPerIp, clientOf }: PasskeyTools): void {
  app.post(
    PASSKEY_PATHS.secondFactorOptions,
    {
      onRequest: async (request) => guestPerIp.hit(request),
      schema: {
        tags: ['auth'],
        summary: 'Start the second step of a sign-in with a passkey',
        description:
          'The mfa_token a right password answered, and the client it was answered to. Answers WebAuthn request options ' +
          "listing the account's passkeys, with a challenge good once, for 2 minutes, for this sign-in.",
        body: { type: 'object', properties: { ...clientBody, mfa_token: { type: 'string' } } },
        response: { 200: optionsSchema, 400: messageSchema, 401: messageSchema },
      },
    },
    async (request) => {
      const clientId = await clientOf(request.body);
      const challenge = await findOpenChallenge(
        app.db,
        sha256(text(request.body, 'mfa_token')),
        new Date(now()),
        MFA_TOKEN_MAX_FAILURES,
      );
      // Unknown, expired, used, worn out, or another client's: the same answer as at /oauth/token.
      if (!challenge || challenge.clientId !== clientId) {
        throw new HttpError(400, TWO_FACTOR_MESSAGES.invalidMfaToken);
      }
      if (!(await hasPasskey(app.db, challenge.userId))) throw new HttpError(400, M.noPasskeys);
      return {
        data: await authenticationOptions(app.db, rp, clientId, {
          userId: challenge.userId,
          mfaChallengeId: challenge.id,
        }),
      };
    },
  );
}

/**
 * Passkeys: the signed-in user's own (Profile › Passkeys: listed, registered with the current
 * password, removed with it), and the two guest routes that hand out the challenge of a passkey
 * sign-in or of the second step; the assertion itself goes to /oauth/token (oauth/mfa.ts). Wrong
 * passwords count with the two-factor routes' (the same limits), every change is audited and mailed.
 */
export async function passkeyRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const tools = passkeyTools(app, config);
  passkeyList(app, tools);
  startRegistration(app, tools);
  finishRegistration(app, tools);
  removePasskey(app, tools);
  startPasskeySignIn(app, tools);
  startPasskeyStep(app, tools);
}
