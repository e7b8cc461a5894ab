// The listing form in the real browser: publishing with photos (uploaded, reordered,
// stripped of their EXIF by the server), editing with nothing lost on a mistake, and
// who may see the form at all.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from '../tests/helpers/outbox.ts';
import { hydrated } from './hydrated.ts';
import { logInDemo } from './demo-login.ts';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface ApiProductBody {
  id: string;
  title: string;
  title_en: string | null;
  price: number;
  category: string;
  condition: string;
  address: string;
  images: string[];
}

async function photo(background: string, withGps = false): Promise<Buffer> {
  const image = sharp({ create: { width: 900, height: 600, channels: 3, background } }).jpeg({ quality: 80 });
  if (!withGps) return image.toBuffer();
  return image
    .withExif({
      IFD0: { Make: 'EcoCam', Model: 'Seller phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 3/1 0/1' },
    })
    .toBuffer();
}

/** A new account with a verified e-mail (sign-up through the API, link from the outbox). */
async function verifiedSeller(page: Page) {
  const account = { name: 'Nadia Ouali', email: `nadia-${unique()}@example.dz`, password: 'Vendre2025', lang: 'fr' };
  expect((await page.request.post('/api/v1/users/signup', { data: account })).status()).toBe(201);
  const mail = await waitForMail(outbox, (m) => m.to.includes(account.email));
  const link = mail.links.find((l) => l.includes('/fr/verify-email?token='));
  expect(link, 'verification link in the e-mail').toBeTruthy();
  await page.goto(link!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');
  return account;
}

async function logIn(page: Page, lang: string, email: string, password: string) {
  await page.goto(`/${lang}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('main form button[type=submit]').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function myListings(request: APIRequestContext): Promise<ApiProductBody[]> {
  const me = (await (await request.get('/api/v1/users/me')).json()) as { data: { id: string } };
  const res = await request.get(`/api/v1/users/${me.data.id}/products`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: ApiProductBody[] }).data;
}

test('a verified seller publishes a listing with three photos, then edits it without losing anything', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const seller = await verifiedSeller(page);
  await logIn(page, 'fr', seller.email, seller.password);

  await page.goto('/fr/products/new');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Publier une annonce');
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
  const form = page.getByTestId('product-form');
  const tiles = page.getByTestId('photo-tile');

  // Submitting empty shows the errors at once, in French.
  await page.getByTestId('product-submit').click();
  await expect(page.getByText('Le titre est obligatoire')).toBeVisible();
  await expect(page.getByTestId('photo-error')).toHaveText('Ajoutez au moins une photo');
  await expect(page.locator('input[name=title]')).toBeFocused();

  // A file that is not an image is refused by the server, shown on its tile, then removed.
  await page.getByTestId('photo-input').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all') });
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toHaveAttribute('data-status', 'error');
  await expect(tiles.first()).toContainText('Seules les photos JPEG, PNG, WebP ou AVIF sont acceptées');
  await tiles.first().getByRole('button', { name: /^Retirer/ }).click();
  await expect(tiles).toHaveCount(0);

  // Three photos through the file input, one of them with GPS coordinates in its EXIF.
  const withGps = await photo('#c05621', true);
  const gpsMeta = await sharp(withGps).metadata();
  expect(gpsMeta.exif?.includes(Buffer.from('EcoCam')), 'the test photo carries EXIF').toBe(true);
  await page.getByTestId('photo-input').setInputFiles([
    { name: 'bibliotheque-face.jpg', mimeType: 'image/jpeg', buffer: withGps },
    { name: 'bibliotheque-cote.jpg', mimeType: 'image/jpeg', buffer: await photo('#2f855a') },
    { name: 'bibliotheque-detail.jpg', mimeType: 'image/jpeg', buffer: await photo('#2b6cb0') },
  ]);
  await expect(tiles).toHaveCount(3);
  for (const tile of await tiles.all()) await expect(tile).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('photo-count')).toHaveText('3 sur 10');
  const uploaded = await tiles.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-url') ?? ''));
  expect(uploaded.every((url) => /^\/uploads\/.+\.webp$/.test(url))).toBe(true);
  const [first, second, third] = uploaded as [string, string, string];

  // Reorder with the buttons: the third moves earlier, then the first moves later.
  await tiles.nth(2).getByRole('button', { name: /^Déplacer avant/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Photo déplacée en position 2' })).toBeAttached();
  // The keyboard focus follows the photo that moved.
  await expect(tiles.nth(1).getByRole('button', { name: /^Déplacer avant/ })).toBeFocused();
  await tiles.nth(0).getByRole('button', { name: /^Déplacer après/ }).click();
  const order = await tiles.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-url')));
  expect(order).toEqual([third, first, second]);
  await expect(tiles.nth(0).getByTestId('cover-badge')).toHaveText('Couverture');
  await expect(page.locator('input[name=img]')).toHaveValue(third);

  // The details, in French, with an English translation.
  await page.locator('input[name=title]').fill('Bibliothèque en chêne massif, 5 étagères');
  await page.locator('textarea[name=desc]').fill(
    'Bibliothèque en chêne massif achetée il y a six ans, très solide. Quelques petites rayures sur le côté, visibles sur les photos. À récupérer sur place.',
  );
  await page.locator('select[name=category]').selectOption('furniture-home');
  await page.locator('select[name=address]').selectOption('tlemcen');
  await expect(page.locator('select[name=address] option[value=tlemcen]')).toHaveText('13 - Tlemcen');
  await form.getByText('Bon état', { exact: true }).click();
  await page.locator('input[name=price]').fill('4500');
  await expect(form.getByText('DA', { exact: true })).toBeVisible();
  await page.locator('input[name=contact]').fill('0661 22 33 44');
  await page.getByText('Traductions (facultatif)').click();
  await page.locator('input[name=title_en]').fill('Solid oak bookcase, 5 shelves');
  await page.getByTestId('product-submit').click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/);

  const [listing] = await myListings(page.request);
  expect(listing).toBeTruthy();
  expect(listing).toMatchObject({
    title: 'Bibliothèque en chêne massif, 5 étagères',
    title_en: 'Solid oak bookcase, 5 shelves',
    price: 4500,
    category: 'furniture-home',
    condition: 'good',
    address: 'tlemcen',
  });
  expect(listing!.images).toEqual([third, first, second]);
  // The server re-encoded every photo: WebP, no EXIF (so no GPS position) left.
  for (const url of listing!.images) {
    const res = await page.request.get(url);
    expect(res.status()).toBe(200);
    const meta = await sharp(await res.body()).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif, `${url} has no EXIF`).toBeUndefined();
  }

  // Editing: the form starts from the listing.
  const editUrl = `/fr/products/${listing!.id}/edit`;
  await page.goto(editUrl);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modifier votre annonce');
  await expect(page.locator('input[name=title]')).toHaveValue('Bibliothèque en chêne massif, 5 étagères');
  await expect(page.locator('input[name=price]')).toHaveValue('4500');
  await expect(page.locator('input[name=contact]')).toHaveValue('0661 22 33 44');
  await expect(page.locator('input[name=condition][value=good]')).toBeChecked();
  await expect(tiles).toHaveCount(3);

  // A mistake (no title) keeps every other value and the photos.
  await page.locator('input[name=title]').fill('');
  await page.locator('input[name=price]').fill('3900');
  await page.getByTestId('product-submit').click();
  await expect(page.getByText('Le titre est obligatoire')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${editUrl}$`));
  await expect(page.locator('input[name=price]')).toHaveValue('3900');
  await expect(page.locator('select[name=address]')).toHaveValue('tlemcen');
  await expect(page.locator('textarea[name=desc]')).toHaveValue(/chêne massif/);
  await expect(tiles).toHaveCount(3);

  // The same through the action alone (no JavaScript): the server answers with the
  // error, the typed values and the photos.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(editUrl);
  await plain.locator('input[name=title]').fill('');
  await plain.locator('input[name=price]').fill('3700');
  await plain.getByTestId('product-submit').click();
  await expect(plain.getByText('Le titre est obligatoire')).toBeVisible();
  await expect(plain.locator('input[name=price]')).toHaveValue('3700');
  await expect(plain.locator('textarea[name=desc]')).toHaveValue(/chêne massif/);
  await expect(plain.getByTestId('photo-tile')).toHaveCount(3);
  await expect(plain.locator('input[name=images]')).toHaveCount(3);
  await noScript.close();

  // Fixed: the title again, one photo fewer, the new price.
  await page.locator('input[name=title]').fill('Bibliothèque en chêne massif, 5 étagères');
  await tiles.nth(2).getByRole('button', { name: /^Retirer/ }).click();
  await expect(tiles).toHaveCount(2);
  await page.getByTestId('product-submit').click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/);
  const [edited] = await myListings(page.request);
  expect(edited).toMatchObject({ id: listing!.id, price: 3900, title: 'Bibliothèque en chêne massif, 5 étagères' });
  expect(edited!.images).toEqual([third, first]);
});

