// Who may do what through the pages: every page action (each dashboard intent, the product
// form, profile, log-in, sign-up, password pages, verification, log-out, contact) × visitor /
// another member / the owner with an unverified e-mail / the owner, called in-process with the
// load context the server builds. Each cell checks the answer (redirect to log-in, 403, 404,
// or success) and, for refused calls, that no table, file or e-mail changed. Then the loaders
// of the private pages, log-in, sign-up and log-out, which must refuse the same way and never write.
import { readdir, readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, images, products, reports, users } from '../../db/schema.ts';
import * as contactPage from '../../app/routes/contact.tsx';
import * as conversationPage from '../../app/routes/conversation.tsx';
import * as messagesPage from '../../app/routes/messages.tsx';
import * as dashboardPage from '../../app/routes/dashboard.tsx';
import * as forgetPasswordPage from '../../app/routes/forget-password.tsx';
import * as loginPage from '../../app/routes/login.tsx';
import * as logoutPage from '../../app/routes/logout.tsx';
import * as productPage from '../../app/routes/product.tsx';
import * as productFormPage from '../../app/routes/product-form.tsx';
import * as registerPage from '../../app/routes/register.tsx';
import * as renewPage from '../../app/routes/renew.tsx';
import * as reportPage from '../../app/routes/report.tsx';
import * as adminLayout from '../../app/routes/admin/layout.tsx';
import * as adminOverview from '../../app/routes/admin/overview.tsx';
import * as adminReports from '../../app/routes/admin/reports.tsx';
import * as adminReview from '../../app/routes/admin/review.tsx';
import * as adminUsers from '../../app/routes/admin/users.tsx';
import * as adminUser from '../../app/routes/admin/user.tsx';
import * as adminAudit from '../../app/routes/admin/audit.tsx';
import * as resetPasswordPage from '../../app/routes/reset-password.tsx';
import * as settingsPage from '../../app/routes/settings.tsx';
import * as verifyEmailPage from '../../app/routes/verify-email.tsx';
import * as favouritesPage from '../../app/routes/favourites.tsx';
import * as savedSearchesPage from '../../app/routes/saved-searches.tsx';
import * as unsubscribePage from '../../app/routes/alerts-unsubscribe.tsx';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import { favourites, savedSearches } from '../../db/schema.ts';
import { unsubscribeToken } from '../../server/services/alerts.ts';
import { clearOutbox, mailsTo, signup, tokenFor, uniqueEmail } from '../helpers/api-client.ts';
import { callAction, callLoader, formOf, type PageOutcome } from '../helpers/pages.ts';
import { createTestContext, type TestContext, visitorCaller } from '../helpers/test-app.ts';
import { buildWorld, listingBody, person, type Person, setVerified, smallPng, snapshot, type World } from '../helpers/world.ts';

type Caller = 'visitor' | 'other' | 'ownerUnverified' | 'owner';
const CALLERS: Caller[] = ['visitor', 'other', 'ownerUnverified', 'owner'];

interface Outcome {
  status: number;
  location?: RegExp;
  /** The form error code of a refused action. */
  code?: string;
  /** Part of the returned data. */
  data?: Record<string, unknown>;
  /** Refused (or a no-op): every table, file and e-mail must be as before. */
  unchanged?: boolean;
  /** What the answer does with the session cookie (by default: nothing). */
  cookie?: 'set' | 'cleared';
}

const toLogin = (path: string): Outcome => ({ status: 302, location: new RegExp(`^/fr/login\\?redirectTo=${encodeURIComponent(path).replace(/[.?*+]/g, '\\$&')}$`), unchanged: true });
const refused = (status: number, code: string): Outcome => ({ status, code, unchanged: true });
const NOT_FOUND: Outcome = { status: 404, unchanged: true };
const ok = (data?: Record<string, unknown>): Outcome => ({ status: 200, ...(data ? { data } : {}) });
const redirect = (location: RegExp, more: Partial<Outcome> = {}): Outcome => ({ status: 302, location, ...more });
const everyone = (outcome: Outcome): Record<Caller, Outcome> => ({ visitor: outcome, other: outcome, ownerUnverified: outcome, owner: outcome });
/** A private page that acts on the signed-in member themself: only the visitor is sent away. */
const signedIn = (path: string, success: Outcome): Record<Caller, Outcome> => ({ visitor: toLogin(path), other: success, ownerUnverified: success, owner: success });

type Handler = (args: never) => unknown;

interface Cell {
  w: World;
  caller: Caller;
  actor: Person | null;
  out: PageOutcome;
}

interface Row {
  /** The route module whose action is called. */
  page: { action: Handler };
  path(w: World): string;
  params?(w: World): Record<string, string>;
  /** Builds the form; whatever it sets up happens before the "nothing changed" snapshot. */
  form(w: World): FormData | Promise<FormData>;
  expect: Record<Caller, Outcome>;
  effect?(cell: Cell): Promise<void>;
}

let ctx: TestContext;

/** A saved search of the owner's, made before the call (and its snapshot). */
async function ownersSavedSearch(w: World): Promise<string> {
  const owner = await userRow(w.owner.id);
  return (await ctx.services.savedSearches.create(owner!, { query: searchParamsSchema.parse({ address: 'alger' }), alert: 'instant' })).id;
}

let lastToken = '';
async function ownersToken(w: World): Promise<string> {
  const id = await ownersSavedSearch(w);
  const [row] = await ctx.database.db.select().from(savedSearches).where(eq(savedSearches.id, id));
  return unsubscribeToken(row!);
}

