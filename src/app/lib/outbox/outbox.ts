// The outbox (issue 6, decision 0022): registry actions marked `offline` are queued here when the
// network is gone and sent later, each with the Idempotency-Key it was given on the device, so a
// replay can never do the work twice (decision 0005). Photos queue with the action that links them
// and are uploaded just before it. Sent through the same request core as the online client
// (http.ts). One runner at a time across tabs (navigator.locks); FIFO per group; exponential backoff
// with jitter that honours Retry-After; 401 pauses everything without dropping a row; a refusal goes
// to 需处理 for the user to retry or discard (and holds back the rest of its group unless queued with
// holdsGroup: false). Another group never waits for it.
import { liveQuery, type Subscription } from 'dexie';
import { OutboxDb, type OutboxEntry, type OutboxFile, type OutboxRequest } from './db.ts';
import { ApiError } from '../http.ts';
import { sendRequest } from '../request.ts';
import { UploadError, uploadFile } from '../upload.ts';
import { newIdempotencyKey } from './key.ts';

export const RUNNER_LOCK = 'haicang-outbox-runner';
/** While rows wait, the queue is tried at least this often. */
export const POLL_MS = 30_000;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** No answer at all (server down, Wi-Fi gone): retrying costs the server nothing, so keep it short. */
export const BACKOFF_MAX_UNREACHABLE_MS = 10_000;
/** A send that has not answered after this long is abandoned and retried later (same key). */
export const SEND_TIMEOUT_MS = 15_000;
/** Done rows kept for the 最近同步 list. */
export const KEEP_DONE = 50;

export interface OutboxSource {
  getToken(): string | null;
  getTenantId(): number | null;
  getCulture(): string;
  /** `${tenant}:${userId}` of the signed-in user, null when nobody is (or the session is not known yet). */
  getOwner(): string | null;
  /** The signed-in user's name as the floor knows them (kept with each row: a held row says whose it is). */
  getOwnerName?(): string | null;
}

export interface OutboxOptions {
  source: OutboxSource;
  dbName?: string;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  /** Cross-tab mutual exclusion; null runs without (tests, old browsers). */
  locks?: LockManager | null;
  /**
   * A 409 whose server state already matches what the entry wanted (e.g. "already signed in"):
   * counted as done. Others go to 需处理.
   */
  conflictIsDone?: (entry: OutboxEntry, message: string) => boolean;
  /** Called once when a 401 pauses the queue. */
  onUnauthorized?: () => void;
  /** Uploads a queued file (default: File/UploadFile through lib/upload.ts with the source's headers). */
  upload?: (file: File) => Promise<{ guid: string }>;
}

/** A file to upload before the action; its guid fills `field` of the body. */
export interface QueuedFile {
  field: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
  /** Already uploaded (an online try got this far): only the action is left to send. */
  guid?: string | null;
}

export interface EnqueueOptions {
  group: string;
  label: string;
  /** The key the first (failed) attempt used: reusing it makes the replay safe. */
  key?: string;
  /** Return the waiting entry of the same group instead of queueing a second one. */
  once?: boolean;
  /** Photos the action links: stored beside the entry, uploaded just before it is sent. */
  files?: QueuedFile[];
  /** false: refused, it does not hold back the later rows of its group (see OutboxEntry.holdsGroup). */
  holdsGroup?: boolean;
}

export interface OutboxCounts { waiting: number; attention: number }

/** Rows another user queued on this device: kept, and sent only once that user signs in here again. */
export interface HeldRows { owner: string; name: string | null; count: number }

export interface OutboxState extends OutboxCounts {
  paused: boolean;
  /** Open rows of other users (decision 0068): never sent under the signed-in user. */
  held: HeldRows[];
  sending: boolean;
  /** Waiting and 需处理 rows of the signed-in user, oldest first. */
  open: OutboxEntry[];
  /** Done rows, newest first. */
  recent: OutboxEntry[];
}

/** Open rows of users other than `owner`, per user (the name is the one their newest row carries). */
export function heldRows(entries: readonly OutboxEntry[], owner: string | null): HeldRows[] {
  const held = new Map<string, HeldRows>();
  for (const e of entries) {
    if (e.owner === owner || e.status === 'done') continue;
    const row = held.get(e.owner) ?? { owner: e.owner, name: null, count: 0 };
    row.count += 1;
    row.name = e.ownerName ?? row.name;
    held.set(e.owner, row);
  }
  return [...held.values()];
}

/** The server's transient 409 (a concurrent request holds the same key): retried, never 需处理. */
const IN_FLIGHT_MESSAGE = '请求正在处理中';

