import { NavLink } from '../router';
import { Icon } from './Icon';
import { SocialLinks } from './common';
import { contactLink, mobileMenu, navLinks } from '../content/site';
import { maxQueryLength, searchPath } from '@kafue/common/search';

/**
 * The small-screen slide-in menu: a modal <dialog> (focus kept inside, Escape or a click on the
 * backdrop closes it, the page behind is inert), with a search box (a plain GET form to /search),
 * the navigation links and social icons. The browser itself opens and closes it (the buttons'
 * commands), before any script has arrived; src/entry-client.ts keeps aria-expanded true to it.
 */
export function MobileMenu() {
  return (
    <>
      <button
        type="button"
        className="menu-button"
        aria-label={mobileMenu.open}
        aria-expanded={false}
        aria-controls="mobile-menu"
        aria-haspopup="dialog"
        commandfor="mobile-menu"
        command="show-modal"
      >
        <Icon name="menu" />
      </button>
      <dialog id="mobile-menu" className="mobile-menu" aria-labelledby="mobile-menu-title" closedby="any">
        <div className="mobile-menu-inner">
          <div className="mobile-menu-head">
            <h2 id="mobile-menu-title">{mobileMenu.title}</h2>
            <button type="button" className="icon-button" aria-label={mobileMenu.close} commandfor="mobile-menu" command="close">
              <Icon name="close" />
            </button>
          </div>
          <form role="search" className="mobile-search" method="get" action={searchPath}>
            <label className="sr-only" htmlFor="mobile-search">
              {mobileMenu.searchLabel}
            </label>
            <Icon name="search" size={18} />
            <input
              id="mobile-search"
              name="q"
              type="search"
              placeholder={mobileMenu.searchPlaceholder}
              autoComplete="off"
              maxLength={maxQueryLength}
              required
            />
          </form>
          <nav aria-label={mobileMenu.navLabel}>
            <ul className="mobile-nav">
              {[...navLinks, contactLink].map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to}>
                    {link.label}
                    <Icon name="chevronRight" size={18} />
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <SocialLinks className="mobile-social" />
        </div>
      </dialog>
    </>
  );
}
