// Moving between the inbox's pages without reloading: pushState, and one store the page subscribes to
// so that links, filter changes, back and forward all render the same way.
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The path and query shown, e.g. `/admin?status=pending`. */
export function useLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, () => window.location.pathname + window.location.search);
  const query = href.indexOf('?');
  return query < 0 ? { pathname: href, search: '' } : { pathname: href.slice(0, query), search: href.slice(query) };
}

/** Goes to another of the inbox's addresses; `replace` keeps the history entry (no new step back). */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}) {
  if (to === window.location.pathname + window.location.search) return;
  window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
  for (const listener of listeners) listener();
}

/** Whether a click is one the browser should handle itself: a new tab or window, a download. */
const isOwnClick = (e: MouseEvent<HTMLAnchorElement>) =>
  e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/** A link within the inbox: a plain link (it opens in a new tab as one), followed in place. */
export function Link({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      href={href}
      onClick={(e) => {
        onClick?.(e);
        if (isOwnClick(e)) return;
        e.preventDefault();
        navigate(href);
        window.scrollTo({ top: 0 });
      }}
      {...props}
    />
  );
}
