import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { can } from '../../src/shared/resources/resource';
import { STREAMED_COMPRESSION } from '../plugins/compression';
import { sendSheet, sheetFormatOf } from './export';
import { bearer, errorResponses, fileAnswer, formatQueryDoc } from './openapi';
import type { AnyResource } from './resource';
import { importColumns, noRows } from './sheet';

/**
 * `GET /api/<group>/import-template?format=csv|xlsx` (store permission, like the import): a file
 * holding only the header row of the columns an import reads.
 */
export function templateRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  const columns = importColumns(contract.sheet ?? []);
  app.get(
    `${base}/import-template`,
    {
      compress: STREAMED_COMPRESSION,
      preValidation: app.requirePermission(can(contract, 'store')),
      schema: {
        tags: [contract.group],
        summary: `Download the ${contract.group} import template (CSV or XLSX)`,
        description: 'A file holding only the header row: the columns an import reads, in order.',
        security: bearer,
        querystring: Type.Object(formatQueryDoc),
        response: { 200: fileAnswer, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      sendSheet(
        reply,
        sheetFormatOf(request),
        `${contract.group}-import-template`,
        columns,
        noRows(),
        contract.group,
      ),
  );
}
