// Which database a request reads from, when DATABASE_READ_URL names a replica
// (docs/decisions/0017-read-your-writes.md). A GET or HEAD reads from the replica, unless its
// caller wrote in the last READ_YOUR_WRITES_SECONDS, which the `fresh` cookie says; any other
// method reads from the primary and sets that cookie, so the pages and API calls that follow a
// write (the redirect after publishing, the dashboard, the listing itself) see it.
import type { FastifyInstance } from 'fastify';
import { FRESH_WRITE_COOKIE } from '../../common/constants.ts';
import { mayReadFromReplica, readFromPrimary } from '../../db/read-routing.ts';

const FRESH = new RegExp(`(?:^|;\\s*)${FRESH_WRITE_COOKIE}=`);

export function registerReadRouting(app: FastifyInstance, { windowSeconds, secure }: { windowSeconds: number; secure: boolean }) {
  app.addHook('onRequest', (request, reply, done) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && !FRESH.test(request.headers.cookie ?? '')) {
      mayReadFromReplica(done);
      return;
    }
    if (!read && windowSeconds > 0) {
      // Set whatever the outcome: a failed write costs its author a few seconds on the primary, no more.
      reply.setCookie(FRESH_WRITE_COOKIE, '1', { path: '/', maxAge: windowSeconds, httpOnly: true, sameSite: 'lax', secure });
    }
    readFromPrimary(done);
  });
}
