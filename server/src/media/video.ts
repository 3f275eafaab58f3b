/**
 * What a phone writes about a video besides the picture: its MP4 (ISO BMFF / QuickTime) boxes
 * `udta` (Android's and QuickTime's `©xyz` position, the camera), `meta` (Apple's
 * `com.apple.quicktime.location.ISO6709`, the device) and XMP (a `uuid` box of XMP's id), in the
 * file, the movie and each track. Each is blanked in place into a `free` box of the same size, filled with zeros: nothing
 * else moves, so the offsets the file keeps to its samples stay right and it plays as before.
 * A file whose boxes do not add up is left as it was from there on (the walk stops).
 */

/** Boxes whose children are walked: the movie, its tracks and their media boxes. */
const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'moof', 'traf']);
/** Boxes blanked: metadata, never picture or sound. */
const metadata = new Set(['udta', 'meta']);
/** The extended type of a `uuid` box holding XMP (other `uuid` boxes may be needed to play: kept). */
const xmpUuid = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/** Blanks the metadata boxes of `bytes` (changed in place) between `start` and `end`. */
function blank(bytes: Buffer, start: number, end: number): void {
  for (let at = start; at + 8 <= end;) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at; // to the end of its container
    if (size < header || at + size > end) return;
    if (metadata.has(type) || (type === 'uuid' && size >= header + 16 && bytes.subarray(at + header, at + header + 16).equals(xmpUuid))) {
      // A `free` box of the same size: a 64-bit size keeps its form (its bytes zeroed but the size).
      bytes.write('free', at + 4, 'latin1');
      bytes.fill(0, at + header, at + size);
    } else if (containers.has(type)) {
      blank(bytes, at + header, at + size);
    }
    at += size;
  }
}

/** The video without the metadata its boxes carry (an MP4; a WebM is returned as it is). */
export function stripVideo(bytes: Buffer, type: string): Buffer {
  if (type !== 'video/mp4') return bytes;
  const copy = Buffer.from(bytes);
  blank(copy, 0, copy.length);
  return copy;
}
