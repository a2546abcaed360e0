import type { FastifyInstance } from 'fastify';
import { success } from '../../src/shared/messages';
import {
  COMPANY_ITEM,
  COMPANY_LABELS,
  companySettingsSchema,
  companySettingsWire,
} from '../../src/shared/resources/company';
import { PERMISSIONS } from '../../src/shared/permissions';
import { API_PATHS } from '../../src/shared/routes';
import { assertFresh } from '../lib/concurrency';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { findCompanySettings, lockCompanySettings, saveCompanySettings } from '../repositories/company';
import { checkFile } from '../repositories/files';
import { dataAnswer, writeAnswer } from '../../src/shared/resources/wire';
import { bearer, errorResponses } from '../crud/openapi';
import { actorOf, changedFields, recordAudit } from '../security/audit';
import { serverTimeZone } from '../../src/shared/zonedDays';
import type { AnyResource } from '../crud/resource';
import { RESOURCES } from '../resources';
import { rezoneTransitions } from '../webhooks/changes';

/** The one company record (spec §3): read with settings.show, saved with settings.update. */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_PATHS.companySettings,
    {
      preValidation: app.requirePermission(PERMISSIONS.settingsShow),
      schema: {
        tags: ['settings'],
        summary: 'The company settings',
        security: bearer,
        response: { 200: dataAnswer(companySettingsWire), ...errorResponses() },
      },
    },
    async () => ({ data: await findCompanySettings(app.db) }),
  );

  app.put(
    API_PATHS.companySettings,
    {
      preValidation: app.requirePermission(PERMISSIONS.settingsUpdate),
      schema: {
        tags: ['settings'],
        summary: 'Save the company settings',
        description:
          'Every field (null clears it); `logo` is a file id from POST /api/uploads. `updated_at` is the version ' +
          'the edit started from (null before the first save); a stale one → 409.',
        security: bearer,
        body: {
          type: 'object',
          properties: {
            ...Object.fromEntries(
              Object.keys(COMPANY_LABELS).map((key) => [key, { type: ['string', 'null'] }]),
            ),
            logo: { type: ['integer', 'null'], description: 'A file id, or null' },
            updated_at: { type: ['string', 'null'] },
          },
        },
        response: { 200: writeAnswer(companySettingsWire), ...errorResponses(409, 422) },
      },
    },
    async (request) => {
      const { updated_at: version, ...input } = await parseBody(companySettingsSchema, request.body);
      await checkFile(app.db, 'logo', COMPANY_LABELS.logo, input.logo, 'image');
      const user = currentUser(request);
      const zone = input.time_zone || serverTimeZone();
      await app.db.transaction(async (tx) => {
        assertFresh(await lockCompanySettings(tx), version, COMPANY_ITEM);
        const stored = await findCompanySettings(tx);
        const fields = changedFields(
          { ...stored, logo: stored.logo?.id ?? null },
          { ...input, time_zone: zone },
        );
        await saveCompanySettings(tx, { ...input, time_zone: input.time_zone || null }, user.id);
        // Days now start elsewhere: what is live is judged again, pending go-lives move (webhooks).
        await rezoneTransitions(tx, RESOURCES as readonly AnyResource[], stored.time_zone, zone);
        if (fields.length)
          await recordAudit(tx, {
            kind: 'company.changed',
            actor: actorOf(user),
            resource: 'settings',
            summary: `Company settings changed: ${fields.join(', ')}`,
            details: { fields },
          });
      });
      // This instance at once; the others within COMPANY_ZONE_LIFE_MS (plugins/companyZone.ts).
      await app.reloadCompanyZone();
      return { data: await findCompanySettings(app.db), message: success.updated(COMPANY_ITEM) };
    },
  );
}
