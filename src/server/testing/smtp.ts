import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message: headers and body as the server received them. */
  raw: string;
  header(name: string): string | undefined;
  /** The text/plain part, decoded. */
  text: string;
}

/** Unfolds headers and decodes a quoted-printable or plain text/plain part. */
function parse(raw: string): Pick<ReceivedMail, 'header' | 'text'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = rest.join('\n\n');
  const textPart =
    /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)(?:\r?\n--|$)/i.exec(body)?.[1] ?? body;
  const text = /quoted-printable/i.test(body)
    ? Buffer.from(
        textPart
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : textPart;
  return { header: (name) => headers.get(name.toLowerCase()), text };
}

/**
 * A real SMTP server on loopback (smtp-server), as the peer of our mailer in
 * tests. `failNext(n)` makes the next n deliveries fail with a 451, as an
 * outage would; `refuseRecipient(address)` answers RCPT TO that address with
 * a 550 quoting it, as real servers do; `stop()`/`start()` take it away and bring it back.
 * Given `login`, it refuses every session that does not log in with it.
 */
export async function startSmtpServer(
  port = 0,
  options: {
    /** Set: the server requires this login (AUTH PLAIN or LOGIN) before MAIL FROM, as providers do. */
    login?: { user: string; pass: string };
  } = {},
) {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const refused = new Set<string>();
  const waiting: (() => void)[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: options.login === undefined,
      // A login over plain text is refused by default; on loopback in tests it is fine.
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        const { login } = options;
        if (login && auth.username === login.user && auth.password === login.pass) {
          return callback(null, { user: auth.username });
        }
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!refused.has(address.address)) return callback();
        const error = Object.assign(
          new Error(`<${address.address}>: Recipient address rejected: User unknown`),
          {
            responseCode: 550,
          },
        );
        callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (failures > 0) {
            failures -= 1;
            const error = Object.assign(new Error('try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            ...parse(raw),
          });
          waiting.splice(0).forEach((wake) => wake());
          callback();
        });
      },
    });
  let connectionErrors = 0;
  const createListening = () => {
    const created = create();
    // A client that dies mid-session (a SIGKILLed server under test) resets
    // its connection: that is the client's failure, not the peer's. Counted.
    created.on('error', () => {
      connectionErrors += 1;
    });
    return created;
  };
  let server = createListening();
  const listen = (onPort: number) =>
    new Promise<number>((resolve) =>
      server.listen(onPort, '127.0.0.1', () =>
        resolve((server.server.address() as AddressInfo).port),
      ),
    );
  const boundPort = await listen(port);
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    received,
    /** Connections that failed mid-session (reset by a client that died). */
    get connectionErrors() {
      return connectionErrors;
    },
    failNext(count: number) {
      failures = count;
    },
    refuseRecipient(address: string) {
      refused.add(address);
    },
    /** Resolves once `count` mails in all have arrived. */
    async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = createListening();
      await listen(boundPort);
    },
  };
}
