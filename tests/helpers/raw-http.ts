/**
 * HTTP/1.1 over one raw TCP socket, for tests about the connection itself (keep-alive after a
 * refused body, `Connection: close`): fetch() hides which socket a request used. Writes requests
 * byte for byte and reads answers one at a time (Content-Length or chunked bodies), each with a
 * deadline so a connection that stalls fails the test instead of hanging it.
 */
import net from 'node:net';

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private closed = false;
  private wake: (() => void) | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    const end = () => {
      this.closed = true;
      this.wake?.();
    };
    socket.on('end', end);
    socket.on('close', end);
    // A reset while the server refuses a body is an outcome the tests look at, not a crash.
    socket.on('error', end);
  }

  static open(port: number, host = '127.0.0.1'): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Whether the server has closed its side. */
  get isClosed() {
    return this.closed;
  }

  /** Writes a request; `body` goes out as given (with Content-Length unless a header says otherwise). */
  send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): void {
    const all: Record<string, string> = { Host: 'localhost', Connection: 'keep-alive', ...headers };
    const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
    if (bytes && !Object.keys(all).some((k) => /^(content-length|transfer-encoding)$/i.test(k))) all['Content-Length'] = String(bytes.length);
    const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
    this.socket.write(head);
    if (bytes) this.socket.write(bytes);
  }

  /** Writes raw bytes (a chunk of a chunked body, say). */
  write(bytes: Buffer | string): void {
    this.socket.write(bytes);
  }

  private async waitFor<T>(take: () => T | null, deadline: number, what: string): Promise<T> {
    for (;;) {
      const value = take();
      if (value !== null) return value;
      if (this.closed) throw new Error(`the server closed the connection before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within the deadline: the connection stalled`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Reads the next answer on the connection. */
  async read(timeoutMs = 5_000): Promise<RawAnswer> {
    const deadline = Date.now() + timeoutMs;
    const headEnd = await this.waitFor(() => {
      const at = this.buffer.indexOf('\r\n\r\n');
      return at < 0 ? null : at;
    }, deadline, 'answer');
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    this.buffer = this.buffer.subarray(headEnd + 4);
    const status = Number(statusLine.split(' ')[1]);
    let body: Buffer;
    if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const size = await this.waitFor(() => {
          const at = this.buffer.indexOf('\r\n');
          if (at < 0) return null;
          const n = parseInt(this.buffer.subarray(0, at).toString('latin1'), 16);
          return this.buffer.length >= at + 2 + n + 2 ? { at, n } : null;
        }, deadline, 'chunk');
        parts.push(this.buffer.subarray(size.at + 2, size.at + 2 + size.n));
        this.buffer = this.buffer.subarray(size.at + 2 + size.n + 2);
        if (size.n === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      await this.waitFor(() => (this.buffer.length >= length ? true : null), deadline, 'answer body');
      body = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
    }
    return { status, headers, body: body.toString('utf8') };
  }

  close(): void {
    this.socket.destroy();
  }
}
