// Account flows in the real browser, with e-mails read from the server's outbox.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForMail } from '../tests/helpers/outbox.ts';
import { hydrated } from './hydrated.ts';

const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function logIn(page: Page, lang: string, email: string, password: string) {
  await page.goto(`/${lang}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('main form button[type=submit]').click();
}

test('a password typed before the page is hydrated stays, and its hints take it into account', async ({ page }) => {
  // Hold the JavaScript until the field is filled (on a slow line a person can type before it arrives).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not until `load`: that waits for the module scripts held back here.
  await page.goto('/fr/register', { waitUntil: 'commit' });
  await page.locator('input[name=password]').fill('Saha2025x');
  release();
  await hydrated(page);
  await expect(page.locator('input[name=password]')).toHaveValue('Saha2025x');
  const hints = page.locator('[data-met]');
  await expect(hints).toHaveCount(3);
  for (const hint of await hints.all()) await expect(hint).toHaveAttribute('data-met', 'true');
});

test('a new user signs up in Arabic, verifies, edits the profile, uploads an avatar and logs out', async ({ page }) => {
  const email = `amel-${unique()}@example.dz`;
  const password = 'Saha2025x';
  await page.goto('/ar/register');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // The live hints follow what is typed.
  const hints = page.locator('[data-met]');
  await page.locator('input[name=password]').fill('abc');
  await expect(hints.nth(2)).toHaveAttribute('data-met', 'false');
  await page.locator('input[name=password]').fill(password);
  await expect(hints).toHaveCount(3);
  for (const hint of await hints.all()) await expect(hint).toHaveAttribute('data-met', 'true');

  await page.locator('input[name=name]').fill('أمال بن يحيى');
  await page.locator('input[name=email]').fill(email);
  // Without the terms the form refuses, keeping what was typed.
  await page.locator('main form button[type=submit]').click();
  await expect(page.getByText('يجب أن توافق على الشروط وسياسة الخصوصية')).toBeVisible();
  await expect(page.locator('input[name=email]')).toHaveValue(email);
  await page.locator('input[name=terms]').check();
  await page.locator('main form button[type=submit]').click();

  await expect(page).toHaveURL(/\/ar\/login\?registered=1$/);
  await expect(page.getByText('تم إنشاء حسابك')).toBeVisible();

  const mail = await waitForMail(outbox, (m) => m.to.includes(email));
  const link = mail.links.find((l) => l.includes('/ar/verify-email?token='));
  expect(link, 'verification link in the e-mail').toBeTruthy();
  await page.goto(link!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');

  await logIn(page, 'ar', email, password);
  await expect(page).toHaveURL(/\/ar\/dashboard$/);
  await expect(page.getByTestId('verification-banner')).toHaveCount(0);
  await expect(page.getByTestId('profile-card')).toContainText('أمال بن يحيى');

  // Edit the profile: a wrong phone keeps everything typed, then a good one saves.
  await page.getByRole('link', { name: 'تعديل' }).click();
  await page.locator('select[name=address]').selectOption('oran');
  await page.locator('input[name=phone]').fill('12345');
  await page.locator('textarea[name=bio]').fill('أبيع أغراضي المستعملة بحالة جيدة في وهران.');
  await page.getByTestId('profile-info').getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('أدخل رقم هاتف جزائريًا صالحًا')).toBeVisible();
  await expect(page.locator('textarea[name=bio]')).toHaveValue('أبيع أغراضي المستعملة بحالة جيدة في وهران.');
  await page.locator('input[name=phone]').fill('0661 22 33 44');
  await page.getByTestId('profile-info').getByRole('button', { name: 'حفظ' }).click();
  const info = page.getByTestId('profile-info');
  await expect(info).toContainText('وهران');
  await expect(info).toContainText('0661 22 33 44');

  // Avatar upload.
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2f855a' } }).png().toBuffer();
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('profile-card').locator('img')).toHaveAttribute('src', /\/uploads\/avatars\/.+\.webp$/);

  // Log out from the avatar menu.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('user-menu').click();
  await page.locator('#user-menu').getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' }).first()).toBeVisible();
  await page.goto('/ar/dashboard');
  await expect(page).toHaveURL(/\/ar\/login\?redirectTo=%2Far%2Fdashboard$/);
});

test('forgot password: reset by e-mail, the old password is refused and other sessions end', async ({ page, browser }) => {
  const email = `karim-${unique()}@example.dz`;
  const oldPassword = 'Vieux2025a';
  const newPassword = 'Neuf2025b';
  const signup = await page.request.post('/api/v1/users/signup', { data: { name: 'Karim', email, password: oldPassword, lang: 'fr' } });
  expect(signup.status()).toBe(201);

  // A second browser is signed in too.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, 'fr', email, oldPassword);
  await expect(otherPage).toHaveURL(/\/fr\/dashboard$/);

  await page.goto('/fr/forget-password');
  await page.locator('input[name=email]').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('un lien de réinitialisation a été envoyé')).toBeVisible();

  const mail = await waitForMail(outbox, (m) => m.to.includes(email) && m.links.some((l) => l.includes('/reset-password?token=')));
  const link = mail.links.find((l) => l.includes('/fr/reset-password?token='))!;
  await page.goto(link);
  await page.locator('input[name=password]').fill(newPassword);
  await page.locator('input[name=confirmPassword]').fill('Different2025');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await page.locator('input[name=password]').fill(newPassword);
  await page.locator('input[name=confirmPassword]').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page).toHaveURL(/\/fr\/login\?reset=1$/);

  await logIn(page, 'fr', email, oldPassword);
  await expect(page.getByRole('alert')).toContainText('E-mail ou mot de passe incorrect');
  await logIn(page, 'fr', email, newPassword);
  await expect(page).toHaveURL(/\/fr\/dashboard$/);

  // The session of the second browser was revoked by the reset.
  await otherPage.goto('/fr/dashboard');
  await expect(otherPage).toHaveURL(/\/fr\/login\?redirectTo=/);
  await other.close();

  // The link is single use.
  await page.goto(link);
  await page.locator('input[name=password]').fill('Encore2025c');
  await page.locator('input[name=confirmPassword]').fill('Encore2025c');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('alert')).toContainText('invalide ou a déjà été utilisé');
});

test('log-in goes back to the page that asked for it, and only to this site', async ({ page }) => {
  await page.goto('/fr/dashboard');
  await expect(page).toHaveURL(/redirectTo=%2Ffr%2Fdashboard/);
  await page.locator('input[name=email]').fill('demo@ecosouk.dz');
  await page.locator('input[name=password]').fill('Demo2025');
  await page.locator('main form button[type=submit]').click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/);

  const context = page.context();
  await context.clearCookies();
  await page.goto('/fr/login?redirectTo=//evil.example/phish');
  await page.locator('input[name=email]').fill('demo@ecosouk.dz');
  await page.locator('input[name=password]').fill('Demo2025');
  await page.locator('main form button[type=submit]').click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/);
});
