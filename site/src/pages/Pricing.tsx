import { Disclosure, FaqSection, OpenWithoutScript } from '../components/Accordion';
import { CheckList, CtaBand, PageBanner, SectionHeader } from '../components/common';
import { Icon } from '../components/Icon';
import { routeMeta } from '../content/meta';
import { useCollection, useCompany } from '../content/data';
import {
  addOnsSection,
  comparison,
  comparisonRows,
  pricingCta,
  pricingFaqText,
  pricingHero,
  pricingStrip,
  pricingStripLabel,
  pricingSwitch,
  projectPricing,
} from '../content/pricing';
import { iconFor } from '../components/icon-paths';
import { SelectionBar } from '../components/SelectionBar';
import { addonId, contactHref, projectGroupId } from '@kafue/common/requests';
import type { ComparisonCell, Plan, ProjectGroup } from '../content/types';

export const meta = () => routeMeta.pricing;

/**
 * A plan's button: the contact page with the plan (and, once the island has set it, the add-ons
 * chosen so far).
 */
function PlanCard({ plan }: { plan: Plan }) {
  return (
    <article className={plan.highlighted ? 'card plan-card highlighted' : 'card plan-card'} aria-labelledby={`plan-${plan.name}`}>
      {plan.badge && <p className="plan-badge">{plan.badge}</p>}
      <h3 id={`plan-${plan.name}`}>{plan.name}</h3>
      <p className="plan-desc">{plan.description}</p>
      <p className="plan-price">
        <strong>{plan.price}</strong>
        {plan.period && <span>{plan.period}</span>}
      </p>
      {plan.note && <p className="plan-note">{plan.note}</p>}
      <CheckList items={plan.features} />
      <a href={contactHref({ plan: plan.name })} className={plan.highlighted ? 'btn btn-primary btn-block' : 'btn btn-outline btn-block'}>
        {plan.cta}
      </a>
    </article>
  );
}