async function userRow(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function productRow(id: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  return row;
}

const lang = () => ({ lang: 'fr' });
const DASHBOARD = '/fr/dashboard';
const SETTINGS = '/fr/settings';
const NEW_LISTING = '/fr/products/new';
const editPath = (w: World) => `/fr/products/${w.product.id}/edit`;
const editParams = (w: World) => ({ lang: 'fr', productId: w.product.id });

function listingForm(w: World, overrides: Record<string, string> = {}) {
  const body = listingBody(w.owner, { title: 'Nouvelle annonce de la page', ...overrides });
  return formOf(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])));
}

const dashboardRow = (intent: string, fields: (w: World) => Record<string, string | Blob> | Promise<Record<string, string | Blob>>, expected: Record<Caller, Outcome>, effect?: Row['effect']): Row => ({
  page: dashboardPage,
  path: () => DASHBOARD,
  form: async (w) => formOf({ intent, ...(await fields(w)) }),
  expect: expected,
  effect,
});

const verificationRequest = (success: Outcome): Record<Caller, Outcome> => ({
  visitor: toLogin(DASHBOARD),
  other: refused(400, 'ALREADY_VERIFIED'),
  ownerUnverified: success,
  owner: refused(400, 'ALREADY_VERIFIED'),
});

const MATRIX: Record<string, Row> = {
  'dashboard: sendVerification': dashboardRow('sendVerification', () => ({}), verificationRequest(ok({ intent: 'sendVerification', ok: true })), async ({ w }) => {
    expect(await mailsTo(ctx, w.owner.email, 'verify-email')).toHaveLength(2);
  }),
  'dashboard: updateProfile': dashboardRow(
    'updateProfile',
    () => ({ name: 'Renamed Member', phone: '0550 99 88 77', bio: 'Changed through the dashboard form.' }),
    signedIn(DASHBOARD, redirect(/^\/fr\/dashboard\?saved=1$/)),
    async ({ w, actor }) => {
      expect(await userRow(actor!.id)).toMatchObject({ name: 'Renamed Member', phone: '+213550998877' });
      // The form has no user id: nobody but the signed-in member can be changed.
      for (const p of w.everyone.filter((q) => q !== actor)) expect((await userRow(p.id))?.name).toBe(`${p.role} person`);
    },
  ),
  'dashboard: avatar': dashboardRow(
    'avatar',
    async () => ({ image: new File([new Uint8Array(await smallPng())], 'me.png', { type: 'image/png' }) }),
    signedIn(DASHBOARD, ok({ intent: 'avatar', ok: true })),
    async ({ w, actor }) => {
      expect((await userRow(actor!.id))?.image).toMatch(/^\/uploads\//);
      for (const p of w.everyone.filter((q) => q !== actor)) expect((await userRow(p.id))?.image).toBeNull();
    },
  ),
  'dashboard: toggleStatus': dashboardRow(
    'toggleStatus',
    (w) => ({ productId: w.product.id }),
    { visitor: toLogin(DASHBOARD), other: refused(403, 'FORBIDDEN'), ownerUnverified: ok({ ok: true, status: 'inactive' }), owner: ok({ ok: true, status: 'inactive' }) },
    async ({ w }) => {
      expect(await productRow(w.product.id)).toMatchObject({ status: 'inactive' });
    },
  ),
  'dashboard: renewListing': dashboardRow(
    'renewListing',
    (w) => ({ productId: w.product.id }),
    { visitor: toLogin(DASHBOARD), other: refused(403, 'FORBIDDEN'), ownerUnverified: ok({ ok: true }), owner: ok({ ok: true }) },
    async ({ w }) => {
      expect((await productRow(w.product.id))!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 60 * 60 * 1000);
    },
  ),
  'dashboard: markSold': dashboardRow(
    'markSold',
    (w) => ({ productId: w.product.id, sold: 'true' }),
    { visitor: toLogin(DASHBOARD), other: refused(403, 'FORBIDDEN'), ownerUnverified: ok({ ok: true }), owner: ok({ ok: true }) },
    async ({ w }) => {
      expect((await productRow(w.product.id))!.soldAt).not.toBeNull();
      expect((await productRow(w.otherProduct.id))!.soldAt).toBeNull();
    },
  ),
  'dashboard: contactApps': dashboardRow(
    'contactApps',
    () => ({ whatsapp: 'on' }),
    signedIn(DASHBOARD, ok({ intent: 'contactApps', ok: true })),
    async ({ w, actor }) => {
      expect(await userRow(actor!.id)).toMatchObject({ whatsapp: true, viber: false });
      for (const p of w.everyone.filter((q) => q !== actor)) expect(await userRow(p.id)).toMatchObject({ whatsapp: false });
    },
  ),
  'dashboard: deleteListing': dashboardRow(
    'deleteListing',
    (w) => ({ productId: w.product.id }),
    { visitor: toLogin(DASHBOARD), other: refused(403, 'FORBIDDEN'), ownerUnverified: ok({ ok: true }), owner: ok({ ok: true }) },
    async ({ w }) => {
      expect(await productRow(w.product.id)).toBeUndefined();
      expect(await productRow(w.otherProduct.id)).toBeDefined();
    },
  ),
  // Account deletion moved from the dashboard to the settings page (issue #17).
  'settings: deleteAccount': {
    page: settingsPage,
    path: () => SETTINGS,
    form: () => formOf({ intent: 'deleteAccount' }),
    expect: signedIn(SETTINGS, redirect(/^\/fr$/, { cookie: 'cleared' })),
    async effect({ w, actor }) {
      expect(await userRow(actor!.id)).toBeUndefined();
      for (const p of w.everyone.filter((q) => q !== actor)) expect(await userRow(p.id)).toBeDefined();
    },
  },
  'settings: an unknown intent': {
    page: settingsPage,
    path: () => SETTINGS,
    form: () => formOf({ intent: 'makeAdmin' }),
    expect: signedIn(SETTINGS, refused(400, 'VALIDATION_ERROR')),
  },
  'dashboard: messagePrefs': dashboardRow(
    'messagePrefs',
    () => ({ messageEmails: 'on' }),
    signedIn(DASHBOARD, ok({ intent: 'messagePrefs', ok: true })),
    async ({ actor }) => {
      expect(await userRow(actor!.id)).toMatchObject({ messagesEnabled: false, messageEmails: true });
    },
  ),
  // "Send a message" on a listing posts here; `other` owns the listing, the unverified owner may not write yet.
  'messages: start a conversation': {
    page: messagesPage,
    path: () => '/fr/messages',
    params: lang,
    form: (w) => formOf({ productId: w.otherProduct.id, message: 'Bonjour, la table est-elle disponible ?' }),
    expect: {
      visitor: { status: 302, location: /^\/fr\/login\?redirectTo=%2Ffr%2Fproducts%2F[0-9a-f-]{36}$/, unchanged: true },
      other: { status: 302, location: /^\/fr\/products\/[0-9a-f-]{36}\?messageError=OWN_LISTING#send-message$/, unchanged: true },
      ownerUnverified: { status: 302, location: /^\/fr\/products\/[0-9a-f-]{36}\?messageError=EMAIL_NOT_VERIFIED#send-message$/, unchanged: true },
      owner: redirect(/^\/fr\/messages\/[0-9a-f-]{36}$/),
    },
  },
  'conversation: send': {
    page: conversationPage,
    path: (w) => `/fr/messages/${w.conversation.id}`,
    params: (w) => ({ lang: 'fr', conversationId: w.conversation.id }),
    form: () => formOf({ intent: 'send', body: 'Oui, toujours disponible.' }),
    // Both members of the conversation may answer (no verification needed for a reply).
    expect: {
      visitor: { status: 302, location: /^\/fr\/login\?redirectTo=%2Ffr%2Fmessages%2F[0-9a-f-]{36}$/, unchanged: true },
      other: redirect(/^\/fr\/messages\/[0-9a-f-]{36}$/),
      ownerUnverified: redirect(/^\/fr\/messages\/[0-9a-f-]{36}$/),
      owner: redirect(/^\/fr\/messages\/[0-9a-f-]{36}$/),
    },
  },
  'conversation: an empty message': {
    page: conversationPage,
    path: (w) => `/fr/messages/${w.conversation.id}`,
    params: (w) => ({ lang: 'fr', conversationId: w.conversation.id }),
    form: () => formOf({ intent: 'send', body: '   ' }),
    expect: {
      visitor: { status: 302, location: /^\/fr\/login\?redirectTo=%2Ffr%2Fmessages%2F[0-9a-f-]{36}$/, unchanged: true },
      other: refused(400, 'VALIDATION_ERROR'),
      ownerUnverified: refused(400, 'VALIDATION_ERROR'),
      owner: refused(400, 'VALIDATION_ERROR'),
    },
  },
  'conversation: block the other member': {
    page: conversationPage,
    path: (w) => `/fr/messages/${w.conversation.id}`,
    params: (w) => ({ lang: 'fr', conversationId: w.conversation.id }),
    form: () => formOf({ intent: 'block' }),
    expect: {
      visitor: { status: 302, location: /^\/fr\/login\?redirectTo=%2Ffr%2Fmessages%2F[0-9a-f-]{36}$/, unchanged: true },
      other: redirect(/^\/fr\/messages\/[0-9a-f-]{36}$/),
      ownerUnverified: redirect(/^\/fr\/messages\/[0-9a-f-]{36}$/),
      owner: redirect(/^\/fr\/messages\/[0-9a-f-]{36}$/),
    },
  },
  'dashboard: an unknown intent': dashboardRow('makeAdmin', () => ({}), signedIn(DASHBOARD, refused(400, 'VALIDATION_ERROR'))),

  'product form: create': {
    page: productFormPage,
    path: () => NEW_LISTING,
    params: lang,
    form: (w) => listingForm(w),
    // Any verified member publishes their own listing; there is no owner yet.
    expect: { visitor: toLogin(NEW_LISTING), other: redirect(/^\/fr\/dashboard$/), ownerUnverified: refused(403, 'EMAIL_NOT_VERIFIED'), owner: redirect(/^\/fr\/dashboard$/) },
    async effect({ actor }) {
      const rows = await ctx.database.db.select().from(products).where(eq(products.title, 'Nouvelle annonce de la page'));
      expect(rows.map((r) => r.userId)).toEqual([actor!.id]);
    },
  },
  'product form: create with the owner\'s upload': {
    page: productFormPage,
    path: () => NEW_LISTING,
    params: lang,
    form: (w) => listingForm(w, { img: w.upload.url }),
    expect: { visitor: toLogin(NEW_LISTING), other: refused(400, 'VALIDATION_ERROR'), ownerUnverified: refused(403, 'EMAIL_NOT_VERIFIED'), owner: redirect(/^\/fr\/dashboard$/) },
    async effect({ w }) {
      const [photo] = await ctx.database.db.select().from(images).where(eq(images.key, w.upload.key));
      expect((await productRow(photo!.productId!))?.userId).toBe(w.owner.id);
    },
  },
  'product form: edit': {
    page: productFormPage,
    path: editPath,
    params: editParams,
    // As the form sends it: with the listing's photos (no `images` at all means "remove them all").
    async form(w) {
      const { images: photos } = await ctx.services.listings.read(null, w.product.id, { countView: false });
      return formOf({ title: 'Titre changé par la page', price: '999', img: photos[0]!, images: photos });
    },
    // Someone else's listing is a 404 (not even a 403): its existence is not confirmed.
    expect: { visitor: toLogin('/fr/products/ID/edit'), other: NOT_FOUND, ownerUnverified: redirect(/^\/fr\/dashboard$/), owner: redirect(/^\/fr\/dashboard$/) },
    async effect({ w }) {
      expect(await productRow(w.product.id)).toMatchObject({ title: 'Titre changé par la page', price: 999 });
    },
  },
  'product form: the verification banner': {
    page: productFormPage,
    path: () => NEW_LISTING,
    params: lang,
    form: () => formOf({ intent: 'sendVerification' }),
    expect: { ...verificationRequest(ok({ ok: true })), visitor: toLogin(NEW_LISTING) },
    async effect({ w }) {
      expect(await mailsTo(ctx, w.owner.email, 'verify-email')).toHaveLength(2);
    },
  },

  'log-in': {
    page: loginPage,
    path: () => '/fr/login',
    params: lang,
    form: (w) => formOf({ email: w.owner.email, password: w.owner.password }),
    expect: everyone(redirect(/^\/fr\/dashboard$/, { cookie: 'set' })),
    async effect({ w, actor, out }) {
      const token = /^session=([^;]+)/.exec(out.setCookie ?? '')?.[1];
      // A new session every time, never the caller's carried over.
      expect(token).toBeTruthy();
      expect(`session=${token}`).not.toBe(actor?.cookie);
      expect((await ctx.services.sessions.userOf(token))?.id).toBe(w.owner.id);
    },
  },
  'log-in with a wrong password': {
    page: loginPage,
    path: () => '/fr/login',
    params: lang,
    form: (w) => formOf({ email: w.owner.email, password: 'Not-The-Password1' }),
    expect: everyone(refused(401, 'INVALID_CREDENTIALS')),
  },
  'sign-up': {
    page: registerPage,
    path: () => '/fr/register',
    params: lang,
    form: () => formOf({ name: 'New Member', email: 'matrix.page.signup@example.dz', password: 'Green-Souk42', terms: 'on' }),
    expect: everyone(redirect(/^\/fr\/login\?registered=1$/)),
    async effect() {
      const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'matrix.page.signup@example.dz'));
      expect(row).toMatchObject({ isVerified: false, lang: 'fr' });
    },
  },
  'sign-up with a taken address': {
    page: registerPage,
    path: () => '/fr/register',
    params: lang,
    form: (w) => formOf({ name: 'Copy Cat', email: w.owner.email, password: 'Green-Souk42', terms: 'on' }),
    expect: everyone(refused(409, 'USER_EXISTS')),
  },
  'forgotten password': {
    page: forgetPasswordPage,
    path: () => '/fr/forget-password',
    params: lang,
    form: (w) => formOf({ email: w.owner.email }),
    expect: everyone(ok({ sent: true })),
    async effect({ w }) {
      expect(await mailsTo(ctx, w.owner.email, 'reset-password')).toHaveLength(1);
    },
  },
  'password reset': {
    page: resetPasswordPage,
    path: () => '/fr/reset-password',
    params: lang,
    // The token is the credential: the caller's session plays no part.
    async form(w) {
      await ctx.services.users.forgotPassword(visitorCaller(), w.owner.email, 'fr');
      const token = await tokenFor(ctx, w.owner.email, 'reset-password');
      return formOf({ token, password: 'Fresh-Souk77', confirmPassword: 'Fresh-Souk77' });
    },
    expect: everyone(redirect(/^\/fr\/login\?reset=1$/)),
    async effect({ w }) {
      expect(await ctx.services.sessions.userOf(w.owner.cookie.replace(/^session=/, ''))).toBeNull();
      expect((await ctx.services.users.login(visitorCaller(), w.owner.email, 'Fresh-Souk77')).user.id).toBe(w.owner.id);
    },
  },
  'password reset with an unknown token': {
    page: resetPasswordPage,
    path: () => '/fr/reset-password',
    params: lang,
    form: () => formOf({ token: 'not-a-real-token', password: 'Fresh-Souk77', confirmPassword: 'Fresh-Souk77' }),
    expect: everyone(refused(404, 'RESET_TOKEN_INVALID')),
  },
  'e-mail verification': {
    page: verifyEmailPage,
    path: () => '/fr/verify-email',
    params: lang,
    async form() {
      const fresh = await signup(ctx, { email: uniqueEmail('page.verify') });
      return formOf({ token: await tokenFor(ctx, fresh.email, 'verify-email') });
    },
    expect: everyone(ok({ ok: true })),
    async effect() {
      const fresh = (await ctx.database.db.select().from(users)).filter((u) => u.email.startsWith('page.verify.'));
      expect(fresh.map((u) => u.isVerified)).toEqual([true]);
    },
  },
  'e-mail verification with an unknown token': {
    page: verifyEmailPage,
    path: () => '/fr/verify-email',
    params: lang,
    form: () => formOf({ token: 'not-a-real-token' }),
    expect: everyone({ status: 200, data: { ok: false, code: 'VERIFICATION_TOKEN_INVALID' }, unchanged: true }),
  },
  'renew link with an unknown token': {
    page: renewPage,
    path: () => '/fr/renew',
    params: lang,
    form: () => formOf({ token: 'not-a-real-token' }),
    expect: everyone({ status: 200, data: { ok: false, code: 'NOT_AVAILABLE' }, unchanged: true }),
  },
  'log-out': {
    page: logoutPage,
    path: () => '/fr/logout',
    params: lang,
    form: () => new FormData(),
    expect: { ...everyone(redirect(/^\/fr$/, { cookie: 'cleared' })), visitor: redirect(/^\/fr$/, { cookie: 'cleared', unchanged: true }) },
    async effect({ w, actor }) {
      if (actor) expect(await ctx.services.sessions.userOf(actor.cookie.replace(/^session=/, ''))).toBeNull();
      for (const p of w.everyone.filter((q) => q !== actor)) expect(await ctx.services.sessions.userOf(p.cookie.replace(/^session=/, ''))).not.toBeNull();
    },
  },
  // The phone reveal form (before hydration): anyone may, as through the API; counted, so not "unchanged".
  'phone reveal': {
    page: productPage,
    path: (w) => `/fr/products/${w.product.id}`,
    params: (w) => ({ lang: 'fr', productId: w.product.id }),
    form: () => formOf({ intent: 'revealPhone' }),
    expect: everyone(ok({ phone: expect.stringMatching(/^0\d{3} \d{2} \d{2} \d{2}$/) })),
    async effect({ w, out }) {
      expect(out.data).toEqual({ phone: w.owner.contact.national, whatsapp: false, viber: false });
      expect((await productRow(w.product.id))?.phoneReveals).toBe(1);
    },
  },
  'phone reveal of a deactivated listing': {
    page: productPage,
    path: (w) => `/fr/products/${w.inactive.id}`,
    params: (w) => ({ lang: 'fr', productId: w.inactive.id }),
    form: () => formOf({ intent: 'revealPhone' }),
    expect: everyone({ status: 404, data: { phoneError: 'gone' }, unchanged: true }),
  },
  report: {
    page: reportPage,
    path: () => '/fr/report',
    params: lang,
    form: (w) => formOf({ targetType: 'product', targetId: w.product.id, reason: 'scam', comment: 'Demande un virement avant la remise.' }),
    // Signed in, not one's own listing; a visitor logs in and comes back to the form.
    expect: {
      visitor: { status: 302, location: /^\/fr\/login\?redirectTo=%2Ffr%2Freport%3FtargetType%3Dproduct%26targetId%3DID$/, unchanged: true },
      other: ok({ sent: true }),
      ownerUnverified: refused(400, 'VALIDATION_ERROR'),
      owner: refused(400, 'VALIDATION_ERROR'),
    },
    async effect({ w, actor }) {
      const rows = await ctx.database.db.select().from(reports).where(eq(reports.targetId, w.product.id));
      expect(rows.map((r) => r.reporterId)).toEqual([actor!.id]);
    },
  },
  'favourites: add': {
    page: favouritesPage,
    path: () => '/fr/favourites',
    form: (w) => formOf({ intent: 'add', productId: w.otherProduct.id, redirectTo: '/fr' }),
    // A visitor logs in first and comes back through /fr/favourites/save, which saves it.
    expect: { ...everyone(redirect(/^\/fr$/)), visitor: redirect(/^\/fr\/login\?redirectTo=%2Ffr%2Ffavourites%2Fsave%3FproductId%3D[0-9a-f-]+%26back%3D%252Ffr$/, { unchanged: true }) },
    async effect({ w, actor }) {
      const rows = await ctx.database.db.select().from(favourites).where(eq(favourites.productId, w.otherProduct.id));
      expect(rows.map((r) => r.userId)).toEqual([actor!.id]);
    },
  },
  'favourites: remove': {
    page: favouritesPage,
    path: () => '/fr/favourites',
    form: (w) => formOf({ intent: 'remove', productId: w.otherProduct.id, redirectTo: 'https://evil.example/' }),
    // Nothing was saved: a no-op, and never a redirect off the site.
    expect: { ...everyone(redirect(/^\/fr\/favourites$/, { unchanged: true })), visitor: redirect(/^\/fr\/login\?redirectTo=/, { unchanged: true }) },
  },
  'saved searches: create': {
    page: savedSearchesPage,
    path: () => '/fr/saved-searches',
    // The results page's own query string, category details included.
    form: () => formOf({ intent: 'create', search: '?title=velo&address=oran&category=automobile&attr.year.min=2015&attr.fuel=diesel' }),
    expect: {
      ...everyone(redirect(/^\/fr\/saved-searches\?created=1$/)),
      visitor: redirect(/^\/fr\/login\?redirectTo=%2Ffr%3Ftitle%3Dvelo%26address%3Doran%26category%3Dautomobile%26attr.year.min%3D2015%26attr.fuel%3Ddiesel$/, { unchanged: true }),
    },
    async effect({ actor }) {
      const rows = await ctx.database.db.select().from(savedSearches).where(eq(savedSearches.userId, actor!.id));
      expect(rows.map((r) => r.query)).toEqual([{ title: 'velo', address: 'oran', category: 'automobile', 'attr.year.min': 2015, 'attr.fuel': ['diesel'] }]);
    },
  },
  'saved searches: update': {
    page: savedSearchesPage,
    path: () => '/fr/saved-searches',
    form: async (w) => formOf({ intent: 'update', id: await ownersSavedSearch(w), name: 'Renommée', alert: 'daily' }),
    expect: { visitor: toLogin('/fr/saved-searches'), other: refused(404, 'NOT_FOUND'), ownerUnverified: ok({ ok: true }), owner: ok({ ok: true }) },
    async effect({ w }) {
      const rows = await ctx.database.db.select().from(savedSearches).where(eq(savedSearches.userId, w.owner.id));
      expect(rows.some((r) => r.name === 'Renommée' && r.alert === 'daily')).toBe(true);
    },
  },
  'saved searches: delete': {
    page: savedSearchesPage,
    path: () => '/fr/saved-searches',
    form: async (w) => formOf({ intent: 'delete', id: await ownersSavedSearch(w) }),
    expect: { visitor: toLogin('/fr/saved-searches'), other: refused(404, 'NOT_FOUND'), ownerUnverified: ok({ ok: true }), owner: ok({ ok: true }) },
  },
  'alerts: unsubscribe': {
    page: unsubscribePage,
    // The token is the proof: anyone holding the link may turn that one alert off, signed in or not.
    path: () => `/fr/alerts/unsubscribe?token=${encodeURIComponent(lastToken)}`,
    form: async (w) => {
      lastToken = await ownersToken(w);
      return formOf({});
    },
    expect: everyone(ok({ done: true })),
    async effect() {
      const [row] = await ctx.database.db.select().from(savedSearches).where(eq(savedSearches.id, lastToken.split('.')[0]!));
      expect(row?.alert).toBe('off');
    },
  },
  'alerts: unsubscribe, forged token': {
    page: unsubscribePage,
    path: () => `/fr/alerts/unsubscribe?token=${encodeURIComponent(`${lastToken.split('.')[0]}.forged`)}`,
    form: async (w) => {
      lastToken = await ownersToken(w);
      return formOf({});
    },
    expect: everyone({ status: 400, data: { invalid: true }, unchanged: true }),
  },
  contact: {
    page: contactPage,
    path: () => '/fr/contact',
    params: lang,
    form: () => formOf({ name: 'Curious Buyer', email: 'buyer@example.dz', message: 'Bonjour, une question sur le site.' }),
    expect: everyone(ok({ sent: true })),
    async effect({ actor }) {
      const rows = await ctx.database.db.select().from(contactMessages);
      expect(rows.map((r) => r.userId)).toEqual([actor?.id ?? null]);
    },
  },
};

// A refused call leaves the world as it was, so it is only rebuilt after a call that changed it.
let world: World | null = null;
async function freshWorld(): Promise<World> {
  if (!world) {
    await ctx.reset();
    await clearOutbox(ctx);
    world = await buildWorld(ctx);
  }
  return world;
}

function actorOf(w: World, caller: Caller): Person | null {
  return caller === 'visitor' ? null : caller === 'other' ? w.other : w.owner;
}

function checkOutcome(out: PageOutcome, expected: Outcome, w: World) {
  const shown = JSON.stringify(out);
  expect(out.status, shown).toBe(expected.status);
  if (expected.location) expect(out.location, shown).toMatch(new RegExp(expected.location.source.replace('ID', w.product.id)));
  else expect(out.location, shown).toBeUndefined();
  if (expected.code) expect(out.data, shown).toMatchObject({ formError: expected.code });
  if (expected.data) expect(out.data, shown).toMatchObject(expected.data);
  if (expected.cookie === 'set') expect(out.setCookie).toMatch(/^session=[^;]+;.*HttpOnly/);
  else if (expected.cookie === 'cleared') expect(out.setCookie).toMatch(/^session=;.*Max-Age=0/);
  else expect(out.setCookie, shown).toBeUndefined();
}

beforeAll(async () => {
  ctx = await createTestContext('page_matrix', { remotePhotos: true });
});

afterAll(async () => {
  await ctx?.close();
});

describe('every page action is in the matrix', () => {
  it('each route module with an action has rows, and each dashboard intent has one', async () => {
    const dir = new URL('../../app/routes/', import.meta.url);
    const withAction: string[] = [];
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.tsx')).sort()) {
      const module = (await import(new URL(file, dir).href)) as { action?: unknown };
      if (typeof module.action === 'function') withAction.push(file);
    }
    const covered = new Set(Object.values(MATRIX).map((row) => row.page));
    const pages: Record<string, unknown> = {
      'contact.tsx': contactPage,
      'conversation.tsx': conversationPage,
      'dashboard.tsx': dashboardPage,
      'forget-password.tsx': forgetPasswordPage,
      'login.tsx': loginPage,
      'logout.tsx': logoutPage,
      'messages.tsx': messagesPage,
      'product-form.tsx': productFormPage,
      'product.tsx': productPage,
      'register.tsx': registerPage,
      'renew.tsx': renewPage,
      'report.tsx': reportPage,
      'reset-password.tsx': resetPasswordPage,
      'settings.tsx': settingsPage,
      'verify-email.tsx': verifyEmailPage,
      'alerts-unsubscribe.tsx': unsubscribePage,
      'favourites.tsx': favouritesPage,
      'saved-searches.tsx': savedSearchesPage,
    };
    withAction.sort();
    expect(withAction).toEqual(Object.keys(pages).sort());
    expect(Object.entries(pages).filter(([, page]) => !covered.has(page as Row['page'])).map(([file]) => file)).toEqual([]);

    const source = await readFile(new URL('dashboard.tsx', dir), 'utf8');
    const intents = [...source.matchAll(/case '(\w+)':/g)].map((m) => m[1]);
    expect(intents.length).toBeGreaterThanOrEqual(5);
    expect(intents.filter((intent) => !(`dashboard: ${intent}` in MATRIX))).toEqual([]);
  });
});

