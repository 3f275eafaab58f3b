import { Link } from '../router';
import { brand } from '@kafue/common/brand';
import { phoneHref } from '@kafue/common/company';
import { contactFormPath, contactHref } from '@kafue/common/requests';
import { CtaBand, FeatureCard, SectionHeader } from '../components/common';
import { Icon } from '../components/Icon';
import { HeroVideo } from '../components/HeroVideo';
import { TestimonialCarousel } from '../components/TestimonialCarousel';
import { ArticleCard } from '../components/ArticleCard';
import { useCollection, useCompany } from '../content/data';
import { aboutIntro, hero, homeCta, insights, servicesOverview, testimonialsSection, whyChooseUs } from '../content/home';
import { routeMeta } from '../content/meta';

export const meta = () => routeMeta.home;

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
            {blogTeasers.map((post) => (
              <ArticleCard key={post.slug} article={post} />
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
