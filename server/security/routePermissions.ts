import type { PermissionAction } from '../../src/shared/permissions';
import {
  apiPath,
  bulkDeletePath,
  can,
  hasAction,
  optionReaderKeys,
  type ResourceContract,
} from '../../src/shared/resources/resource';
import {
  API_PATHS,
  assigneePath,
  contactRepliesPath,
  notSpamPath,
  PUBLIC_API,
  publicPath,
  replyDraftPath,
} from '../../src/shared/routes';
import { mediaFilePath, mediaItemPath, mediaUsagePath } from '../../src/shared/resources/media';
import { bulkEditPath, bulkEditPreviewPath } from '../../src/shared/resources/bulkEdit';
import { RESOURCES } from '../resources';
import { previewKeys } from '../routes/website';

/**
 * Every API route and what it takes to call it. One test (server/test/route-permissions.test.ts)
 * walks the OpenAPI document: a route missing here fails it, and each row is tried for real (no
 * token → 401; a role holding everything but the row's keys → 403; one of the keys → let through).
 * A new route is added here in the same change; a declared resource's routes are derived from its
 * contract (`resourceRows`), as the machinery registers them.
 *
 * Who may grant what is not a route's question but the grant rules' (server/security/grants.ts):
 * a role is assigned only by someone holding all its permissions (the Super Admin role only by a
 * Super Admin), a role gains only permissions its editor holds, nobody changes their own role or its
 * permissions, and users or roles holding more than the editor are not theirs to change.
 */
export type RouteAccess =
  /** No sign-in (rate limited per address, and per account where one is named). */
  | { access: 'public'; note: string }
  /** Any signed-in, active user. */
  | { access: 'signed-in'; note?: string }
  /** A signed-in user whose role holds at least one of `keys`. */
  | { access: 'permission'; keys: readonly string[]; note?: string };

const open = (note: string): RouteAccess => ({ access: 'public', note });
const signedIn = (note?: string): RouteAccess => ({ access: 'signed-in', note });
const anyOf = (keys: readonly string[], note?: string): RouteAccess => ({ access: 'permission', keys, note });

const USERS_KEYS = ['users.index', 'users.store', 'users.update', 'users.destroy'];

/**
 * A declared resource's routes, as `crud/register.ts` registers them from its contract and its
 * permission group's actions: so a new resource is in the table without a line here. Rows below
 * that name a resource route replace the derived one (to add what the grant rules refuse beyond it).
 */
function resourceRows(contract: ResourceContract): Record<string, RouteAccess> {
  const base = apiPath(contract);
  const may = (action: PermissionAction) => hasAction(contract, action);
  return {
    ...(may('index')
      ? {
          [`GET ${base}`]: anyOf([can(contract, 'index')]),
          [`GET ${base}/{id}`]: anyOf([can(contract, 'index')]),
          ...(contract.exportable ? { [`GET ${base}/export`]: anyOf([can(contract, 'index')]) } : {}),
          ...(contract.options ? { [`GET ${base}/options`]: anyOf(optionReaderKeys(contract)) } : {}),
        }
      : {}),
    ...(may('store')
      ? {
          [`POST ${base}`]: anyOf([can(contract, 'store')]),
          ...(contract.importable
            ? {
                [`GET ${base}/import-template`]: anyOf([can(contract, 'store')]),
                [`POST ${base}/import`]: anyOf(
                  [can(contract, 'store')],
                  `updating existing ones needs ${can(contract, 'update')} too`,
                ),
              }
            : {}),
        }
      : {}),
    ...(may('update') ? { [`PUT ${base}/{id}`]: anyOf([can(contract, 'update')]) } : {}),
    ...(may('destroy') ? { [`DELETE ${base}/{id}`]: anyOf([can(contract, 'destroy')]) } : {}),
    ...(may('destroy') && contract.bulkDelete
      ? { [`POST ${bulkDeletePath(contract)}`]: anyOf([can(contract, 'destroy')]) }
      : {}),
    ...(may('update') && contract.bulkEdit && contract.input.update
      ? {
          [`POST ${bulkEditPreviewPath(contract)}`]: anyOf([can(contract, 'update')]),
          [`POST ${bulkEditPath(contract)}`]: anyOf([can(contract, 'update')]),
          [`POST ${base}/bulk-edits/{bulkId}/undo`]: anyOf([can(contract, 'update')]),
        }
      : {}),
    ...historyRows(contract),
  };
}