for (const [name, row] of Object.entries(MATRIX)) {
  describe(name, () => {
    it.each(CALLERS)('as %s', async (caller) => {
      const w = await freshWorld();
      const actor = actorOf(w, caller);
      const form = await row.form(w);
      if (caller === 'ownerUnverified') await setVerified(ctx, w.owner.id, false);
      const expected = row.expect[caller];
      const before = await snapshot(ctx);
      let unchanged = false;
      try {
        const out = await callAction(ctx, row.page.action, { path: row.path(w), params: row.params?.(w) ?? { lang: 'fr' }, cookie: actor?.cookie, form });
        checkOutcome(out, expected, w);
        if (expected.unchanged) {
          expect(await snapshot(ctx)).toEqual(before);
          unchanged = true;
        } else {
          await row.effect?.({ w, caller, actor, out });
        }
      } finally {
        if (caller === 'ownerUnverified') await setVerified(ctx, w.owner.id, true);
        if (!unchanged) world = null;
      }
    });
  });
}

// ---------------------------------------------------------------------------
// The loaders of the pages above: refused the same way, and reading only.

interface LoaderRow {
  page: { loader: Handler };
  path(w: World): string;
  params(w: World): Record<string, string>;
  expect: Record<Caller, Outcome>;
  /** What a signed-in caller's page shows. */
  shows?(data: unknown, cell: { w: World; actor: Person; caller: Caller }): void;
}

