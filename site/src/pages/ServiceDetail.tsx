import { use } from 'react';
import { Link, useParams } from '../router';
import { ContactList } from '../components/common';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';
import { WhatsAppLink } from '../components/WhatsAppLink';
import { contactHref } from '@kafue/common/requests';
import { isCategoryKey } from '@kafue/common/vocabulary';
import { servicesInCategoryPath } from '@kafue/common/service-addresses';
import { findCategory } from '../content/categories';
import { serviceMeta } from '../content/meta';
import type { PageData } from '@kafue/common/ssr';
import { findService, PageDataContext } from '../content/data';
import { serviceDetail as t } from '../content/services-page';

export const meta = (params: Record<string, string | undefined>, data: PageData) => {
  return serviceMeta(findService(data, params.category, params.key));
};

function BackLink() {
  return (
    <Link to="/services#services" className="back-link">
      <Icon name="arrowLeft" size={18} />
      {t.back}
    </Link>
  );
}

export default function ServiceDetail() {
  const { category, key } = useParams();
  const data = use(PageDataContext);
  const service = findService(data, category, key);
  if (!service || !category || !isCategoryKey(category)) {
    // A deleted service's address (410 Gone) links to the category it was in.
    const gone = data.goneFrom && findCategory(data.goneFrom);
    return (
      <section className="section not-found-service" aria-labelledby="service-missing">
        <div className="container narrow center">
          <h1 id="service-missing">{t.notFound}</h1>
          {gone && (
            <p>
              <a href={servicesInCategoryPath(gone.key)}>{t.goneLink(gone.heading)}</a>
            </p>
          )}
          <BackLink />
        </div>
      </section>
    );
  }
  const cat = findCategory(category);
  return (
    <>
      <section className="page-banner detail-banner" aria-labelledby="service-title">
        <div className="container">
          <BackLink />
          <p className="eyebrow light">
            <Icon name={cat.icon} size={18} /> {cat.heading}
          </p>
          <h1 id="service-title">{service.title}</h1>
          <p className="lead">{service.description}</p>
          <p className="price-tag">
            {t.startingAt} <strong>{service.price}</strong>
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container detail-grid">
          <div>
            <Picture id={service.image} className="service-photo" sizes="(min-width: 1024px) 640px, calc(100vw - 40px)" />
            <h2>{t.featuresHeading}</h2>
            <ul className="feature-list">
              {service.features.map((f, i) => (
                <li key={i} className="card">
                  <span className="icon-badge small">
                    <Icon name="check" size={18} />
                  </span>
                  {f}
                </li>
              ))}
            </ul>
            {service.details && (
              <>
                <h2>{t.moreInfoHeading}</h2>
                <p className="details-text">{service.details}</p>
              </>
            )}
          </div>
          <aside className="card detail-aside" aria-label={`${t.request}: ${service.title}`}>
            <p className="price-tag dark">
              {t.startingAt} <strong>{service.price}</strong>
            </p>
            <a href={contactHref({ service: `${category}/${service.slug}` })} className="btn btn-primary btn-lg btn-block">
              {t.request}
            </a>
            <WhatsAppLink subject={service.title} className="btn btn-whatsapp btn-block detail-whatsapp" />
            <ContactList className="detail-contact" />
          </aside>
        </div>
      </section>
    </>
  );
}
