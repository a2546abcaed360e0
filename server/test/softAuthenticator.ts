import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

/**
 * A software passkey for the API tests (the browser journeys use Chromium's virtual authenticator):
 * an ES256 key pair answering WebAuthn creation and request options the way a browser and a
 * platform authenticator do (packed as "none" attestation, user present and verified, a counter
 * that goes up). Only the bytes the relying party checks are built; the signing is node:crypto.
 */

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  /** The user handle the credential was created for (answered on sign-in, as discoverable ones do). */
  userHandle: string;
}

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return encodeCBOR(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

const clientData = (type: string, challenge: string, origin: string): Buffer =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

const counterBytes = (counter: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
};

export interface CreateOverrides {
  origin?: string;
  challenge?: string;
  userVerified?: boolean;
}

/** What `navigator.credentials.create()` answers, as @simplewebauthn/browser sends it (RegistrationResponseJSON). */
export function createPasskey(options: Options, origin: string, overrides: CreateOverrides = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const rpId = options.rp?.id ?? '';
  const flags = FLAG_UP | FLAG_AT | (overrides.userVerified === false ? 0 : FLAG_UV);
  const credIdLength = Buffer.alloc(2);
  credIdLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flags]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none
    credIdLength,
    credentialId,
    Buffer.from(coseKey(publicKey)),
  ]);
  const attestationObject = encodeCBOR(
    new Map<string, CBORType>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, CBORType>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const passkey: SoftPasskey = {
    credentialId,
    privateKey,
    publicKey,
    counter: 0,
    userHandle: options.user?.id ?? '',
  };
  const response = {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(
        clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides.origin ?? origin),
      ),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
  };
  return { passkey, response };
}

export interface AssertOverrides {
  origin?: string;
  challenge?: string;
  rpId?: string;
  /** Sign with the counter as it is (an authenticator clone replaying an old counter). */
  keepCounter?: boolean;
  userVerified?: boolean;
}

/** What `navigator.credentials.get()` answers (AuthenticationResponseJSON). */
export function assertPasskey(
  passkey: SoftPasskey,
  options: Options,
  origin: string,
  overrides: AssertOverrides = {},
) {
  if (!overrides.keepCounter) passkey.counter += 1;
  const flags = FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV);
  const authData = Buffer.concat([
    sha256(overrides.rpId ?? options.rpId ?? ''),
    Buffer.from([flags]),
    counterBytes(passkey.counter),
  ]);
  const clientDataJSON = clientData(
    'webauthn.get',
    overrides.challenge ?? options.challenge,
    overrides.origin ?? origin,
  );
  const signature = createSign('sha256')
    .update(Buffer.concat([authData, sha256(clientDataJSON)]))
    .sign(passkey.privateKey);
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
  };
}
