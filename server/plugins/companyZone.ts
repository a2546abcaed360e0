import fp from 'fastify-plugin';
import { isTimeZone } from '../../src/shared/zonedDays';
import { companyZone, setCompanyZone } from '../lib/clock';
import { findTimeZone } from '../repositories/company';

/** How long this instance trusts its copy of the zone before reading it again (another instance's save). */
export const COMPANY_ZONE_LIFE_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads the company's time zone from the record now, and keeps it (`server/lib/clock.ts`). */
    reloadCompanyZone(): Promise<string>;
  }
}

/**
 * The company's time zone (Setting › Company) for every day the server computes: read at start,
 * set at once by this instance's save (routes/company.ts), and read again (in the background) when
 * a request comes and the copy is older than COMPANY_ZONE_LIFE_MS, so another instance's save
 * applies here within about that time. Company settings have no bus (they are read from the database on every request); the zone
 * is the one field read synchronously everywhere, hence this copy. A stored name this runtime does
 * not know (an older ICU) falls back to the server's zone rather than failing every date.
 */
export const companyZonePlugin = fp(
  async (app) => {
    let readAt = 0;
    let refreshing = false;
    // Reads may overlap (a refresh, then a save's): only the latest started may set the zone.
    let started = 0;
    let applied = 0;

    async function reload(): Promise<string> {
      const seq = ++started;
      const stored = await findTimeZone(app.db);
      if (seq > applied) {
        applied = seq;
        setCompanyZone(isTimeZone(stored) ? stored : null);
        readAt = Date.now();
      }
      return companyZone();
    }

    app.decorate('reloadCompanyZone', reload);
    app.addHook('onReady', async () => {
      await reload();
    });
    // Not awaited: no request waits for (or fails on) the re-read; the next one sees its result.
    app.addHook('onRequest', async (request) => {
      if (refreshing || Date.now() - readAt < COMPANY_ZONE_LIFE_MS) return;
      refreshing = true;
      reload()
        .catch((error: unknown) =>
          // The database away: the last zone applies (the request itself answers the outage).
          request.log.warn({ err: error }, 'company time zone not re-read; the last one applies'),
        )
        .finally(() => {
          refreshing = false;
        });
    });
  },
  { name: 'company-zone', dependencies: ['db'] },
);
