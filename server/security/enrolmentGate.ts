import type { FastifyRequest } from 'fastify';
import { ENROLMENT_ROUTES, MFA_ENROLMENT_REQUIRED } from '../../src/shared/contracts/secondFactorEnrolment';
import { TWO_FACTOR_MESSAGES } from '../../src/shared/messages/twoFactor';
import { HttpError } from '../lib/httpError';
import type { AuthUser } from '../repositories/tokens';
import { securityEvent } from './events';

const open = new Set(ENROLMENT_ROUTES);

/**
 * The second check of every guarded route, after the token (plugins/auth.ts `authenticate`, which
 * every permission check runs first): a user whose role requires a second factor and who has none is
 * refused everything but enrolling, their account and signing out. A user signed in by single
 * sign-on is no exception: the provider's own second factor is not visible to us (decision
 * 2026-12-03-role-second-factor.md). Enrolling drops the cached sign-in, so the next call passes.
 */
export function assertEnrolmentNotDue(request: FastifyRequest, user: AuthUser): void {
  if (!user.mustEnrolSecondFactor) return;
  if (open.has(`${request.method} ${request.routeOptions.url}`)) return;
  securityEvent(request.log, 'permission.denied', {
    userId: user.id,
    permission: MFA_ENROLMENT_REQUIRED,
    method: request.method,
    route: request.routeOptions.url,
  });
  throw new HttpError(
    403,
    TWO_FACTOR_MESSAGES.enrolmentRequired,
    undefined,
    undefined,
    MFA_ENROLMENT_REQUIRED,
  );
}
