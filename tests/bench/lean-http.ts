// The bench's HTTP/1.1 client (decision 0054): keep-alive sockets, one request at a time on each, as
// twenty phones hold them. The load generator shares this machine's two cores with the server and
// PostgreSQL, where phones would not: every microsecond it spends is taken from what it measures. So
// it does no more than HTTP/1.1 asks of a client: it writes the request as one string and reads the
// status line, the headers it needs (Content-Length, Transfer-Encoding: chunked, Connection: close)
// and the body. undici (decision 0047) spent 0.11–0.15 ms of CPU per request here; node-postgres, the
// bare ceiling's client, 0.04–0.05 ms per query.
import net from 'node:net';

export interface LeanReply { status: number; body: string }

interface Waiting { resolve: (r: LeanReply) => void; reject: (err: Error) => void; timer: NodeJS.Timeout }

const CRLF2 = Buffer.from('\r\n\r\n');

/** Reads one response after another off a socket; `take` is called with each whole response. */
class ResponseReader {
  #buf: Buffer = Buffer.alloc(0);
  #head: { status: number; length: number | null; chunked: boolean; close: boolean; bodyAt: number } | null = null;

  /** The responses complete in what has arrived so far (usually one), in order. */
  push(chunk: Buffer): { reply: LeanReply; close: boolean }[] {
    this.#buf = this.#buf.length === 0 ? chunk : Buffer.concat([this.#buf, chunk]);
    const out: { reply: LeanReply; close: boolean }[] = [];
    for (;;) {
      if (!this.#head) {
        const end = this.#buf.indexOf(CRLF2);
        if (end < 0) return out;
        this.#head = parseHead(this.#buf.toString('latin1', 0, end), end + 4);
      }
      const h = this.#head;
      let body: Buffer;
      let next: number;
      if (h.chunked) {
        const read = readChunked(this.#buf, h.bodyAt);
        if (!read) return out;
        ({ body, next } = read);
      } else if (h.length !== null) {
        if (this.#buf.length < h.bodyAt + h.length) return out;
        body = this.#buf.subarray(h.bodyAt, h.bodyAt + h.length);
        next = h.bodyAt + h.length;
      } else if (h.status === 204 || h.status === 304) {
        body = Buffer.alloc(0);
        next = h.bodyAt;
      } else {
        throw new Error('a response with neither Content-Length nor chunked encoding');
      }
      out.push({ reply: { status: h.status, body: body.toString('utf8') }, close: h.close });
      this.#buf = this.#buf.subarray(next);
      this.#head = null;
    }
  }
}

function parseHead(text: string, bodyAt: number) {
  const lines = text.split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  if (!m) throw new Error(`not an HTTP/1.1 status line: ${JSON.stringify((lines[0] ?? '').slice(0, 80))}`);
  let length: number | null = null;
  let chunked = false;
  let close = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding') chunked = /chunked/i.test(value);
    else if (name === 'connection') close = /close/i.test(value);
  }
  if (length !== null && !(Number.isSafeInteger(length) && length >= 0)) throw new Error('a bad Content-Length');
  return { status: Number(m[1]), length, chunked, close, bodyAt };
}

/** The body of a chunked response from `at`, or null until all of it (and its last chunk) has arrived. */
function readChunked(buf: Buffer, at: number): { body: Buffer; next: number } | null {
  const parts: Buffer[] = [];
  let pos = at;
  for (;;) {
    const eol = buf.indexOf('\r\n', pos, 'latin1');
    if (eol < 0) return null;
    const size = parseInt(buf.toString('latin1', pos, eol).split(';')[0]!, 16);
    if (!Number.isFinite(size)) throw new Error('a bad chunk size');
    if (size === 0) {
      // No trailers from our server: the last chunk's line is followed by an empty one.
      return buf.length >= eol + 4 ? { body: Buffer.concat(parts), next: eol + 4 } : null;
    }
    if (buf.length < eol + 2 + size + 2) return null;
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    pos = eol + 2 + size + 2;
  }
}

/** One keep-alive connection: a request at a time. */
class Connection {
  readonly socket: net.Socket;
  readonly #reader = new ResponseReader();
  #waiting: Waiting | null = null;
  #dead: Error | null = null;
  readonly ready: Promise<void>;

  constructor(host: string, port: number, readonly timeoutMs: number, onDead: (c: Connection) => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => {
      let done: { reply: LeanReply; close: boolean }[];
      try {
        done = this.#reader.push(chunk);
      } catch (err) {
        this.#fail(err instanceof Error ? err : new Error(String(err)));
        this.socket.destroy();
        return;
      }
      for (const { reply, close } of done) {
        const w = this.#waiting;
        this.#waiting = null;
        if (close) this.#dead = new Error('the server closed the connection');
        if (w) { clearTimeout(w.timer); w.resolve(reply); }
        if (close) { this.socket.end(); onDead(this); }
      }
    });
    const gone = (err?: Error) => {
      this.#dead ??= err ?? new Error('the connection closed');
      this.#fail(this.#dead);
      onDead(this);
    };
    this.socket.on('error', gone);
    this.socket.on('close', () => gone());
  }

  get usable(): boolean { return this.#dead === null; }

  #fail(err: Error) {
    const w = this.#waiting;
    this.#waiting = null;
    if (w) { clearTimeout(w.timer); w.reject(err); }
  }

  send(head: string, body: string | undefined): Promise<LeanReply> {
    if (this.#dead) return Promise.reject(this.#dead);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#fail(new Error(`no answer in ${this.timeoutMs} ms`));
        this.socket.destroy();
      }, this.timeoutMs);
      this.#waiting = { resolve, reject, timer };
      this.socket.write(body === undefined ? head : head + body);
    });
  }
}

/**
 * Keep-alive connections to one server, at most `connections` of them, each carrying one request at
 * a time; a request waits for a free one (first come, first served).
 */
export class LeanPool {
  readonly #idle: Connection[] = [];
  readonly #all = new Set<Connection>();
  readonly #queue: ((c: Connection) => void)[] = [];
  #closed = false;

  constructor(readonly host: string, readonly port: number, readonly connections: number, readonly timeoutMs = 30_000) {}

  async #take(): Promise<Connection> {
    for (;;) {
      const c = this.#idle.pop();
      if (!c) break;
      if (c.usable) return c;
    }
    if (this.#all.size < this.connections) {
      const c = new Connection(this.host, this.port, this.timeoutMs, (dead) => { this.#all.delete(dead); });
      this.#all.add(c);
      try {
        await c.ready;
      } catch (err) {
        this.#all.delete(c);
        throw err;
      }
      return c;
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  #give(c: Connection) {
    if (this.#closed || !c.usable) {
      // A dead connection's place goes to the next waiting request, on a new one.
      const next = this.#queue.shift();
      if (next && !this.#closed) this.#take().then(next, () => this.#queue.unshift(next));
      return;
    }
    const next = this.#queue.shift();
    if (next) next(c);
    else this.#idle.push(c);
  }

  async request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<LeanReply> {
    if (this.#closed) throw new Error('the pool is closed');
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
    head += body === undefined ? '\r\n' : `content-length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const c = await this.#take();
    try {
      return await c.send(head, body);
    } finally {
      this.#give(c);
    }
  }

  /** Closes every connection at once; requests still waiting for an answer fail. */
  async destroy(): Promise<void> {
    this.#closed = true;
    for (const c of this.#all) c.socket.destroy();
    this.#all.clear();
    this.#idle.length = 0;
  }
}
