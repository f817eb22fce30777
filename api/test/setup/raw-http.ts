/**
 * Raw HTTP/1.1 over loopback for the protection tests: requests from chosen source addresses
 * (127.0.0.2, 127.0.0.3… are all loopback on Linux), bodies that never finish, and polling for a
 * condition instead of sleeping. Every socket opened here is closed by `closeAll()`.
 */
import http from 'node:http';
import net from 'node:net';

export interface RawExchange {
  socket: net.Socket;
  /** The answer's status, once its status line arrived; undefined when the connection closed without one. */
  status: Promise<number | undefined>;
  /** Milliseconds from opening to the connection's close. */
  closed: Promise<number>;
  /** The status when it has arrived (synchronously), else undefined. */
  answered(): number | undefined;
  isClosed(): boolean;
}

export function createRawClient(port: number) {
  const sockets = new Set<net.Socket>();

  /** Opens a connection from `localAddress` and writes `head` (and `body` so far). */
  function open(localAddress: string, head: string, body = ''): RawExchange {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    sockets.add(socket);
    socket.on('error', () => undefined);
    let text = '';
    let answeredStatus: number | undefined;
    let closedFlag = false;
    const status = new Promise<number | undefined>((resolve) => {
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
        if (match && answeredStatus === undefined) {
          answeredStatus = Number(match[1]);
          resolve(answeredStatus);
        }
      });
      socket.on('close', () => resolve(answeredStatus));
    });
    const closed = new Promise<number>((resolve) =>
      socket.on('close', () => {
        closedFlag = true;
        sockets.delete(socket);
        resolve(Date.now() - started);
      }),
    );
    socket.write(head + body);
    return { socket, status, closed, answered: () => answeredStatus, isClosed: () => closedFlag };
  }

  /** A POST whose headers announce `contentLength` bytes of which only the first one is ever sent. */
  function neverFinished(
    localAddress: string,
    path: string,
    options: { contentLength?: number; headers?: string } = {},
  ) {
    const head =
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${options.contentLength ?? 100_000}\r\n${options.headers ?? ''}\r\n`;
    return open(localAddress, head, '{');
  }

  /** An ordinary request from `localAddress` (a fresh connection): status, body and time taken. */
  function request(
    localAddress: string,
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: string; ms: number }> {
    const started = Date.now();
    const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: '127.0.0.1',
          port,
          localAddress,
          method,
          path,
          agent: false,
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...options.headers,
          },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, ms: Date.now() - started }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  return {
    open,
    neverFinished,
    request,
    /** Closes every connection still open. */
    closeAll() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
}

/** Waits until `condition()` holds, checking every 20 ms; fails after `timeoutMs`. */
export async function pollUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
