// A TCP relay between the app and PostgreSQL that a test can cut and restore, to play
// "the database went away" without touching the shared PostgreSQL server.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Stops relaying PostgreSQL's answers (kept, not lost): queries stay in flight. */
  hold(): void;
  /** Resets every relayed connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
  readonly connections: number;
}

export async function startTcpProxy(target: { host: string; port: number }, listenPort = 0): Promise<TcpProxy> {
  let open = true;
  let holding = false;
  let held: { to: net.Socket; chunk: Buffer }[] = [];
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    if (!open) {
      // A reset, as a stopped server's port would give after the kernel refused it.
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      if (!client.destroyed) client.destroy();
      if (!upstream.destroyed) upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (holding) held.push({ to: client, chunk });
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  const cut = () => {
    open = false;
    holding = false;
    held = [];
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port: address.port,
    get connections() {
      return pairs.size;
    },
    hold() {
      holding = true;
    },
    cut,
    restore() {
      open = true;
      holding = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
