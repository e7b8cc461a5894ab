// Messaging in two real browser contexts: a buyer writes from a listing while the seller,
// on the conversation page, sees the messages arrive live (and the other way round); the
// refusals a person can run into: own listing, empty message, someone else's conversation.
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { waitForMail } from '../tests/helpers/outbox.ts';
import { logInDemo } from './demo-login.ts';
import { hydrated } from './hydrated.ts';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const PASSWORD = 'Green-Souk42';

let n = 0;
/** A verified member signed in inside `context` (its cookies are the context's). */
async function verifiedMember(context: BrowserContext, name: string): Promise<{ id: string; email: string }> {
  const email = `e2e.messaging.${Date.now().toString(36)}.${++n}@example.dz`;
  const request = context.request;
  const signup = await request.post('/api/v1/users/signup', { data: { name, email, password: PASSWORD, lang: 'fr' } });
  expect(signup.status()).toBe(201);
  const mail = await waitForMail(outbox, (m) => m.to.includes(email));
  const token = new URL(mail.links.find((l) => l.includes('verify-email?token='))!).searchParams.get('token')!;
  expect((await request.post(`/api/v1/users/verify-email?token=${encodeURIComponent(token)}`)).status()).toBe(200);
  const login = await request.post('/api/v1/users/login', { data: { email, password: PASSWORD }, headers: { 'x-forwarded-for': `198.19.${n}.${n}` } });
  expect(login.status()).toBe(200);
  return { id: (await login.json()).data.id, email };
}

async function demoListing(request: APIRequestContext): Promise<{ sellerId: string; productId: string }> {
  const me = (await (await request.get('/api/v1/users/me')).json()).data as { id: string };
  // One that buyers can still write about: other tests running at the same time mark some of
  // the demo seller's listings sold or switch them off (the newest may be one of them), and the
  // owner's list holds all of them.
  const products = (await (await request.get(`/api/v1/users/${me.id}/products?limit=100`)).json()).data as {
    id: string;
    status: string;
    moderation?: string;
    soldAt: string | null;
    expired: boolean;
  }[];
  const available = products.find((p) => p.status === 'active' && (p.moderation ?? 'approved') === 'approved' && !p.soldAt && !p.expired);
  if (!available) throw new Error('the demo seller has no listing a buyer can write about');
  return { sellerId: me.id, productId: available.id };
}

