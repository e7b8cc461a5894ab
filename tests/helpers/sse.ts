// A small client of text/event-stream over real HTTP (fetch), for the stream tests and
// `npm run test:load`: keeps every event it received, and waits for the one a test expects.

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
  /** performance.now() when it arrived. */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comment lines (heartbeats) received. */
  comments: number;
  /** Resolves with the first event (already received or to come) that matches. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** The id of the last event that had one: what a browser sends as Last-Event-ID. */
  lastEventId(): string | undefined;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(url: string, { cookie, lastEventId, headers = {} }: { cookie?: string; lastEventId?: string; headers?: Record<string, string> } = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...(lastEventId ? { 'last-event-id': lastEventId } : {}), ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let lastId: string | undefined;
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    events,
    comments: 0,
    lastEventId: () => lastId,
    async next(match, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms (got ${events.map((e) => e.event).join(', ') || 'none'})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
          waiters.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.ended = res.text().then(() => undefined);
    return stream;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: '', at: performance.now() };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments++;
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data += (hasData ? '\n' : '') + line.slice(6);
              hasData = true;
            } else if (line.startsWith('id: ')) event.id = line.slice(4);
          }
          if (event.id !== undefined) lastId = event.id;
          if (hasData) events.push(event);
          for (const wake of waiters) wake();
          waiters.clear();
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return stream;
}

/** The parsed data of `message` events: the message ids, in order of arrival. */
export function messageIds(stream: SseStream): string[] {
  return stream.events.filter((e) => e.event === 'message').map((e) => (JSON.parse(e.data) as { message: { id: string } }).message.id);
}
