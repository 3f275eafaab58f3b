// Draws the app icon, desktop/build/icon.png (512x512 RGBA): a rounded teal square with a white
// "K" and a river line (Kafue is a river). No dependencies: the PNG is written with zlib.
// electron-builder derives the Windows .ico and macOS .icns from this file.
// Run: node desktop/scripts/make-icon.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const size = 512;
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'icon.png');

/** Distance from point p to segment ab. */
function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Coverage of the shapes at a sample point: 0 outside, 1 background, 2 white mark. */
function sample(x, y) {
  const r = 96;
  const cx = Math.min(Math.max(x, r), size - r);
  const cy = Math.min(Math.max(y, r), size - r);
  if (Math.hypot(x - cx, y - cy) > r) return 0;
  const stroke = 30;
  const k =
    segmentDistance(x, y, 176, 120, 176, 392) < stroke ||
    segmentDistance(x, y, 196, 270, 336, 120) < stroke ||
    segmentDistance(x, y, 226, 246, 340, 392) < stroke;
  const river = Math.abs(y - (430 + 12 * Math.sin((x / size) * Math.PI * 4))) < 7 && x > 120 && x < 392;
  return k || river ? 2 : 1;
}

const background = [11, 114, 133];
const mark = [255, 255, 255];
const raw = Buffer.alloc((size * 4 + 1) * size);
const grid = 4; // 4x4 supersampling for smooth edges
for (let y = 0; y < size; y++) {
  const row = y * (size * 4 + 1);
  raw[row] = 0; // filter: none
  for (let x = 0; x < size; x++) {
    let bg = 0;
    let fg = 0;
    for (let sy = 0; sy < grid; sy++) {
      for (let sx = 0; sx < grid; sx++) {
        const s = sample(x + (sx + 0.5) / grid, y + (sy + 0.5) / grid);
        if (s === 1) bg++;
        else if (s === 2) fg++;
      }
    }
    const covered = bg + fg;
    const alpha = covered / (grid * grid);
    const mix = covered ? fg / covered : 0;
    const i = row + 1 + x * 4;
    for (let c = 0; c < 3; c++) raw[i + c] = Math.round(background[c] * (1 - mix) + mark[c] * mix);
    raw[i + 3] = Math.round(alpha * 255);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
