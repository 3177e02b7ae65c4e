// The types of the one offline path (decision 0022): an action the registry marks `offline: true`,
// what a screen passes with it (group, label, files) and what it gets back (sent or queued). Types
// only: offline-api.ts (the calls) and enqueue-call.ts (the queueing half) both read them here.
import type { ActionDef, InputOf, OutputOf, ServiceDef } from '#shared/contracts/define.ts';
import type { Services } from '#shared/contracts/index.ts';

/** The action keys of a service the registry lets the floor queue. */
export type OfflineActionKey<S extends ServiceDef> = {
  [K in keyof S['actions'] & string]: S['actions'][K] extends { offline: true } ? K : never
}[keyof S['actions'] & string];

/** The services with at least one such action. */
export type OfflineServiceKey = { [K in keyof Services]: [OfflineActionKey<Services[K]>] extends [never] ? never : K }[keyof Services];

export interface OfflineFile<F extends string = string> {
  /** The body field the uploaded file's guid goes into. */
  field: F;
  name: string;
  type: string;
  bytes: ArrayBuffer;
  /** Uploaded already (an earlier try got that far): not uploaded again. */
  guid?: string | null;
}

export interface OfflineCallOptions<F extends string = never> {
  /** FIFO group (e.g. `parcel:<number>`): a call never overtakes a queued one of its group. */
  group: string;
  /** What the outbox list shows. */
  label: string;
  /** The Idempotency-Key; a retry of a call that got no answer passes the key it used. */
  key?: string;
  /** How long to wait for the answer before queueing (default: answerTimeoutMs(), 3 s). */
  timeout?: number;
  /** Refused at replay, this call does not hold back the later calls of its group (default: it does). */
  holdsGroup?: boolean;
  /** Queued: join the waiting entry of the same group instead of adding a second one. */
  once?: boolean;
  files?: OfflineFile<F>[];
  /** An online try uploaded a file: the screen may keep the guid with its draft. */
  onUploaded?: (field: F, guid: string) => void;
}

export type OfflineResult<T> =
  | { kind: 'sent'; result: T; key: string }
  | { kind: 'queued'; key: string; waiting: number };

type OfflineCall<D> = D extends ActionDef
  ? <F extends keyof InputOf<D> & string = never>(
    input: Omit<InputOf<D>, F>, options: OfflineCallOptions<F>,
  ) => Promise<OfflineResult<OutputOf<D>>>
  : never;

export type OfflineApi = {
  [S in OfflineServiceKey]: { [A in OfflineActionKey<Services[S]>]: OfflineCall<Services[S]['actions'][A]> };
};

export type Input = Record<string, unknown>;
