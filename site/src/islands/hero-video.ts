/**
 * The hero's video (components/HeroVideo.tsx), on a wide screen once the page has loaded and the
 * browser is idle: it plays muted over the poster unless the visitor's data or motion
 * preferences say no; its pause button shows once it plays.
 */
import { saveDataMarker } from '@kafue/common/hero';
import { prefersReducedMotion } from '../components/reveal';

/** The Network Information API, where the browser has it (Chromium). */
type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * Whether this visit may download the video: motion welcome, and nothing that says the visitor's
 * data is dear (Save-Data, which the server marks on the page; the browser's own data saver; a
 * connection it rates 2g or 3g).
 */
function videoWelcome(): boolean {
  if (prefersReducedMotion() || document.documentElement.hasAttribute(saveDataMarker)) return false;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return !connection?.saveData && !/^(slow-2g|2g|3g)$/.test(connection?.effectiveType ?? '');
}

export default function heroVideo(video: HTMLElement) {
  if (!(video instanceof HTMLVideoElement) || !videoWelcome()) return;
  const toggle = video.parentElement!.querySelector<HTMLButtonElement>('.video-toggle')!;
  video.addEventListener(
    'playing',
    () => {
      video.dataset.playing = 'true';
      toggle.hidden = false;
    },
    { once: true },
  );
  toggle.addEventListener('click', () => {
    if (video.paused) void video.play().catch(() => {});
    else video.pause();
    toggle.toggleAttribute('data-paused', video.paused);
    toggle.setAttribute('aria-label', (video.paused ? toggle.dataset.play : toggle.dataset.pause)!);
  });
  video.muted = true;
  video.src = video.dataset.url!;
  void video.play().catch(() => {});
}
