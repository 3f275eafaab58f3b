import type { ReactNode } from 'react';
import { Link } from '../router';
import { brand } from '@kafue/common/brand';
import { phoneHref, socialProfiles } from '@kafue/common/company';
import { useCompany } from '../content/data';
import { Icon } from './Icon';
import type { IconName } from './icon-paths';
import type { Feature } from '../content/types';

export function SectionHeader({
  id,
  eyebrow,
  heading,
  text,
  light,
}: {
  id: string;
  eyebrow?: string;
  heading: string;
  text?: string;
  light?: boolean;
}) {
  return (
    <div className={light ? 'section-header light' : 'section-header'} data-reveal="">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{heading}</h2>
      {text && <p className="lead">{text}</p>}
    </div>
  );
}

export function FeatureCard({ feature, tone = 'card' }: { feature: Feature; tone?: 'card' | 'plain' }) {
  return (
    <div className={tone === 'card' ? 'card feature-card' : 'feature-plain'} data-reveal="">
      <span className="icon-badge">
        <Icon name={feature.icon} />
      </span>
      <h3>{feature.title}</h3>
      <p>{feature.text}</p>
    </div>
  );
}

export function CtaBand({
  id,
  heading,
  text,
  primary,
  secondary,
}: {
  id: string;
  heading: string;
  text: string;
  primary: ReactNode;
  secondary: ReactNode;
}) {
  return (
    <section className="cta-band" aria-labelledby={id}>
      <div className="container cta-inner" data-reveal="">
        <div>
          <h2 id={id}>{heading}</h2>
          <p>{text}</p>
        </div>
        <div className="cta-actions">
          {primary}
          {secondary}
        </div>
      </div>
    </section>
  );
}

export function Logo({ light }: { light?: boolean }) {
  return (
    <Link to="/" className={light ? 'logo light' : 'logo'}>
      <svg className="logo-mark" width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <rect width="36" height="36" rx="9" fill="currentColor" />
        <path
          d="M11 9v18M11 18l10-9M14.5 15l7.5 12"
          stroke="#fff"
          strokeWidth="3.2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="26" cy="10" r="2.4" fill="#fbbf24" />
      </svg>
      <span className="logo-text">
        <span className="logo-name">{brand.product}</span>
        <span className="logo-sub">{brand.company.replace(brand.product, '').trim()}</span>
      </span>
    </Link>
  );
}

const socialIcon: Record<ReturnType<typeof socialProfiles>[number]['name'], IconName> = {
  Facebook: 'facebook',
  LinkedIn: 'linkedin',
  X: 'x',
};

export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={className ? `social ${className}` : 'social'}>
      {socialProfiles(useCompany()).map((s) => (
        <li key={s.name}>
          <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${brand.company} on ${s.name} (opens in a new tab)`}>
            <Icon name={socialIcon[s.name]} size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-10-14" -> "14 October 2026", the same on server and browser (no locale data involved). */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${months[m - 1]} ${y}`;
}

/** Dark page banner with the page's h1, a lead line and optional badges. */
export function PageBanner({
  id,
  heading,
  text,
  badges,
  className,
  children,
}: {
  id: string;
  heading: string;
  text: string;
  badges?: readonly string[];
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section className={className ? `page-banner ${className}` : 'page-banner'} aria-labelledby={id}>
      <div className={className?.includes('about-banner') ? 'container narrow' : 'container'}>
        <h1 id={id}>{heading}</h1>
        <p className="lead">{text}</p>
        {badges && (
          <ul className="badges">
            {badges.map((b) => (
              <li key={b}>
                <Icon name="checkCircle" size={18} />
                {b}
              </li>
            ))}
          </ul>
        )}
        {children}
      </div>
    </section>
  );
}

export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className ? `checklist ${className}` : 'checklist'}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={16} />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Phone and email (and optionally the office address) as links, from the company's profile. */
export function ContactList({ className, withAddress }: { className: string; withAddress?: boolean }) {
  const company = useCompany();
  return (
    <ul className={className}>
      <li>
        <Icon name="phone" size={18} />
        <a href={phoneHref(company.phone)}>{company.phone}</a>
      </li>
      <li>
        <Icon name="mail" size={18} />
        <a href={`mailto:${company.email}`}>{company.email}</a>
      </li>
      {withAddress && (
        <li>
          <Icon name="pin" size={18} />
          <span>{company.address}</span>
        </li>
      )}
    </ul>
  );
}
