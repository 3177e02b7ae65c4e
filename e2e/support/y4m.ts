// A YUV4MPEG2 video of a Code 128 barcode, for Chromium's fake camera
// (--use-file-for-fake-video-capture=<file>.y4m). The bars come from bwip-js (raw bar/space widths),
// drawn straight into the luma plane of 4:2:0 frames; chroma is neutral grey. A slight vertical
// drift between frames makes it look like a hand-held phone, and keeps the reader honest.
//
//   npx tsx e2e/support/y4m.ts CAM123456 /tmp/cam.y4m     (also usable from a spec: writeBarcodeY4m)
import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';

export interface Y4mOptions { width?: number; height?: number; frames?: number; moduleWidth?: number; barHeight?: number }

/** Bar/space widths in modules, bar first (bwip-js's "sbs"), with the quiet zones left out. */
function code128Modules(text: string): number[] {
  const raw = bwipjs.raw('code128', text, {}) as { sbs?: number[] }[];
  const sbs = raw[0]?.sbs;
  if (!sbs?.length) throw new Error(`bwip-js gave no bars for ${text}`);
  return sbs;
}

export function barcodeY4m(text: string, { width = 640, height = 480, frames = 12, moduleWidth, barHeight = 170 }: Y4mOptions = {}): Buffer {
  const sbs = code128Modules(text);
  const modules = sbs.reduce((s, w) => s + w, 0);
  // The reader looks only inside the scan box (90 % of the picture's width) and needs a quiet zone
  // of about 10 modules on each side: the bars and both quiet zones fill the box, as a picker holds a
  // parcel up to it. html5-qrcode reads a copy of the box scaled to its size on the page (302 px on a
  // 360 px phone, about half the picture's 640), sampled pixel by pixel (nearest neighbour): with
  // Chromium 156, 3-pixel modules (1.6 on the copy) left 8 of 12 codes unread, 4-pixel ones (2.1) none.
  moduleWidth ??= Math.max(1, Math.min(4, Math.floor((0.9 * width) / (modules + 20))));
  const total = modules * moduleWidth;
  if (total + 20 * moduleWidth > width) throw new Error(`code too long for ${width} px: ${total} px of bars`);
  // One row of luma: white with the bars centred.
  const row = Buffer.alloc(width, 235);
  let x = Math.floor((width - total) / 2);
  sbs.forEach((w, i) => {
    if (i % 2 === 0) row.fill(16, x, x + w * moduleWidth);
    x += w * moduleWidth;
  });
  const ySize = width * height;
  const cSize = (width / 2) * (height / 2);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'latin1');
  const parts: Buffer[] = [header];
  for (let f = 0; f < frames; f++) {
    const luma = Buffer.alloc(ySize, 235);
    const top = Math.floor((height - barHeight) / 2) + Math.round(4 * Math.sin((f / frames) * 2 * Math.PI));
    for (let y = top; y < top + barHeight; y++) row.copy(luma, y * width);
    parts.push(Buffer.from('FRAME\n', 'latin1'), luma, Buffer.alloc(cSize * 2, 128));
  }
  return Buffer.concat(parts);
}

export function writeBarcodeY4m(text: string, file: string, options?: Y4mOptions): string {
  writeFileSync(file, barcodeY4m(text, options));
  return file;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [text = 'CAM0001', file = 'barcode.y4m'] = process.argv.slice(2);
  writeBarcodeY4m(text, file);
  console.log(`wrote ${file} (${text})`);
}
