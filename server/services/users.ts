// Accounts: sign-up, log-in, e-mail verification, password reset, profile, avatar,
// deletion and the contact form.
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { UserRole, UserStatus } from '../../common/accounts.ts';
import type { Lang } from '../../common/languages.ts';
import type { ProfileUpdate, SignupInput } from '../../common/schemas/user.ts';
import { withTransaction, type AppDb, type Transaction } from '../../db/client.ts';
import { newestFirst } from '../../db/order.ts';
import { contactMessages, emailTokens, images, sessions as sessionRows, users, type User } from '../../db/schema.ts';
import { AppError } from '#errors';
import { insertAudit } from '../repositories/audit.ts';
import { insertUser } from '../repositories/users.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { requireOwner, requireSignedIn, type Caller } from './access.ts';
import { sniffImage, toSquareAvatar } from './image-pipeline.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import { contactMessageEmail, passwordResetEmail, verificationEmail } from './mail/templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionService } from './sessions.ts';
import type { Limits } from './rate-limit.ts';
import { isId } from '../../common/ids.ts';
import { hashToken, newToken } from './tokens.ts';

const HOUR = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * HOUR;
export const RESET_TOKEN_TTL_MS = HOUR;
export const USERS_PAGE_SIZE = 20;

/** The e-mail jobs of accounts: every e-mail leaves through the job queue, never inside a request. */
export const MAIL_JOBS = {
  verification: 'mail.verify-email',
  passwordReset: 'mail.password-reset',
  contact: 'mail.contact',
} as const;

export interface UserServiceDeps {
  db: AppDb;
  sessions: SessionService;
  limits: Limits;
  mailer: Mailer;
  jobs: JobQueue;
  storage: FileStorage;
  publicUrl: string;
  contactEmail: string;
  /** Called when listings disappear with an account. */
  listingsChanged?: () => void;
}

// A real argon2id hash of a random password: verifying against it when the
// e-mail is unknown makes both failures take the same time.
const dummyHash = hashPassword(randomUUID());

