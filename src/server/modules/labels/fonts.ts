// The CJK font labels are drawn with. Fonts are never downloaded: one installed on the machine is
// used — HC_CJK_FONT (a .ttf/.otf/.ttc path, with HC_CJK_FONT_NAME the PostScript name inside a
// collection) or a known Debian package's file. CI and servers install fonts-wqy-microhei.
import { existsSync } from 'node:fs';

export interface CjkFont { path: string; postscriptName: string | undefined }

const KNOWN: readonly CjkFont[] = [
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', postscriptName: 'WenQuanYiMicroHei' }, // fonts-wqy-microhei
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', postscriptName: 'WenQuanYiZenHei' }, // fonts-wqy-zenhei
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', postscriptName: 'NotoSansCJKsc-Regular' }, // fonts-noto-cjk
  { path: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf', postscriptName: undefined }, // fonts-droid-fallback
];

let found: CjkFont | null | undefined;

/** The first CJK font available, or null (labels then print Latin text only, and say so in the log). */
export function cjkFont(): CjkFont | null {
  if (found !== undefined) return found;
  const env = process.env.HC_CJK_FONT;
  if (env && existsSync(env)) found = { path: env, postscriptName: process.env.HC_CJK_FONT_NAME || undefined };
  else found = KNOWN.find((f) => existsSync(f.path)) ?? null;
  if (!found) process.emitWarning('No CJK font found for labels (apt-get install fonts-wqy-microhei, or set HC_CJK_FONT): Chinese text prints as "?".');
  return found;
}
