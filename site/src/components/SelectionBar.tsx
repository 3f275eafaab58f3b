/**
 * The pricing page's selection: the add-ons a visitor chose with "Add to Plan", kept in
 * sessionStorage while they stay on the site (never a cookie or localStorage), shown in a bar
 * with the estimate, each removable, and announced to screen readers as it changes.
 *
 * The selection lives in the browser only, so the bar does too: the page carries it in a template,
 * with an item for every published add-on, and the pricing island (src/islands/pricing.ts) shows
 * it once an add-on is chosen, with the chosen items, the estimate and the links' addresses.
 */
import { contactHref } from '@kafue/common/requests';
import { useCollection } from '../content/data';
import { selectionBar as t } from '../content/pricing';
import { WhatsAppLink } from './WhatsAppLink';

/** The bar, in a template: nothing shows until an add-on is chosen. */
export function SelectionBar() {
  const addons = useCollection('addons');
  return (
    <template data-selection-bar="">
      <section className="selection-bar" aria-labelledby="selection-heading">
        <div className="container selection-inner">
          <h2 id="selection-heading">{t.heading}</h2>
          <ul className="selection-items">
            {addons.map((a) => (
              <li key={a.name} data-addon-item={a.name}>
                <span>
                  {a.name} <span className="muted">{a.price}</span>
                </span>
                <button type="button" className="remove-link">
                  {t.remove}
                  <span className="sr-only"> {a.name}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="selection-estimate">
            {t.estimate} <strong></strong>
          </p>
          <div className="selection-actions">
            <a href={contactHref({})} className="btn btn-primary btn-sm">
              {t.send}
            </a>
            {/* When the company has a number; its message names the selection where the slot is (the island writes it). */}
            <WhatsAppLink subject={t.chatSlot} className="btn btn-whatsapp btn-sm" />
          </div>
        </div>
      </section>
    </template>
  );
}
