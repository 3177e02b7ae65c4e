// A number typed on a phone's decimal keypad (weights, dimensions): the field keeps the text, this
// reads it. A comma counts as the decimal point (some keypads offer only that).
export interface DecimalRule { max: number; scale: number }

/** Empty → null; a plain non-negative number within `max` with at most `scale` decimals → it; else 'invalid'. */
export function parseDecimal(text: string, { max, scale }: DecimalRule): number | null | 'invalid' {
  const s = text.trim().replace(',', '.');
  if (s === '') return null;
  const pattern = scale > 0 ? new RegExp(`^\\d{1,7}(\\.\\d{1,${scale}})?$`) : /^\d{1,7}$/;
  if (!pattern.test(s)) return 'invalid';
  const n = Number(s);
  return n <= max ? n : 'invalid';
}