export function createUserService({ db, sessions, limits, mailer, jobs, storage, publicUrl, contactEmail, listingsChanged = () => {} }: UserServiceDeps) {
  async function byId(id: string): Promise<User | null> {
    if (!isId(id)) return null;
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  async function byEmail(email: string): Promise<User | null> {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row ?? null;
  }

  async function issueToken(userId: string, purpose: 'verify_email' | 'reset_password', ttlMs: number, within: AppDb = db) {
    const token = newToken();
    await within.insert(emailTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  // The handlers issue the token when they run, so the jobs table never holds a usable secret.
  // A re-run (a retry, or after a crash) issues another one; the e-mail keeps the job's id, so
  // the outbox keeps one message and SMTP sees the same Message-ID.
  jobs.register<{ userId: string; lang: Lang }>(MAIL_JOBS.verification, async (job) => {
    const user = await byId(job.payload.userId);
    if (!user || user.isVerified || user.status === 'banned') return;
    const token = await issueToken(user.id, 'verify_email', VERIFY_TOKEN_TTL_MS);
    const link = `${publicUrl}/${job.payload.lang}/verify-email?token=${encodeURIComponent(token)}`;
    await mailer.send({ to: user.email, ...verificationEmail(job.payload.lang, { name: user.name, link }) }, { id: job.id, queuedAt: job.createdAt });
  });

  jobs.register<{ email: string; lang: Lang }>(MAIL_JOBS.passwordReset, async (job) => {
    const user = await byEmail(job.payload.email);
    if (!user || user.status === 'banned') return;
    const token = await issueToken(user.id, 'reset_password', RESET_TOKEN_TTL_MS);
    const link = `${publicUrl}/${job.payload.lang}/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send({ to: user.email, ...passwordResetEmail(job.payload.lang, { name: user.name, link }) }, { id: job.id, queuedAt: job.createdAt });
  });

  jobs.register<{ messageId: string }>(MAIL_JOBS.contact, async (job) => {
    const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, job.payload.messageId)).limit(1);
    if (!message) return;
    const input = { name: message.name, email: message.email, message: message.message };
    await mailer.send({ to: contactEmail, replyTo: message.email, ...contactMessageEmail(input) }, { id: job.id, queuedAt: job.createdAt });
  });

  function assertSelf(actor: User, id: string) {
    requireOwner(actor, id, 'You are not authorized to update this user');
  }

  async function mustExist(id: string): Promise<User> {
    const user = await byId(id);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return user;
  }

  return {
    byId,
    byEmail,

    /** Creates the account and queues its verification e-mail: both or neither. */
    async signup(caller: Caller, input: SignupInput): Promise<{ user: User }> {
      await limits.check('signup', caller.ip);
      const lang = input.lang ?? 'ar';
      const passwordHash = await hashPassword(input.password);
      const user = await withTransaction(db, async (tx) => {
        const created = await insertUser(tx, { name: input.name, email: input.email, passwordHash, lang });
        if (!created) throw new AppError('USER_EXISTS', 'An account with this email already exists');
        await jobs.enqueue(MAIL_JOBS.verification, { userId: created.id, lang }, { key: `verify-email:signup:${created.id}`, db: tx as unknown as AppDb });
        return created;
      });
      jobs.notify();
      return { user };
    },

    /**
     * A new session; `cookie` is the Set-Cookie value that hands it to the browser. Two limits,
     * both checked before any hashing: tries per address and account (guessing one password),
     * and failures per address whatever the account (spraying one password over many).
     */
    async login(caller: Caller, email: string, password: string) {
      await limits.checkNotOver('loginFailures', caller.ip);
      await limits.check('login', `${caller.ip}:${email.toLowerCase()}`);
      const user = await byEmail(email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !ok) {
        await limits.count('loginFailures', caller.ip);
        throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password');
      }
      // Said only to whoever knows the password.
      if (user.status === 'banned') throw new AppError('ACCOUNT_BANNED', 'This account has been banned');
      const session = await sessions.create(user.id, caller.userAgent);
      return { user, cookie: sessions.cookie(session) };
    },

    /** Ends the caller's session; returns the Set-Cookie value that clears it in the browser. */
    async logout(caller: Caller): Promise<string> {
      if (caller.session) await sessions.destroy(caller.session.token);
      return sessions.clearedCookie();
    },

    /** Queues a new verification e-mail. */
    async sendVerification(caller: Caller, lang: Lang): Promise<void> {
      const user = requireSignedIn(caller.session?.user);
      await limits.check('sendVerification', user.id);
      if (user.isVerified) throw new AppError('ALREADY_VERIFIED', 'User is already verified');
      await jobs.enqueue(MAIL_JOBS.verification, { userId: user.id, lang });
    },

    async verifyEmail(token: string | undefined): Promise<User> {
      if (!token) throw new AppError('TOKEN_REQUIRED', 'Verification token is required');
      const now = new Date();
      // A token used up without the account verified could not be tried again: both or neither.
      return withTransaction(db, async (tx) => {
        // Single use: the token is consumed by the same statement that checks it.
        const [consumed] = await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailTokens.tokenHash, hashToken(token)),
              eq(emailTokens.purpose, 'verify_email'),
              isNull(emailTokens.usedAt),
              sql`${emailTokens.expiresAt} > ${now}`,
            ),
          )
          .returning({ userId: emailTokens.userId });
        if (!consumed) throw new AppError('VERIFICATION_TOKEN_INVALID', 'Invalid or expired verification token');
        const [user] = await tx
          .update(users)
          .set({ isVerified: true, updatedAt: now })
          .where(eq(users.id, consumed.userId))
          .returning();
        if (!user) throw new AppError('VERIFICATION_TOKEN_INVALID', 'Invalid or expired verification token');
        return user;
      });
    },

    /**
     * Queues the reset e-mail. The request does the same work whether or not the address has
     * an account (one insert, no lookup): its duration cannot tell. The job finds out.
     */
    async forgotPassword(caller: Caller, email: string, lang: Lang): Promise<void> {
      await limits.check('forgotPassword', caller.ip);
      await jobs.enqueue(MAIL_JOBS.passwordReset, { email: email.toLowerCase(), lang });
    },

    async resetPassword(token: string, password: string): Promise<void> {
      if (!token) throw new AppError('TOKEN_REQUIRED', 'Reset token is missing');
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'reset_password')))
        .limit(1);
      if (!row || row.usedAt) throw new AppError('RESET_TOKEN_INVALID', 'Invalid user or token has expired');
      if (row.expiresAt <= new Date()) throw new AppError('RESET_TOKEN_EXPIRED', 'Reset token has expired');
      const passwordHash = await hashPassword(password);
      const now = new Date();
      // All four or none: a token spent on a password that was not changed, or a new
      // password with the old sessions still signed in, would be worse than an error.
      await withTransaction(db, async (tx) => {
        const [consumed] = await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
          .returning({ id: emailTokens.id });
        if (!consumed) throw new AppError('RESET_TOKEN_INVALID', 'Invalid user or token has expired');
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
        // Whoever had the old password loses every session.
        await sessions.destroyAllOf(row.userId, tx);
        // Other outstanding reset links die too.
        await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(and(eq(emailTokens.userId, row.userId), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)));
      });
    },

    async updateProfile(caller: User | null, id: string, patch: ProfileUpdate): Promise<User> {
      const actor = requireSignedIn(caller);
      await mustExist(id);
      assertSelf(actor, id);
      const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const [user] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      return user;
    },

    /** Any bytes may arrive: what they really are is checked here, for both doors. */
    async setAvatar(caller: User | null, id: string, input: Buffer): Promise<User> {
      const actor = requireSignedIn(caller);
      if (!(await sniffImage(input))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG, WebP or AVIF images are accepted');
      await mustExist(id);
      assertSelf(actor, id);
      const webp = await toSquareAvatar(input);
      const key = `avatars/${id}/${randomUUID()}.webp`;
      await storage.put(key, webp, 'image/webp');
      const [user] = await db.update(users).set({ image: storage.url(key), updatedAt: new Date() }).where(eq(users.id, id)).returning();
      const previous = actor.image ? storage.keyOf(actor.image) : null;
      if (previous) await storage.delete([previous]);
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      return user;
    },

    /** Deletes the account with its sessions, tokens, listings and every stored file. */
    async deleteAccount(caller: User | null, id: string): Promise<void> {
      const actor = requireSignedIn(caller);
      await mustExist(id);
      assertSelf(actor, id);
      // Both deletes or neither. The account row is locked first, so an upload racing with
      // this waits and then fails on the missing owner (removing its own files); the photo rows
      // deleted are then exactly the files to remove.
      const photos = await withTransaction(db, async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
        const removed = await tx.delete(images).where(eq(images.userId, id)).returning({ variants: images.variants });
        await tx.delete(users).where(eq(users.id, id));
        return removed;
      });
      listingsChanged();
      const keys = photos.flatMap((p) => Object.values(p.variants).map((url) => storage.keyOf(url))).filter((k): k is string => !!k);
      const avatar = actor.image ? storage.keyOf(actor.image) : null;
      if (avatar) keys.push(avatar);
      await storage.delete(keys);
    },

    /** Sets the role of the account with this e-mail (`npm run user:role`); null when there is none. */
    async setRole(email: string, role: UserRole): Promise<{ user: User; previous: UserRole } | null> {
      const user = await byEmail(email);
      if (!user) return null;
      if (user.role === role) return { user, previous: role };
      // The change and its audit entry (actor null: the command line) commit together.
      const updated = await withTransaction(db, async (tx) => {
        const [row] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
        await insertAudit(tx, { actorId: null, action: 'user.role', targetType: 'user', targetId: user.id, reason: 'npm run user:role', details: { from: user.role, to: role } });
        return row;
      });
      return updated ? { user: updated, previous: user.role } : null;
    },

    /**
     * Suspends (for `days`, or until lifted), bans or restores an account. A ban deletes every
     * session in the same transaction and hides the seller's listings from public reads.
     */
    async setStatus(
      id: string,
      change: { status: UserStatus; reason?: string; days?: number },
      now = new Date(),
      /** More writes that must commit with the change (the moderator's audit entry, the member's e-mail). */
      alongside?: (tx: Transaction) => Promise<void>,
    ): Promise<User> {
      const before = await mustExist(id);
      const suspendedUntil = change.status === 'suspended' && change.days ? new Date(now.getTime() + change.days * 24 * HOUR) : null;
      const user = await withTransaction(db, async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ status: change.status, suspendedUntil, statusReason: change.status === 'active' ? null : (change.reason ?? null), updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        if (change.status === 'banned') await tx.delete(sessionRows).where(eq(sessionRows.userId, id));
        if (updated) await alongside?.(tx);
        return updated;
      });
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      if (before.status === 'banned' || change.status === 'banned') listingsChanged();
      return user;
    },

    async listPublic(page: number): Promise<{ rows: User[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .orderBy(...newestFirst(users))
          .limit(USERS_PAGE_SIZE)
          .offset((page - 1) * USERS_PAGE_SIZE),
        db.select({ n: count() }).from(users),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Stores the message and queues its e-mail to the site's contact address: both or neither. */
    async contact(caller: Caller, input: { name: string; email: string; message: string }): Promise<void> {
      await limits.check('contact', caller.ip);
      await withTransaction(db, async (tx) => {
        const [row] = await tx.insert(contactMessages).values({ ...input, userId: caller.session?.user.id ?? null }).returning({ id: contactMessages.id });
        await jobs.enqueue(MAIL_JOBS.contact, { messageId: row!.id }, { key: `contact:${row!.id}`, db: tx as unknown as AppDb });
      });
      jobs.notify();
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
