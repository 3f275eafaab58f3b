import { useState } from 'react';
import { Disclosure, FaqSection, useSingleOpen } from '../components/Accordion';
import { contactHref } from '@kafue/common/contact-form';
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
import { SelectionBar, useChosenAddons, useHydrated } from '../components/SelectionBar';
import { addonId, pricingViewOf, projectGroupId, type ProjectRef } from '@kafue/common/requests';
import { useLocation } from '../router';
import type { ComparisonCell, Plan, ProjectGroup } from '../content/types';

export const meta = () => routeMeta.pricing;

type Model = 'monthly' | 'project';

/**
 * The view the address asks for (`?view=project`, `?view=addons`, where the search's results lead),
 * once hydrated: the prerendered page is the same for every query, and shows both without JavaScript.
 */
function useAskedView() {
  const { search } = useLocation();
  return useHydrated() ? pricingViewOf(search) : null;
}

/** A plan's button: the contact page with the plan and the add-ons chosen so far. */
function PlanCard({ plan, addons }: { plan: Plan; addons: string[] }) {
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
      <a
        href={contactHref({ plan: plan.name, addons })}
        className={plan.highlighted ? 'btn btn-primary btn-block' : 'btn btn-outline btn-block'}
      >
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
 * The project groups (shown by the switch, so with JavaScript): the items are ticked, and the group's
 * Get Quote asks for them all. The group the address's hash names (#project-web) starts open.
 */
function ProjectGroups() {
  const projectGroups = useCollection('projectPrices');
  const { hash } = useLocation();
  const asked = projectGroups.findIndex((g) => `#${projectGroupId(g.key)}` === hash);
  const { open, toggle } = useSingleOpen(asked < 0 ? null : asked);
  const [ticked, setTicked] = useState<ProjectRef[]>([]);
  const isTicked = (ref: ProjectRef) => ticked.some((p) => p.group === ref.group && p.title === ref.title);
  const tick = (ref: ProjectRef) =>
    setTicked((all) => (isTicked(ref) ? all.filter((p) => p.group !== ref.group || p.title !== ref.title) : [...all, ref]));
  return (
    <div className="project-groups">
      <p className="center lead">{projectPricing.intro}</p>
      {projectGroups.map((group, i) => (
        <Disclosure
          key={i}
          id={projectGroupId(group.key)}
          open={open === i}
          onToggle={() => toggle(i)}
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
                  <input
                    type="checkbox"
                    checked={isTicked({ group: group.key, title: item.title })}
                    onChange={() => tick({ group: group.key, title: item.title })}
                  />
                  {projectPricing.tick}
                  <span className="sr-only">: {item.title}</span>
                </label>
              </li>
            ))}
          </ul>
          <GroupQuote name={group.name} items={ticked.filter((p) => p.group === group.key)} />
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

/** A group's one Get Quote, for its ticked items; a hint while none is ticked. */
function GroupQuote({ name, items }: { name: string; items: ProjectRef[] }) {
  return (
    <div className="group-quote">
      {items.length ? (
        <a href={contactHref({ projects: items })} className="btn btn-primary btn-sm">
          {projectPricing.cta}
          <span className="sr-only">: {name}</span>
        </a>
      ) : (
        <p className="muted">{projectPricing.tickHint}</p>
      )}
    </div>
  );
}

const noScriptAddOns = '.addons-panel{grid-template-rows:1fr;visibility:visible}';

/** Without JavaScript Add to Plan links to the contact page with the add-on; with it, it toggles the add-on in the selection. */
function AddOns({ chosen, onToggle }: { chosen: string[]; onToggle: (name: string) => void }) {
  const [chosenOpen, setOpen] = useState<boolean>();
  const asked = useAskedView();
  const open = chosenOpen ?? asked === 'addons';
  const addOns = useCollection('addons');
  const hydrated = useHydrated();
  return (
    <section className="section section-soft" aria-labelledby="addons-heading">
      <div className="container">
        <SectionHeader id="addons-heading" heading={addOnsSection.heading} text={addOnsSection.text} />
        <div className="center">
          <button
            type="button"
            className="btn btn-outline"
            aria-expanded={open}
            aria-controls="addons-panel"
            onClick={() => setOpen(!open)}
          >
            {addOnsSection.toggle}
            <Icon name="chevronDown" size={18} className={open ? 'chevron open' : 'chevron'} />
          </button>
        </div>
        {/* Without JavaScript the toggle does nothing: the add-ons are shown open, their links usable. */}
        <noscript>
          <style>{noScriptAddOns}</style>
        </noscript>
        <div
          id="addons-panel"
          className="disclosure-panel addons-panel"
          data-open={open ? 'true' : 'false'}
          inert={hydrated ? !open : undefined}
        >
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
                  {hydrated ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-pressed={chosen.includes(a.name)}
                      data-addon={a.name}
                      onClick={() => onToggle(a.name)}
                    >
                      {chosen.includes(a.name) && <Icon name="check" size={16} />}
                      {addOnsSection.cta}
                      <span className="sr-only">: {a.name}</span>
                    </button>
                  ) : (
                    <a href={contactHref({ addons: [a.name] })} className="btn btn-outline btn-sm">
                      {addOnsSection.cta}
                      <span className="sr-only">: {a.name}</span>
                    </a>
                  )}
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

export default function Pricing() {
  const [chosenModel, setModel] = useState<Model>();
  const asked = useAskedView();
  const model = chosenModel ?? (asked === 'project' ? 'project' : 'monthly');
  const plans = useCollection('plans');
  const faqs = useCollection('faqs');
  const company = useCompany();
  const addons = useCollection('addons');
  const { chosen, announcement, toggle } = useChosenAddons();
  // Only add-ons still published: one withdrawn since it was chosen is left out.
  const chosenAddons = addons.filter((a) => chosen.includes(a.name));
  const chosenNames = chosenAddons.map((a) => a.name);
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

      <section className="section" aria-labelledby="plans-heading">
        <div className="container">
          <h2 id="plans-heading" className="sr-only">
            {model === 'monthly' ? pricingSwitch.monthly : pricingSwitch.project}
          </h2>
          <div className="switch" role="group" aria-label={pricingSwitch.label}>
            <button type="button" aria-pressed={model === 'monthly'} onClick={() => setModel('monthly')}>
              {pricingSwitch.monthly}
            </button>
            <button type="button" aria-pressed={model === 'project'} onClick={() => setModel('project')}>
              {pricingSwitch.project}
            </button>
          </div>
          {model === 'monthly' ? (
            <>
              <div className="grid grid-3 plans">
                {plans.map((p, i) => (
                  <PlanCard key={i} plan={p} addons={chosenNames} />
                ))}
              </div>
              <noscript>
                <ProjectQuoteLinks />
              </noscript>
            </>
          ) : (
            <ProjectGroups />
          )}
        </div>
      </section>

      <AddOns chosen={chosenNames} onToggle={toggle} />
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <SelectionBar addons={chosenAddons} onRemove={toggle} />
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
