// Several listening sockets on the server's port, so that a busy server takes in new
// connections quickly (decision 0043).
//
// libuv accepts one connection per listening socket and turn of the event loop (libuv pull
// request 3696, in every Node.js we run). A turn of a busy server renders every page whose
// request is waiting: at 50 connections, 50 pages, about 200 ms. The n-th connection waiting
// in the listen backlog then waits n turns before its first request is even read: 50
// connections opened at once were all accepted only after 4-5 s (measured, docs/performance.md),
// while the requests of the connections already accepted took 130-250 ms.
//
// With SO_REUSEPORT (Node's `reusePort`, Linux) several sockets listen on the same port and the
// kernel spreads new connections over them; each accepts one per turn, so N sockets accept N.
// The extra sockets hand their connections to the one HTTP server, which treats them as its
// own (timeouts, keep-alive, the drain of a shutdown).
import net, { type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import type { Server as HttpServer } from 'node:http';

/** Whether this platform spreads connections over sockets sharing a port (Node supports `reusePort` there). */
export function canSharePort(): boolean {
  return process.platform === 'linux';
}

/**
 * Fails as a plain `listen` would when something else holds the port. Sockets that share a port
 * would otherwise join a second copy of the server started by mistake (same user) and split
 * the traffic with it, instead of stopping with EADDRINUSE.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

export interface ExtraListeners {
  /** Stops listening; resolves once every connection these sockets accepted has closed. */
  close(): Promise<void>;
}

/**
 * Adds `count - 1` sockets listening on each of `addresses` (the HTTP server, bound with
 * `reusePort`, is the first). The connection cap stays one for all of them: the extra sockets
 * refuse a connection once `maxConnections` are open in all, and the HTTP server's own
 * `maxConnections` is lowered by what the others hold.
 */
export async function addListeners(server: HttpServer, addresses: readonly (Pick<AddressInfo, 'address' | 'port'> | string)[], count: number, maxConnections: number): Promise<ExtraListeners> {
  const listeners: NetServer[] = [];
  let viaOthers = 0;
  let open = 0;
  const capServer = () => {
    server.maxConnections = Math.max(0, maxConnections - viaOthers);
  };
  server.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => open--);
  });
  const admit = (socket: Socket) => {
    if (open >= maxConnections) {
      socket.destroy();
      return;
    }
    viaOthers++;
    capServer();
    socket.once('close', () => {
      viaOthers--;
      capServer();
    });
    server.emit('connection', socket);
  };
  // A string is a pipe's path (no port to share).
  for (const bound of addresses) {
    if (typeof bound === 'string') continue;
    const { address, port } = bound;
    for (let i = 1; i < count; i++) {
      const listener = net.createServer({ noDelay: true }, admit);
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen({ host: address, port, reusePort: true }, () => resolve());
      });
      listeners.push(listener);
    }
  }
  capServer();
  return {
    close: () => Promise.all(listeners.map((listener) => new Promise<void>((resolve) => listener.close(() => resolve())))).then(() => undefined),
  };
}
