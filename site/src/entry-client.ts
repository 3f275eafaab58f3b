/**
 * What every public page runs: a few lines for the layout (the menu's state, the reading
 * progress, the hash scroll, the scroll reveal, the forms' attribution), the loader of the page's
 * islands (src/islands/registry.ts) and, once the page has settled, the analytics beacon. No
 * React: the page as served is complete and works without scripts.
 */
import { islands } from './islands/registry';
import { countPageView } from './analytics/count';
import { keepAttribution, readAttribution } from './analytics/visit';
import { prefersReducedMotion, setupReveal } from './components/reveal';
import { HASH_SCROLL_DELAY_MS } from './routes';
import './styles.css';

/** The forms' hidden attribution fields (components/form-post.tsx), from the visit's first page. */
function fillAttribution() {
  keepAttribution();
  const attribution = readAttribution() as Record<string, string> | undefined;
  for (const input of document.querySelectorAll<HTMLInputElement>('input[data-attribution]')) input.value = attribution?.[input.name] ?? '';
}

/**
 * The menu button's aria-expanded follows its dialog, which the browser opens and closes itself;
 * a page come back to from the back-forward cache shows its menu closed.
 */
function followMenu() {
  const dialog = document.getElementById('mobile-menu') as HTMLDialogElement | null;
  const button = document.querySelector('[commandfor="mobile-menu"][command="show-modal"]');
  if (!dialog || !button) return;
  dialog.addEventListener('toggle', () => button.setAttribute('aria-expanded', String(dialog.open)));
  addEventListener('pageshow', (e) => e.persisted && dialog.close());
}

/** The reading-progress bar (decorative), once per frame while scrolling. */
function followScroll() {
  const bar = document.querySelector<HTMLElement>('[data-block="progress"]');
  let frame = 0;
  const update = () => {
    frame = 0;
    const max = document.documentElement.scrollHeight - innerHeight;
    bar?.style.setProperty('--progress', String(max > 0 ? Math.min(1, scrollY / max) : 0));
  };
  addEventListener('scroll', () => (frame ||= requestAnimationFrame(update)), { passive: true });
}

/** An address with a hash: its target scrolled to after 100 ms (spec section 9), once the page has settled its layout. */
function scrollToHash() {
  if (!location.hash) return;
  setTimeout(() => {
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView({
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'start',
    });
  }, HASH_SCROLL_DELAY_MS);
}

const heldEvents = ['click', 'submit', 'change'] as const;
const firstEvents = ['pointerdown', 'focusin', 'keydown', 'input', ...heldEvents] as const;

/** Loads and sets up one island; events it must answer that came before its code are made again after. */
function mount(root: HTMLElement) {
  const island = islands[root.dataset.island ?? ''];
  // An island for some screens only (the hero's video: wide ones) never loads on the others.
  if (!island || (root.dataset.islandMedia && !matchMedia(root.dataset.islandMedia).matches)) return;
  let loading: Promise<void> | undefined;
  const held: Event[] = [];
  const hold = (e: Event) => {
    if (!heldEvents.includes(e.type as (typeof heldEvents)[number])) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(e);
  };
  const start = (e?: Event) => {
    if (e) hold(e);
    loading ??= island.load().then(
      ({ default: setUp }) => {
        for (const type of firstEvents) root.removeEventListener(type, start, true);
        setUp(root);
        root.dataset.mounted = '';
        for (const event of held.splice(0)) {
          // A click on a control's icon is made again on what holds the icon (an SVG element has no click()).
          const target = (event.target as Element).closest('svg')?.parentElement ?? (event.target as HTMLElement);
          if (event.type === 'submit') (target as HTMLFormElement).requestSubmit((event as SubmitEvent).submitter);
          else if (event.type === 'change') target.dispatchEvent(new Event('change', { bubbles: true }));
          else target.click();
        }
      },
      // Its code could not load: the page goes on as it is, which works without it.
      () => {
        for (const type of firstEvents) root.removeEventListener(type, start, true);
      },
    );
  };
  for (const type of firstEvents) root.addEventListener(type, start, true);
  // What the page as opened needs at once (registry.ts) starts now.
  if (island.now?.()) start();
  else if (island.when === 'visible') {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: '200px' },
    );
    observer.observe(root);
  } else if (island.when === 'idle') whenSettled(() => start(), 2000);
}

/**
 * Once the page has loaded and the browser is idle (or `timeout` ms after load), and only for a
 * page the visitor is shown (not one a browser prerenders in case it is opened).
 */
function whenSettled(fn: () => void, timeout: number) {
  if ((document as Document & { prerendering?: boolean }).prerendering)
    return addEventListener('prerenderingchange', () => whenSettled(fn, timeout), { once: true });
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout }) : setTimeout(fn, 1));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

fillAttribution();
followMenu();
followScroll();
const main = document.getElementById('main');
if (main) setupReveal(main);
scrollToHash();
document.querySelectorAll<HTMLElement>('[data-island]').forEach(mount);
// Tests (and anyone curious) read that the page's behaviour is in place.
document.documentElement.dataset.ready = 'true';
whenSettled(countPageView, 5000);
