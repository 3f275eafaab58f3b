/**
 * The contact page's office map (pages/Contact.tsx's MapFrame): its third-party iframe, from the
 * frame's template, is created only once the frame comes near the viewport (and then loads
 * lazily), so that it never competes with the page.
 */
export default function map(frame: HTMLElement) {
  frame.replaceChildren(frame.querySelector('template')!.content.cloneNode(true));
}
