/**
 * What the pages know of their address, as the server renders them: StaticRouter, Link, NavLink,
 * useLocation, useParams. In the browser no React runs (the pages are islands: src/islands/), so
 * a link is a plain link and moving between pages is a page load, which the speculation rules in
 * the page's head prefetch (seo.ts).
 */
import { createContext, use, useMemo, type AnchorHTMLAttributes, type ReactNode } from 'react';

interface Location {
  pathname: string;
  search: string;
  hash: string;
}

const RouterContext = createContext<Location>({ pathname: '/', search: '', hash: '' });
export const ParamsContext = createContext<Record<string, string | undefined>>({});

function parseUrl(url: string): Location {
  const u = new URL(url, 'http://localhost');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
}

export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(() => parseUrl(location), [location]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export const useLocation = () => use(RouterContext);
export const useParams = () => use(ParamsContext);

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export function Link({ to, children, ...rest }: AnchorProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

/** A Link marked active (class "active", aria-current="page") when its path is the current one. */
export function NavLink({ to, className, ...rest }: AnchorProps) {
  const { pathname } = useLocation();
  const path = to.split('#')[0];
  const active = pathname === path || pathname === `${path}/`;
  return (
    <Link
      to={to}
      className={active ? `${className ?? ''} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
      {...rest}
    />
  );
}