function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

type SendOutcome =
  | { kind: 'done'; result: unknown }
  | { kind: 'retry'; status: number | null; message: string; retryAfter: number | null }
  | { kind: 'unauthorized' }
  | { kind: 'attention'; status: number; message: string };

export class Outbox {
  readonly db: OutboxDb;
  private readonly source: OutboxSource;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly locks: LockManager | null;
  private readonly conflictIsDone: (entry: OutboxEntry, message: string) => boolean;
  private readonly onUnauthorized: () => void;
  private readonly upload: (file: File) => Promise<{ guid: string }>;
  private paused = false;
  private sending = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopTriggers: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(options: OutboxOptions) {
    this.db = new OutboxDb(options.dbName);
    this.source = options.source;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.locks = options.locks !== undefined ? options.locks : (typeof navigator !== 'undefined' && navigator.locks) || null;
    this.conflictIsDone = options.conflictIsDone ?? (() => false);
    this.onUnauthorized = options.onUnauthorized ?? (() => {});
    this.upload = options.upload ?? ((file) => uploadFile(this.source, file));
  }

  isPaused(): boolean { return this.paused; }
  /** True while a request is on its way (the update prompt waits for this to end). */
  isSending(): boolean { return this.sending; }

  /** Changes of the in-memory flags (paused, sending); row changes come through observe(). */
  onFlags(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  private emit() { for (const l of this.listeners) l(); }

  async enqueue(request: OutboxRequest, options: EnqueueOptions): Promise<OutboxEntry> {
    const owner = this.source.getOwner();
    if (!owner) throw new Error('outbox: nobody is signed in');
    return this.db.transaction('rw', this.db.entries, this.db.files, async () => {
      if (options.key) {
        const same = await this.db.entries.where('key').equals(options.key).first();
        if (same) return same;
      }
      if (options.once) {
        const waiting = await this.db.entries.where('group').equals(options.group)
          .filter((e) => e.owner === owner && e.status !== 'done').first();
        if (waiting) return waiting;
      }
      const ownerName = this.source.getOwnerName?.() ?? null;
      const entry: OutboxEntry = {
        key: options.key ?? newIdempotencyKey(), group: options.group, label: options.label, owner, request,
        ...(ownerName ? { ownerName } : {}),
        status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, lastStatus: null, result: null,
        createdAt: this.now(), doneAt: null,
        ...(options.files?.length ? { fileFields: options.files.map((f) => f.field) } : {}),
        ...(options.holdsGroup === false ? { holdsGroup: false as const } : {}),
      };
      entry.seq = await this.db.entries.add(entry);
      if (options.files?.length) {
        await this.db.files.bulkAdd(options.files.map((f) => ({
          key: entry.key, field: f.field, name: f.name, type: f.type, bytes: f.bytes, guid: f.guid ?? null,
        })));
      }
      return entry;
    });
  }

  /**
   * Whether the signed-in user has a row of this group waiting to be sent: a new call queues behind
   * it. A row in 需处理 does not count: it goes again only when the user says so, and a fresh call
   * (a rescan) deserves its own answer now.
   */
  async isWaiting(group: string): Promise<boolean> {
    const owner = this.source.getOwner();
    return (await this.db.entries.where('group').equals(group)
      .filter((e) => e.owner === owner && (e.status === 'pending' || e.status === 'sending')).count()) > 0;
  }

  async counts(): Promise<OutboxCounts> {
    const owner = this.source.getOwner();
    const open = await this.db.entries.where('status').anyOf('pending', 'sending', 'attention').filter((e) => e.owner === owner).toArray();
    return { waiting: open.filter((e) => e.status !== 'attention').length, attention: open.filter((e) => e.status === 'attention').length };
  }

  async snapshot(): Promise<OutboxState> {
    const owner = this.source.getOwner();
    const every = await this.db.entries.orderBy('seq').toArray();
    const all = every.filter((e) => e.owner === owner);
    const open = all.filter((e) => e.status !== 'done');
    return {
      waiting: open.filter((e) => e.status !== 'attention').length,
      attention: open.filter((e) => e.status === 'attention').length,
      paused: this.paused,
      held: heldRows(every, owner),
      sending: this.sending,
      open,
      recent: all.filter((e) => e.status === 'done').sort((a, b) => (b.doneAt ?? 0) - (a.doneAt ?? 0) || b.seq! - a.seq!).slice(0, 20),
    };
  }

  /** Live rows (Dexie liveQuery: also sees changes made by the runner in another tab). */
  observe(listener: (state: OutboxState) => void): () => void {
    const sub: Subscription = liveQuery(() => this.snapshot()).subscribe({ next: listener, error: () => {} });
    const off = this.onFlags(() => { void this.snapshot().then(listener); });
    return () => { sub.unsubscribe(); off(); };
  }

  /** 需处理 → waiting again (same key: the refused request stored nothing, decision 0005). */
  async retry(seq: number): Promise<void> {
    await this.db.entries.update(seq, { status: 'pending', attempts: 0, nextAttemptAt: 0 });
    void this.run({ force: true });
  }

  async discard(seq: number): Promise<void> {
    await this.db.transaction('rw', this.db.entries, this.db.files, async () => {
      const entry = await this.db.entries.get(seq);
      if (!entry || (entry.status !== 'attention' && entry.status !== 'pending')) return;
      await this.db.entries.delete(seq);
      await this.db.files.where('key').equals(entry.key).delete();
    });
    void this.run();
  }

  /** After signing in again: the queue goes on where it stopped. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.emit();
    void this.run({ force: true });
  }

  /**
   * One pass: sends every entry that may go now, one at a time. `force` ignores the backoff (the
   * network just came back, or the user pressed 立即同步). Concurrent calls join the running pass.
   */
  run(options: { force?: boolean } = {}): Promise<void> {
    if (this.running) {
      this.again = true;
      if (options.force) this.forceNext = true;
      return this.running;
    }
    this.forceNext = options.force === true;
    this.running = (async () => {
      try {
        do {
          this.again = false;
          const force = this.forceNext;
          this.forceNext = false;
          await this.exclusive(() => this.pass(force));
        } while (this.again && !this.paused);
      } finally {
        this.running = null;
        await this.schedule();
      }
    })();
    return this.running;
  }

  private forceNext = false;

  private async exclusive(fn: () => Promise<void>): Promise<void> {
    if (!this.locks) return fn();
    // Another tab holding the lock is sending the same rows: this pass is not needed.
    await this.locks.request(RUNNER_LOCK, { ifAvailable: true }, async (lock) => { if (lock) await fn(); });
  }

  private async pass(force: boolean): Promise<void> {
    let ignoreBackoff = force;
    for (;;) {
      if (this.paused) return;
      // Known to be offline: trying would only push the backoff further out.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      const owner = this.source.getOwner();
      if (!owner || !this.source.getToken()) return;
      const next = await this.nextEntry(owner, ignoreBackoff);
      if (!next) return;
      const outcome = await this.send(next);
      const ok = await this.settle(next, outcome);
      if (!ok) return; // the network or the session failed: the rest would fail alike
      ignoreBackoff = false;
    }
  }

  private async nextEntry(owner: string, ignoreBackoff: boolean): Promise<OutboxEntry | null> {
    const open = await this.db.entries.where('status').anyOf('pending', 'sending', 'attention').sortBy('seq');
    const seen = new Set<string>();
    const now = this.now();
    for (const e of open) {
      if (e.owner !== owner) continue;
      if (seen.has(e.group)) continue; // an earlier entry of this group comes first
      // A refused row blocks its group until retried or discarded, unless nothing after it depends on it.
      if (e.status === 'attention' && e.holdsGroup === false) continue;
      seen.add(e.group);
      if (e.status === 'attention') continue;
      if (!ignoreBackoff && e.nextAttemptAt > now) continue;
      return e;
    }
    return null;
  }

  private async send(entry: OutboxEntry): Promise<SendOutcome> {
    await this.db.entries.update(entry.seq!, { status: 'sending', attempts: entry.attempts + 1 });
    this.sending = true;
    this.emit();
    try {
      const body = entry.fileFields?.length ? { ...entry.request.body, ...(await this.uploadFiles(entry)) } : entry.request.body;
      const result = await sendRequest(this.source, { ...entry.request, body }, {
        idempotencyKey: entry.key, timeout: SEND_TIMEOUT_MS, fetch: this.fetchFn,
      });
      return { kind: 'done', result };
    } catch (err) {
      return this.outcomeOf(entry, err);
    } finally {
      this.sending = false;
      this.emit();
    }
  }

  /** Uploads the entry's files not uploaded yet (each guid is kept at once); answers field → guid. */
  private async uploadFiles(entry: OutboxEntry): Promise<Record<string, string>> {
    const files: OutboxFile[] = await this.db.files.where('key').equals(entry.key).sortBy('id');
    const fields: Record<string, string> = {};
    for (const f of files) {
      let guid = f.guid;
      if (!guid) {
        guid = (await this.upload(new File([f.bytes], f.name, { type: f.type }))).guid;
        await this.db.files.update(f.id!, { guid });
      }
      fields[f.field] = guid;
    }
    const missing = entry.fileFields!.filter((field) => !fields[field]);
    // The row's photos are gone (storage cleared under it): the action cannot be completed as queued.
    if (missing.length) throw new UploadError('照片已不在本机，请重拍', 400);
    return fields;
  }

  /** What a failed send (the upload or the action) means for the entry. */
  private outcomeOf(entry: OutboxEntry, err: unknown): SendOutcome {
    const status = err instanceof ApiError || err instanceof UploadError ? err.status : null;
    const message = err instanceof Error ? err.message : String(err);
    if (status === null) return { kind: 'retry', status: null, message, retryAfter: null };
    // Only a 401 signs out: ABP flags a 403 as unAuthorizedRequest too, and that one needs a person.
    if (status === 401) return { kind: 'unauthorized' };
    const retryAfter = retryAfterMs(err instanceof ApiError ? err.retryAfter : null, this.now());
    if (status === 409 && message.includes(IN_FLIGHT_MESSAGE)) return { kind: 'retry', status, message, retryAfter };
    if (status === 409 && this.conflictIsDone(entry, message)) return { kind: 'done', result: null };
    if (status === 408 || status === 429 || status >= 500 || status < 400) return { kind: 'retry', status, message, retryAfter };
    return { kind: 'attention', status, message };
  }

  /** Stores the outcome; false when the pass should stop. */
  private async settle(entry: OutboxEntry, outcome: SendOutcome): Promise<boolean> {
    const seq = entry.seq!;
    const attempts = entry.attempts + 1;
    switch (outcome.kind) {
      case 'done':
        await this.db.transaction('rw', this.db.entries, this.db.files, async () => {
          await this.db.entries.update(seq, { status: 'done', attempts, result: outcome.result, lastError: null, lastStatus: 200, doneAt: this.now() });
          await this.db.files.where('key').equals(entry.key).delete();
        });
        await this.prune();
        return true;
      case 'unauthorized':
        // Nothing is dropped: the entry waits, the queue stops until the user signs in again.
        await this.db.entries.update(seq, { status: 'pending', lastStatus: 401, lastError: '登录已过期' });
        if (!this.paused) {
          this.paused = true;
          this.emit();
          this.onUnauthorized();
        }
        return false;
      case 'attention':
        await this.db.entries.update(seq, { status: 'attention', attempts, lastStatus: outcome.status, lastError: outcome.message });
        return true;
      case 'retry': {
        const cap = outcome.status === null ? BACKOFF_MAX_UNREACHABLE_MS : BACKOFF_MAX_MS;
        const exp = Math.min(cap, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
        // Full jitter in the upper half: phones that lost Wi-Fi together do not return together.
        const delay = Math.max(outcome.retryAfter ?? 0, Math.round(exp / 2 + (exp / 2) * this.random()));
        await this.db.entries.update(seq, { status: 'pending', attempts, nextAttemptAt: this.now() + delay, lastStatus: outcome.status, lastError: outcome.message });
        return false;
      }
    }
  }

  private async prune(): Promise<void> {
    const done = await this.db.entries.where('status').equals('done').sortBy('seq');
    const extra = done.length - KEEP_DONE;
    if (extra > 0) await this.db.entries.bulkDelete(done.slice(0, extra).map((e) => e.seq!));
  }

  /** The next timed pass: at the earliest backoff end, and at least every POLL_MS while rows wait. */
  private async schedule(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.stopTriggers || this.paused) return;
    const owner = this.source.getOwner();
    const waiting = await this.db.entries.where('status').anyOf('pending', 'sending').filter((e) => e.owner === owner).toArray();
    if (!waiting.length || !this.stopTriggers) return;
    const soonest = Math.min(...waiting.map((e) => e.nextAttemptAt));
    const delay = Math.min(POLL_MS, Math.max(250, soonest - this.now()));
    this.timer = setTimeout(() => { void this.run(); }, delay);
  }

  /** Runs now, on `online`, when the page becomes visible, and on the timer. Returns stop. */
  start(): () => void {
    if (this.stopTriggers) return this.stopTriggers;
    const online = () => { void this.run({ force: true }); };
    const visible = () => { if (document.visibilityState === 'visible') void this.run(); };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    this.stopTriggers = () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.stopTriggers = null;
    };
    void this.run();
    return this.stopTriggers;
  }

  close(): void {
    this.stopTriggers?.();
    this.db.close();
  }
}