/** Log-in and sign-up pages send a signed-in member on to the dashboard. */
const visitorsOnly: Record<Caller, Outcome> = { ...everyone(redirect(/^\/fr\/dashboard$/)), visitor: ok() };

const LOADERS: Record<string, LoaderRow> = {
  'log-in': { page: loginPage, path: () => '/fr/login', params: lang, expect: visitorsOnly },
  'sign-up': { page: registerPage, path: () => '/fr/register', params: lang, expect: visitorsOnly },
  // Log-out changes state, so a GET only goes home, signed in or not.
  'log-out': { page: logoutPage, path: () => '/fr/logout', params: lang, expect: everyone(redirect(/^\/fr$/)) },
  settings: {
    page: settingsPage,
    path: () => SETTINGS,
    params: lang,
    expect: signedIn(SETTINGS, ok()),
    shows(data, { actor }) {
      expect(data).toEqual({ email: actor.email });
    },
  },
  dashboard: {
    page: dashboardPage,
    path: () => DASHBOARD,
    params: lang,
    expect: signedIn(DASHBOARD, ok()),
    shows(data, { w, actor, caller }) {
      const page = data as { user: { id: string; isVerified: boolean }; listings: { id: string }[] };
      expect(page.user).toMatchObject({ id: actor.id, isVerified: caller !== 'ownerUnverified' });
      const ids = page.listings.map((l) => l.id).sort();
      expect(ids).toEqual((actor === w.owner ? [w.product.id, w.inactive.id] : [w.otherProduct.id]).sort());
    },
  },
  // The inbox only reads (a conversation's own page marks it read, so it is not in this table).
  inbox: {
    page: messagesPage,
    path: () => '/fr/messages',
    params: lang,
    expect: signedIn('/fr/messages', ok()),
    shows(data, { w, actor }) {
      const page = data as { conversations: { id: string; role: string }[] };
      expect(page.conversations).toEqual([expect.objectContaining({ id: w.conversation.id, role: actor === w.owner ? 'seller' : 'buyer' })]);
    },
  },
  favourites: {
    page: favouritesPage,
    path: () => '/fr/favourites',
    params: lang,
    expect: signedIn('/fr/favourites', ok()),
    shows(data) {
      expect(data).toMatchObject({ products: [], pagination: { totalItems: 0 } });
    },
  },
  'saved searches': {
    page: savedSearchesPage,
    path: () => '/fr/saved-searches',
    params: lang,
    expect: signedIn('/fr/saved-searches', ok()),
    shows(data) {
      expect(data).toMatchObject({ searches: [] });
    },
  },
  'product form: new': {
    page: productFormPage,
    path: () => NEW_LISTING,
    params: lang,
    expect: signedIn(NEW_LISTING, ok()),
    shows(data, { caller }) {
      expect(data).toMatchObject({ verified: caller !== 'ownerUnverified', productId: null });
    },
  },
  'product form: edit': {
    page: productFormPage,
    path: editPath,
    params: editParams,
    expect: { visitor: toLogin('/fr/products/ID/edit'), other: NOT_FOUND, ownerUnverified: ok(), owner: ok() },
    shows(data, { w, caller }) {
      // An unverified seller gets the verification prompt, not the listing's contents.
      if (caller === 'ownerUnverified') expect(data).toMatchObject({ verified: false, productId: w.product.id, values: {} });
      else expect(data).toMatchObject({ verified: true, productId: w.product.id, values: { title: w.product.title } });
    },
  },
};

