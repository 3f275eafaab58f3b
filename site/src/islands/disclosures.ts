/**
 * An accordion (components/Accordion.tsx's FaqAccordion): each heading button opens its panel and
 * closes the one open; the open one's button closes it.
 */
export default function disclosures(root: HTMLElement) {
  const items = [...root.querySelectorAll<HTMLElement>(':scope > .disclosure')];
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
}
