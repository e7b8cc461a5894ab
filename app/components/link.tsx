// The site's links: React Router's <Link> and <NavLink> in the browser, and on the server a
// plain <a> with the same attributes for the common case, an absolute path of the site
// (decision 0044). On the server React Router resolves every link against the matched routes
// (it serializes their paths to JSON for each link) and sets up click and prefetch handlers
// that a server render throws away: 0.2-0.3 ms of a page's 3-6 ms of CPU, with 32-40 links in
// the header, drawer and footer of every page (issue #18's profiles). The markup is the same
// byte for byte (tests/link.test.ts compares them), so hydration takes over the server's
// links as React Router's; anything else (a relative path, an object, a prefetch, a mask,
// dots in the path) goes to React Router on the server too.
import { forwardRef, useContext, type ForwardedRef } from 'react';
// oxlint-disable-next-line no-restricted-imports -- the one place that may import them.
import { Link as RouterLink, NavLink as RouterNavLink, UNSAFE_NavigationContext, useLocation, type LinkProps, type NavLinkProps } from 'react-router';

/**
 * `to` as React Router would write it in `href` when it is a path of the site that needs no
 * resolving: absolute, no `//`, no `.` or `..` segment, no backslash, and no lone `?` or `#`
 * (which React Router drops). Null for anything else.
 */
export function plainHref(to: LinkProps['to'], basename: string): string | null {
  if (typeof to !== 'string' || basename !== '/' || !to.startsWith('/')) return null;
  const end = to.search(/[?#]/);
  const path = end === -1 ? to : to.slice(0, end);
  if (path.includes('//') || path.includes('\\') || /(^|\/)\.\.?(\/|$)/.test(path)) return null;
  if (/\?(#|$)|#$/.test(to)) return null;
  return to;
}

/** React Router's <Link>, rendered on the server without resolving (see above). */
export const ServerLink = /* @__PURE__ */ forwardRef(function ServerLink(props: LinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  // The props React Router's <Link> takes for itself; the rest go on the <a> as it puts them.
  const { onClick: _onClick, discover = 'render', prefetch = 'none', relative: _relative, reloadDocument: _reload, replace: _replace, mask, state: _state, target, to, preventScrollReset: _scroll, viewTransition: _transition, defaultShouldRevalidate: _revalidate, children, ...rest } = props;
  const href = mask || prefetch !== 'none' ? null : plainHref(to, basename);
  if (href === null) return <RouterLink ref={ref} {...props} />;
  return (
    <a {...rest} href={href} target={target} data-discover={discover === 'render' ? 'true' : undefined}>
      {children}
    </a>
  );
});

/** React Router's <NavLink>, rendered on the server without resolving (see above). */
export const ServerNavLink = /* @__PURE__ */ forwardRef(function ServerNavLink(props: NavLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const { 'aria-current': ariaCurrentProp = 'page', caseSensitive = false, className: classNameProp = '', end = false, style: styleProp, to, viewTransition: _transition, children, ...rest } = props;
  // Only plain paths: React Router compares the URL-encoded path, which for these is the path.
  // A prefetch is left to the inner link, which hands it to React Router as its <NavLink> would.
  const href = typeof to === 'string' && /^[\w/-]*$/.test(to) ? plainHref(to, basename) : null;
  if (href === null) return <RouterNavLink ref={ref} {...props} />;
  const here = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const target = caseSensitive ? href : href.toLowerCase();
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  // No navigation is pending during a server render, nor a view transition.
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(endSlash) === '/');
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className = typeof classNameProp === 'function' ? classNameProp(renderProps) : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp;
  return (
    <ServerLink ref={ref} {...rest} aria-current={isActive ? ariaCurrentProp : undefined} className={className} style={style} to={href}>
      {typeof children === 'function' ? children(renderProps) : children}
    </ServerLink>
  );
});

// Vite builds each side with its own value of SSR, so the browser's bundle has React Router's
// components only.
export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
