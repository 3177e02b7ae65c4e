// 异常拍照's preset reasons (issue 45 §12): a tap on a chip puts its word into the reason, another
// tap takes it out; the picker may type more. The reason stays one text (what the server keeps):
// the chosen presets first, in their order, then what was typed, joined by "；".

export const ABNORMAL_REASONS = ['破损', '错货', '少件', '受潮', '其他'] as const;
const PRESETS: readonly string[] = ABNORMAL_REASONS;
const SEPARATOR = '；';

const partsOf = (reason: string) => reason.split(/[；;]/).map((p) => p.trim()).filter(Boolean);

/** The presets the reason holds. */
export function chosenReasons(reason: string): Set<string> {
  return new Set(partsOf(reason).filter((p) => PRESETS.includes(p)));
}

/** The reason with `preset` added (or taken out if it was there). */
export function toggleReason(reason: string, preset: string): string {
  const parts = partsOf(reason);
  const next = parts.includes(preset) ? parts.filter((p) => p !== preset) : [...parts, preset];
  return [...PRESETS.filter((p) => next.includes(p)), ...next.filter((p) => !PRESETS.includes(p))].join(SEPARATOR);
}

/** Enough to send: something, and 其他 never alone (it needs the words that say what). */
export function reasonComplete(reason: string): boolean {
  const parts = partsOf(reason);
  return parts.length > 0 && !(parts.length === 1 && parts[0] === '其他');
}
