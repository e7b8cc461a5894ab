// The ceiling for pages in `npm run bench` (issue #18): the least a page of this site can
// cost on this server. It goes through everything every page goes through (the root's loader
// with the caller's session, the language layout, the document with its header, footer,
// dictionary, scripts and CSP nonce, the security and caching headers) and adds nothing of
// its own: no data, one paragraph. The product and search pages are measured against it, so
// the ratio says what their own loaders and markup cost; the bare-Fastify line of the bench
// says what the shared part costs.
//
// Not a feature: unless the server runs with BENCH_CEILING_PAGE=true it answers the same 404
// as any unknown path, and nothing links to it (no sitemap, no menu).
import { data } from 'react-router';
import type { Route } from './+types/bench-ceiling';
import { servicesOf } from '../lib/session.server.ts';

export function loader({ context }: Route.LoaderArgs) {
  if (!servicesOf(context).config.benchCeilingPage) throw data(null, { status: 404 });
  return null;
}

export default function BenchCeiling() {
  return <p>ok</p>;
}
