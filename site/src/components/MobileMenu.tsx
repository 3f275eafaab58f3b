import { useRef, useState } from 'react';
import { NavLink } from '../router';
import { Icon } from './Icon';
import { SocialLinks } from './common';
import { contactLink, mobileMenu, navLinks } from '../content/site';
import { maxQueryLength, searchPath } from '@kafue/common/search';

/**
 * The small-screen slide-in menu: a modal <dialog> (focus kept inside, Escape closes, the page
 * behind is inert), with a search box (a plain GET form to /search), the navigation links and social icons.
 * Choosing a link closes it.
 */
export function MobileMenu() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const show = () => {
    dialog.current?.showModal();
    setOpen(true);
  };
  const close = () => dialog.current?.close();
  return (
    <>
      <button
        type="button"
        className="menu-button"
        aria-label={mobileMenu.open}
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-haspopup="dialog"
        onClick={show}
      >
        <Icon name="menu" />
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes the menu; Escape is the dialog's own keyboard way */}
      <dialog
        id="mobile-menu"
        ref={dialog}
        className="mobile-menu"
        aria-labelledby="mobile-menu-title"
        onClose={() => setOpen(false)}
        onClick={(e) => {
          if (e.target === e.currentTarget) close();
        }}
      >
        <div className="mobile-menu-inner">
          <div className="mobile-menu-head">
            <h2 id="mobile-menu-title">{mobileMenu.title}</h2>
            <button type="button" className="icon-button" aria-label={mobileMenu.close} onClick={close}>
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
                  <NavLink to={link.to} end onClick={close}>
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