/** The history routes of a declared resource (crud/history.ts), as its group's actions allow them. */
function historyRows(contract: ResourceContract): Record<string, RouteAccess> {
  const base = apiPath(contract);
  const may = (action: PermissionAction) => hasAction(contract, action);
  return {
    ...(may('index') ? { [`GET ${base}/{id}/revisions`]: anyOf([can(contract, 'index')]) } : {}),
    ...(may('update') && contract.input.update
      ? {
          [`POST ${base}/{id}/revisions/{revisionId}/restore`]: anyOf(
            [can(contract, 'update')],
            'as an update: its validation and grant rules',
          ),
        }
      : {}),
    ...(may('destroy')
      ? {
          [`GET ${base}/trash`]: anyOf([can(contract, 'destroy')]),
          [`POST ${base}/{id}/restore`]: anyOf(
            [can(contract, 'destroy')],
            'the grant rules of a create (a user’s role, a role’s permissions)',
          ),
        }
      : {}),
    ...(contract.importable && may('store') && may('destroy')
      ? {
          [`POST ${base}/imports/{importId}/undo`]: anyOf(
            [can(contract, 'store')],
            `and ${can(contract, 'destroy')}; ${can(contract, 'update')} too when the import updated rows (403 otherwise)`,
          ),
        }
      : {}),
  };
}

/**
 * The website's read routes of a declaration with `publicRead` (crud/publicRead.ts): published rows
 * and public fields only.
 */
function publicReadRows(resource: {
  contract: ResourceContract;
  publicRead?: { slug?: unknown };
}): Record<string, RouteAccess> {
  if (!resource.publicRead) return {};
  const base = publicPath(resource.contract.group);
  const note = 'the website: published rows, public fields only; per address; CORS: HOST_APP_URL only';
  return {
    [`GET ${base}`]: open(note),
    // A kind without a slug (product highlights) is a list only.
    ...(resource.publicRead.slug ? { [`GET ${base}/{slug}`]: open(note) } : {}),
  };
}

