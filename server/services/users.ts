// Accounts: sign-up, log-in, e-mail verification, password reset, profile, avatar,
// deletion and the contact form.
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Lang } from '../../common/languages.ts';
import type { ProfileUpdate, SignupInput } from '../../common/schemas/user.ts';
import { withTransaction, type AppDb } from '../../db/client.ts';
import { newestFirst } from '../../db/order.ts';
import { contactMessages, emailTokens, images, users, type User } from '../../db/schema.ts';
import { AppError } from '#errors';
import { insertUser } from '../repositories/users.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { requireOwner, requireSignedIn, type Caller } from './access.ts';
import { sniffImage, toSquareAvatar } from './image-pipeline.ts';
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

interface Log {
  error(obj: object, msg: string): void;
}

export interface UserServiceDeps {
  db: AppDb;
  sessions: SessionService;
  limits: Limits;
  mailer: Mailer;
  storage: FileStorage;
  publicUrl: string;
  contactEmail: string;
  log: Log;
  /** Called when listings disappear with an account. */
  listingsChanged?: () => void;
}

// A real argon2id hash of a random password: verifying against it when the
// e-mail is unknown makes both failures take the same time.
const dummyHash = hashPassword(randomUUID());

export function createUserService({ db, sessions, limits, mailer, storage, publicUrl, contactEmail, log, listingsChanged = () => {} }: UserServiceDeps) {
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

  /** Sends and reports success; a mail failure is logged, never thrown at the user as a crash. */
  async function trySend(kind: string, message: Parameters<Mailer['send']>[0]): Promise<boolean> {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      log.error({ err: error, kind }, 'e-mail could not be sent');
      return false;
    }
  }

  function sendVerificationLink(user: User, lang: Lang, token: string): Promise<boolean> {
    const link = `${publicUrl}/${lang}/verify-email?token=${encodeURIComponent(token)}`;
    return trySend('verification', { to: user.email, ...verificationEmail(lang, { name: user.name, link }) });
  }

  async function sendVerificationTo(user: User, lang: Lang): Promise<boolean> {
    return sendVerificationLink(user, lang, await issueToken(user.id, 'verify_email', VERIFY_TOKEN_TTL_MS));
  }

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

    async signup(caller: Caller, input: SignupInput): Promise<{ user: User; mailSent: boolean }> {
      await limits.check('signup', caller.ip);
      const lang = input.lang ?? 'ar';
      const passwordHash = await hashPassword(input.password);
      // An account without its verification token would hold the address with no link to
      // prove it: both rows or neither. The e-mail goes out after the commit.
      const { user, token } = await withTransaction(db, async (tx) => {
        const created = await insertUser(tx, { name: input.name, email: input.email, passwordHash, lang });
        if (!created) throw new AppError('USER_EXISTS', 'An account with this email already exists');
        return { user: created, token: await issueToken(created.id, 'verify_email', VERIFY_TOKEN_TTL_MS, tx) };
      });
      const mailSent = await sendVerificationLink(user, lang, token);
      return { user, mailSent };
    },

    /** A new session; `cookie` is the Set-Cookie value that hands it to the browser. */
    async login(caller: Caller, email: string, password: string) {
      await limits.check('login', `${caller.ip}:${email}`);
      const user = await byEmail(email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password');
      const session = await sessions.create(user.id, caller.userAgent);
      return { user, cookie: sessions.cookie(session) };
    },

    /** Ends the caller's session; returns the Set-Cookie value that clears it in the browser. */
    async logout(caller: Caller): Promise<string> {
      if (caller.session) await sessions.destroy(caller.session.token);
      return sessions.clearedCookie();
    },

    async sendVerification(caller: Caller, lang: Lang): Promise<boolean> {
      const user = requireSignedIn(caller.session?.user);
      await limits.check('sendVerification', user.id);
      if (user.isVerified) throw new AppError('ALREADY_VERIFIED', 'User is already verified');
      const sent = await sendVerificationTo(user, lang);
      if (!sent) throw new AppError('INTERNAL_ERROR', 'Failed to send verification email');
      return sent;
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

    /** Always resolves the same way whether or not the address has an account. */
    async forgotPassword(caller: Caller, email: string, lang: Lang): Promise<void> {
      await limits.check('forgotPassword', caller.ip);
      const user = await byEmail(email);
      if (!user) return;
      const token = await issueToken(user.id, 'reset_password', RESET_TOKEN_TTL_MS);
      const link = `${publicUrl}/${lang}/reset-password?token=${encodeURIComponent(token)}`;
      await trySend('password-reset', { to: user.email, ...passwordResetEmail(lang, { name: user.name, link }) });
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

    async contact(caller: Caller, input: { name: string; email: string; message: string }): Promise<boolean> {
      await limits.check('contact', caller.ip);
      await db.insert(contactMessages).values({ ...input, userId: caller.session?.user.id ?? null });
      return trySend('contact', { to: contactEmail, replyTo: input.email, ...contactMessageEmail(input) });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