describe('page loaders', () => {
  for (const [name, row] of Object.entries(LOADERS)) {
    it.each(CALLERS)(`${name} as %s`, async (caller) => {
      const w = await freshWorld();
      const actor = actorOf(w, caller);
      if (caller === 'ownerUnverified') await setVerified(ctx, w.owner.id, false);
      try {
        const before = await snapshot(ctx);
        const out = await callLoader(ctx, row.page.loader, { path: row.path(w), params: row.params(w), cookie: actor?.cookie });
        checkOutcome(out, row.expect[caller], w);
        if (actor && out.status === 200) row.shows?.(out.data, { w, actor, caller });
        expect(await snapshot(ctx)).toEqual(before);
      } finally {
        if (caller === 'ownerUnverified') await setVerified(ctx, w.owner.id, true);
      }
    });
  }
});

// ---------------------------------------------------------------------------
// The moderation console's pages × roles: the 404 page for visitors, members and suspended
// members (loaders and actions alike, changing nothing); the page for moderators and admins.

type Role = 'visitor' | 'member' | 'suspended' | 'moderator' | 'admin';
const ROLES: Role[] = ['visitor', 'member', 'suspended', 'moderator', 'admin'];
type Staff = Record<Exclude<Role, 'visitor'>, Person>;

const staffByWorld = new WeakMap<World, Staff>();
async function staffOf(w: World): Promise<Staff> {
  let s = staffByWorld.get(w);
  if (!s) {
    const [suspended, moderator, admin] = [await person(ctx, 'suspended'), await person(ctx, 'moderator'), await person(ctx, 'admin')];
    await ctx.services.users.setStatus(suspended.id, { status: 'suspended', reason: 'Spam', days: 7 });
    await ctx.services.users.setRole(moderator.email, 'moderator');
    await ctx.services.users.setRole(admin.email, 'admin');
    s = { member: w.other, suspended, moderator, admin };
    staffByWorld.set(w, s);
  }
  return s;
}

