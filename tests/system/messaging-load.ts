// The messaging part of `npm run test:load` (issue #15): buyers and sellers, each holding an
// event stream (GET /api/v1/conversations/stream) on one instance, write to each other
// through that same instance while the mixed workload runs, so every message crosses to the
// other instance (Redis pub/sub) before it reaches its recipient's stream. Measured: the time
// from the moment a message is sent to its arrival on the recipient's stream; checked: every
// acknowledged message arrives on both participants' streams exactly once.
import { RATE_LIMITS } from '../../server/services/rate-limit.ts';
import { openStream, type SseEvent, type SseStream } from '../helpers/sse.ts';
import { call, percentile, type Recorder } from './http.ts';
import { API, logIn, publish, signUp, verify, type Account, type Ctx } from './marketplace.ts';

/** Buyer–seller pairs, each with its own conversation. */
export const MESSAGING_PAIRS = 8;
/** Messages each member sends over the run (the buyer's first one starts the conversation). */
export const MESSAGES_EACH = 24;
/** The figure the issue asks for: p99 of send → arrival on the other instance. */
export const DELIVERY_P99_MS = 1000;
// Every account here is minutes old: the stricter limits of new accounts apply to it.
if (MESSAGES_EACH >= RATE_LIMITS.messageSendNew.max || MESSAGING_PAIRS > RATE_LIMITS.signup.max) {
  throw new Error('the messaging load would run into the rate limits of new accounts');
}

/**
 * One member's stream, reopened like a browser's EventSource (with Last-Event-ID) if the
 * server ends it. A resumed stream may send a message again (its catch-up reads a little
 * before the last event, decision 0016): the pages drop those by id, so a duplicate is only
 * one within a single connection.
 */
class Listener {
  readonly connections: SseStream[] = [];
  reconnects = 0;
  private closed = false;
  private watching: Promise<void> = Promise.resolve();
  readonly url: string;
  readonly cookie: string;
  constructor(url: string, cookie: string) {
    this.url = url;
    this.cookie = cookie;
  }

