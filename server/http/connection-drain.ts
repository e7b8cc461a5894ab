// What a shutdown needs to know of the HTTP server's connections. Node's own
// closeIdleConnections (which http.Server#close calls) treats a connection accepted a moment
// before the signal, whose request has not been read yet, as idle: it is cut, and its client
// gets a reset for a request it had sent (seen under load by `npm run test:faults`, SIGTERM).
// Here a connection that has sent nothing yet is left a short grace to do so.
import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long the listener stays open after the signal: a few turns of the event loop. */
const BACKLOG_TURN_MS = 25;

interface ConnectionState {
  /** Requests in progress on it. */
  busy: number;
  /** Whether it has carried a request at all (a kept-alive connection between two requests). */
  served: boolean;
  /** When it was accepted, or its last response ended. */
  since: number;
}

export interface ConnectionDrain {
  /** Responses from now on close their connection (`Connection: close`), so clients do not reuse it. */
  startDraining(): void;
  /**
   * Stops accepting connections; resolves once every open one has closed. `closeOthers` closes
   * the other sockets listening on the port (http/listen-sockets.ts) at the same moment.
   */
  stopAccepting(closeOthers?: () => Promise<void> | undefined): Promise<void>;
  /** Ends the connections with no request in progress, but not a new one that has sent nothing for less than `graceMs`. */
  closeIdle(graceMs: number): void;
}

export function followConnections(server: Server): ConnectionDrain {
  const open = new Map<Socket, ConnectionState>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    open.set(socket, { busy: 0, served: false, since: Date.now() });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = open.get(request.socket);
    if (draining && !response.headersSent) response.setHeader('connection', 'close');
    if (!state) return;
    state.busy++;
    state.served = true;
    response.once('close', () => {
      state.busy--;
      state.since = Date.now();
    });
  });
  return {
    startDraining() {
      draining = true;
    },
    async stopAccepting(closeOthers) {
      // Connections whose handshake the kernel has completed wait in the listen backlog until the
      // event loop accepts them; closing the listener resets them, though their clients are
      // connected and have sent their request. One more turn of the loop (its poll phase
      // accepts what is waiting) takes them in first.
      await new Promise((resolve) => setTimeout(resolve, BACKLOG_TURN_MS));
      // The net-level close: stop listening, without http.Server#close's sweep of "idle" connections.
      await Promise.all([new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve())), closeOthers?.()]);
    },
    closeIdle(graceMs) {
      const now = Date.now();
      for (const [socket, state] of open) {
        if (state.busy > 0) continue;
        if (!state.served && now - state.since < graceMs) continue;
        socket.destroy();
      }
    },
  };
}
