import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { now } from '../lib/clock';
import {
  consumeWebauthnChallenge,
  deleteStaleWebauthnChallenges,
  findPasskeyByCredential,
  listPasskeys,
  recordPasskeyUse,
  saveWebauthnChallenge,
  type ChallengePurpose,
  type StoredPasskey,
} from '../repositories/passkeys';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: the relying party is the address the SPA is served
 * from (`PASSKEY_ORIGIN`, else `PUBLIC_URL`: its host is the RP ID, its origin the only one
 * accepted). Every challenge is the server's, random, stored for one purpose and 2 minutes, and
 * consumed by its first answer; user verification (the device's PIN or biometrics) is required, so
 * a passkey is both factors at once. Signature counters are checked by the library and stored on use.
 */

export const WEBAUTHN_CHALLENGE_TTL_MS = 2 * 60_000;
/** A browser's JSON answer is a few hundred bytes; anything far larger is refused unread. */
const MAX_RESPONSE_CHARS = 16_384;

export interface RelyingParty {
  rpID: string;
  origin: string;
  rpName: string;
}

export const relyingParty = (
  config: Pick<Config, 'publicUrl' | 'appName' | 'passkeyOrigin'>,
): RelyingParty => {
  const url = new URL(config.passkeyOrigin || config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: config.appName };
};

const transportsOf = (stored: string[]): AuthenticatorTransportFuture[] =>
  stored as AuthenticatorTransportFuture[];

async function remember(
  db: Executor,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  clientId: number | null,
  mfaChallengeId: number | null = null,
): Promise<void> {
  const at = now();
  await deleteStaleWebauthnChallenges(db, new Date(at - WEBAUTHN_CHALLENGE_TTL_MS));
  await saveWebauthnChallenge(db, {
    challenge,
    purpose,
    userId,
    clientId,
    mfaChallengeId,
    expiresAt: new Date(at + WEBAUTHN_CHALLENGE_TTL_MS),
  });
}

/** Options for registering a new passkey of the user (a discoverable credential, user verification required). */
export async function registrationOptions(
  db: Executor,
  rp: RelyingParty,
  user: { id: number; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    // The user handle a discoverable passkey carries back: the user's id, nothing secret.
    userID: isoUint8Array.fromUTF8String(`user:${user.id}`),
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: transportsOf(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await remember(db, options.challenge, 'register', user.id, null);
  return options;
}

/**
 * Options for an assertion: `sign-in` with any passkey of this RP through `clientId` (no
 * credentials listed: the browser offers the discoverable ones), or the `second-factor` of one
 * sign-in (`signIn`: its mfa challenge and user; that user's passkeys listed).
 */
export async function authenticationOptions(
  db: Executor,
  rp: RelyingParty,
  clientId: number,
  signIn: { userId: number; mfaChallengeId: number } | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = signIn === null ? [] : await listPasskeys(db, signIn.userId);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
    userVerification: 'required',
    allowCredentials: allowed.map((passkey) => ({
      id: passkey.credentialId,
      transports: transportsOf(passkey.transports),
    })),
  });
  if (signIn)
    await remember(db, options.challenge, 'second-factor', signIn.userId, clientId, signIn.mfaChallengeId);
  else await remember(db, options.challenge, 'sign-in', null, clientId);
  return options;
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The challenge the signed client data names, or null (not base64url JSON, no challenge). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return isString(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

/** The JSON a browser answered, as an object; null when it is not JSON of that shape or too large. */
function parseResponse(raw: unknown, fields: string[]): Record<string, unknown> | null {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_RESPONSE_CHARS) return null;
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  } else if (JSON.stringify(raw ?? null).length > MAX_RESPONSE_CHARS) {
    return null;
  }
  const record = value as {
    id?: unknown;
    rawId?: unknown;
    type?: unknown;
    response?: Record<string, unknown>;
  };
  if (!record || typeof record !== 'object' || !isString(record.id) || !isString(record.rawId)) return null;
  if (record.type !== 'public-key' || !record.response || typeof record.response !== 'object') return null;
  if (!fields.every((field) => isString(record.response?.[field]))) return null;
  return record as Record<string, unknown>;
}

export const parseAssertion = (raw: unknown): AuthenticationResponseJSON | null =>
  parseResponse(raw, [
    'clientDataJSON',
    'authenticatorData',
    'signature',
  ]) as AuthenticationResponseJSON | null;

export const parseAttestation = (raw: unknown): RegistrationResponseJSON | null =>
  parseResponse(raw, ['clientDataJSON', 'attestationObject']) as RegistrationResponseJSON | null;

export interface ConsumedChallenge {
  challenge: string;
  userId: number | null;
  clientId: number | null;
  mfaChallengeId: number | null;
}

/** Consumes the server's challenge the response answers (for that purpose only), or null. */
export async function consumeChallengeOf(
  db: Executor,
  response: { response: { clientDataJSON: string } },
  purpose: ChallengePurpose,
): Promise<ConsumedChallenge | null> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) return null;
  const row = await consumeWebauthnChallenge(db, challenge, purpose, new Date(now()));
  return row ? { challenge, ...row } : null;
}

/** A new passkey of the user, verified against the consumed challenge; null when it is not one. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  expectedChallenge: string,
) {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  } catch {
    return null;
  }
}

/**
 * The passkey whose assertion this is, when it verifies against the consumed challenge (signature,
 * origin, RP ID, user verification, counter) and belongs to `userId` if one is expected; its new
 * counter is stored. Null otherwise.
 */
export async function verifyAssertion(
  db: Executor,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  userId: number | null,
): Promise<StoredPasskey | null> {
  const passkey = await findPasskeyByCredential(db, response.id);
  if (!passkey || (userId !== null && passkey.userId !== userId)) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
    });
    if (!result.verified) return null;
    const used = await recordPasskeyUse(
      db,
      passkey.id,
      result.authenticationInfo.newCounter,
      new Date(now()),
    );
    return used ? passkey : null;
  } catch {
    return null;
  }
}
