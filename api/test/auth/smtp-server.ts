/**
 * A minimal SMTP server for tests: speaks enough of RFC 5321 (greeting, EHLO/HELO, MAIL, RCPT,
 * DATA, QUIT) for nodemailer to deliver to it over a real socket, and keeps what it received.
 */
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as sent in DATA, dot-stuffing undone. */
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message (or the first not yet taken). */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * Holds the answer to the end of every message's DATA until the returned function is called: the
   * sender's delivery stays unfinished meanwhile (to show what does not wait for the mail).
   */
  holdDelivery(): () => void;
  /** Messages whose DATA has arrived, answered or held. */
  arrived(): number;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  let held: Array<() => void> | undefined;
  let arrivedCount = 0;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], raw: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test-smtp ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          arrivedCount++;
          const mail = current;
          current = { from: '', to: [], raw: '' };
          const deliver = () => {
            received.push(mail);
            reply('250 2.0.0 queued');
            waiters.splice(0).forEach((wake) => wake());
          };
          if (held) held.push(deliver);
          else deliver();
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-test-smtp');
          reply('250 8BITMIME');
        } else if (verb === 'HELO') reply('250 test-smtp');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nextMail(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error('no mail arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received[taken++]!;
    },
    holdDelivery() {
      const queue: Array<() => void> = [];
      held = queue;
      return () => {
        held = undefined;
        queue.splice(0).forEach((deliver) => deliver());
      };
    },
    arrived: () => arrivedCount,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The text of a MIME message's body, quoted-printable decoded (what a mail client shows). */
export function plainTextBody(raw: string): string {
  const separator = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, separator);
  const body = raw.slice(separator + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    return body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}
