import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as it arrived: the raw message, who the envelope named, and the message parsed. */
export interface ArrivedMail {
  raw: string;
  /** The envelope's recipients (RCPT TO): who the mail was actually delivered to. */
  rcptTo: string[];
  mailFrom: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  port: number;
  url: string;
  /** The raw messages received, in order. */
  received: string[];
  mails: ArrivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server from the npm registry), keeping what it receives;
 * `onMail` is told of each mail as it arrives (the e2e run writes it to a folder).
 */
export async function startSmtp(port = 0, onMail?: (mail: ArrivedMail) => void): Promise<TestSmtp> {
  const received: string[] = [];
  const mails: ArrivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        simpleParser(data).then(
          (parsed) => {
            const mail: ArrivedMail = {
              raw: data,
              rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              parsed,
            };
            received.push(data);
            mails.push(mail);
            onMail?.(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The header block of a raw message, unfolded: one entry per header line as it arrived. */
export function headerLines(raw: string): string[] {
  const head = raw.split(/\r?\n\r?\n/, 1)[0];
  return head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}
