// Decision 0031: a page carries the stylesheet's text in its head until the browser holds the file.
// The server (entry.server.tsx) reads the `css` cookie; the browser fetches the file once a page
// that carried the text has loaded, and writes the cookie, so that the next pages link the file
// from the cache instead of carrying 10 KB of compressed text each.
import { STYLESHEET_COOKIE } from '../../common/constants.ts';
import { readCookie } from '../../common/cookies.ts';
import { afterLoadAndIdle } from './after-load.ts';

/** The id of the <style> that carries the stylesheet's text. */
export const STYLESHEET_ID = 'app-css';

/** The stylesheet's file name (hashed: it changes with every change of the styles). */
export function stylesheetName(href: string): string {
  return href.slice(href.lastIndexOf('/') + 1);
}

/** True when the Cookie header says the browser holds this very stylesheet. */
export function holdsStylesheet(cookieHeader: string | null | undefined, href: string): boolean {
  return readCookie(cookieHeader, STYLESHEET_COOKIE) === stylesheetName(href);
}

/** Fetches the stylesheet into the cache when this page carried its text. Returns what cancels it before it starts. */
export function fetchStylesheetForNextPages(href: string): () => void {
  if (!document.getElementById(STYLESHEET_ID) || holdsStylesheet(document.cookie, href)) return () => {};
  return afterLoadAndIdle(async () => {
    try {
      const response = await fetch(href, { priority: 'low' } as RequestInit);
      if (!response.ok) return;
      // Read to the end: the cache entry is complete only then.
      await response.arrayBuffer();
      document.cookie = `${STYLESHEET_COOKIE}=${stylesheetName(href)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    } catch {
      // Offline or refused: the next page carries the text again.
    }
  });
}