/** A project item's title, price and timeline. */
function ProjectItemDetails({ item }: { item: ProjectGroup['items'][number] }) {
  return (
    <>
      <h4>{item.title}</h4>
      <dl>
        <div>
          <dt>{projectPricing.priceLabel}</dt>
          <dd>{item.price}</dd>
        </div>
        <div>
          <dt>{projectPricing.timeLabel}</dt>
          <dd>{item.time}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * The project groups (shown by the switch, so with JavaScript: the page carries them in a template
 * for the island): the items are ticked, and the group's Get Quote asks for them all. All closed
 * here; the island opens the group the address's hash names (#project-web).
 */
function ProjectGroups() {
  const projectGroups = useCollection('projectPrices');
  return (
    <div className="project-groups">
      <p className="center lead">{projectPricing.intro}</p>
      {projectGroups.map((group, i) => (
        <Disclosure
          key={i}
          id={projectGroupId(group.key)}
          open={false}
          className="card project-group"
          summary={
            <>
              <span className="icon-badge small">
                <Icon name={iconFor(group.icon)} size={18} />
              </span>
              {group.name}
            </>
          }
        >
          <ul className="project-items">
            {group.items.map((item, j) => (
              <li key={j}>
                <ProjectItemDetails item={item} />
                <label className="tick">
                  <input type="checkbox" data-group={group.key} data-title={item.title} />
                  {projectPricing.tick}
                  <span className="sr-only">: {item.title}</span>
                </label>
              </li>
            ))}
          </ul>
          <GroupQuote name={group.name} />
        </Disclosure>
      ))}
    </div>
  );
}

/** Without JavaScript (no switch to show the groups): every project item with its own Get Quote link. */
function ProjectQuoteLinks() {
  const projectGroups = useCollection('projectPrices');
  return (
    <div className="project-groups">
      <h2 className="center">{pricingSwitch.project}</h2>
      <p className="center lead">{projectPricing.intro}</p>
      {projectGroups.map((group) => (
        <div key={group.key} id={projectGroupId(group.key)} className="card project-group">
          <h3 className="project-group-name">{group.name}</h3>
          <ul className="project-items">
            {group.items.map((item, j) => (
              <li key={j}>
                <ProjectItemDetails item={item} />
                <a href={contactHref({ projects: [{ group: group.key, title: item.title }] })} className="btn btn-outline btn-sm">
                  {projectPricing.cta}
                  <span className="sr-only">: {item.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * A group's one Get Quote, for its ticked items; a hint while none is ticked. The link, whose
 * address the island writes with the ticked items, waits in a template.
 */
function GroupQuote({ name }: { name: string }) {
  return (
    <div className="group-quote">
      <p className="muted">{projectPricing.tickHint}</p>
      <template>
        <a href={contactHref({})} className="btn btn-primary btn-sm">
          {projectPricing.cta}
          <span className="sr-only">: {name}</span>
        </a>
      </template>
    </div>
  );
}

/**
 * The add-ons, closed until View Add-ons (or opened by the address: ?view=addons). Without
 * JavaScript the toggle does nothing and Add to Plan links to the contact page with the add-on;
 * with it, the island puts the button of the template in its place, which toggles the add-on in
 * the selection (its tick shows while it is pressed).
 */
function AddOns() {
  const addOns = useCollection('addons');
  return (
    <section className="section section-soft" aria-labelledby="addons-heading">
      <div className="container">
        <SectionHeader id="addons-heading" heading={addOnsSection.heading} text={addOnsSection.text} />
        <div className="center">
          <button type="button" className="btn btn-outline" aria-expanded={false} aria-controls="addons-panel">
            {addOnsSection.toggle}
            <Icon name="chevronDown" size={18} className="chevron" />
          </button>
        </div>
        {/* Without JavaScript the toggle does nothing: the add-ons are shown open, their links usable. */}
        <OpenWithoutScript selector=".addons-panel" />
        <div id="addons-panel" className="disclosure-panel addons-panel" data-open="false">
          <div className="disclosure-panel-inner">
            <ul className="grid grid-4 addons">
              {addOns.map((a, i) => (
                <li key={i} id={addonId(a.name)} className="card addon-card">
                  <span className="icon-badge">
                    <Icon name={iconFor(a.icon)} />
                  </span>
                  <h3>{a.name}</h3>
                  <p className="addon-price">{a.price}</p>
                  <p>{a.description}</p>
                  <a href={contactHref({ addons: [a.name] })} className="btn btn-outline btn-sm">
                    {addOnsSection.cta}
                    <span className="sr-only">: {a.name}</span>
                  </a>
                  <template>
                    <button type="button" className="btn btn-outline btn-sm" aria-pressed={false} data-addon={a.name}>
                      <Icon name="check" size={16} className="if-pressed" />
                      {addOnsSection.cta}
                      <span className="sr-only">: {a.name}</span>
                    </button>
                  </template>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

function Comparison() {
  const plans = useCollection('plans');
  const cell = (v: ComparisonCell) =>
    typeof v === 'string' ? (
      v
    ) : v ? (
      <>
        <Icon name="check" size={18} className="yes" />
        <span className="sr-only">{comparison.yes}</span>
      </>
    ) : (
      <>
        <Icon name="minus" size={18} className="no" />
        <span className="sr-only">{comparison.no}</span>
      </>
    );
  return (
    <section className="section" aria-labelledby="comparison-heading">
      <div className="container">
        <SectionHeader id="comparison-heading" heading={comparison.heading} />
        <p className="scroll-hint" aria-hidden="true">
          {comparison.scrollHint}
          <Icon name="arrowRight" size={16} />
        </p>
        <div className="table-wrap" role="region" aria-label={comparison.tableLabel} tabIndex={0}>
          <table className="comparison">
            <thead>
              <tr>
                <th scope="col">{comparison.featureColumn}</th>
                {plans.map((plan, i) => (
                  <th scope="col" key={i}>
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparisonRows(plans).map((row) => (
                <tr key={row.feature}>
                  <th scope="row">{row.feature}</th>
                  {row.values.map((v, i) => (
                    <td key={i}>{cell(v)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

/**
 * The page as the server renders it: Monthly Plans, the add-ons closed, nothing chosen. Its
 * switch, project groups, add-ons and selection bar are one island (src/islands/pricing.ts), on
 * the element around them.
 */
export default function Pricing() {
  const plans = useCollection('plans');
  const faqs = useCollection('faqs');
  const company = useCompany();
  return (
    <>
      <PageBanner
        id="pricing-title"
        className="pricing-hero"
        heading={pricingHero.heading}
        text={pricingHero.text}
        badges={pricingHero.badges}
      />

      <section className="section-tight strip" aria-label={pricingStripLabel}>
        <ul className="container grid grid-4">
          {pricingStrip.map((s) => (
            <li key={s.title} className="strip-item">
              <span className="icon-badge small">
                <Icon name={s.icon} size={18} />
              </span>
              <span>
                <strong>{s.title}</strong>
                <span className="muted">{s.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <div data-island="pricing">
        <section className="section" aria-labelledby="plans-heading">
          <div className="container">
            <h2 id="plans-heading" className="sr-only">
              {pricingSwitch.monthly}
            </h2>
            <div className="switch" role="group" aria-label={pricingSwitch.label}>
              <button type="button" aria-pressed={true} data-view="monthly">
                {pricingSwitch.monthly}
              </button>
              <button type="button" aria-pressed={false} data-view="project">
                {pricingSwitch.project}
              </button>
            </div>
            <div className="grid grid-3 plans">
              {plans.map((p, i) => (
                <PlanCard key={i} plan={p} />
              ))}
            </div>
            <noscript>
              <ProjectQuoteLinks />
            </noscript>
            <template data-view="project">
              <ProjectGroups />
            </template>
          </div>
        </section>

        <AddOns />
        <p className="sr-only" role="status"></p>
        <SelectionBar />
      </div>
      <Comparison />

      <FaqSection idPrefix="pricing-faq" faq={{ heading: pricingFaqText.heading, items: faqs }} />

      <CtaBand
        id="pricing-cta-heading"
        heading={pricingCta.heading}
        text={pricingCta.text}
        primary={
          <a href={contactHref({ topic: 'consultation' })} className="btn btn-accent btn-lg">
            {pricingCta.primary}
          </a>
        }
        secondary={
          <a href={`mailto:${company.email}`} className="btn btn-ghost-light btn-lg">
            {pricingCta.secondary}
          </a>
        }
      />
    </>
  );
}
