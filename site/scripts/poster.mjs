// Makes the hero poster's renditions (public/media/hero/poster-{shape}-{width}.{avif,webp,jpg}) from
// the committed source image (media/hero-poster.svg), in the sizes src/content/hero-poster.json
// lists: landscape for wide screens, a portrait crop for phones held upright. Fails when a
// phone's picture (AVIF or WebP) would weigh more than the budget: visitors pay for their data.
// The renditions are committed with the digest of what made them (media/hero-poster.made-from:
// the source, the list and this script; not in public/, which the site serves): encoding them took 40 CPU-seconds of every fresh clone's build, half a
// minute of CI on two cores. They are made again when that digest changes; commit them then.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const poster = JSON.parse(readFileSync(join(root, 'src/content/hero-poster.json'), 'utf8'));
const svg = readFileSync(join(root, poster.source));
const out = join(root, 'public', poster.dir);
mkdirSync(out, { recursive: true });

const encoders = {
  avif: (img) => img.avif({ quality: 50, effort: 4 }),
  webp: (img) => img.webp({ quality: 70, effort: 5 }),
  jpg: (img) => img.jpeg({ quality: 72, mozjpeg: true, progressive: true }),
};

/** The source drawn at the scale that gives `height` pixels, cropped to `width` around `centre` (0..1 across). */
function render(width, height, centre) {
  const scale = height / poster.sourceHeight;
  const drawnWidth = Math.round(poster.sourceWidth * scale);
  const left = Math.min(Math.max(0, Math.round(centre * drawnWidth - width / 2)), drawnWidth - width);
  return sharp(svg, { density: 72 * scale })
    .resize(drawnWidth, height)
    .extract({ left, top: 0, width, height });
}

// Made again only when the source, the list or this script changed (by content: a clone's files
// all have the time of the checkout).
const madeFrom = join(root, 'media/hero-poster.made-from');
const digest = createHash('sha256');
for (const file of [poster.source, 'src/content/hero-poster.json', 'scripts/poster.mjs']) digest.update(readFileSync(join(root, file)));
const current = `${digest.digest('hex')}\n`;
const made = existsSync(madeFrom) && readFileSync(madeFrom, 'utf8') === current;
const isCurrent = (file) => made && existsSync(file);

const heaviest = {};
/** One size of one shape in every format, each encoded beside the others (AVIF and WebP use one core each). */
async function renditions(shape, width, height, centre) {
  const files = Object.keys(encoders).map((format) => join(out, `poster-${shape}-${width}.${format}`));
  const pixels = files.every(isCurrent) ? undefined : await render(width, height, centre).toBuffer();
  await Promise.all(
    Object.entries(encoders).map(async ([format, encode]) => {
      const file = join(out, `poster-${shape}-${width}.${format}`);
      if (pixels) await encode(sharp(pixels)).toFile(file);
      const bytes = statSync(file).size;
      heaviest[`${shape} ${format}`] = Math.max(heaviest[`${shape} ${format}`] ?? 0, bytes);
    }),
  );
}
// Every rendition at once: one after the other, they kept one of the machine's two cores idle
// for most of the build (48 s on a fresh clone).
await Promise.all(
  ['landscape', 'portrait'].flatMap((shape) => {
    const { aspect, widths, centre = 0.5 } = poster[shape];
    return widths.map((width) => renditions(shape, width, Math.round((width * aspect[1]) / aspect[0]), centre));
  }),
);
console.log(
  'hero poster, heaviest rendition:',
  Object.entries(heaviest)
    .map(([k, v]) => `${k} ${(v / 1024).toFixed(1)} KB`)
    .join(', '),
);
for (const format of ['avif', 'webp']) {
  if (heaviest[`portrait ${format}`] > poster.phoneBudgetBytes)
    throw new Error(`poster: a phone's ${format} picture is over ${poster.phoneBudgetBytes / 1024} KB`);
}
writeFileSync(madeFrom, current);
