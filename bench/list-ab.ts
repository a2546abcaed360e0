/**
 * One change to the product list against another, paired: two built checkouts served side by side
 * (each its own server on fresh data, each its own Chromium), cold signed-in loads of /product
 * alternating between them (the order reversed every round, one warm-up load each not counted), and
 * each round's difference in time to painted rows (bench/signedInPage.ts's probe). A busy machine
 * slows both loads of a round alike, so the paired differences say more than two medians do: use it
 * to tell whether a change to the list's first load gains anything. Needs both checkouts built.
 *
 *   npx tsx bench/list-ab.ts --a /tmp/before --b . --rounds 24
 *
 * Prints each side's median, the median of the differences (B − A: negative when B paints sooner)
 * and in how many rounds B painted first. `--page login` compares /login's time to interactive
 * instead (a cold guest load: the sign-in form painted with its e-mail field focused, as
 * browser-timing.ts measures it).
 *
 *   npx tsx bench/list-ab.ts --a /tmp/before --b . --rounds 24 --page login
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROUTES } from '../src/shared/routes';
import { guestContext, LOGIN_READY, serveCheckout, signedInContext, waitForPaint } from './signedInPage';
import { median } from './support';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '20' },
    port: { type: 'string', default: '8421' },
    /** `list` (the product list's rows painted) or `login` (/login's time to interactive). */
    page: { type: 'string', default: 'list' },
  },
});
const PAGES = {
  list: 'rows painted',
  login: '/login interactive',
} as const;
const measured = PAGES[values.page as keyof typeof PAGES];
if (!measured) throw new Error(`--page is one of: ${Object.keys(PAGES).join(', ')}`);

type Served = Awaited<ReturnType<typeof serveCheckout>>;

/** One cold load of the page measured: ms from navigation start to its target painted. */
async function pageLoad({ browser, checkout }: Served): Promise<number> {
  const login = values.page === 'login';
  const context = login ? await guestContext(browser, LOGIN_READY) : await signedInContext(browser, checkout);
  try {
    const page = await context.newPage();
    await page.goto(`${checkout.base}${login ? ROUTES.login : ROUTES.products}`);
    return await waitForPaint(page);
  } finally {
    await context.close();
  }
}

async function main() {
  if (!values.a || !values.b) throw new Error('Give both checkouts: --a <dir> --b <dir>');
  const rounds = Number(values.rounds);
  const port = Number(values.port);
  const a = await serveCheckout('A', path.resolve(values.a), port);
  try {
    const b = await serveCheckout('B', path.resolve(values.b), port + 1);
    try {
      await pageLoad(a);
      await pageLoad(b);
      const times: { a: number; b: number }[] = [];
      for (let round = 0; round < rounds; round++) {
        const first = round % 2 === 0 ? a : b;
        const second = first === a ? b : a;
        const [one, two] = [await pageLoad(first), await pageLoad(second)];
        times.push(first === a ? { a: one, b: two } : { a: two, b: one });
        process.stderr.write(`round ${round + 1}/${rounds}\n`);
      }
      const differences = times.map((time) => time.b - time.a);
      const sooner = differences.filter((difference) => difference < 0).length;
      process.stdout.write(
        [
          `A ${path.resolve(values.a)}: ${measured}, median ${median(times.map((t) => t.a)).toFixed(0)} ms`,
          `B ${path.resolve(values.b)}: ${measured}, median ${median(times.map((t) => t.b)).toFixed(0)} ms`,
          `B − A, paired by round: median ${median(differences).toFixed(0)} ms; B sooner in ${sooner} of ${rounds}`,
        ].join('\n') + '\n',
      );
    } finally {
      await b.close();
    }
  } finally {
    await a.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
