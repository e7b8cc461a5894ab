// argon2id through @node-rs/argon2: ~16 ms a hash on these cores (docs/stack.md), with
// the library's defaults (memory 19 MiB, 2 passes), which follow OWASP's minimum.
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
