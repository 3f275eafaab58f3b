/**
 * A minimal client router for the public site (history API, transitions), in place of
 * react-router, whose runtime alone would push the home page over its 90 KB JavaScript budget.
 * It offers what the site uses: BrowserRouter, StaticRouter, Link, NavLink, useLocation,
 * useParams.
 */
import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Changes on every navigation, even to the same URL. */
  key: string;
}

interface RouterState {
  location: Location;
  navigate: (to: string) => void;
}

const RouterContext = createContext<RouterState>({ location: { pathname: '/', search: '', hash: '', key: 'default' }, navigate: () => {} });
export const ParamsContext = createContext<Record<string, string | undefined>>({});

export function parseUrl(url: string, key = 'default'): Location {
  const u = new URL(url, 'http://localhost');
  return { pathname: u.pathname, search: u.search, hash: u.hash, key };
}

let navigationCount = 0;
const currentLocation = () => parseUrl(window.location.href.slice(window.location.origin.length), String(navigationCount++));

/**
 * `prepare` runs before a navigation shows its page (it fetches the next page's data, which may
 * depend on the query); if it fails, the browser loads the page itself. `onNavigate` runs once a
 * navigation has changed the address (the analytics beacon counts the page view).
 */
export function BrowserRouter({
  children,
  prepare,
  onNavigate,
}: {
  children: ReactNode;
  prepare?: (pathname: string, search: string) => Promise<void>;
  onNavigate?: () => void;
}) {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onPop = () => {
      const show = () => {
        startTransition(() => setLocation(currentLocation()));
        onNavigate?.();
      };
      if (!prepare) return show();
      const { href, pathname, search } = window.location;
      prepare(pathname, search).then(show, () => window.location.replace(href));
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [prepare, onNavigate]);
  const navigate = useCallback(
    (to: string) => {
      const go = () => {
        history.pushState(null, '', to);
        startTransition(() => setLocation(currentLocation()));
        onNavigate?.();
      };
      if (!prepare) return go();
      const { pathname, search } = new URL(to, window.location.href);
      prepare(pathname, search).then(go, () => window.location.assign(to));
    },
    [prepare, onNavigate],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(() => ({ location: parseUrl(location), navigate: () => {} }), [location]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export const useLocation = () => use(RouterContext).location;
export const useParams = () => use(ParamsContext);

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export function Link({ to, onClick, target, children, ...rest }: AnchorProps) {
  const { navigate } = use(RouterContext);
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || (target && target !== '_self')) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} target={target} onClick={handle} {...rest}>
      {children}
    </a>
  );
}

/** A Link marked active (class "active", aria-current="page") when its path is the current one. */
export function NavLink({ to, className, end: _end, ...rest }: AnchorProps & { end?: boolean }) {
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
