import type { ReactNode } from 'react';
import { Icon } from './Icon';
import { SectionHeader } from './common';

interface DisclosureProps {
  id: string;
  open: boolean;
  summary: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 'h3' | 'h4';
}

/**
 * One collapsible item (`id` names it, for an address's hash): a heading button with
 * aria-expanded/aria-controls and a 0.3 s panel, as the server renders it (`open` or not; closed,
 * its panel is hidden by styles.css, out of reach of the keyboard and screen readers too). Its
 * list is an island (data-island="disclosures", src/islands/disclosures.ts) that opens and closes them.
 */
export function Disclosure({ id, open, summary, children, className, headingLevel: H = 'h3' }: DisclosureProps) {
  return (
    <div id={id} className={className ? `disclosure ${className}` : 'disclosure'} data-open={open ? 'true' : 'false'}>
      <H className="disclosure-heading">
        <button type="button" id={`${id}-button`} aria-expanded={open} aria-controls={`${id}-panel`}>
          <span className="disclosure-summary">{summary}</span>
          <Icon name="chevronDown" className="disclosure-chevron" size={20} />
        </button>
      </H>
      <div id={`${id}-panel`} role="region" aria-labelledby={`${id}-button`} className="disclosure-panel">
        <div className="disclosure-panel-inner">{children}</div>
      </div>
    </div>
  );
}

export interface QA {
  question: string;
  answer: string;
}

/** At most one item open; choosing the open one closes it; none open initially. */
export function FaqAccordion({ idPrefix, items }: { idPrefix: string; items: readonly QA[] }) {
  return (
    <div className="faq-list" data-island="disclosures">
      {items.map((item, i) => (
        <Disclosure key={i} id={`${idPrefix}-${i}`} open={false} summary={item.question} className="faq-item">
          <p>{item.answer}</p>
        </Disclosure>
      ))}
    </div>
  );
}

/**
 * Without JavaScript a panel's button does nothing: the panels `selector` names are shown open
 * (styles.css hides a closed one), their content readable and usable.
 */
export function OpenWithoutScript({ selector }: { selector: string }) {
  return (
    <noscript>
      <style>{`${selector}{grid-template-rows:1fr;visibility:visible}`}</style>
    </noscript>
  );
}

/** A page's FAQ section (anchor `faq`): its heading and an accordion of its questions. */
export function FaqSection({ idPrefix, faq }: { idPrefix: string; faq: { heading: string; items: readonly QA[] } }) {
  return (
    <section id="faq" className="section section-soft" aria-labelledby={`${idPrefix}-heading`}>
      <div className="container narrow">
        <SectionHeader id={`${idPrefix}-heading`} heading={faq.heading} />
        <OpenWithoutScript selector=".faq-item .disclosure-panel" />
        <FaqAccordion idPrefix={idPrefix} items={faq.items} />
      </div>
    </section>
  );
}
