import { Link } from '../router';
import { CategoryBrowser } from '../components/CategoryBrowser';
import { FaqSection } from '../components/Accordion';
import { contactHref } from '@kafue/common/requests';
import { CtaBand, FeatureCard, PageBanner, SectionHeader } from '../components/common';
import { routeMeta } from '../content/meta';
import { useCollection } from '../content/data';
import { browser, processSection, servicesBanner, servicesCta, servicesFaqText, servicesWhy } from '../content/services-page';

export const meta = () => routeMeta.services;

export default function Services() {
  const faqs = useCollection('faqs');
  return (
    <>
      <PageBanner id="services-title" heading={servicesBanner.heading} text={servicesBanner.text} badges={servicesBanner.badges} />

      <section className="section section-tight" aria-labelledby="services-why">
        <div className="container">
          <h2 id="services-why" className="why-row-heading">
            {servicesWhy.heading}
          </h2>
          <div className="grid grid-4">
            {servicesWhy.items.map((f) => (
              <FeatureCard key={f.title} feature={f} tone="plain" />
            ))}
          </div>
        </div>
      </section>

      <section id="services" className="section section-soft" aria-labelledby="browser-heading">
        <div className="container">
          <SectionHeader id="browser-heading" eyebrow={browser.eyebrow} heading={browser.heading} />
          <CategoryBrowser />
        </div>
      </section>

      <section className="section" aria-labelledby="process-heading">
        <div className="container">
          <SectionHeader id="process-heading" eyebrow={processSection.eyebrow} heading={processSection.heading} />
          <ol className="process">
            {processSection.steps.map((step, i) => (
              <li key={step.title} className="card process-step" data-reveal="">
                <span className="step-number" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <FaqSection idPrefix="services-faq" faq={{ heading: servicesFaqText.heading, items: faqs }} />

      <CtaBand
        id="services-cta-heading"
        heading={servicesCta.heading}
        text={servicesCta.text}
        primary={
          <a href={contactHref({ topic: 'consultation' })} className="btn btn-accent btn-lg">
            {servicesCta.primary}
          </a>
        }
        secondary={
          <Link to="/projects" className="btn btn-ghost-light btn-lg">
            {servicesCta.secondary}
          </Link>
        }
      />
    </>
  );
}
