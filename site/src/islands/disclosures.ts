/**
 * Accordions (components/Accordion.tsx): each heading button opens its panel and closes the one
 * open; the open one's button closes it.
 */

/** Sets up `items` (Disclosure elements) as one accordion; answers how to open or close one of them. */
export function accordion(items: readonly HTMLElement[]): (item: HTMLElement, open: boolean) => void {
  const setOpen = (item: HTMLElement, open: boolean) => {
    item.dataset.open = String(open);
    item.querySelector(':scope > .disclosure-heading button')!.setAttribute('aria-expanded', String(open));
    item.querySelector<HTMLElement>(':scope > .disclosure-panel')!.inert = !open;
  };
  for (const item of items) {
    item.querySelector(':scope > .disclosure-heading button')!.addEventListener('click', () => {
      const open = item.dataset.open !== 'true';
      for (const other of items) if (other !== item && other.dataset.open === 'true') setOpen(other, false);
      setOpen(item, open);
    });
  }
  return setOpen;
}

/** A page's FAQ (FaqAccordion). */
export default function disclosures(root: HTMLElement) {
  accordion([...root.querySelectorAll<HTMLElement>(':scope > .disclosure')]);
}
