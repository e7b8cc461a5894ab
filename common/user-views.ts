// What the API and pages may show of a user. Public profiles never carry the
// e-mail, phone, password hash or anything else private.
import type { UserRole, UserStatus } from './accounts.ts';

/** The fields of a stored user that the views read (the database row has more). */
export interface UserRecord {
  id: string;
  name: string;
  email: string;
  address: string | null;
  phone: string | null;
  bio: string | null;
  image: string | null;
  isVerified: boolean;
  role: UserRole;
  status: UserStatus;
  suspendedUntil: Date | null;
  statusReason: string | null;
  messagesEnabled: boolean;
  messageEmails: boolean;
  whatsapp: boolean;
  viber: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface SelfUser {
  id: string;
  name: string;
  email: string;
  address: string | null;
  phone: string | null;
  bio: string | null;
  image: string | null;
  isVerified: boolean;
  role: UserRole;
  status: UserStatus;
  /** Until when a suspension lasts (null otherwise). */
  suspendedUntil: string | null;
  /** Why the account is suspended or banned, for its owner (null otherwise). */
  statusReason: string | null;
  /** Buyers may message this member about their listings. */
  messagesEnabled: boolean;
  /** E-mail about a message left unread for 10 minutes. */
  messageEmails: boolean;
  /** The phone is reachable on WhatsApp / Viber. */
  whatsapp: boolean;
  viber: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface PublicUser {
  id: string;
  name: string;
  image: string | null;
  address: string | null;
  bio: string | null;
  isVerified: boolean;
  /** Takes messages about their listings (else the phone only). */
  messagesEnabled: boolean;
  createdAt: string;
}

export function toSelfUser(u: UserRecord): SelfUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    address: u.address,
    phone: u.phone,
    bio: u.bio,
    image: u.image,
    isVerified: u.isVerified,
    role: u.role,
    status: u.status,
    suspendedUntil: u.suspendedUntil?.toISOString() ?? null,
    statusReason: u.status === 'active' ? null : u.statusReason,
    messagesEnabled: u.messagesEnabled,
    messageEmails: u.messageEmails,
    whatsapp: u.whatsapp,
    viber: u.viber,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

/** The stored fields a public profile is made of: a read that only shows a seller needs no other column. */
export const PUBLIC_USER_FIELDS = ['id', 'name', 'image', 'address', 'bio', 'isVerified', 'messagesEnabled', 'createdAt'] as const;

export function toPublicUser(u: Pick<UserRecord, (typeof PUBLIC_USER_FIELDS)[number]>): PublicUser {
  return {
    id: u.id,
    name: u.name,
    image: u.image,
    address: u.address,
    bio: u.bio,
    isVerified: u.isVerified,
    messagesEnabled: u.messagesEnabled,
    createdAt: u.createdAt.toISOString(),
  };
}
