// A listing's life in the real browser: a verified seller publishes it with two photos, a
// visitor on a phone (Arabic) swipes its gallery, reveals the phone and visits the shop;
// the seller deactivates it (404 for the visitor, gone from the shop), then deletes it
// (its photo files are gone too).
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from '../tests/helpers/outbox.ts';
import { hydrated } from './hydrated.ts';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function photo(background: string) {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background } }).png().toBuffer();
}

test('a listing is published, browsed on a phone in Arabic, deactivated and deleted', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `seller-${unique()}@example.dz`;
  const password = 'Vendre2025';
  const title = `دراجة هوائية جبلية بحالة جيدة ${unique()}`;

  // ── The seller signs up, verifies the address from the e-mail and logs in.
  const signup = await page.request.post('/api/v1/users/signup', { data: { name: 'Yacine Mansouri', email, password, lang: 'fr' } });
  expect(signup.status()).toBe(201);
  const sellerId = ((await signup.json()) as { data: { id: string } }).data.id;
  const mail = await waitForMail(outbox, (m) => m.to.includes(email) && m.links.some((l) => l.includes('/verify-email?token=')));
  await page.goto(mail.links.find((l) => l.includes('/verify-email?token='))!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');
  expect((await page.request.post('/api/v1/users/login', { data: { email, password } })).status()).toBe(200);

  // ── Two photos uploaded, then the listing published through the API.
  const urls: string[] = [];
  const files: string[] = [];
  for (const [name, colour] of [
    ['front.png', '#2f855a'],
    ['side.png', '#c05621'],
  ] as const) {
    const upload = await page.request.post('/api/v1/products/upload', {
      multipart: { image: { name, mimeType: 'image/png', buffer: await photo(colour) } },
    });
    expect(upload.status()).toBe(201);
    const image = ((await upload.json()) as { data: { url: string; variants: Record<string, string> } }).data;
    urls.push(image.url);
    files.push(...Object.values(image.variants));
  }
  const created = await page.request.post('/api/v1/products', {
    data: {
      title,
      desc: 'دراجة جبلية مقاس 26، الفرامل والسرعات تعمل جيداً.\nتم تغيير الإطارات هذا الشهر.',
      category: 'sport-fitness',
      condition: 'good',
      img: urls[0],
      images: urls,
      price: 18500,
      contact: '0661 22 33 44',
      address: 'oran',
    },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { data: { id: string } }).data.id;

  // ── It is on the home page, newest first, for everyone.
  await page.goto('/fr');
  await expect(page.getByTestId('product-grid')).toContainText(title);

  // ── It is in the seller's dashboard table.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/fr/dashboard');
  const row = page.getByTestId('listing-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Sport & Fitness');
  await expect(row.getByTestId('listing-status')).toHaveText('Active');
  await expect(page.getByTestId('add-product')).toHaveAttribute('href', '/fr/products/new');

  // ── A visitor on a phone opens it in Arabic.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const phone = await visitor.newPage();
  const response = await phone.goto(`/ar/products/${productId}`);
  expect(response?.status()).toBe(200);
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(phone.getByTestId('product-title')).toHaveText(title);
  await expect(phone.getByTestId('product-description')).toContainText('تم تغيير الإطارات');
  await hydrated(phone);

  // The gallery: the first photo is the eager, high-priority one; "next" brings the second into view.
  const slides = phone.getByTestId('gallery-slide');
  await expect(slides).toHaveCount(2);
  await expect(slides.nth(0).locator('img')).toHaveAttribute('fetchpriority', 'high');
  await expect(slides.nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
  await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });
  await phone.getByRole('button', { name: 'الصورة التالية' }).click();
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
  await expect(slides.nth(0)).not.toBeInViewport();
  await expect(phone.getByTestId('gallery-counter')).toContainText('2 / 2');
  // A swipe back (right-to-left: towards positive scrollLeft) shows the first photo again.
  await phone.getByTestId('gallery-strip').evaluate((strip) => strip.scrollBy({ left: strip.clientWidth, behavior: 'instant' }));
  await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });
  await expect(phone.getByTestId('gallery-counter')).toContainText('1 / 2');

  // The phone: masked, revealed (with its event), hidden again (with its event).
  await expect(phone.getByTestId('phone-number')).toHaveCount(0);
  const shownEvent = phone.waitForRequest((r) => r.url().endsWith('/api/v1/events') && r.postDataJSON()?.shown === true);
  await phone.getByTestId('phone-toggle').click();
  const number = phone.getByTestId('phone-number');
  await expect(number).toHaveText('0661 22 33 44');
  await expect(number).toHaveAttribute('href', 'tel:+213661223344');
  expect((await shownEvent).postDataJSON()).toEqual({ type: 'phone_toggle', productId, shown: true });
  const hiddenEvent = phone.waitForRequest((r) => r.url().endsWith('/api/v1/events') && r.postDataJSON()?.shown === false);
  await phone.getByRole('button', { name: 'إخفاء الرقم' }).click();
  await hiddenEvent;
  await expect(number).toHaveCount(0);

  // The seller's shop lists it.
  await phone.getByTestId('visit-shop').click();
  await expect(phone).toHaveURL(new RegExp(`/ar/shop/${sellerId}$`));
  await expect(phone.getByRole('heading', { level: 1 })).toContainText('Yacine Mansouri');
  await expect(phone.getByTestId('product-grid')).toContainText(title);

  // ── The seller sees the view and the reveal, then deactivates it from the menu, on a phone too.
  await page.reload();
  await expect(row.getByTestId('listing-views')).toHaveText('1');
  await expect(row.getByTestId('listing-reveals')).toHaveText('1');
  await expect(page.getByTestId('activity-list')).toContainText(`Quelqu’un a affiché le numéro de ${title}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await hydrated(page);
  const card = page.getByTestId('listing-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Actions pour « ${title} »` }).click();
  await page.getByRole('menuitem', { name: 'Désactiver' }).click();
  await expect(card.getByTestId('listing-status')).toHaveAttribute('data-status', 'inactive');
  await expect(card.getByTestId('listing-actions')).toBeVisible();
  await expect(page.getByTestId('total-active')).toHaveText('0');

  // Only its owner can still open it, with a notice.
  await page.goto(`/fr/products/${productId}`);
  await expect(page.getByTestId('inactive-notice')).toBeVisible();

  // The visitor now gets the 404 page, and the shop no longer lists it.
  const gone = await phone.goto(`/ar/products/${productId}`);
  expect(gone?.status()).toBe(404);
  await expect(phone.getByTestId('not-found')).toBeVisible();
  await phone.goto(`/ar/shop/${sellerId}`);
  await expect(phone.getByTestId('shop-empty')).toHaveText('لم يتم العثور على أي منتج');
  await phone.goto('/ar');
  await expect(phone.getByTestId('product-grid')).not.toContainText(title);

  // ── The seller deletes it after confirming; its photo files are gone.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/fr/dashboard');
  await hydrated(page);
  await row.getByTestId('listing-actions').click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Supprimer cette annonce ?');
  // Cancelling keeps it.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByTestId('listing-actions').click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Oui, supprimer' }).click();
  await expect(row).toHaveCount(0);
  // Its only listing gone, the seller sees the invitation to publish a first one.
  await expect(page.getByTestId('empty-listings')).toBeVisible();
  for (const file of files) expect((await page.request.get(file)).status(), file).toBe(404);
  expect((await phone.request.get(`/api/v1/products/${productId}`)).status()).toBe(404);
  await visitor.close();
});

