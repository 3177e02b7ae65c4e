// The outbox's IndexedDB (Dexie): one row per queued action, kept until it is done (then kept a little
// longer for the 最近同步 list) or discarded by the user, and the files (photos) an action sends
// first, beside it. Survives reloads and browser restarts.
import { Dexie, type Table } from 'dexie';

export const OUTBOX_DB_NAME = 'haicang-outbox';

export type EntryStatus = 'pending' | 'sending' | 'attention' | 'done';

/** What is sent: a registry action already split into URL, query and body (buildRequest). */
export interface OutboxRequest {
  service: string;
  action: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, unknown> | undefined;
  body?: Record<string, unknown> | undefined;
}

export interface OutboxEntry {
  seq?: number;
  /** The Idempotency-Key, generated on the device when the action was first tried. */
  key: string;
  /** FIFO runs per group (a parcel, an order): a later entry never overtakes an earlier one. */
  group: string;
  /** What the list shows (a tracking number). */
  label: string;
  /** Tenant and user that queued it: sent only while that same user is signed in. */
  owner: string;
  /** That user's name (user name), for a row held while someone else is signed in (decision 0068). */
  ownerName?: string;
  request: OutboxRequest;
  status: EntryStatus;
  attempts: number;
  /** Epoch ms before which the entry is not retried (backoff), 0 = at once. */
  nextAttemptAt: number;
  lastError: string | null;
  lastStatus: number | null;
  result: unknown;
  createdAt: number;
  doneAt: number | null;
  /** Body fields filled from files uploaded just before the action (a photo's guid); none: absent. */
  fileFields?: string[];
  /**
   * false: refused, it does not hold back the later rows of its group (a refused 交接 scan does not
   * stop the batch's close: nothing after it depends on it having succeeded). Absent: it does.
   */
  holdsGroup?: false;
}

/**
 * A file an entry uploads (File/UploadFile) before it is sent: the guid goes into `field` of the
 * action's body. The guid is written back once the upload answered, so a retry links the same file
 * instead of uploading it again. Bytes as an ArrayBuffer: older Safari loses Blobs in IndexedDB.
 */
export interface OutboxFile {
  id?: number;
  /** The entry's Idempotency-Key. */
  key: string;
  field: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
  guid: string | null;
}

export class OutboxDb extends Dexie {
  entries!: Table<OutboxEntry, number>;
  files!: Table<OutboxFile, number>;

  constructor(name = OUTBOX_DB_NAME) {
    super(name);
    this.version(1).stores({ entries: '++seq, &key, status, group, doneAt' });
    // Version 2 (decision 0022): photos queue in the outbox with the action that links them.
    this.version(2).stores({ entries: '++seq, &key, status, group, doneAt', files: '++id, key' });
  }
}
