import net from 'node:net';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { validation } from '../../src/shared/messages';
import { WEBHOOK_LABELS } from '../../src/shared/resources/webhooks';
import type { FieldWriter } from '../crud/define';
import { set } from '../crud/fields';
import { fieldError } from '../lib/httpError';
import { refusedAddress, refusedUrl } from './deliver';

/**
 * The URL writer: an http(s) URL without credentials; a literal private, loopback or link-local
 * address is refused at once (a name is checked when each delivery resolves it). Whether loopback
 * is allowed comes from the app (`setLoopbackAllowed`, WEBHOOK_ALLOW_LOOPBACK).
 */
let loopbackAllowed = false;
export const setLoopbackAllowed = (allowed: boolean): void => {
  loopbackAllowed = allowed;
};

export const webhookUrlWrite =
  (col: PgColumn): FieldWriter<string> =>
  (url, ctx) => {
    if (refusedUrl(url)) throw fieldError(ctx.field, validation.invalid(WEBHOOK_LABELS.url));
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    const literal = net.isIP(host) ? host : host === 'localhost' ? '127.0.0.1' : null;
    if (literal && refusedAddress(literal, { allowLoopback: loopbackAllowed }))
      throw fieldError(ctx.field, WEBHOOK_REFUSALS.privateTarget);
    return [set(col, url)];
  };

export const WEBHOOK_REFUSALS = {
  privateTarget: 'Endpoint URL must be a public address (not private, loopback or link-local)',
} as const;