test('a buyer writes from a listing and the seller sees it arrive live, and the answer comes back live', async ({ browser }) => {
  // Three members, two pages and a stream each: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);
  const sellerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  try {
    await logInDemo(sellerContext.request);
    const { productId } = await demoListing(sellerContext.request);
    await verifiedMember(buyerContext, 'Karim Acheteur');

    // The buyer writes from the listing: a plain form, then the conversation page.
    const buyer = await buyerContext.newPage();
    await buyer.goto(`/fr/products/${productId}`);
    const box = buyer.getByTestId('send-message');
    await box.locator('textarea[name=message]').fill('Bonjour, est-ce toujours disponible ?');
    await box.getByRole('button', { name: 'Envoyer un message' }).click();
    await expect(buyer).toHaveURL(/\/fr\/messages\/[0-9a-f-]{36}$/);
    const conversationUrl = new URL(buyer.url()).pathname;
    await expect(buyer.getByTestId('message')).toHaveCount(1);

    // The seller has it unread in the header, opens the conversation and keeps it open.
    const seller = await sellerContext.newPage();
    await seller.goto('/fr/messages');
    await expect(seller.getByTestId('unread-badge')).toBeVisible();
    await seller.getByTestId('conversation-row').first().click();
    await expect(seller).toHaveURL(conversationUrl);
    await hydrated(seller);
    await expect(seller.getByTestId('conversation-page')).toHaveAttribute('data-stream', 'open');
    await expect(seller.getByTestId('message')).toHaveCount(1);

    // A second message from the buyer appears on the seller's open page, once, without a reload.
    await hydrated(buyer);
    await expect(buyer.getByTestId('conversation-page')).toHaveAttribute('data-stream', 'open');
    await buyer.locator('textarea[name=body]').fill('Je peux passer ce soir vers 18 h, https://exemple.dz/plan');
    const sentAt = Date.now();
    await buyer.getByRole('button', { name: 'Envoyer' }).click();
    await expect(seller.getByTestId('message').filter({ hasText: 'Je peux passer ce soir' })).toBeVisible({ timeout: 3_000 });
    const arrivedMs = Date.now() - sentAt;
    expect(arrivedMs).toBeLessThan(3_000);
    await expect(seller.getByTestId('message')).toHaveCount(2);
    // Not answered yet: the buyer's link is plain text for the seller.
    await expect(seller.getByTestId('message').last().getByTestId('inert-link')).toHaveText('https://exemple.dz/plan');
    await expect(buyer.getByTestId('message')).toHaveCount(2);

    // The seller answers; the buyer's page gets it live; links now work.
    await seller.locator('textarea[name=body]').fill('Oui, à ce soir.');
    await seller.getByRole('button', { name: 'Envoyer' }).click();
    await expect(buyer.getByTestId('message').filter({ hasText: 'Oui, à ce soir.' })).toBeVisible({ timeout: 3_000 });
    await expect(buyer.getByTestId('message')).toHaveCount(3);
    await expect(seller.getByRole('link', { name: 'https://exemple.dz/plan' })).toBeVisible();

    // An empty message is refused in place, and nothing is added.
    await buyer.locator('textarea[name=body]').fill('   ');
    await buyer.getByRole('button', { name: 'Envoyer' }).click();
    await expect(buyer.getByText('Écrivez un message de 1 à 2000 caractères.')).toBeVisible();
    await expect(buyer.getByTestId('message')).toHaveCount(3);

    // The seller reports the conversation from its page; a moderator reads it in the queue,
    // both sides and their words, the link as plain text.
    const comment = `Lien douteux ${Date.now().toString(36)}`;
    await seller.getByText('Signaler cette conversation').click();
    await seller.getByLabel('Commentaire (facultatif)').fill(comment);
    await seller.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(seller.getByText('Merci : un modérateur va examiner cette conversation.')).toBeVisible();
    const moderatorContext = await browser.newContext();
    try {
      const moderator = await moderatorContext.newPage();
      await moderator.goto('/fr/login');
      await moderator.locator('input[name=email]').fill('moderator@ecosouk.dz');
      await moderator.locator('input[name=password]').fill('Moderation2025');
      await moderator.locator('main form button[type=submit]').click();
      await expect(moderator).toHaveURL(/\/fr\/dashboard/);
      await moderator.goto('/fr/admin/reports');
      const group = moderator.getByTestId('report-group').filter({ hasText: comment });
      const excerpt = group.getByTestId('conversation-excerpt');
      await expect(excerpt.getByTestId('excerpt-message')).toHaveCount(3);
      await expect(excerpt.getByTestId('excerpt-message').first()).toContainText('Bonjour, est-ce toujours disponible ?');
      await expect(excerpt.getByTestId('excerpt-message').last()).toContainText('Oui, à ce soir.');
      await expect(excerpt.getByTestId('account-history')).toHaveCount(2);
      await expect(excerpt.getByText('https://exemple.dz/plan', { exact: false })).toBeVisible();
      await expect(excerpt.getByRole('link', { name: 'https://exemple.dz/plan' })).toHaveCount(0);
    } finally {
      await moderatorContext.close();
    }

    // The seller sees no "Send a message" on their own listing.
    await seller.goto(`/fr/products/${productId}`);
    await expect(seller.getByTestId('product-page')).toBeVisible();
    await expect(seller.getByTestId('send-message')).toHaveCount(0);

    // Someone else's conversation does not exist for a third member.
    const strangerContext = await browser.newContext();
    try {
      await verifiedMember(strangerContext, 'Nadia Curieuse');
      const stranger = await strangerContext.newPage();
      const res = await stranger.goto(conversationUrl);
      expect(res?.status()).toBe(404);
      await expect(stranger.getByTestId('message')).toHaveCount(0);
    } finally {
      await strangerContext.close();
    }
  } finally {
    await sellerContext.close();
    await buyerContext.close();
  }
});

test('a visitor is asked to log in and comes back to the listing to write', async ({ page }) => {
  const sellerContext = await page.context().browser()!.newContext();
  let productId: string;
  try {
    await logInDemo(sellerContext.request);
    productId = (await demoListing(sellerContext.request)).productId;
  } finally {
    await sellerContext.close();
  }
  const email = (await verifiedMember(page.context(), 'Samir Visiteur')).email;
  await page.context().clearCookies();
  await page.goto(`/ar/products/${productId}`);
  await page.getByTestId('send-message').getByRole('link').click();
  await expect(page).toHaveURL(/\/ar\/login\?redirectTo=/);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('main form button[type=submit]').click();
  await expect(page).toHaveURL(`/ar/products/${productId}`);
  await expect(page.getByTestId('send-message').locator('textarea[name=message]')).toBeVisible();
});