test('a visitor opening the form is sent to log in', async ({ page }) => {
  await page.goto('/ar/products/new');
  await expect(page).toHaveURL(/\/ar\/login\?redirectTo=%2Far%2Fproducts%2Fnew$/);
});

test('an unverified seller sees the verification prompt instead of the form', async ({ page }) => {
  const account = { name: 'Yacine Merabet', email: `yacine-${unique()}@example.dz`, password: 'Attente2025', lang: 'fr' };
  expect((await page.request.post('/api/v1/users/signup', { data: account })).status()).toBe(201);
  expect((await page.request.post('/api/v1/users/login', { data: account })).status()).toBe(200);
  await page.goto('/fr/products/new');
  await hydrated(page);
  await expect(page.getByTestId('verify-prompt')).toBeVisible();
  await expect(page.getByTestId('product-form')).toHaveCount(0);
  const banner = page.getByTestId('verification-banner');
  await banner.getByRole('button').click();
  await expect(banner).toHaveAttribute('data-state', 'success');
  await expectNoAxeViolations(page);

  // Someone else's listing, or a made-up id, is a 404, not a form.
  const others = (await (await page.request.get('/api/v1/products')).json()) as { data: { id: string }[] };
  expect(others.data.length).toBeGreaterThan(0);
  for (const id of [others.data[0]!.id, '00000000-0000-4000-8000-000000000000']) {
    const response = await page.goto(`/fr/products/${id}/edit`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('product-form')).toHaveCount(0);
  }
});

