// Draws the app icons (192, 512 and a maskable 512) into public/icons/ as real PNGs, with no
// dependency: a warehouse (roof, walls, two shelf lines, a door) in white on the console blue.
// Run once after changing the design: `node sw/make-icons.mjs`. The PNGs are committed.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BLUE = [0x1c, 0x7e, 0xd6];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Shapes in a unit square (0..1); `inset` shrinks the drawing toward the centre (maskable safe zone). */
function shapeAt(x, y) {
  // Roof: a triangle from (0.14, 0.44) up to (0.5, 0.18) down to (0.86, 0.44), 0.07 thick band.
  const roofY = 0.44 - (0.26 * (0.36 - Math.abs(x - 0.5))) / 0.36;
  const inRoof = x >= 0.14 && x <= 0.86 && y >= roofY && y <= roofY + 0.08;
  // Walls: two posts and the floor.
  const inWalls = (y >= 0.44 && y <= 0.8) && ((x >= 0.22 && x <= 0.28) || (x >= 0.72 && x <= 0.78));
  const inFloor = y >= 0.76 && y <= 0.82 && x >= 0.18 && x <= 0.82;
  // Shelves with boxes on them.
  const inShelf = ((y >= 0.56 && y <= 0.59) || (y >= 0.68 && y <= 0.71)) && x >= 0.28 && x <= 0.72;
  const inBoxes = (y >= 0.47 && y < 0.56 && ((x >= 0.33 && x <= 0.43) || (x >= 0.47 && x <= 0.55)))
    || (y >= 0.61 && y < 0.68 && ((x >= 0.36 && x <= 0.48) || (x >= 0.56 && x <= 0.66)));
  return inRoof || inWalls || inFloor || inShelf || inBoxes;
}

function draw(size, { maskable }) {
  const rgba = Buffer.alloc(size * size * 4);
  const SS = 4; // supersampling per axis
  const radius = maskable ? 0 : 0.22; // rounded square for the plain icon; full bleed when maskable
  const scale = maskable ? 0.72 : 1; // keep the drawing inside the 80 % safe circle
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const u = (px + (sx + 0.5) / SS) / size;
          const v = (py + (sy + 0.5) / SS) / size;
          const dx = Math.max(radius - u, 0, u - (1 - radius));
          const dy = Math.max(radius - v, 0, v - (1 - radius));
          if (radius && dx * dx + dy * dy > radius * radius) continue;
          bg++;
          if (shapeAt(0.5 + (u - 0.5) / scale, 0.5 + (v - 0.5) / scale)) fg++;
        }
      }
      const n = SS * SS;
      const i = (py * size + px) * 4;
      const f = bg ? fg / bg : 0;
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(BLUE[c] * (1 - f) + WHITE[c] * f);
      rgba[i + 3] = Math.round((bg / n) * 255);
    }
  }
  return png(size, rgba);
}

mkdirSync(OUT, { recursive: true });
const files = [
  ['icon-192.png', draw(192, { maskable: false })],
  ['icon-512.png', draw(512, { maskable: false })],
  ['icon-maskable-512.png', draw(512, { maskable: true })],
  ['apple-touch-icon-180.png', draw(180, { maskable: true })],
];
for (const [name, data] of files) {
  writeFileSync(path.join(OUT, name), data);
  process.stdout.write(`${name}: ${data.length} bytes\n`);
}
