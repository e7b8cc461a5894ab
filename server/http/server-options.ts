// How the HTTP server itself treats connections: whose forwarded address is believed, how
// long a client may take to send a request, how many connections are open at once, and what
// a request the HTTP parser or router never hands to a route is answered.
//
// Timeouts (numbers in docs/security.md): a client that trickles its headers or its body
// holds a connection and a request's memory for as long as it likes unless something stops
// it. Node stops it: `headersTimeout` for the headers, `requestTimeout` for the whole
// request, body included; past either, 408 and the connection is closed. Node checks
// them every `connectionsCheckingInterval` (30 s by default, far coarser than the limits),
// here every second at most. `connectionTimeout` closes a socket silent for as long
// (a client that stops reading its answer). `maxConnections` refuses connections
// beyond the cap at accept; `maxRequestsPerSocket` closes a keep-alive connection after that
// many requests, so a long-lived client cannot pin one connection for ever.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { PAGE_METHODS } from '../plugins/method-not-allowed.ts';

export const MAX_REQUESTS_PER_SOCKET = 1000;

type Limits = Pick<Config, 'trustProxy' | 'requestTimeoutMs' | 'headersTimeoutMs'>;

function rawAnswer(socket: Socket, status: number, code: string, message: string, extraHeaders = '') {
  const body = JSON.stringify({ success: false, code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${extraHeaders}\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Requests Node's parser refuses never reach Fastify's hooks; they get the API's error
 * envelope here (Fastify's own default is a different JSON shape).
 */
function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return rawAnswer(socket, 408, 'REQUEST_TIMEOUT', 'The request took too long to arrive');
    case 'HPE_HEADER_OVERFLOW':
      return rawAnswer(socket, 431, 'VALIDATION_ERROR', 'Request headers are too large');
    case 'HPE_INVALID_METHOD':
      // A method Node does not know at all; the path is not parsed yet, so Allow names what pages take.
      return rawAnswer(socket, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed', `Allow: ${PAGE_METHODS.join(', ')}\r\n`);
    default:
      return rawAnswer(socket, 400, 'VALIDATION_ERROR', 'Malformed request');
  }
}

/**
 * Fastify's trustProxy. A hop count is turned into a function: Fastify 5.12 treats a bare
 * number as "trust nobody" (a hop count cannot check who the peer is). That is the setting's
 * documented meaning, and the reason to prefer a list of addresses: with a hop count the
 * instance must be reachable only through its proxies.
 */
export function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export function serverOptions(config: Limits): Partial<FastifyServerOptions> {
  return {
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.headersTimeoutMs / 4))),
    },
    clientErrorHandler,
  } as Partial<FastifyServerOptions>;
}

/** What can only be set on the server once it exists: the connection cap and CONNECT. */
export function registerServerLimits(app: FastifyInstance, config: Pick<Config, 'maxConnections'>) {
  app.server.maxConnections = config.maxConnections;
  // Without a listener Node drops CONNECT without a word; this is no proxy, so say so.
  app.server.on('connect', (_request: http.IncomingMessage, socket: Socket) => {
    rawAnswer(socket, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed', `Allow: ${PAGE_METHODS.join(', ')}\r\n`);
  });
}
