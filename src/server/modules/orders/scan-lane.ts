// Keyed scans gathered into one statement (decision 0056). A scan on the common path (ctx.ownKey) asks
// its lane for its answer. At most `inFlight` statements of a tenant's scans run at once. A scan that
// arrives while they all run waits, and the next statement takes every scan waiting then (at most
// MAX_GATHERED), on the connection of the first of them: haicang_sign_in_many signs the parcels without
// an order set-based, the parcels of three or more orders set-based too (decision 0057), and the
// others one by one, all as one transaction. So the scans that arrive together share one statement,
// and one that arrives alone goes alone, as before: haicang_sign_in, which for one scan costs
// PostgreSQL about a fifth less than haicang_sign_in_many of one (decision 0057).
//
// A scan's answer is null when nothing was written for it (off the path: the request runs again the
// usual way). If the statement fails (a key's row was there already, a lost connection, anything),
// nothing of it stays, and every scan in it runs again with its key claimed first.
import { lastStatementNext, type Db } from '../../db/client.ts';
import { RunAgain } from '../../framework.ts';
import { signInManyStatement, signInOneStatement, type SignInStatementInput } from './repository.ts';

/** The most scans one statement signs. */
export const MAX_GATHERED = 16;

interface Waiting { db: Db; item: SignInStatementInput; done: (answer: unknown) => void; failed: (err: unknown) => void }
interface Lane { queue: Waiting[]; inFlight: number }

export interface ScanLane {
  /** The scan's answer, or null when nothing was written for it. Rejects with RunAgain (claim first) when its statement failed. */
  sign(db: Db, tenantId: number | null, item: SignInStatementInput): Promise<unknown>;
}

/** One server's lanes, one per tenant (a statement runs as one tenant, under its row-level security). */
export function scanLane(inFlight: number): ScanLane {
  const lanes = new Map<number | null, Lane>();

  const run = (lane: Lane, tenantId: number | null): void => {
    while (lane.inFlight < inFlight && lane.queue.length > 0) {
      const gathered = lane.queue.splice(0, MAX_GATHERED);
      lane.inFlight++;
      // The first scan's connection sends the statement, its transaction's only one (sent alone).
      const first = gathered[0]!;
      lastStatementNext(first.db);
      // A scan that goes alone takes haicang_sign_in itself: haicang_sign_in_many of one costs more (decision 0057).
      const statement = gathered.length === 1 ? signInOneStatement(first.db, first.item).then(({ answer }) => [answer])
        : signInManyStatement(first.db, gathered.map((w) => w.item));
      statement.then(
        (answers) => {
          gathered.forEach((w, i) => w.done(answers[i] ?? null));
        },
        () => {
          for (const w of gathered) w.failed(new RunAgain(true, 'the scans gathered with it failed, and wrote nothing: it runs again, its key claimed first'));
        },
      ).finally(() => {
        lane.inFlight--;
        if (lane.inFlight === 0 && lane.queue.length === 0) lanes.delete(tenantId);
        else run(lane, tenantId);
      });
    }
  };

  return {
    sign(db, tenantId, item) {
      let lane = lanes.get(tenantId);
      if (!lane) {
        lane = { queue: [], inFlight: 0 };
        lanes.set(tenantId, lane);
      }
      const ours = lane;
      return new Promise<unknown>((done, failed) => {
        ours.queue.push({ db, item, done, failed });
        run(ours, tenantId);
      });
    },
  };
}
