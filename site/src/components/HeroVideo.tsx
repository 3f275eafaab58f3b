import { useEffect, useRef, useState } from 'react';
import { Icon } from './Icon';
import { prefersReducedMotion } from './reveal';
import { siteConfig } from '../content/site';
import { hero } from '../content/home';

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

/**
 * Full-screen background video. The prerendered HTML has only the local poster; the video's
 * address is set after load when the browser is idle, and not at all for reduced motion.
 * A pause button appears once it plays (WCAG 2.2.2).
 */
export function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (prefersReducedMotion()) return;
    return afterLoadAndIdle(() => {
      const v = video.current;
      if (!v) return;
      v.muted = true;
      v.src = siteConfig.heroVideoUrl;
      v.play().catch(() => {});
    });
  }, []);
  const toggle = () => {
    const v = video.current;
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
      <video
        ref={video}
        className="hero-video"
        poster={siteConfig.heroPoster}
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