test('the shop of an unknown seller is a 404, and a malformed product id too', async ({ page }) => {
  const shop = await page.goto('/fr/shop/00000000-0000-4000-8000-000000000000');
  expect(shop?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  const product = await page.goto('/fr/products/not-an-id');
  expect(product?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ID de produit invalide');
});

test('a refused reveal (rate limit) shows the translated message and the number stays masked', async ({ page, request }) => {
  // A demo listing: the newest may be another spec's, whose views that spec counts.
  const listing = ((await (await request.get('/api/v1/products?sortBy=date_asc')).json()) as { data: { id: string }[] }).data[0]!;
  await page.route(`**/api/v1/products/${listing.id}/contact`, (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'RATE_LIMITED', message: 'Too many requests' }) }),
  );
  await page.goto(`/fr/products/${listing.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Afficher le numéro' }).click();
  await expect(page.getByRole('alert')).toHaveText('Trop de numéros affichés. Veuillez patienter quelques minutes puis réessayer.');
  await expect(page.getByTestId('phone-number')).toHaveCount(0);
});

test('without JavaScript the reveal button posts the page form and the page comes back with the number', async ({ browser, baseURL, request }) => {
  const listing = ((await (await request.get('/api/v1/products?sortBy=date_asc')).json()) as { data: { id: string }[] }).data[0]!;
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(`/fr/products/${listing.id}`);
  await expect(page.getByTestId('phone-number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Afficher le numéro' }).click();
  await expect(page).toHaveURL(`/fr/products/${listing.id}`);
  await expect(page.getByTestId('phone-number')).toHaveText(/^0\d{3} \d{2} \d{2} \d{2}$/);
  // Hiding it is the page again, masked.
  await page.getByRole('button', { name: 'Masquer le numéro' }).click();
  await expect(page.getByTestId('phone-number')).toHaveCount(0);
  await context.close();
});
