import { use } from 'react';
import { defaultHero } from '@kafue/common/hero';
import { originalPath } from '@kafue/common/renditions';
import { Picture } from './Picture';
import { Icon } from './Icon';
import { PageDataContext } from '../content/data';
import { hero } from '../content/home';
import poster from '../content/hero-poster.json';

/** The narrowest screen that gets the video: below it (phones, small tablets) the poster is the hero, and the video's island never loads. */
export const videoMinWidth = 1024;

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
 * visitor's data or motion preferences say no (src/islands/hero-video.ts). A pause button appears
 * once it plays (WCAG 2.2.2).
 */
export function HeroVideo() {
  const { hero: settings = defaultHero, media } = use(PageDataContext);
  const video = settings.video ? media?.[settings.video] : undefined;
  const videoUrl = video?.kind === 'video' ? originalPath(video.hash, video.type) : settings.videoUrl;
  const poster = settings.poster ? media?.[settings.poster] : undefined;
  return (
    <>
      {poster ? <Picture id={settings.poster} className="hero-poster" sizes="100vw" alt="" eager /> : <HeroPoster />}
      <video
        className="hero-video"
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        data-island="hero-video"
        data-island-media={`(min-width: ${videoMinWidth}px)`}
        data-url={videoUrl}
      >
        {hero.videoFallback}
      </video>
      <button
        type="button"
        className="video-toggle"
        aria-label={hero.pauseVideo}
        data-play={hero.playVideo}
        data-pause={hero.pauseVideo}
        hidden
      >
        <Icon name="pause" size={18} className="if-playing" />
        <Icon name="play" size={18} className="if-paused" />
      </button>
    </>
  );
}
