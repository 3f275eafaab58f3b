import { Link } from '../router';
import { CheckList } from './common';
import { Icon } from './Icon';
import type { CategoryKey } from '@kafue/common/vocabulary';
import { servicePath } from '@kafue/common/service-addresses';
import { categories, findCategory } from '../content/categories';
import { servicesIn, useCollection } from '../content/data';
import { browser } from '../content/services-page';

/** A category's heading and service cards. */
function CategoryCards({ category }: { category: CategoryKey }) {
  const { icon, heading } = findCategory(category);
  const services = servicesIn(useCollection('services'), category);
  return (
    <>
      <h3 className="category-heading" id="category-heading">
        <span className="icon-badge">
          <Icon name={icon} />
        </span>
        {heading}
      </h3>
      <ul className="grid grid-3 service-cards" aria-labelledby="category-heading">
        {services.map((s) => (
          <li key={s.slug} className="card service-card">
            <h4>{s.title}</h4>
            <p className="price">
              <span>{browser.startingAt}</span> <strong>{s.price}</strong>
            </p>
            <p>{s.description}</p>
            <CheckList items={s.features} />
            <Link to={servicePath(s)} className="btn btn-outline">
              {browser.detailsLink}
              <span className="sr-only"> for {s.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Starts at Web; pill buttons on wide screens, a dropdown on small ones, swap heading and cards.
 * Every category's cards are in the page, in templates, for its island
 * (src/islands/category-browser.ts), which also opens it at the category the address names
 * (?category=CCTV, where a deleted service's page links).
 */
export function CategoryBrowser() {
  const active = categories[0].key;
  return (
    <div className="category-browser" data-island="category-browser">
      <div className="pills" role="group" aria-label={browser.groupLabel}>
        {categories.map((c) => (
          <button key={c.key} type="button" className="pill" aria-pressed={c.key === active} data-category={c.key}>
            <Icon name={c.icon} size={18} />
            {c.label}
          </button>
        ))}
      </div>
      <div className="category-select">
        <label htmlFor="category-select">{browser.selectLabel}</label>
        <select id="category-select" name="category" defaultValue={active}>
          {categories.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="category-shown">
        <CategoryCards category={active} />
      </div>
      {categories.map((c) => (
        <template key={c.key} data-category={c.key}>
          <CategoryCards category={c.key} />
        </template>
      ))}
    </div>
  );
}
