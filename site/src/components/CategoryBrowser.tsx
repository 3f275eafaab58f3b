import { useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from '../router';
import { CheckList } from './common';
import { Icon } from './Icon';
import { isCategoryKey, type CategoryKey } from '@kafue/common/vocabulary';
import { servicePath } from '@kafue/common/service-addresses';
import { categories, findCategory } from '../content/categories';
import { servicesIn, useCollection } from '../content/data';
import { browser } from '../content/services-page';

const noChange = () => () => undefined;

/**
 * Starts at Web, or at the category the address names (?category=CCTV, where a deleted service's
 * page links); pill buttons on wide screens, a dropdown on small ones, swap heading and cards.
 */
export function CategoryBrowser() {
  const [chosen, setActive] = useState<CategoryKey>();
  const { search } = useLocation();
  // The prerendered page is the same for every query: the one asked for shows once hydrated.
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const asked = hydrated ? new URLSearchParams(search).get('category') : null;
  const active = chosen ?? (asked && isCategoryKey(asked) ? asked : categories[0].key);
  const category = findCategory(active);
  const services = servicesIn(useCollection('services'), active);
  return (
    <div className="category-browser">
      <div className="pills" role="group" aria-label={browser.groupLabel}>
        {categories.map((c) => (
          <button key={c.key} type="button" className="pill" aria-pressed={c.key === active} onClick={() => setActive(c.key)}>
            <Icon name={c.icon} size={18} />
            {c.label}
          </button>
        ))}
      </div>
      <div className="category-select">
        <label htmlFor="category-select">{browser.selectLabel}</label>
        <select
          id="category-select"
          name="category"
          value={active}
          onChange={(e) => {
            if (isCategoryKey(e.target.value)) setActive(e.target.value);
          }}
        >
          {categories.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <h3 className="category-heading" id="category-heading">
        <span className="icon-badge">
          <Icon name={category.icon} />
        </span>
        {category.heading}
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
    </div>
  );
}
