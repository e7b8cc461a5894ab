// Page form actions read their bodies through React Router (`request.formData()`), outside
// Fastify's bodyLimit: the adapter hands React Router the raw request stream. Without this,
// a 100 MB urlencoded POST to /en/login was read, and parsed, in full.
//
// So every page request with a body is measured before React Router sees it, against the
// limit of its form (common/body-limits.ts): a Content-Length above the limit is refused at
// once, before a byte of the body is read; otherwise (chunked bodies too, and the inflated
// bytes of a compressed one) the body is counted as it arrives and buffered up to the limit,
// and the first byte past it ends the request with 413. The connection is then closed; what
// still arrives meanwhile is thrown away for at most LINGER_MS: the rest of a large body is
// never kept, nor read for long. React Router then parses the buffered bytes.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageBodyLimit } from '../../common/body-limits.ts';
import { pathOf, refuse } from '../http/refusals.ts';

function isPageRequestWithBody(request: FastifyRequest): boolean {
  return request.routeOptions.url === '*' && request.method !== 'GET' && request.method !== 'HEAD';
}

/**
 * How long what is still arriving after a 413 is read and thrown away before the connection
 * is closed. Closing at once, with bytes unread, makes the kernel answer them with a reset,
 * and a reset can destroy the 413 before the client has read it (seen with three large
 * uploads at once); a second is plenty for the client to read its answer and stop sending.
 */
export const LINGER_MS = 1000;

/**
 * Answers 413 and closes the connection gently: the answer, then our half of the connection
 * (FIN), then whatever the client still sends is discarded for at most LINGER_MS, then the
 * socket is destroyed. Node closes a `Connection: close` answer's socket with destroySoon(),
 * which would destroy it with the body unread; for this one socket it only half-closes.
 */
function tooLarge(request: FastifyRequest, reply: FastifyReply, limit: number) {
  const raw = request.raw;
  const socket = raw.socket;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
  reply.raw.once('finish', () => {
    if (raw.complete) return;
    // An inflater in between (a compressed body) is left behind: no inflating what is thrown away.
    if (request.body instanceof Readable && request.body !== raw) raw.unpipe(request.body as unknown as NodeJS.WritableStream);
    // Discarded, not kept: flowing with no 'data' listener.
    raw.removeAllListeners('data');
    raw.resume();
  });
  reply.header('connection', 'close');
  return refuse(reply, request.url, 'PAYLOAD_TOO_LARGE', 'bodyTooLarge', `Request body is too large (${limit} bytes at most)`);
}

class AbortedBody extends Error {
  readonly statusCode = 400;
  readonly code = 'ECOSOUK_BODY_ABORTED';
}

/** The whole body if it fits in `limit` bytes, else null (the stream is left paused, unread). */
export function readUpTo(stream: Readable, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) {
        done();
        stream.pause();
        resolve(null);
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(new AbortedBody(`Request body could not be read: ${error.message}`));
    };
    const onClose = () => {
      done();
      reject(new AbortedBody('Request body ended early'));
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
    // A stream paused on purpose (@fastify/compress hands over its inflater paused) does not flow by itself.
    stream.resume();
  });
}

export function registerPageBodyLimit(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPageRequestWithBody(request)) return;
    const limit = pageBodyLimit(pathOf(request.url));
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limit) return tooLarge(request, reply, limit);
  });
  // Bodies are handed over by the content-type parser (React Router's adapter passes the stream through).
  app.addHook('preValidation', async (request, reply) => {
    if (!isPageRequestWithBody(request) || !(request.body instanceof Readable)) return;
    const limit = pageBodyLimit(pathOf(request.url));
    const body = await readUpTo(request.body, limit);
    if (body === null) return tooLarge(request, reply, limit);
    request.body = body;
  });
}
