// Secrets handed to users (session cookies, e-mail links) are 256-bit random values;
// only their SHA-256 is stored, so a leaked table gives nobody a working token.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
