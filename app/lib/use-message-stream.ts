// The member's event stream (GET /api/v1/conversations/stream) for a page, opened after
// hydration. `cursor` is the last event the page's loader had seen, so nothing sent between
// the render and the connection is missed; EventSource then reconnects by itself with
// Last-Event-ID and the server catches up. Duplicates are the caller's to drop, by message id.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MessageEvent as ChatEvent, UnreadEvent } from '../../common/messaging.ts';
import { setUnreadTotal } from './unread-store.ts';

export type StreamState = 'connecting' | 'open' | 'reconnecting';

export function useMessageStream(cursor: number, onMessage: (event: ChatEvent) => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const handler = useRef(onMessage);
  useLayoutEffect(() => {
    handler.current = onMessage;
  });
  // One stream per page visit: the cursor only matters for the first connection.
  const [start] = useState(cursor);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/v1/conversations/stream?lastEventId=${encodeURIComponent(String(start))}`);
    source.addEventListener('open', () => setState('open'));
    source.addEventListener('error', () => setState('reconnecting'));
    source.addEventListener('message', (event) => {
      try {
        handler.current(JSON.parse((event as MessageEvent<string>).data) as ChatEvent);
      } catch {
        // A malformed event is dropped; the next catch-up brings the message again.
      }
    });
    source.addEventListener('unread', (event) => {
      try {
        setUnreadTotal((JSON.parse((event as MessageEvent<string>).data) as UnreadEvent).total);
      } catch {
        // Same.
      }
    });
    return () => source.close();
  }, [start]);
  return state;
}
