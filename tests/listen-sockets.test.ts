// Several sockets on one port (decision 0043): how many connections a turn of the event loop
// takes in, the one connection cap, and a port held by someone else.
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addListeners, assertPortFree, canSharePort, type ExtraListeners } from '../server/http/listen-sockets.ts';

const HOST = '127.0.0.1';
let cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** An HTTP server bound as main.ts binds it, plus `count - 1` sockets beside it. */
async function serve(count: number, maxConnections = 1024) {
  const server = http.createServer((_request, response) => response.end('ok'));
  server.maxConnections = maxConnections;
  await new Promise<void>((resolve) => server.listen({ host: HOST, port: 0, reusePort: count > 1 }, () => resolve()));
  const { port } = server.address() as AddressInfo;
  const extra: ExtraListeners | undefined = count > 1 ? await addListeners(server, [{ address: HOST, port }], count, maxConnections) : undefined;
  const clients: Socket[] = [];
  cleanup.push(async () => {
    for (const client of clients) client.destroy();
    server.closeAllConnections();
    await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), extra?.close()]);
  });
  /** Opens `n` connections and resolves once the kernel has completed each handshake (accepted or not). */
  const connect = async (n: number) => {
    const opened = Array.from({ length: n }, () => net.connect({ host: HOST, port }));
    clients.push(...opened);
    await Promise.all(opened.map((socket) => new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('error', reject))));
    return opened;
  };
  return { server, port, extra, connect };
}

/** Numbers the turns of the event loop (one check phase each) and tells in which turn each connection was accepted. */
function acceptTurns(server: http.Server, expected: number): Promise<number[]> {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const turns: number[] = [];
  return new Promise((resolve) => {
    server.on('connection', () => {
      turns.push(turn);
      if (turns.length === expected) {
        running = false;
        resolve(turns);
      }
    });
  });
}

describe.runIf(canSharePort())('several sockets on one port', () => {
  it('one socket takes in one waiting connection per turn of the event loop (libuv), sixteen take in many', async () => {
    const one = await serve(1);
    const turnsOne = acceptTurns(one.server, 40);
    await one.connect(40);
    const alone = await turnsOne;
    // No turn accepted more than one: this is why the extra sockets exist. Should a later libuv
    // accept in a loop again, this fails, and decision 0043 can be revisited.
    expect(busiestTurn(alone)).toBe(1);

    const sixteen = await serve(16);
    const turnsSixteen = acceptTurns(sixteen.server, 40);
    await sixteen.connect(40);
    const shared = await turnsSixteen;
    expect(busiestTurn(shared)).toBeGreaterThan(1);
    expect(new Set(shared).size).toBeLessThan(new Set(alone).size / 2);
  });

  it('answers requests on connections whichever socket accepted them', async () => {
    const { port } = await serve(8);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`http://${HOST}:${port}/`, { headers: { connection: 'close' } }).then((response) => response.text())),
    );
    expect(answers).toEqual(Array.from({ length: 30 }, () => 'ok'));
  });

  it('keeps one connection cap for all the sockets, and takes connections again once some close', async () => {
    const { server, connect } = await serve(8, 4);
    let open = 0;
    server.on('connection', (socket: Socket) => {
      open++;
      socket.once('close', () => open--);
    });
    const sockets = await connect(12);
    const closed = sockets.map((socket) => new Promise<boolean>((resolve) => {
      socket.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 1500);
    }));
    const outcome = await Promise.all(closed);
    // Those past the cap are closed by the server; four stay open.
    expect(outcome.filter((wasClosed) => !wasClosed)).toHaveLength(4);
    expect(open).toBe(4);
    for (const [i, socket] of sockets.entries()) if (!outcome[i]) socket.destroy();
    await until(() => open === 0);
    const [again] = await connect(1);
    const stillOpen = await new Promise<boolean>((resolve) => {
      again!.once('close', () => resolve(false));
      setTimeout(() => resolve(true), 500);
    });
    expect(stillOpen).toBe(true);
  });

  it('stops when another server holds the port, as a plain listen does', async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen({ host: HOST, port: 0 }, () => resolve()));
    cleanup.push(() => new Promise<void>((resolve) => other.close(() => resolve())));
    const { port } = other.address() as AddressInfo;
    await expect(assertPortFree(HOST, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // A second copy of the server itself: its sockets share the port, a plain bind does not.
    const first = await serve(4);
    await expect(assertPortFree(HOST, first.port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('frees the port once closed', async () => {
    const { server, port, extra } = await serve(8);
    await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), extra?.close()]);
    await expect(assertPortFree(HOST, port)).resolves.toBeUndefined();
  });
});

/** Waits (at most 5 s) for `condition`; the server hears of closed connections a few turns later. */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

/** The most connections accepted in one turn. */
function busiestTurn(turns: number[]): number {
  const counts = new Map<number, number>();
  for (const turn of turns) counts.set(turn, (counts.get(turn) ?? 0) + 1);
  let most = 0;
  for (const n of counts.values()) most = Math.max(most, n);
  return most;
}
