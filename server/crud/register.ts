import type { FastifyInstance } from 'fastify';
import { apiPath, hasAction } from '../../src/shared/resources/resource';
import { MessageSchema } from '../../src/shared/resources/wire';
import { bulkDeleteRoute } from './bulk';
import { bulkEditRoutes } from './bulkEdit';
import { createRoute } from './create';
import { deleteRoute } from './delete';
import { exportRoute } from './export';
import { historyRoutes } from './history';
import { importRoute } from './import';
import { listRoute } from './list';
import { optionsRoute } from './options';
import { checkDeclaration, type AnyResource, type Declaration } from './resource';
import { showRoute } from './show';
import { templateRoute } from './template';
import { updateRoute } from './update';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

/**
 * `405 {message}` with `Allow` for a method the resource's permission group has no action for
 * (`POST /api/pages`): the path exists, the method does not.
 */
function methodNotAllowed(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  allow: string[],
) {
  app.route({
    method,
    url,
    schema: { hide: true, response: { 405: MessageSchema } },
    handler: async (_request, reply) =>
      reply.code(405).header('allow', allow.join(', ')).send({ message: SERVER_MESSAGES.methodNotAllowed }),
  });
}

/**
 * Registers the API contract's routes of one resource from its server declaration, as far as its
 * permission group's actions go (`PERMISSION_GROUPS`): `index` → list, show, export (exportable)
 * and options (with `options`); `store` → create, import and its template (importable); `update`
 * → update; `destroy` → delete; and the history routes (`crud/history.ts`: revisions with `index`,
 * restoring a version with `update`, the trash with `destroy`, an import's undo). A method the group
 * lacks answers 405. Every route is guarded by the group's permission for its method; each write
 * runs in one transaction.
 */
export function registerResource(app: FastifyInstance, declaration: Declaration): void {
  // The declaration's own types were checked where it was defined; the routes only pass values through.
  const resource = declaration as unknown as AnyResource;
  checkDeclaration(resource);
  const { contract } = resource;
  const base = apiPath(contract);
  const may = (action: Parameters<typeof hasAction>[1]) => hasAction(contract, action);

  // Static segments first (find-my-way prefers them to `/:id` anyway).
  if (contract.options) optionsRoute(app, resource);
  if (contract.exportable && may('index')) exportRoute(app, resource, base);
  if (contract.importable && may('store')) {
    templateRoute(app, resource, base);
    importRoute(app, resource, base);
  }

  if (contract.bulkDelete && may('destroy')) bulkDeleteRoute(app, resource);
  if (contract.bulkEdit && may('update') && contract.input.update) bulkEditRoutes(app, resource);
  // History, trash and undo (crud/history.ts), as far as the group's actions go.
  historyRoutes(app, resource, base);

  listRoute(app, resource, base);
  showRoute(app, resource, base);
  if (may('store')) createRoute(app, resource, base);
  else methodNotAllowed(app, 'POST', base, ['GET']);
  if (may('update')) updateRoute(app, resource, base);
  if (may('destroy')) deleteRoute(app, resource, base);

  const itemMethods = ['GET', ...(may('update') ? ['PUT'] : []), ...(may('destroy') ? ['DELETE'] : [])];
  if (!may('update')) methodNotAllowed(app, 'PUT', `${base}/:id`, itemMethods);
  if (!may('destroy')) methodNotAllowed(app, 'DELETE', `${base}/:id`, itemMethods);
}
