import { use } from 'react';
import { renditionPath, widthsFor, type SiteMedia } from '@kafue/common/renditions';
import { PageDataContext } from '../content/data';

const srcSet = (media: SiteMedia & { width: number }, format: 'avif' | 'webp' | 'jpg') =>
  widthsFor(media.width)
    .map((w) => `${renditionPath(media.hash, w, format)} ${w}w`)
    .join(', ');

/**
 * A photograph of the media library (by its id, from the page's data): AVIF or WebP where the
 * browser takes them, JPEG otherwise, each at the widths made of it, the browser choosing by
 * `sizes` (how wide it shows); its width and height set, so that nothing moves when it arrives.
 * Lazy unless it is at the top of the page (`eager`). Nothing when the page has no such file (not
 * yet rendered, or deleted since).
 */
export function Picture({
  id,
  sizes,
  className,
  eager = false,
  alt,
}: {
  id: string | undefined;
  sizes: string;
  className?: string;
  eager?: boolean;
  /** In place of the library's alt text: '' for a decorative picture. */
  alt?: string;
}) {
  const found = id ? use(PageDataContext).media?.[id] : undefined;
  if (!found || found.kind !== 'image' || !found.width || !found.height) return null;
  const media = { ...found, width: found.width };
  const widths = widthsFor(media.width);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(media, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(media, 'webp')} sizes={sizes} />
      <img
        className={className}
        src={renditionPath(media.hash, widths[Math.min(1, widths.length - 1)], 'jpg')}
        srcSet={srcSet(media, 'jpg')}
        sizes={sizes}
        width={media.width}
        height={found.height}
        alt={alt ?? media.alt}
        loading={eager ? undefined : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : undefined}
      />
    </picture>
  );
}
