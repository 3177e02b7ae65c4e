// Points on screen: always two decimals, thousands separated; a signed amount shows its +.
const FORMAT = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPoints(points: number, signed = false): string {
  const text = FORMAT.format(points);
  return signed && points > 0 ? `+${text}` : text;
}

/** Whether a typed amount has at most two decimals (the server refuses more). */
export const hasAtMostTwoDecimals = (v: number): boolean => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
