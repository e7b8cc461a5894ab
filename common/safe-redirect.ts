// Where to send someone after they sign in, from a return address anyone can put in a link
// (`/en/login?redirectTo=…`). Only a path on this site is accepted; anything else gives the
// fallback (the dashboard).
//
// A prefix check is not enough: browsers strip tabs and newlines from URLs and treat `\` as
// `/`, so `/\t/evil.example` or `/\evil.example` become `//evil.example`, another site. And a
// header value cannot hold control characters or non-Latin-1 text at all, so `/%0B/x` or
// `/%E3%80%80/x` used to crash the redirect into a 500. Hence: no control, format or
// separator character anywhere (every Unicode space included), no backslash, a path that
// starts with one `/`, resolved against the site's own origin and required to stay there; and
// what is returned is the resolved URL's own serialisation (percent-encoded, ASCII), never
// the text as given.

/** Control (C0, C1, DEL), format (zero-width, bidi) and separator (every space, U+2028/9) characters, and `\`. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Z}\\]/u;

/** Longer return addresses are not ones we produce (requireUser sends path + query). */
const MAX_LENGTH = 2048;

export function safeRedirect(target: unknown, fallback: string, publicUrl: string): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || UNSAFE.test(target)) return fallback;
  const site = new URL(publicUrl);
  let resolved: URL;
  try {
    resolved = new URL(target, site.origin);
  } catch {
    return fallback;
  }
  if (resolved.origin !== site.origin) return fallback;
  const path = resolved.pathname + resolved.search + resolved.hash;
  // Dot segments can leave a path that starts with `//` (`/.//evil.example`): a browser reads that as a host.
  if (!path.startsWith('/') || path.startsWith('//') || UNSAFE.test(path)) return fallback;
  return path;
}
