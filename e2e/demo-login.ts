// Signs the demo seller in through the API. Log-ins are limited per address and account (10 in
// 15 min) and the whole suite runs from one address, so each call speaks from an address of its
// own (the server believes X-Forwarded-For from loopback), as the load drill's virtual users do.
import { expect, test, type APIRequestContext } from '@playwright/test';

export const DEMO = { email: 'demo@ecosouk.dz', password: 'Demo2025' };

let logins = 0;

export async function logInDemo(request: APIRequestContext): Promise<void> {
  const from = `198.18.${test.info().workerIndex % 250}.${(++logins % 250) + 1}`;
  const res = await request.post('/api/v1/users/login', { data: DEMO, headers: { 'x-forwarded-for': from } });
  expect(res.status()).toBe(200);
}
