import { Link } from '../router';
import { brand } from '@kafue/common/brand';
import { phoneHref } from '@kafue/common/company';
import { contactFormPath, contactHref } from '@kafue/common/contact-form';
import { CtaBand, DeadLink, FeatureCard, SectionHeader, formatDate } from '../components/common';
import { Icon } from '../components/Icon';
import { HeroVideo } from '../components/HeroVideo';
import { TestimonialCarousel } from '../components/TestimonialCarousel';
import { useCollection, useCompany } from '../content/data';
import { aboutIntro, hero, homeCta, insights, servicesOverview, testimonialsSection, whyChooseUs } from '../content/home';
import { routeMeta } from '../content/meta';
import type { InsightFields } from '@kafue/common/contract';

export const meta = () => routeMeta.home;

/** "Read More": where the item's link leads, set in the console; "#" (the specification's) stays on the page. */
function ReadMore({ post }: { post: InsightFields }) {
  const words = (
    <>
      {insights.readMore}
      <span className="sr-only">: {post.title}</span>
      <Icon name="arrowRight" size={16} />
    </>
  );
  return post.link === '#' ? (
    <DeadLink className="text-link">{words}</DeadLink>
  ) : (
    <a href={post.link} className="text-link">
      {words}
    </a>
  );
}

export default function Home() {
  const testimonials = useCollection('testimonials');
  const blogTeasers = useCollection('insights');
  const company = useCompany();
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <HeroVideo />
        <div className="hero-overlay" />
        <div className="container hero-content">
          <p className="hero-eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-heading">{hero.heading}</h1>
          <p className="hero-text">{hero.text}</p>
          <div className="hero-actions">
            <Link to="/services" className="btn btn-accent btn-lg">
              {hero.primary}
              <Icon name="arrowRight" size={18} />
            </Link>
            <Link to={contactFormPath} className="btn btn-ghost-light btn-lg">
              {hero.secondary}
            </Link>
          </div>
        </div>
      </section>

      <section id={`about-${brand.slug}`} className="section" aria-labelledby="about-heading">
        <div className="container">
          <SectionHeader id="about-heading" eyebrow={aboutIntro.eyebrow} heading={aboutIntro.heading} text={aboutIntro.text} />
          <div className="grid grid-3">
            {aboutIntro.features.map((f) => (
              <FeatureCard key={f.title} feature={f} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="overview-heading">
        <div className="container">
          <SectionHeader
            id="overview-heading"
            eyebrow={servicesOverview.eyebrow}
            heading={servicesOverview.heading}
            text={servicesOverview.text}
          />
          <div className="grid grid-3">
            {servicesOverview.cards.map((card) => (
              <article key={card.title} className="card service-overview-card" data-reveal="">
                <span className="icon-badge">
                  <Icon name={card.icon} />
                </span>
                <h3>{card.title}</h3>
                <p>{card.text}</p>
                <Link to={servicesOverview.linkTo} className="text-link">
                  {servicesOverview.linkLabel}
                  <span className="sr-only"> about {card.title}</span>
                  <Icon name="arrowRight" size={16} />
                </Link>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-dark" aria-labelledby="why-heading">
        <div className="container">
          <SectionHeader id="why-heading" eyebrow={whyChooseUs.eyebrow} heading={whyChooseUs.heading} text={whyChooseUs.text} light />
          <ul className="stats">
            {whyChooseUs.stats.map((s) => (
              <li key={s.label} data-reveal="">
                <span className="stat-value">{s.value}</span>
                <span className="stat-label">{s.label}</span>
              </li>
            ))}
          </ul>
          <div className="grid grid-3">
            {whyChooseUs.benefits.map((f) => (
              <FeatureCard key={f.title} feature={f} />
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials-heading">
        <div className="container">
          <SectionHeader id="testimonials-heading" eyebrow={testimonialsSection.eyebrow} heading={testimonialsSection.heading} />
          <div data-reveal="">{testimonials.length > 0 && <TestimonialCarousel items={testimonials} />}</div>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="insights-heading">
        <div className="container">
          <SectionHeader id="insights-heading" eyebrow={insights.eyebrow} heading={insights.heading} text={insights.text} />
          <div className="grid grid-3">
            {blogTeasers.map((post, i) => (
              <article key={i} className="card blog-card" data-reveal="">
                <div className="blog-meta">
                  <span className="tag">{post.category}</span>
                  <time dateTime={post.date}>{formatDate(post.date)}</time>
                </div>
                <h3>{post.title}</h3>
                <p>{post.description}</p>
                <ReadMore post={post} />
              </article>
            ))}
          </div>
        </div>
      </section>

      <CtaBand
        id="home-cta-heading"
        heading={homeCta.heading}
        text={homeCta.text}
        primary={
          <a href={contactHref({ topic: 'consultation' })} className="btn btn-accent btn-lg">
            {homeCta.primary}
          </a>
        }
        secondary={
          <a href={phoneHref(company.phone)} className="btn btn-ghost-light btn-lg">
            {homeCta.secondary}
          </a>
        }
      />
    </>
  );
}
