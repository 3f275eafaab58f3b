/**
 * A media library file shown as an image: by its own address on the web; in the desktop app by a
 * blob: URL of its bytes, which the main process fetches (the app's pages reach no server, and a
 * `/media/` address there would name the app's own files).
 */
import { useEffect, useState } from 'react';
import { Image, type ImageProps } from '@mantine/core';

function useMediaSrc(url: string): string | undefined {
  const [blobUrl, setBlobUrl] = useState<string>();
  useEffect(() => {
    const bridge = window.kafue;
    if (!bridge) return;
    let made: string | undefined;
    let gone = false;
    bridge
      .mediaFile(url)
      .then((file) => {
        if (!file || gone) return;
        made = URL.createObjectURL(new Blob([new Uint8Array(file.bytes)], { type: file.type }));
        setBlobUrl(made);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
      setBlobUrl(undefined);
    };
  }, [url]);
  return window.kafue ? blobUrl : url;
}

export function MediaImage({ src, alt, ...props }: Omit<ImageProps, 'src'> & { src: string; alt: string }) {
  return <Image src={useMediaSrc(src)} alt={alt} {...props} />;
}
