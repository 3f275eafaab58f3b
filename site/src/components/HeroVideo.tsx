import { use, useEffect, useRef, useState } from 'react';
import { defaultHero, saveDataMarker } from '@kafue/common/hero';
import { originalPath } from '@kafue/common/renditions';
import { Picture } from './Picture';
import { Icon } from './Icon';
import { prefersReducedMotion } from './reveal';
import { PageDataContext } from '../content/data';
import { hero } from '../content/home';
import poster from '../content/hero-poster.json';

/** The narrowest screen that gets the video: below it (phones, small tablets) the poster is the hero. */
export const videoMinWidth = 1024;

/** Runs fn once the page has loaded and the browser is idle, so media never competes with it. */
function afterLoadAndIdle(fn: () => void): () => void {
  let cancelled = false;
  let idleId = 0;
  const run = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(fn, { timeout: 2000 });
    else idleId = window.setTimeout(fn, 200);
  };
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    removeEventListener('load', run);
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idleId);
    clearTimeout(idleId);
  };
}

/** The Network Information API, where the browser has it (Chromium). */
type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * Whether this visit may download the video: a wide screen, motion welcome, and nothing that
 * says the visitor's data is dear (Save-Data, which the server marks on the page; the browser's
 * own data saver; a connection it rates 2g or 3g).
 */
export function videoWelcome(): boolean {
  if (!matchMedia(`(min-width: ${videoMinWidth}px)`).matches || prefersReducedMotion()) return false;
  if (document.documentElement.hasAttribute(saveDataMarker)) return false;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return !connection?.saveData && !/^(slow-2g|2g|3g)$/.test(connection?.effectiveType ?? '');
}

type Shape = 'landscape' | 'portrait';
const srcSet = (shape: Shape, format: string) =>
  poster[shape].widths.map((w) => `${poster.dir}/poster-${shape}-${w}.${format} ${w}w`).join(', ');
const upright = '(orientation: portrait)';
const [width, height] = [1280, 720];

/**
 * The hero's picture, made at build time (scripts/poster.mjs): AVIF or WebP where the browser
 * takes them, JPEG otherwise, a portrait crop for phones held upright, each in sizes for the screen.
 */
function HeroPoster() {
  return (
    <picture>
      {(['portrait', 'landscape'] as const).flatMap((shape) =>
        ['avif', 'webp', ...(shape === 'portrait' ? ['jpg'] : [])].map((format) => (
          <source
            key={`${shape}-${format}`}
            media={shape === 'portrait' ? upright : undefined}
            type={`image/${format === 'jpg' ? 'jpeg' : format}`}
            srcSet={srcSet(shape, format)}
            sizes="100vw"
          />
        )),
      )}
      <img
        className="hero-poster"
        src={`${poster.dir}/poster-landscape-${width}.jpg`}
        srcSet={srcSet('landscape', 'jpg')}
        sizes="100vw"
        width={width}
        height={height}
        alt=""
        fetchPriority="high"
      />
    </picture>
  );
}

/**
 * Full-screen background: the poster, and over it the video (its address a setting, in the
 * page's data) on wide screens only, set after load when the browser is idle, and never when the
 * visitor's data or motion preferences say no. A pause button appears once it plays (WCAG 2.2.2).
 */
export function HeroVideo() {
  const { hero: settings = defaultHero, media } = use(PageDataContext);
  const video = settings.video ? media?.[settings.video] : undefined;
  const videoUrl = video?.kind === 'video' ? originalPath(video.hash, video.type) : settings.videoUrl;
  const poster = settings.poster ? media?.[settings.poster] : undefined;
  const player = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (!videoWelcome()) return;
    return afterLoadAndIdle(() => {
      const v = player.current;
      if (!v) return;
      v.muted = true;
      v.src = videoUrl;
      v.play().catch(() => {});
    });
  }, [videoUrl]);
  const toggle = () => {
    const v = player.current;
    if (!v) return;
    if (v.paused) {
      v.play().catch(() => {});
      setPaused(false);
    } else {
      v.pause();
      setPaused(true);
    }
  };
  return (
    <>
      {poster ? <Picture id={settings.poster} className="hero-poster" sizes="100vw" alt="" eager /> : <HeroPoster />}
      <video
        ref={player}
        className="hero-video"
        data-playing={started || undefined}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        onPlaying={() => setStarted(true)}
      >
        {hero.videoFallback}
      </video>
      {started && (
        <button type="button" className="video-toggle" onClick={toggle} aria-label={paused ? hero.playVideo : hero.pauseVideo}>
          <Icon name={paused ? 'play' : 'pause'} size={18} />
        </button>
      )}
    </>
  );
}
