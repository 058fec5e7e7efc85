// A real SMTP server on loopback (smtp-server) that keeps every message it receives, for
// tests of the mail Patchbay sends (password resets and alerts).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message: headers and body as sent. */
  raw: string;
  /** The body, decoded from quoted-printable or base64. */
  text: string;
}

export interface LoopbackSmtp {
  /** `smtp://user:pass@127.0.0.1:<port>`: what an operator puts in SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** How many messages it refused (refuseFirst). */
  readonly refused: number;
  close(): Promise<void>;
}

export async function startLoopbackSmtp(
  options: {
    /** Refuse this many messages first (421, "try again later"): a flaky server. */
    refuseFirst?: number;
  } = {},
): Promise<LoopbackSmtp> {
  const received: ReceivedMail[] = [];
  let refusalsLeft = options.refuseFirst ?? 0;
  let refused = 0;
  const server = new SMTPServer({
    // No certificate on loopback: plain SMTP with AUTH PLAIN/LOGIN, as smtp://user:pass@ sends.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'patchbay' && auth.password === 'mail-secret') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onMailFrom(_address, _session, callback) {
      if (refusalsLeft <= 0) return callback();
      refusalsLeft -= 1;
      refused += 1;
      callback(Object.assign(new Error('Service busy, try again later'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          text: decodeBody(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://patchbay:mail-secret@127.0.0.1:${port}`,
    received,
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a single-part message, decoded as its Content-Transfer-Encoding says. */
function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
