/**
 * The testimonial carousel (components/TestimonialCarousel.tsx, spec section 9): advances every
 * 5000 ms and wraps; pauses while the pointer is over it, while keyboard focus is inside, or after
 * the pause button; arrows and dots jump to an item and restart the timer. The live region is
 * polite only while it is not rotating by itself.
 */
export default function carousel(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>('.carousel-track')!;
  const slides = [...track.querySelectorAll<HTMLElement>(':scope > .slide')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.carousel-dots .dot')];
  const pause = root.querySelector<HTMLButtonElement>('.carousel-pause')!;
  const rotateMs = Number(root.dataset.rotateMs);
  const n = slides.length;
  let index = 0;
  let hovered = false;
  let keyboardFocus = false;
  let stopped = false;
  let timer = 0;

  const show = (i: number) => {
    index = ((i % n) + n) % n;
    track.style.transform = `translateX(${-index * 100}%)`;
    slides.forEach((slide, j) => {
      slide.setAttribute('aria-hidden', String(j !== index));
      slide.inert = j !== index;
      slide.dataset.active = String(j === index);
    });
    dots.forEach((dot, j) => (j === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
  };
  /** Restarts the timer (or stops it) for the state now. */
  const update = () => {
    clearTimeout(timer);
    const rotating = !hovered && !keyboardFocus && !stopped;
    track.setAttribute('aria-live', rotating ? 'off' : 'polite');
    pause.setAttribute('aria-label', (stopped ? pause.dataset.play : pause.dataset.pause)!);
    pause.toggleAttribute('data-paused', stopped);
    if (rotating) timer = window.setTimeout(() => (show(index + 1), update()), rotateMs);
  };
  const go = (i: number) => (show(i), update());

  root.addEventListener('mouseenter', () => ((hovered = true), update()));
  root.addEventListener('mouseleave', () => ((hovered = false), update()));
  root.addEventListener('focusin', (e) => ((keyboardFocus = (e.target as Element).matches(':focus-visible')), update()));
  root.addEventListener('focusout', (e) => {
    if (root.contains(e.relatedTarget as Node | null)) return;
    keyboardFocus = false;
    update();
  });
  pause.addEventListener('click', () => ((stopped = !stopped), update()));
  root.querySelector('.carousel-arrow.prev')!.addEventListener('click', () => go(index - 1));
  root.querySelector('.carousel-arrow.next')!.addEventListener('click', () => go(index + 1));
  dots.forEach((dot, i) => dot.addEventListener('click', () => go(i)));
  hovered = root.matches(':hover');
  update();
}
