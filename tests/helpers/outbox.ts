// Reads back the e-mails the mailer wrote to the outbox folder (no SMTP_URL),
// so tests can check what a user would have received and follow its links.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { extractLinks } from '../../server/services/mail/mailer.ts';

export interface SentMail {
  file: string;
  /** The recipients' addresses, comma-separated. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The http(s) URLs in the text part, in order. */
  links: string[];
  date: Date;
}

function addresses(to: AddressObject | AddressObject[] | undefined): string {
  const list = to === undefined ? [] : Array.isArray(to) ? to : [to];
  return list
    .flatMap((group) => group.value)
    .map((a) => a.address ?? '')
    .filter(Boolean)
    .join(', ');
}

/** Every message in `dir`, oldest first; an empty list when the folder does not exist yet. */
export async function readOutbox(dir: string): Promise<SentMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const [source, info] = await Promise.all([readFile(file), stat(file, { bigint: true })]);
      const parsed = await simpleParser(source);
      const text = parsed.text ?? '';
      const mail: SentMail = {
        file,
        to: addresses(parsed.to),
        subject: parsed.subject ?? '',
        text,
        html: parsed.html || '',
        links: extractLinks(text),
        date: parsed.date ?? new Date(Number(info.mtimeMs)),
      };
      // The name starts with the ISO time to the millisecond; the modification
      // time (nanoseconds) orders messages written within the same millisecond.
      return { mail, stamp: name.slice(0, 24), mtime: info.mtimeNs };
    }),
  );
  mails.sort(
    (a, b) =>
      a.stamp.localeCompare(b.stamp) ||
      (a.mtime < b.mtime ? -1 : a.mtime > b.mtime ? 1 : 0) ||
      a.mail.file.localeCompare(b.mail.file),
  );
  return mails.map((m) => m.mail);
}

/** Polls the outbox every 50 ms until a message matches; rejects after `timeoutMs`. */
export async function waitForMail(
  dir: string,
  predicate: (mail: SentMail) => boolean,
  timeoutMs = 5000,
): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dir)).find(predicate);
    if (found) return found;
    if (Date.now() >= deadline) throw new Error(`No matching e-mail in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