export const ROUTE_PERMISSIONS: Record<string, RouteAccess> = {
  ...Object.assign({}, ...RESOURCES.map((resource) => resourceRows(resource.contract))),
  ...Object.assign({}, ...RESOURCES.map((resource) => publicReadRows(resource))),
  [`GET ${PUBLIC_API.company}`]: open("the company settings' public fields"),
  [`GET ${PUBLIC_API.sitemap}`]: open("published items' website URLs; per address"),
  [`POST ${PUBLIC_API.contactForms}`]: open(
    "the website's contact form: 202 always; honeypot, fill time, links, block list, repeats → Spam; per address; CORS: HOST_APP_URL only",
  ),
  [`POST ${PUBLIC_API.subscribes}`]: open(
    'newsletter sign-up: Pending, a confirmation mail at most once per 10 min; same answer whether known; per address',
  ),
  [`GET ${PUBLIC_API.confirmSubscribe}`]: open(
    'the confirmation link: a page whose button confirms (a fetch of the link confirms nothing); per address',
  ),
  [`POST ${PUBLIC_API.confirmSubscribe}`]: open(
    'double opt-in: a random single-use token (hashed, 48 h); the page’s own origin may post; per address',
  ),
  [`POST ${PUBLIC_API.unsubscribe}`]: open("a subscriber's unsubscribe token; per address"),
  [`PUT ${API_PATHS.contactFormsState}`]: anyOf(['contact-forms.update'], 'bulk mark as read'),
  'GET /api/webhooks/{id}/deliveries': anyOf(['webhooks.index'], "a webhook's delivery log"),
  'POST /api/webhooks/{id}/test': anyOf(['webhooks.update'], 'queues a signed webhook.test event'),
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': anyOf(
    ['webhooks.update'],
    'a logged delivery again',
  ),
  'GET /api/website/keys': anyOf(['website.index'], "the website's read keys (never a key)"),
  'POST /api/website/keys': anyOf(['website.store'], 'the key shown once; stored hashed; audited'),
  'DELETE /api/website/keys/{id}': anyOf(['website.destroy'], 'revoked for good; audited'),
  'POST /api/previews': anyOf(
    previewKeys(),
    'and the update permission of the previewed item’s kind; audited',
  ),
  'DELETE /api/previews/{id}': anyOf(previewKeys(), 'and the update permission of its item’s kind; audited'),
  [`GET ${API_PATHS.contactFormsCount}`]: anyOf(['contact-forms.index'], 'the New count of the side menu'),
  [`GET ${contactRepliesPath('{id}')}`]: anyOf(
    ['contact-forms.index'],
    "a message's replies and their delivery",
  ),
  [`GET ${replyDraftPath('{id}')}`]: anyOf(
    ['contact-forms.update'],
    "a reply template filled in for the message (the template's own permission not needed)",
  ),
  [`POST ${notSpamPath('{id}')}`]: anyOf(['contact-forms.update'], 'a Spam message back to New; audited'),
  [`GET ${API_PATHS.contactFormsAssignees}`]: anyOf(
    ['contact-forms.update'],
    'whom a message may be assigned to (names of users who may read the inbox)',
  ),
  [`PUT ${assigneePath('{id}')}`]: anyOf(
    ['contact-forms.update'],
    'assign a message; the assignee must hold contact-forms.index (else 422); audited, mailed',
  ),
  [`GET ${API_PATHS.privacy}`]: anyOf(['privacy.index'], 'what is held on one address (counts)'),
  [`GET ${API_PATHS.privacyExport}`]: anyOf(['privacy.index'], "one address's data as JSON or CSV; audited"),
  [`DELETE ${API_PATHS.privacy}`]: anyOf(
    ['privacy.destroy'],
    "erase one address's data (confirmed by the address typed again); audited; never a user's address",
  ),
  // The media library (Setting › Media): its own group; the list through the list machinery.
  [`GET ${API_PATHS.media}`]: anyOf(['media.index'], 'every uploaded file, paged, searched, filtered'),
  [`GET ${mediaItemPath('{id}')}`]: anyOf(['media.index'], 'one uploaded file'),
  [`GET ${mediaUsagePath('{id}')}`]: anyOf(['media.index'], 'the records using a file, live or not'),
  [`POST ${mediaFilePath('{id}')}`]: anyOf(
    ['media.update'],
    'replace a file everywhere it is used (same kind, variants made again); audited',
  ),
  [`DELETE ${mediaItemPath('{id}')}`]: anyOf(
    ['media.destroy'],
    'delete a file no live item uses (409 naming them otherwise); audited',
  ),
  [`POST ${contactRepliesPath('{id}')}`]: anyOf(
    ['contact-forms.update'],
    'a reply by mail to the sender; none to a message marked as Spam',
  ),
  'POST /oauth/token': open('sign-in and refresh; per address, failed sign-ins per account'),
  [`GET ${API_PATHS.ssoStart}`]: open('single sign-on (when OIDC_* is set): to the provider; per address'),
  [`GET ${API_PATHS.ssoCallback}`]: open(
    'single sign-on: the provider’s answer, checked against the browser’s own request (cookie, state, nonce, PKCE); per address',
  ),
  'GET /env.js': open('the SPA runtime configuration (no secret beyond the public SPA client)'),
  'GET /api/health': open('liveness'),
  'GET /api/ready': open('readiness for a load balancer: database, migrations, jobs, Redis; no reasons'),
  'GET /api/version': open("the served build's id, for the SPA's new-version check"),
  'POST /api/password/forgot': open('always 200; per address, mails per account per hour'),
  'GET /api/password/reset/{token}': open('per address'),
  'POST /api/password/reset': open('per address and per e-mail'),

  'GET /api/account': signedIn(),
  'PUT /api/account': signedIn('a new e-mail needs the current password'),
  'PUT /api/account/password': signedIn('the current password; wrong ones limited per account'),
  'PUT /api/account/preferences': signedIn('own display preferences (theme)'),
  'POST /api/account/logout': signedIn(),
  'GET /api/calendar': signedIn('answers only the dated content whose index permission the caller holds'),
  'GET /api/calendar/feed': signedIn("the caller's own feed"),
  'POST /api/calendar/feed': signedIn("makes the caller's own feed address"),
  'DELETE /api/calendar/feed': signedIn("revokes the caller's own feed"),
  'GET /api/calendar/feed/{file}': open(
    'an iCal feed: its secret token is the credential (404 when unknown or revoked), limited per address',
  ),
  'POST /api/calendar/move': signedIn("checks the moved resource's update permission itself (403 otherwise)"),
  'GET /api/dashboard': signedIn('counts only the resources whose index permission the caller holds'),
  'GET /api/search': signedIn('searches only the resources whose index permission the caller holds'),
  'GET /api/account/two-factor': signedIn('own authenticator app'),
  'POST /api/account/two-factor': signedIn('the current password; wrong ones limited per account'),
  'DELETE /api/account/two-factor': signedIn(
    'the current password or a code; wrong ones limited per account',
  ),
  'POST /api/account/two-factor/confirm': signedIn(
    'a code of the pending app; wrong ones limited per account',
  ),
  'POST /api/account/two-factor/recovery-codes': signedIn(
    'the current password or a code; wrong ones limited per account',
  ),
  'GET /api/account/passkeys': signedIn('only the caller’s own passkeys'),
  'POST /api/account/passkeys/options': signedIn('the current password; wrong ones limited per account'),
  'POST /api/account/passkeys': signedIn(
    'answers a registration challenge of the caller, once, within 2 minutes',
  ),
  'DELETE /api/account/passkeys/{id}': signedIn('the current password; 404 for a passkey not the caller’s'),
  'POST /api/passkeys/sign-in-options': open('the SPA client’s credentials; per address'),
  'POST /api/passkeys/second-factor-options': open('a live mfa_token of the same client; per address'),
  'GET /api/account/sessions': signedIn('only the caller’s own sessions'),
  'DELETE /api/account/sessions/{id}': signedIn('404 for a session not the caller’s'),
  'POST /api/account/sessions/end-others': signedIn(),
  'GET /api/users/{userId}/sessions': anyOf(['users.update'], 'not a user holding more than the caller'),
  'DELETE /api/users/{userId}/sessions/{id}': anyOf(
    ['users.update'],
    'not a user holding more than the caller',
  ),
  'POST /api/users/{userId}/sessions/end-all': anyOf(
    ['users.update'],
    'not a user holding more than the caller',
  ),
  'GET /api/account/two-factor/devices': signedIn('only the caller’s own remembered devices'),
  'DELETE /api/account/two-factor/devices/{id}': signedIn('404 for a device not the caller’s'),
  'DELETE /api/account/two-factor/devices': signedIn(),
  'GET /api/users/{userId}/two-factor/devices': anyOf(
    ['users.update'],
    'not a user holding more than the caller',
  ),
  'DELETE /api/users/{userId}/two-factor/devices/{id}': anyOf(
    ['users.update'],
    'not a user holding more than the caller',
  ),
  'DELETE /api/users/{userId}/two-factor/devices': anyOf(
    ['users.update'],
    'not a user holding more than the caller',
  ),
  'POST /api/uploads': signedIn('images: anyone (own photo); documents: products.store or products.update'),

  'GET /api/permissions': anyOf(['roles.index']),
  'GET /api/settings/company': anyOf(['settings.show']),
  'PUT /api/settings/company': anyOf(['settings.update']),
  [`GET ${API_PATHS.inboxSettings}`]: anyOf(['settings.show']),
  [`PUT ${API_PATHS.inboxSettings}`]: anyOf(['settings.update'], 'only active reply templates'),
  [`GET ${API_PATHS.inboxBlockList}`]: anyOf(['settings.show']),
  [`PUT ${API_PATHS.inboxBlockList}`]: anyOf(['settings.update'], 'the version edited; limits on size'),

  'GET /api/users': anyOf(['users.index']),
  'GET /api/users/{id}': anyOf(['users.index']),
  'GET /api/users/export': anyOf(['users.index']),
  'POST /api/users': anyOf(['users.store'], 'the role must be one the caller may assign'),
  'GET /api/users/import-template': anyOf(['users.store']),
  'POST /api/users/import': anyOf(['users.store'], 'updating existing users needs users.update too'),
  'PUT /api/users/{id}': anyOf(['users.update'], 'not a user holding more than the caller'),
  'DELETE /api/users/{id}': anyOf(['users.destroy'], 'not a user holding more than the caller'),
  'DELETE /api/users/{id}/two-factor': anyOf(
    ['users.update'],
    'not the caller, not a user holding more than the caller',
  ),

  'GET /api/roles': anyOf(['roles.index']),
  'GET /api/roles/{id}': anyOf(['roles.index']),
  'GET /api/roles/options': anyOf(['roles.index', ...USERS_KEYS]),
  'POST /api/roles': anyOf(['roles.store'], 'only permissions the caller holds'),
  'PUT /api/roles/{id}': anyOf(['roles.update'], 'not the own role; only permissions the caller holds'),
  'DELETE /api/roles/{id}': anyOf(['roles.destroy'], 'not a role holding more than the caller'),
};
