import { use, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from '../router';
import { brand } from '@kafue/common/brand';
import { phoneHref } from '@kafue/common/company';
import { PageDataSource, pageDataKey, useCompany } from '../content/data';
import { newsletterTexts, privacyPath, subscribePath } from '@kafue/common/newsletter';
import { Icon } from './Icon';
import { AttributionFields, RobotChecks } from './form-post';
import { ContactList, Logo, SocialLinks } from './common';
import { MobileMenu } from './MobileMenu';
import { announcement, contactLink, footer, layoutText, navLinks, topBar, trustStrip } from '../content/site';
import { showsSharedBlocks } from '../routes';

function Header() {
  const company = useCompany();
  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <Logo />
          <ul className="topbar-info">
            <li>
              <Icon name="phone" size={18} />
              <span>
                <span className="topbar-label">{topBar.callLabel}</span> <a href={phoneHref(company.phone)}>{company.phone}</a>
              </span>
            </li>
            <li>
              <Icon name="clock" size={18} />
              <span>{company.openingHours}</span>
            </li>
            <li>
              <Icon name="pin" size={18} />
              <span>{topBar.location}</span>
            </li>
          </ul>
          <SocialLinks className="topbar-social" />
          <MobileMenu />
        </div>
      </div>
      <div className="navbar">
        <div className="container navbar-inner">
          <nav aria-label={layoutText.mainNav}>
            <ul className="nav-list">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="nav-link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Link to={contactLink.to} className="btn btn-accent nav-cta">
            {contactLink.label}
          </Link>
        </div>
      </div>
    </header>
  );
}

/** Second shared block. */
function AnnouncementBar() {
  return (
    <aside className="announcement" aria-label={layoutText.announcementLabel} data-block="announcement">
      <div className="container announcement-inner">
        <Icon name="spark" size={18} />
        <p>
          {announcement.text} <Link to={announcement.to}>{announcement.linkLabel}</Link>
        </p>
      </div>
    </aside>
  );
}

/** Third shared block, right before the main content: reading progress (decorative; src/entry-client.ts moves it). */
function ScrollProgress() {
  return <div className="scroll-progress" aria-hidden="true" data-block="progress" />;
}

/** Fourth shared block. */
function TrustStrip() {
  return (
    <section className="trust" aria-labelledby="trust-heading" data-block="trust">
      <div className="container trust-inner">
        <h2 id="trust-heading">{trustStrip.heading}</h2>
        <ul>
          {trustStrip.sectors.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * The footer's sign-up: without JavaScript the form posts to /subscribe, whose page shows the
 * answer; once the visitor starts on it, its island (src/islands/newsletter.ts) posts to the API
 * and shows the same answer here. The answer is the same whether or not the address is known; the
 * mail that follows asks to confirm.
 */
function Newsletter() {
  const { pathname, search } = useLocation();
  // The layout stands outside the page's PageDataContext: it reads the page's data by its address.
  const { startedAt } = use(PageDataSource)(pageDataKey(pathname, search));
  const n = footer.newsletter;
  return (
    <div className="footer-col">
      <h2>{n.heading}</h2>
      <p>{n.text}</p>
      <form className="newsletter" method="post" action={subscribePath} data-island="newsletter">
        <label className="sr-only" htmlFor="newsletter-email">
          {n.label}
        </label>
        <input id="newsletter-email" name="email" type="email" required autoComplete="email" placeholder={n.placeholder} />
        <RobotChecks id="newsletter-website" startedAt={startedAt} />
        <AttributionFields />
        <input type="hidden" name="page" value={pathname} />
        <button type="submit" className="btn btn-accent">
          {n.button}
        </button>
      </form>
      <div role="status" className="newsletter-note" />
      <p className="newsletter-privacy">
        <Link to={privacyPath}>{newsletterTexts.privacyLink}</Link>
      </p>
      <SocialLinks className="footer-social" />
    </div>
  );
}

function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-col footer-about">
          <Logo light />
          <p>{footer.blurb}</p>
          <p className="since">{footer.since}</p>
          <ContactList className="footer-contact" withAddress />
        </div>
        <nav className="footer-col" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">{layoutText.quickLinksHeading}</h2>
          <ul className="footer-links">
            {footer.quickLinks.map((l) => (
              <li key={l.label}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-col">
          <h2>{layoutText.servicesHeading}</h2>
          <ul className="footer-links">
            {footer.servicesList.map((s) => (
              <li key={s.label}>
                <Link to={s.to}>{s.label}</Link>
              </li>
            ))}
          </ul>
        </div>
        <Newsletter />
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-inner">
          <p>
            © {brand.company}. {layoutText.rights}
          </p>
          <ul className="legal">
            {footer.legal.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const shared = showsSharedBlocks(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        {layoutText.skipLink}
      </a>
      <Header />
      {shared && <AnnouncementBar />}
      <ScrollProgress />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {shared && <TrustStrip />}
      <Footer />
    </>
  );
}
