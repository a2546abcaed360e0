import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startSmtp } from '../../server/test/smtp';

/** One mail as it arrived at the e2e SMTP server: the envelope and the raw message. */
interface StoredMail {
  rcptTo: string[];
  mailFrom: string;
  raw: string;
}

export interface ArrivedMail extends StoredMail {
  parsed: ParsedMail;
}

/**
 * The e2e run's SMTP server (server/test/smtp.ts: smtp-server on loopback), started by run.ts:
 * each mail that arrives is written to `dir` as one JSON file, in order, for the journeys to read.
 */
export async function startMailbox(port: number, dir: string): Promise<{ close(): Promise<void> }> {
  let sequence = 0;
  return startSmtp(port, ({ rcptTo, mailFrom, raw }) => {
    const stored: StoredMail = { rcptTo, mailFrom, raw };
    writeFileSync(path.join(dir, `${String(++sequence).padStart(6, '0')}.json`), JSON.stringify(stored));
  });
}

/** The mails that arrived so far, oldest first (in a journey: E2E_MAIL_DIR, set by run.ts). */
export async function arrivedMails(dir = process.env.E2E_MAIL_DIR): Promise<ArrivedMail[]> {
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the suite through e2e/run.ts');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return Promise.all(
    files.map(async (name) => {
      const stored = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as StoredMail;
      return { ...stored, parsed: await simpleParser(stored.raw) };
    }),
  );
}

/** Waits (up to a minute: the queue sends in the background) for a mail `match` accepts. */
export async function waitForMail(match: (mail: ArrivedMail) => boolean): Promise<ArrivedMail> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = (await arrivedMails()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('the mail did not arrive in a minute');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
