import { useState } from 'react';
import { Link } from '../router';
import { CheckList } from './common';
import { Icon } from './Icon';
import { isCategoryKey, type CategoryKey } from '@kafue/common/vocabulary';
import { categories, findCategory } from '../content/categories';
import { servicesIn, useCollection } from '../content/data';
import { browser } from '../content/services-page';

/** Starts at Web; pill buttons on wide screens, a dropdown on small ones, swap heading and cards. */
export function CategoryBrowser() {
  const [active, setActive] = useState<CategoryKey>(categories[0].key);
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
        {services.map((s, i) => (
          <li key={i} className="card service-card">
            <h4>{s.title}</h4>
            <p className="price">
              <span>{browser.startingAt}</span> <strong>{s.price}</strong>
            </p>
            <p>{s.description}</p>
            <CheckList items={s.features} />
            <Link to={`/service/${active}/${i}`} className="btn btn-outline">
              {browser.detailsLink}
              <span className="sr-only"> for {s.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
