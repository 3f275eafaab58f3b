/**
 * The pricing page's selection: the add-ons a visitor chose with "Add to Plan", kept in
 * sessionStorage while they stay on the site (never a cookie or localStorage), shown in a bar
 * with the estimate, each removable, and announced to screen readers as it changes.
 */
import { lazy, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import { contactHref } from '@kafue/common/contact-form';
import { monthlyEstimate } from '@kafue/common/requests';
import type { AddonFields } from '@kafue/common/contract';
import { selectionBar as t } from '../content/pricing';
import { useCompany } from '../content/data';

// The bar exists only in the browser, once an add-on is chosen: the chat link's code (and the site
// address it names) loads then, and only when the company has a WhatsApp number.
const WhatsAppLink = lazy(() => import('./WhatsAppLink').then((m) => ({ default: m.WhatsAppLink })));

const storageKey = 'kafue-pricing-addons';

/** The chosen add-ons as stored (JSON), read once per page and written on each change. */
let stored: string | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function readStored(): string {
  if (stored === undefined) {
    try {
      stored = sessionStorage.getItem(storageKey) ?? '[]';
    } catch {
      stored = '[]';
    }
  }
  return stored;
}
function writeStored(names: string[]) {
  stored = JSON.stringify(names);
  try {
    sessionStorage.setItem(storageKey, stored);
  } catch {
    // Storage refused (private mode, quota): the selection lasts as long as the page.
  }
  for (const listener of listeners) listener();
}
function parseNames(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const noSubscription = () => () => {};

/** True once the page has hydrated (false on the server and while hydrating): what only works with JavaScript shows from then on. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The chosen add-ons' names (none on the server's page), what was last announced, and how to change them. */
export function useChosenAddons() {
  const json = useSyncExternalStore(subscribe, readStored, () => '[]');
  const chosen = useMemo(() => parseNames(json), [json]);
  const [announcement, setAnnouncement] = useState('');
  const toggle = (name: string) => {
    // From what is stored now, not this render's `chosen`: a second tap before the page re-rendered
    // (a busy phone) would otherwise undo the first.
    const current = parseNames(readStored());
    const has = current.includes(name);
    writeStored(has ? current.filter((n) => n !== name) : [...current, name]);
    setAnnouncement(has ? t.removed(name) : t.added(name));
  };
  return { chosen, announcement, toggle };
}

/**
 * While the bar shows, the page's bottom scroll padding is the bar's height, so that what it would
 * cover is scrolled into view above it: a button focused with the keyboard, and the one whose choice
 * just brought the bar (or made it taller) over it. A callback ref, undone when the bar goes.
 */
function padPageBelow(bar: HTMLElement | null) {
  if (!bar) return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    root.style.scrollPaddingBottom = `${bar.offsetHeight}px`;
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body || bar.contains(focused)) return;
    const [f, b] = [focused.getBoundingClientRect(), bar.getBoundingClientRect()];
    if (f.bottom > b.top && f.top < b.bottom) focused.scrollIntoView({ block: 'nearest' });
  });
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingBottom = '';
  };
}

/** The bar: nothing while no add-on is chosen. */
export function SelectionBar({ addons, onRemove }: { addons: readonly AddonFields[]; onRemove: (name: string) => void }) {
  const { whatsapp } = useCompany();
  if (!addons.length) return null;
  const estimate = monthlyEstimate(null, addons);
  // Focus goes on to the next item's Remove, or back to the add-on's own button when none is left.
  const remove = (button: HTMLElement, name: string) => {
    const item = button.closest('li');
    const next = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector('button');
    onRemove(name);
    (next ?? document.querySelector<HTMLElement>(`[data-addon="${CSS.escape(name)}"]`))?.focus();
  };
  return (
    <section ref={padPageBelow} className="selection-bar" aria-labelledby="selection-heading">
      <div className="container selection-inner">
        <h2 id="selection-heading">{t.heading}</h2>
        <ul className="selection-items">
          {addons.map((a) => (
            <li key={a.name}>
              <span>
                {a.name} <span className="muted">{a.price}</span>
              </span>
              <button type="button" className="remove-link" onClick={(e) => remove(e.currentTarget, a.name)}>
                {t.remove}
                <span className="sr-only"> {a.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <p className="selection-estimate">
          {t.estimate} <strong>{estimate}</strong>
        </p>
        <div className="selection-actions">
          <a href={contactHref({ addons: addons.map((a) => a.name) })} className="btn btn-primary btn-sm">
            {t.send}
          </a>
          {whatsapp && (
            <Suspense>
              <WhatsAppLink
                subject={`${addons.map((a) => a.name).join(' + ')}, estimated ${estimate}`}
                className="btn btn-whatsapp btn-sm"
              />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
