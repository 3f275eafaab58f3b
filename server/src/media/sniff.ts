/**
 * A file's type read from its first bytes (its "magic"), never from its name or the type the
 * browser claimed: a script renamed photo.jpg is no photograph.
 */
import type { MediaType } from '@kafue/common/media';

/** How many bytes sniffing reads: an ISO-BMFF file lists its brands in its first box, an SVG names its root element early. */
export const sniffBytes = 512;

export type Sniffed = MediaType | 'svg' | undefined;

const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/** The brands of an ISO base media file (MP4, AVIF, HEIC): major first, then the compatible ones. */
function isoBrands(head: Buffer): string[] | undefined {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return undefined;
  const boxSize = Math.min(head.readUInt32BE(0), head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(head, at, at + 4));
  return brands;
}

/** AVIF still images and sequences; HEIF brands (an iPhone's HEIC) are not taken. */
const avifBrands = ['avif', 'avis'];
const heifBrands = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

export function sniff(head: Buffer): Sniffed {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  const brands = isoBrands(head);
  if (brands) {
    if (avifBrands.includes(brands[0]) || (heifBrands.includes(brands[0]) && brands.some((b) => avifBrands.includes(b))))
      return 'image/avif';
    if (heifBrands.includes(brands[0])) return undefined;
    return 'video/mp4';
  }
  // EBML (Matroska's container) whose document type is webm.
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.includes('webm', 4, 'latin1')) return 'video/webm';
  // An SVG drawing (XML text, maybe after a byte-order mark, a declaration or comments).
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<') && /<svg[\s>]/i.test(text)) return 'svg';
  return undefined;
}
