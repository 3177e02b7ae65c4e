// The server's side of the shared parcel rules (src/shared/rules/parcels.ts): a refused action is a 409
// with the table's sentence.
import { PARCEL_RULES, type ParcelAction, type ParcelState } from '#shared/rules/parcels.ts';
import { conflict } from '../../lib/errors.ts';

export function assertParcelAllowed(action: ParcelAction, parcel: ParcelState): void {
  const rule = PARCEL_RULES[action];
  if (!rule.allowed(parcel)) throw conflict(rule.refusal);
}
