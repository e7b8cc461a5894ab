// The shapes of conversations and messages (docs/api.md, "Conversations and messages"), for
// the API, the pages and the tests; and how a message's text is cut into text and links.
import type { PublicUser } from './user-views.ts';

export interface MessageView {
  id: string;
  conversationId: string;
  senderId: string;
  body: string;
  createdAt: string;
  readAt: string | null;
}

/** available: it can be messaged about; unavailable: deactivated, removed by moderation…; deleted: gone. */
export type ConversationListingState = 'available' | 'unavailable' | 'deleted';

export interface ConversationListing {
  id: string | null;
  title: string;
  title_ar: string | null;
  title_fr: string | null;
  title_en: string | null;
  /** A small photo (the 320 px variant) or null. */
  img: string | null;
  price: number | null;
  state: ConversationListingState;
}

export interface ConversationView {
  id: string;
  product: ConversationListing;
  otherUser: PublicUser | { deleted: true };
  lastMessage: MessageView | null;
  unreadCount: number;
  updatedAt: string;
  /** The reader's side of it. */
  role: 'buyer' | 'seller';
  /** Both sides have written: links in messages may be followed. */
  linksEnabled: boolean;
  /** A block either way: no new message can be sent. */
  blocked: boolean;
  /** The reader blocked the other member (and may lift it). */
  blockedByMe: boolean;
}

/** The stream's `message` event. */
export interface MessageEvent {
  conversationId: string;
  message: MessageView;
}

/** The stream's `unread` event. */
export interface UnreadEvent {
  total: number;
}

export function isDeletedMember(user: ConversationView['otherUser']): user is { deleted: true } {
  return 'deleted' in user;
}

export type MessagePart = { text: string } | { link: string };

// http(s) URLs and bare www. addresses; trailing punctuation stays text.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;

/** The text of a message cut into plain parts and links, for a page that may make the links clickable. */
export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    let url = match[0];
    const trailing = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ link: url });
    last = start + url.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}

/** A link of a message as an href: bare www. addresses get https. */
export function linkHref(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}