  async open(lastEventId?: string): Promise<void> {
    const stream = await openStream(this.url, { cookie: this.cookie, lastEventId });
    if (stream.status !== 200) throw new Error(`stream ${this.url}: ${stream.status}`);
    this.connections.push(stream);
    this.watching = stream.ended.then(async () => {
      if (this.closed) return;
      this.reconnects++;
      await sleep(100);
      await this.open(stream.lastEventId());
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stream of this.connections) stream.close();
    await this.watching.catch(() => {});
  }
}

interface Member {
  account: Account;
  /** The instance this member's stream is on and their messages are sent through. */
  base: string;
  ip: string;
  listener: Listener;
}

interface Sent {
  key: string;
  from: Member;
  to: Member;
  /** performance.now() before the request. */
  at: number;
  id?: string;
  status: number;
}

export interface MessagingFigures {
  pairs: number;
  sent: number;
  acknowledged: number;
  refused: number;
  /** Acknowledged messages that never reached the recipient's stream on the other instance. */
  lost: number;
  /** Acknowledged messages that never reached the sender's own stream. */
  lostOnSenderStream: number;
  duplicated: number;
  /** Events of messages nobody here acknowledged sending. */
  unexpected: number;
  reconnects: number;
  /** Send → arrival on the other instance, ms. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The send request's own answer time, ms. */
  sendP50: number;
  sendP99: number;
  /** From the time the sending instance stored the message (its createdAt; same machine, same clock) to the arrival, ms. */
  storedP50: number;
  storedP99: number;
}

const messageOf = (e: SseEvent) => (JSON.parse(e.data) as { message: { id: string; body: string; createdAt: string } }).message;

/**
 * Creates the members (signed up, verified, logged in; sellers with a listing) and opens their
 * streams: call before the workload starts. `ipOf(n)` gives each member an address of its own.
 */
export async function prepareMessaging(ctx: Omit<Ctx, 'ip'>, bases: [string, string], ipOf: (n: number) => string, tag: string) {
  const pairs: { buyer: Member; seller: Member; listingId: string }[] = [];
  const member = async (n: number, base: string, lang: 'ar' | 'fr'): Promise<Member> => {
    const ip = ipOf(n);
    const c: Ctx = { ...ctx, ip };
    const email = `chat.${tag}.${n}@example.dz`;
    const account = await signUp(c, base, email, lang);
    if (!account) throw new Error(`messaging: sign-up of ${email} refused`);
    if (!(await verify(c, base, account))) throw new Error(`messaging: verification of ${email} failed`);
    if (!(await logIn(c, base, account))) throw new Error(`messaging: log-in of ${email} failed`);
    return { account, base, ip, listener: new Listener(`${base}${API}/conversations/stream`, account.cookie!) };
  };
  await Promise.all(
    Array.from({ length: MESSAGING_PAIRS }, async (_, i) => {
      // Even pairs: the buyer on A and the seller on B; odd pairs the other way round.
      const [buyerBase, sellerBase] = i % 2 === 0 ? bases : ([bases[1], bases[0]] as const);
      const seller = await member(2 * i, sellerBase, 'fr');
      const buyer = await member(2 * i + 1, buyerBase, 'ar');
      const listingId = await publish({ ...ctx, ip: seller.ip }, sellerBase, seller.account, 900_000 + i);
      if (!listingId) throw new Error('messaging: the seller could not publish');
      await Promise.all([seller.listener.open(), buyer.listener.open()]);
      pairs[i] = { buyer, seller, listingId };
    }),
  );
  return pairs;
}

export type MessagingPairs = Awaited<ReturnType<typeof prepareMessaging>>;

/**
 * Each pair exchanges up to MESSAGES_EACH messages each way, spread until `until` (epoch ms),
 * then waits for the stragglers and closes the streams.
 */
export async function runMessaging(recorder: Recorder, pairs: MessagingPairs, until: number): Promise<{ figures: MessagingFigures; problems: string[] }> {
  const sent: Sent[] = [];
  // A fixed timetable inside the workload's time (not a pause after each answer, which a slow
  // machine would stretch past the end of the load): message j of a pair goes at start + j × spacing.
  const start = Date.now();
  const spacing = ((until - start) * 0.9) / (2 * MESSAGES_EACH);
  await Promise.all(
    pairs.map(async ({ buyer, seller, listingId }, i) => {
      let conversationId: string | undefined;
      let j = 0;
      for (let k = 0; k < MESSAGES_EACH; k++) {
        for (const [from, to] of [
          [buyer, seller],
          [seller, buyer],
        ] as const) {
          // The pairs start apart, not all in the same millisecond.
          const due = start + (j++ + i / pairs.length) * spacing;
          await sleep(due - Date.now());
          if (Date.now() >= until) return;
          if (!conversationId && from === seller) continue;
          const key = `load ${i}.${k}.${from === buyer ? 'b' : 's'} ${Math.random().toString(36).slice(2, 8)}`;
          const entry: Sent = { key, from, to, at: performance.now(), status: 0 };
          sent.push(entry);
          const res = conversationId
            ? await call(recorder, 'message-send', from.base, `${API}/conversations/${conversationId}/messages`, { ip: from.ip, cookie: from.account.cookie, json: { body: key } })
            : await call(recorder, 'conversation-start', from.base, `${API}/conversations`, { ip: from.ip, cookie: from.account.cookie, json: { productId: listingId, message: key } });
          entry.status = res.status;
          if (res.status === 201 || res.status === 200) {
            const data = res.json().data;
            if (conversationId) entry.id = data.id;
            else {
              conversationId = data.id;
              entry.id = data.lastMessage?.id;
            }
          }
        }
      }
    }),
  );

  const acknowledged = sent.filter((s) => s.status === 200 || s.status === 201);
  /** Per member: each message's arrivals (body → events), one map per connection. */
  const arrivals = (member: Member) =>
    member.listener.connections.map((stream) => {
      const byBody = new Map<string, SseEvent[]>();
      for (const e of stream.events.filter((x) => x.event === 'message')) {
        const body = messageOf(e).body;
        byBody.set(body, [...(byBody.get(body) ?? []), e]);
      }
      return byBody;
    });
  const first = (maps: Map<string, SseEvent[]>[], key: string) =>
    maps
      .flatMap((m) => m.get(key) ?? [])
      .sort((a, b) => a.at - b.at)[0];
  // Stragglers: up to 5 s for the last messages to arrive.
  const members = [...new Set(pairs.flatMap((p) => [p.buyer, p.seller]))];
  const deadline = Date.now() + 5000;
  const arrived = () => acknowledged.every((s) => first(arrivals(s.to), s.key) && first(arrivals(s.from), s.key));
  while (Date.now() < deadline && !arrived()) await sleep(100);
  await Promise.all(members.map((m) => m.listener.close()));

  const problems: string[] = [];
  const latencies: number[] = [];
  const fromStored: number[] = [];
  const byMember = new Map(members.map((m) => [m, arrivals(m)]));
  let lost = 0;
  let lostOnSenderStream = 0;
  let duplicated = 0;
  for (const s of acknowledged) {
    const there = first(byMember.get(s.to)!, s.key);
    const here = first(byMember.get(s.from)!, s.key);
    if (!there) {
      lost++;
      problems.push(`message "${s.key}" (${s.id}) sent through ${s.from.base}: never reached the recipient's stream on ${s.to.base}`);
    } else {
      latencies.push(there.at - s.at);
      fromStored.push(performance.timeOrigin + there.at - Date.parse(messageOf(there).createdAt));
    }
    if (!here) {
      lostOnSenderStream++;
      problems.push(`message "${s.key}" (${s.id}) never reached its sender's own stream on ${s.from.base}`);
    }
    for (const [member, where] of [
      [s.to, 'recipient'],
      [s.from, 'sender'],
    ] as const) {
      for (const connection of byMember.get(member)!) {
        const events = connection.get(s.key) ?? [];
        if (events.length > 1) {
          duplicated++;
          problems.push(`message "${s.key}" arrived ${events.length} times on one connection of the ${where}'s stream`);
        }
        const ids = events.map((e) => messageOf(e).id);
        if (s.id && ids.some((id) => id !== s.id)) problems.push(`message "${s.key}": the stream gave id ${ids.join(',')}, the API ${s.id}`);
      }
    }
  }
  const keys = new Set(acknowledged.map((s) => s.key));
  let unexpected = 0;
  for (const [, connections] of byMember) for (const connection of connections) for (const [body] of connection) if (!keys.has(body)) unexpected++;
  const refused = sent.length - acknowledged.length;
  if (refused > 0) problems.push(`${refused} of ${sent.length} messages refused: ${[...new Set(sent.filter((s) => !keys.has(s.key)).map((s) => s.status))].join(', ')}`);
  if (unexpected > 0) problems.push(`${unexpected} message events nobody acknowledged sending`);

  latencies.sort((a, b) => a - b);
  fromStored.sort((a, b) => a - b);
  const sendTimes = recorder.figures().filter((f) => f.kind === 'message-send');
  const round = (n: number) => Math.round(n);
  return {
    figures: {
      pairs: pairs.length,
      sent: sent.length,
      acknowledged: acknowledged.length,
      refused,
      lost,
      lostOnSenderStream,
      duplicated,
      unexpected,
      reconnects: members.reduce((n, m) => n + m.listener.reconnects, 0),
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
      sendP50: sendTimes[0]?.p50 ?? 0,
      sendP99: sendTimes[0]?.p99 ?? 0,
      storedP50: round(percentile(fromStored, 50)),
      storedP99: round(percentile(fromStored, 99)),
    },
    problems,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