test('photos dropped on the zone upload at once, ten at most; removing one deletes its file', async ({ page }) => {
  test.setTimeout(60_000);
  // The demo seller is verified; nothing is published here.
  await logInDemo(page.request);
  await page.goto('/fr/products/new');
  await hydrated(page);
  // The seller's phone and wilaya are filled in from the profile.
  await expect(page.locator('input[name=contact]')).toHaveValue('0550 12 34 56');
  await expect(page.locator('select[name=address]')).toHaveValue('alger');

  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#805ad5' } }).png().toBuffer();
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    for (let i = 1; i <= 11; i++) transfer.items.add(new File([bytes], `photo-${i}.png`, { type: 'image/png' }));
    return transfer;
  }, png.toString('base64'));
  // Slow answers, so the progress of each photo can be seen; three upload at a time.
  await page.route('**/api/v1/products/upload', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.getByTestId('photo-dropzone').dispatchEvent('drop', { dataTransfer });

  const tiles = page.getByTestId('photo-tile');
  await expect(tiles).toHaveCount(10);
  await expect(tiles.first().getByRole('progressbar')).toBeVisible();
  await expect(tiles.last()).toHaveAttribute('data-status', 'queued');
  await expect(tiles.last()).toContainText('En attente…');
  await expect(page.getByText('Une annonce compte au plus 10 photos')).toBeVisible();
  for (const tile of await tiles.all()) await expect(tile).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('photo-dropzone')).toHaveCount(0);
  await expect(page.locator('input[name=images]')).toHaveCount(10);
  await expectNoAxeViolations(page);

  const url = (await tiles.first().getAttribute('data-url'))!;
  expect((await page.request.get(url)).status()).toBe(200);
  await tiles.first().getByRole('button', { name: /^Retirer/ }).click();
  await expect(tiles).toHaveCount(9);
  await expect(tiles.first().getByTestId('cover-badge')).toBeVisible();
  await expect(page.getByTestId('photo-dropzone')).toBeVisible();
  await expect.poll(async () => (await page.request.get(url)).status()).toBe(404);
});
