// A car with its details and commune, in the real browser: published through the form (a
// mistake first, nothing typed lost), shown with "Commune, Wilaya", its price in millions and the
// details table, then found with year and mileage filters, with JavaScript and without it.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { formatCo2e } from '../common/impact.ts';
import { logInDemo } from './demo-login.ts';
import { hydrated } from './hydrated.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function cardTitles(page: Page): Promise<string[]> {
  return page.getByTestId('product-grid').locator('article :is(h2, h3)').allInnerTexts();
}

test('a seller publishes a car with its details and commune; buyers find it by year and mileage, with and without JavaScript', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await logInDemo(page.request);
  const word = `Logan${unique()}`;
  const title = `Dacia ${word} 1.5 dCi 2017`;

  await page.goto('/fr/products/new');
  await hydrated(page);
  const form = page.getByTestId('product-form');
  await page.getByTestId('photo-input').setInputFiles({
    name: 'logan.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1e5aa8' } }).jpeg().toBuffer(),
  });
  await expect(page.getByTestId('photo-tile').first()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await page.locator('input[name=title]').fill(title);
  await page.locator('textarea[name=desc]').fill('Dacia Logan diesel, entretien chez le concessionnaire, climatisation, deuxième main.');

  // The category's details appear once it is chosen; the communes follow the wilaya.
  await expect(page.getByTestId('attribute-fields')).toHaveCount(0);
  await page.locator('select[name=category]').selectOption('automobile');
  await expect(page.getByTestId('attribute-fields')).toHaveAttribute('data-category', 'automobile');
  await page.locator('select[name=address]').selectOption('blida');
  await expect(page.locator('select[name=commune] option[value="blida.boufarik"]')).toHaveText('Boufarik');
  // The box above the list narrows it as one types, accents aside; Enter takes the first found.
  const communes = page.locator('select[name=commune] option');
  const all = await communes.count();
  const chiefTown = page.locator('select[name=commune] option[value="blida.blida"]');
  await expect(chiefTown).toHaveCount(1);
  await page.getByTestId('commune-filter').fill('boufa');
  // Boufarik, and the other communes of its daïra (Soumaa, Guerrouaou); not the others.
  await expect(chiefTown).toHaveCount(0);
  await expect(page.locator('select[name=commune] option[value="blida.soumaa"]')).toHaveCount(1);
  await page.getByTestId('commune-filter').press('Enter');
  await expect(page).toHaveURL(/\/fr\/products\/new$/);
  await expect(page.locator('select[name=commune]')).toHaveValue('blida.boufarik');
  await page.getByTestId('commune-filter').fill('');
  await expect(communes).toHaveCount(all);
  await expect(page.locator('select[name=commune]')).toHaveValue('blida.boufarik');
  await page.locator('select[name="attributes.brand"]').selectOption('dacia');
  await page.locator('input[name="attributes.model"]').fill('Logan');
  await page.locator('input[name="attributes.year"]').fill('1917');
  await page.locator('input[name="attributes.mileage"]').fill('145 000');
  await page.locator('select[name="attributes.fuel"]').selectOption('diesel');
  await form.getByText('Bon état', { exact: true }).click();
  await form.getByText('Négociable', { exact: true }).click();
  await page.locator('input[name=price]').fill('1450000');
  await page.getByTestId('exchange').check();

  // A year out of range: the field says so, and nothing typed is lost.
  await page.getByTestId('product-submit').click();
  const year = page.locator('input[name="attributes.year"]');
  await expect(year).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Cette valeur est hors des limites permises')).toBeVisible();
  await expect(page.locator('input[name="attributes.mileage"]')).toHaveValue('145 000');
  await expect(page.locator('select[name=commune]')).toHaveValue('blida.boufarik');
  await year.fill('2017');
  await page.getByTestId('product-submit').click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/);

  const found = await page.request.get(`/api/v1/products?title=${word}&category=automobile`);
  const [listing] = (await found.json()).data;
  expect(listing).toMatchObject({
    title,
    commune: 'blida.boufarik',
    attributes: { brand: 'dacia', model: 'Logan', year: 2017, mileage: 145_000, fuel: 'diesel' },
    priceType: 'negotiable',
    exchange: true,
    price: 1_450_000,
  });

  // The product page: place, price in millions, marks and the details table, in French and Arabic.
  await page.goto(`/fr/products/${listing.id}`);
  await expect(page.getByTestId('product-place')).toHaveText('Boufarik, Blida');
  await expect(page.getByTestId('product-price').getByTestId('price-millions')).toHaveText('(145 millions)');
  await expect(page.getByTestId('product-price').getByTestId('mark-negotiable')).toHaveText('Négociable');
  await expect(page.getByTestId('product-price').getByTestId('mark-exchange')).toHaveText('Échange possible');
  const table = page.getByTestId('attribute-table');
  await expect(table.locator('[data-attribute=year]')).toHaveText('2017');
  await expect(table.locator('[data-attribute=mileage]')).toHaveText(/^145\s000 km$/);
  await expect(table.locator('[data-attribute=fuel]')).toHaveText('Diesel');
  // Its CO₂ estimate, and where the figure comes from: the method page's row for cars, with its source.
  expect(listing.impact).toMatchObject({ basis: 'carCombustion' });
  const line = page.getByTestId('impact-line');
  await expect(line).toContainText(`≈ ${formatCo2e(listing.impact.co2eKg, 'fr')} évités par rapport à un achat neuf`);
  await line.getByTestId('impact-link').click();
  await expect(page).toHaveURL(/\/fr\/impact#carCombustion$/);
  await expect(page.locator('#carCombustion')).toBeVisible();
  await expect(page.locator('#carCombustion a').first()).toHaveAttribute('href', /^https:\/\//);

  await page.goto(`/ar/products/${listing.id}`);
  await expect(page.getByTestId('product-place')).toHaveText('بوفاريك، البليدة');
  await expect(page.getByTestId('product-price').getByTestId('price-millions')).toHaveText('(145 مليون)');
  await expect(page.getByTestId('impact-line')).toContainText(formatCo2e(listing.impact.co2eKg, 'ar'));

  // With JavaScript: the car's filters appear with the category, and the URL keeps them.
  await page.goto(`/fr?title=${word}`);
  await hydrated(page);
  await page.locator('#search-category').selectOption('automobile');
  // At desktop width the filters sheet is laid out open in the page, and the search bar's button
  // submits it (the sheet's own show-results footer is for phones only).
  const filters = page.getByTestId('detail-filters');
  await expect(filters).toHaveAttribute('data-category', 'automobile');
  await filters.locator('input[name="attr.year.min"]').fill('2016');
  await filters.locator('input[name="attr.year.max"]').fill('2018');
  await filters.locator('input[name="attr.mileage.max"]').fill('150000');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/attr\.year\.min=2016/);
  await expect(page).toHaveURL(/attr\.mileage\.max=150000/);
  expect(await cardTitles(page)).toEqual([title]);
  await expect(page.getByTestId('card-place').first()).toHaveText('Boufarik, Blida');
  // The search form is keyed by its search and mounted again when the new page renders, which can
  // come after the URL changed (the render is a transition): a value typed before would be lost.
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0);
  await filters.locator('input[name="attr.mileage.max"]').fill('100000');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/attr\.mileage\.max=100000/);
  await expect(page.getByTestId('no-results')).toBeVisible();

  // Without JavaScript: choosing the category and searching brings its filters, then they filter.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noScript.newPage();
  await plain.goto('/fr');
  await expect(plain.getByTestId('detail-filters')).toHaveCount(0);
  await plain.locator('#search-title').fill(word);
  await plain.locator('#search-category').selectOption('automobile');
  await plain.locator('#search-title').press('Enter');
  await expect(plain).toHaveURL(/category=automobile/);
  const plainFilters = plain.getByTestId('detail-filters');
  await plainFilters.locator('input[name="attr.year.min"]').fill('2017');
  await plainFilters.locator('input[name="attr.mileage.max"]').fill('145000');
  await plain.getByTestId('search-submit').click();
  await expect(plain).toHaveURL(/attr\.year\.min=2017/);
  expect(await cardTitles(plain)).toEqual([title]);
  await plainFilters.locator('input[name="attr.year.min"]').fill('2018');
  await plain.getByTestId('search-submit').click();
  await expect(plain.getByTestId('no-results')).toBeVisible();
  await noScript.close();

  // Once sold, the car counts in its seller's total on the shop page: one more sale, more CO₂ avoided.
  const shopTotal = async () => {
    await page.goto(`/fr/shop/${listing.userId}`);
    const total = page.getByTestId('impact-total-seller');
    const text = (await total.count()) ? await total.innerText() : '';
    const sold = Number(/Annonces vendues : (\d+)/.exec(text)?.[1] ?? 0);
    return { text, sold };
  };
  const before = await shopTotal();
  const marked = await page.request.post(`/api/v1/products/${listing.id}/sold`, { data: { sold: true } });
  expect(marked.status()).toBe(200);
  const after = await shopTotal();
  expect(after.sold).toBe(before.sold + 1);
  expect(after.text).not.toBe(before.text);
});

test('without JavaScript, the listing form shows the fields of a newly chosen category and wilaya, keeping what was typed', async ({ page, browser, baseURL }) => {
  await logInDemo(page.request);
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto('/fr/products/new');
  await plain.locator('input[name=title]').fill('Appartement F3 lumineux');
  await plain.locator('select[name=category]').selectOption('real-estate');
  await plain.locator('select[name=address]').selectOption('oran');
  await expect(plain.getByTestId('attribute-fields')).toHaveCount(0);
  await plain.getByTestId('refresh-fields').click();
  await expect(plain.getByTestId('attribute-fields')).toHaveAttribute('data-category', 'real-estate');
  await expect(plain.locator('input[name=title]')).toHaveValue('Appartement F3 lumineux');
  await expect(plain.locator('select[name=commune] option[value="oran.arzew"]')).toHaveText('Arzew');
  await expect(plain.locator('select[name="attributes.rooms"] option[value=f3]')).toHaveText('F3');
  await noScript.close();
});
