/**
 * What sharp does to an uploaded photograph: the stored copy, turned upright and re-encoded
 * without its metadata (sharp writes none unless asked: the EXIF block with its GPS position, the
 * camera's serial number and the XMP go), and the renditions the pages offer.
 */
import sharp, { type Sharp } from 'sharp';
import { widthsFor, type MediaType, type RenditionFormat } from '@kafue/common/media';

/** A decompression bomb (a small file of a huge picture) is refused before it fills memory: 100 megapixels. */
const maxPixels = 100_000_000;

export interface StrippedImage {
  content: Buffer;
  width: number;
  height: number;
}

/** The photograph as stored: upright, in its own format, without metadata. Throws when sharp cannot read it. */
export async function stripImage(bytes: Buffer, type: MediaType): Promise<StrippedImage> {
  const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).autoOrient();
  const encoded =
    type === 'image/jpeg'
      ? image.jpeg({ quality: 90 })
      : type === 'image/png'
        ? image.png({ compressionLevel: 8 })
        : type === 'image/webp'
          ? image.webp({ quality: 90 })
          : image.avif({ quality: 70, effort: 3 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { content: data, width: info.width, height: info.height };
}

export interface Rendition {
  width: number;
  height: number;
  format: RenditionFormat;
  content: Buffer;
}

/**
 * Quality per format, for a phone's rendition to stay within 60 KB: AVIF and WebP look as good as
 * JPEG at a smaller size, so they are asked for less. JPEG has no transparency: a PNG's shows white.
 * Not mozjpeg: its files are a tenth smaller, but it takes several times as long on a 12-megapixel
 * photograph, and the phone's rendition is AVIF or WebP anyway.
 */
const encoders: Record<RenditionFormat, (s: Sharp) => Sharp> = {
  avif: (s) => s.avif({ quality: 50, effort: 2 }),
  webp: (s) => s.webp({ quality: 70 }),
  jpg: (s) => s.flatten({ background: '#ffffff' }).jpeg({ quality: 75, progressive: true }),
};

/**
 * Every rendition of a stored photograph, handed to `each` as it is made (the console shows the
 * progress). The picture is decoded once, at the largest width wanted (JPEG shrinks on load), and
 * every width is made from those pixels. `skip` names the renditions made already (a claim taken over).
 */
export async function makeRenditions(
  stored: Buffer,
  width: number,
  each: (r: Rendition) => Promise<void>,
  skip: (width: number, format: RenditionFormat) => boolean = () => false,
): Promise<void> {
  const widths = widthsFor(width);
  const { data, info } = await sharp(stored, { limitInputPixels: maxPixels })
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  for (const w of widths) {
    const resized = sharp(data, pixels).resize({ width: w, withoutEnlargement: true });
    const formats = (Object.keys(encoders) as RenditionFormat[]).filter((f) => !skip(w, f));
    // The formats of one width in parallel: sharp's work runs on libuv's threads, off the event loop.
    const made = await Promise.all(
      formats.map(async (format) => {
        const { data: content, info: out } = await encoders[format](resized.clone()).toBuffer({ resolveWithObject: true });
        return { width: out.width, height: out.height, format, content };
      }),
    );
    for (const r of made) await each(r);
  }
}
