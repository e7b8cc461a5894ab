// Moderation in the real browser: a member reports a listing from its page, a moderator hides it
// from the report queue, the seller finds it on the dashboard and the e-mail in the outbox, edits
// it and asks for a review, the moderator approves it and it is public again. The moderator is the
// demo catalogue's (DEMO_MODERATOR_PASSWORD in playwright.config.ts).
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from '../tests/helpers/outbox.ts';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const MODERATOR = { email: 'moderator@ecosouk.dz', password: 'Moderation2025' };

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/fr/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('main form button[type=submit]').click();
  await expect(page).toHaveURL(/\/fr\/dashboard/);
}

async function signedInPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password);
  return page;
}

test('a reported listing is hidden, told to its seller, edited and approved again', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const id = unique();
  const seller = { email: `vendeur-${id}@example.dz`, password: 'Vendre2025' };
  const title = `Vélo de course carbone ${id}`;

  // ── The seller signs up (in French), verifies the address and publishes through the API.
  expect((await page.request.post('/api/v1/users/signup', { data: { name: 'Nadir Kaci', ...seller, lang: 'fr' } })).status()).toBe(201);
  const verify = await waitForMail(outbox, (m) => m.to.includes(seller.email) && m.links.some((l) => l.includes('/verify-email?token=')));
  await page.goto(verify.links.find((l) => l.includes('/verify-email?token='))!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');
  expect((await page.request.post('/api/v1/users/login', { data: seller })).status()).toBe(200);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1f6f8b' } }).png().toBuffer();
  const upload = await page.request.post('/api/v1/products/upload', { multipart: { image: { name: 'velo.png', mimeType: 'image/png', buffer: photo } } });
  expect(upload.status()).toBe(201);
  const img = ((await upload.json()) as { data: { url: string } }).data.url;
  const created = await page.request.post('/api/v1/products', {
    data: { title, desc: 'Cadre carbone taille M, groupe Shimano 105, très peu roulé.', category: 'sport-fitness', condition: 'good', img, price: 95000, contact: '0661 45 67 89', address: 'alger' },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { data: { id: string } }).data.id;

  // ── A member reports it from the listing's page.
  const reporter = { email: `acheteur-${id}@example.dz`, password: 'Acheter2025' };
  expect((await page.request.post('/api/v1/users/signup', { data: { name: 'Sonia Haddad', ...reporter, lang: 'fr' } })).status()).toBe(201);
  const member = await signedInPage(browser, reporter.email, reporter.password);
  await member.goto(`/fr/products/${productId}`);
  const report = member.getByTestId('report');
  await report.locator('summary').click();
  await report.getByLabel('Arnaque ou fraude').check();
  await report.locator('textarea[name=comment]').fill('Le vendeur demande un acompte par virement avant toute visite.');
  await report.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(member.getByTestId('report-page')).toContainText('votre signalement a bien été reçu');
  // A second report of the same listing by the same member is refused, kindly.
  await member.goto(`/fr/products/${productId}`);
  await member.getByTestId('report').locator('summary').click();
  await member.getByTestId('report').getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(member.getByTestId('report-page')).toContainText('Vous avez déjà signalé ceci');

  // ── The member does not see the console: the ordinary 404 page.
  const notFound = await member.goto('/fr/admin/reports');
  expect(notFound?.status()).toBe(404);
  await expect(member.getByTestId('not-found')).toBeVisible();

  // ── The moderator hides it from the report queue, with a reason.
  const moderator = await signedInPage(browser, MODERATOR.email, MODERATOR.password);
  await moderator.goto('/fr/admin/reports');
  const group = moderator.getByTestId('report-group').filter({ hasText: title });
  await expect(group).toContainText('Arnaque ou fraude');
  await expect(group).toContainText('acompte par virement');
  await expect(group.getByTestId('account-history')).toContainText('Nadir Kaci');
  await group.getByLabel(/^Masquer/).check();
  await group.locator('textarea[name=reason]').fill('Demande d’acompte avant visite : pratique interdite sur EcoSouk.');
  await group.getByRole('button', { name: 'Appliquer' }).click();
  await expect(moderator.getByText('C’est fait.')).toBeVisible();
  await expect(moderator.getByTestId('report-group').filter({ hasText: title })).toHaveCount(0);

  // Nobody but the seller sees it now.
  expect((await browser.newContext().then((c) => c.request.get(`/fr/products/${productId}`))).status()).toBe(404);

  // ── The seller is told by e-mail, in French, with the reason…
  const told = await waitForMail(outbox, (m) => m.to.includes(seller.email) && m.subject.startsWith('Votre annonce a été masquée'));
  expect(told.text).toContain('Demande d’acompte avant visite');
  expect(told.text).toContain(title);

  // …and on the dashboard, edits the listing and asks for a review.
  await page.goto('/fr/dashboard');
  const notice = page.getByTestId('moderation-notice').filter({ hasText: title });
  await expect(notice).toHaveAttribute('data-state', 'hidden');
  await expect(notice).toContainText('Demande d’acompte avant visite');
  await notice.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/products/${productId}/edit$`));
  await page.locator('textarea[name=desc]').fill('Cadre carbone taille M, groupe Shimano 105, très peu roulé. Paiement à la remise uniquement.');
  await page.locator('main form button[type=submit]').last().click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/);
  await page.getByTestId('moderation-notice').filter({ hasText: title }).getByRole('button', { name: 'Demander une vérification' }).click();
  await expect(page.getByText('un modérateur va réexaminer votre annonce')).toBeVisible();

  // ── The moderator approves it from the review queue; it is public again.
  await moderator.goto('/fr/admin/review');
  const item = moderator.getByTestId('review-item').filter({ hasText: title });
  await item.locator('textarea[name=reason]').fill('Corrigée : paiement à la remise.');
  await item.getByRole('button', { name: 'Approuver' }).click();
  await expect(moderator.getByText('C’est fait.')).toBeVisible();
  const visitor = await browser.newContext();
  expect((await visitor.request.get(`/fr/products/${productId}`)).status()).toBe(200);

  // The audit log has both actions, newest first.
  await moderator.goto(`/fr/admin/audit?targetId=${productId}`);
  await expect(moderator.getByTestId('audit-row')).toHaveCount(2);
  await expect(moderator.getByTestId('audit-row').first()).toContainText('Annonce approuvée');
  await expect(moderator.getByTestId('audit-row').last()).toContainText('Annonce masquée');
});