async function reportOn(w: World): Promise<string> {
  const [existing] = await ctx.database.db.select().from(reports).where(eq(reports.targetId, w.product.id));
  if (existing) return existing.id;
  const row = await ctx.services.moderation.report({ ip: '198.51.100.9', userAgent: 'vitest', session: { token: 'x', user: (await userRow(w.other.id))! } }, { targetType: 'product', targetId: w.product.id, reason: 'prohibited' });
  return row.id;
}

const isStaffRole = (role: Role) => role === 'moderator' || role === 'admin';

const ADMIN_LOADERS: Record<string, { page: { loader: Handler }; path: string; params?(w: World): Record<string, string> }> = {
  layout: { page: adminLayout, path: '/fr/admin' },
  overview: { page: adminOverview, path: '/fr/admin' },
  reports: { page: adminReports, path: '/fr/admin/reports' },
  review: { page: adminReview, path: '/fr/admin/review' },
  'users (lookup)': { page: adminUsers, path: '/fr/admin/users' },
  user: { page: adminUser, path: '/fr/admin/users/ID', params: (w) => ({ lang: 'fr', userId: w.owner.id }) },
  audit: { page: adminAudit, path: '/fr/admin/audit' },
};

describe('console pages by role', () => {
  for (const [name, row] of Object.entries(ADMIN_LOADERS)) {
    it.each(ROLES)(`${name} as %s`, async (role) => {
      const w = await freshWorld();
      const s = await staffOf(w);
      await reportOn(w);
      const before = await snapshot(ctx);
      const out = await callLoader(ctx, row.page.loader, { path: row.path.replace('ID', w.owner.id), params: row.params?.(w) ?? { lang: 'fr' }, cookie: role === 'visitor' ? undefined : s[role].cookie });
      expect(out.status, JSON.stringify(out)).toBe(isStaffRole(role) ? 200 : 404);
      expect(out.location).toBeUndefined();
      expect(await snapshot(ctx)).toEqual(before);
    });
  }

  const ACTIONS: Record<string, { page: { action: Handler }; path: string; params?(w: World): Record<string, string>; form(w: World): Promise<FormData>; effect(w: World): Promise<void> }> = {
    'reports: hide': {
      page: adminReports,
      path: '/fr/admin/reports',
      form: async (w) => formOf({ reportId: await reportOn(w), action: 'hide', reason: 'Objet interdit' }),
      async effect(w) {
        expect(await productRow(w.product.id)).toMatchObject({ moderation: 'hidden', moderationReason: 'Objet interdit' });
      },
    },
    'review: remove': {
      page: adminReview,
      path: '/fr/admin/review',
      form: async (w) => formOf({ productId: w.product.id, moderation: 'removed', reason: 'Contrefaçon' }),
      async effect(w) {
        expect(await productRow(w.product.id)).toMatchObject({ moderation: 'removed' });
      },
    },
    'user: suspend': {
      page: adminUser,
      path: '/fr/admin/users/ID',
      params: (w) => ({ lang: 'fr', userId: w.owner.id }),
      form: async () => formOf({ action: 'suspend', days: '5', reason: 'Annonces trompeuses' }),
      async effect(w) {
        expect(await userRow(w.owner.id)).toMatchObject({ status: 'suspended', statusReason: 'Annonces trompeuses' });
        const log = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, w.owner.id));
        expect(log.map((e) => e.action)).toEqual(['user.suspend']);
      },
    },
  };
  for (const [name, row] of Object.entries(ACTIONS)) {
    it.each(ROLES)(`${name} as %s`, async (role) => {
      const w = await freshWorld();
      const s = await staffOf(w);
      const form = await row.form(w);
      const before = await snapshot(ctx);
      let unchanged = false;
      try {
        const out = await callAction(ctx, row.page.action, { path: row.path.replace('ID', w.owner.id), params: row.params?.(w) ?? { lang: 'fr' }, cookie: role === 'visitor' ? undefined : s[role].cookie, form });
        if (isStaffRole(role)) {
          expect(out.status, JSON.stringify(out)).toBe(200);
          expect(out.data).toMatchObject({ ok: true });
          await row.effect(w);
        } else {
          expect(out.status).toBe(404);
          expect(await snapshot(ctx)).toEqual(before);
          unchanged = true;
        }
      } finally {
        if (!unchanged) world = null;
      }
    });
  }

  it('a moderator acting on an admin through the page is refused and changes nothing', async () => {
    const w = await freshWorld();
    const s = await staffOf(w);
    const before = await snapshot(ctx);
    const out = await callAction(ctx, adminUser.action, { path: `/fr/admin/users/${s.admin.id}`, params: { lang: 'fr', userId: s.admin.id }, cookie: s.moderator.cookie, form: formOf({ action: 'ban', reason: 'Tentative' }) });
    expect(out.status).toBe(403);
    expect(out.data).toMatchObject({ formError: 'FORBIDDEN', values: { reason: 'Tentative' } });
    expect(await snapshot(ctx)).toEqual(before);
  });
});
