// The mailer in both modes (outbox folder, real SMTP server) and the templates.
// No database here: these tests run the same on every engine.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../common/languages.ts';
import { createMailer, extractLinks, type MailLog } from '../../server/services/mail/mailer.ts';
import {
  contactMessageEmail,
  escapeHtml,
  passwordResetEmail,
  verificationEmail,
} from '../../server/services/mail/templates.ts';
import { readOutbox, waitForMail } from '../helpers/outbox.ts';

const MAIL_FROM = 'EcoSouk <no-reply@ecosouk.dz>';

function recordingLog() {
  const calls: { level: 'info' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
  const log: MailLog = {
    info: (obj, msg) => calls.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => calls.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
  return { log, calls };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-mail-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('outbox mode (no SMTP_URL)', () => {
  let count = 0;
  const freshOutbox = () => path.join(dir, `outbox-${++count}`);

  it('writes an Arabic verification e-mail as an .eml file and logs its link without the token', async () => {
    const outbox = freshOutbox();
    const { log, calls } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir: outbox }, log);
    const link = 'http://localhost:3000/ar/verify-email?token=abc123';
    const content = verificationEmail('ar', { name: 'أمينة', link });
    await mailer.send({ to: 'amina@example.dz', ...content });

    const mails = await readOutbox(outbox);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe('amina@example.dz');
    expect(mail!.subject).toBe(content.subject);
    expect(mail!.subject).toContain('إيكو سوق');
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.html).toContain('lang="ar"');
    expect(mail!.html).toContain(link);
    expect(mail!.text).toContain(link);
    expect(mail!.text.split('\n')).toContain(link);
    expect(mail!.text).toContain('أمينة');
    expect(mail!.links).toEqual([link]);
    expect(path.basename(mail!.file)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]+\.eml$/);

    expect(calls).toHaveLength(1);
    expect(calls[0]!.level).toBe('info');
    expect(calls[0]!.msg).toBe('e-mail written to the outbox');
    expect(calls[0]!.obj).toMatchObject({
      to: 'amina@example.dz',
      subject: content.subject,
      links: ['http://localhost:3000/ar/verify-email?token=[redacted]'],
      file: mail!.file,
    });
    expect(JSON.stringify(calls)).not.toContain('abc123');

    // Nothing but the finished message is left in the folder.
    expect(await readdir(outbox)).toEqual([path.basename(mail!.file)]);
  });

  it('keeps messages in order and finds them with waitForMail', async () => {
    const outbox = freshOutbox();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir: outbox }, recordingLog().log);
    for (const to of ['one@example.dz', 'two@example.dz', 'three@example.dz']) {
      await mailer.send({ to, ...passwordResetEmail('en', { name: 'X', link: `http://localhost:3000/en/reset-password?token=${to}` }) });
    }
    expect((await readOutbox(outbox)).map((m) => m.to)).toEqual(['one@example.dz', 'two@example.dz', 'three@example.dz']);

    const later = waitForMail(outbox, (m) => m.to === 'late@example.dz');
    setTimeout(() => {
      void mailer.send({ to: 'late@example.dz', subject: 'Late', text: 'See https://example.dz/x.', html: '<p>x</p>' });
    }, 120);
    const found = await later;
    expect(found.links).toEqual(['https://example.dz/x']);
    await expect(waitForMail(outbox, (m) => m.to === 'nobody@example.dz', 200)).rejects.toThrow(/No matching e-mail/);
  });

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(path.join(dir, 'missing'))).toEqual([]);
  });

  it('sets the sender and the Reply-To', async () => {
    const outbox = freshOutbox();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir: outbox }, recordingLog().log);
    await mailer.send({
      to: 'contact@ecosouk.dz',
      replyTo: 'karim@example.dz',
      ...contactMessageEmail({ name: 'Karim', email: 'karim@example.dz', message: 'Salam' }),
    });
    const [mail] = await readOutbox(outbox);
    const parsed = await simpleParser(await readFile(mail!.file));
    expect(parsed.from?.value[0]?.address).toBe('no-reply@ecosouk.dz');
    expect(parsed.replyTo?.value[0]?.address).toBe('karim@example.dz');
  });

  it('rejects, without throwing synchronously, when the outbox cannot be written', async () => {
    // A file where the folder should be.
    const outbox = freshOutbox();
    await writeFile(outbox, 'not a folder');
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir: outbox }, recordingLog().log);
    let promise: Promise<void> | undefined;
    expect(() => {
      promise = mailer.send({ to: 'a@example.dz', subject: 's', text: 't', html: 'h' });
    }).not.toThrow();
    await expect(promise).rejects.toThrow();
  });
});

describe('HTML escaping', () => {
  const hostile = '<script>alert(1)</script>';

  it('never puts a user-given name unescaped in the HTML', async () => {
    for (const lang of LANGS) {
      for (const make of [verificationEmail, passwordResetEmail]) {
        const mail = make(lang, { name: hostile, link: 'http://localhost:3000/x?token=1' });
        expect(mail.html).not.toContain(hostile);
        expect(mail.html).not.toContain('<script');
        expect(mail.html).toContain(escapeHtml(hostile));
        expect(mail.text).toContain(hostile); // plain text is shown as text: nothing to escape
      }
    }
    const contact = contactMessageEmail({ name: hostile, email: 'a"b@example.dz', message: `${hostile}\n<img src=x onerror=alert(2)>` });
    expect(contact.html).not.toContain('<script');
    expect(contact.html).not.toContain('<img');
    expect(contact.html).not.toContain('a"b@');
  });

  it('survives the round trip through the outbox', async () => {
    const outbox = path.join(dir, 'escaping');
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir: outbox }, recordingLog().log);
    await mailer.send({ to: 'x@example.dz', ...verificationEmail('fr', { name: hostile, link: 'http://localhost:3000/fr/v?token=1' }) });
    const [mail] = await readOutbox(outbox);
    expect(mail!.html).not.toContain(hostile);
    expect(mail!.html).toContain('&lt;script&gt;');
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('SMTP mode', () => {
  let server: SMTPServer;
  let port: number;
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a French password-reset e-mail to a real SMTP server', async () => {
    const { log, calls } = recordingLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: MAIL_FROM, outboxDir: path.join(dir, 'unused') }, log);
    const link = 'http://localhost:3000/fr/reset-password?token=s3cr3t';
    await mailer.send({ to: 'sofiane@example.dz', ...passwordResetEmail('fr', { name: 'Sofiane', link }) });

    expect(received).toHaveLength(1);
    const { envelopeTo, mail } = received[0]!;
    expect(envelopeTo).toEqual(['sofiane@example.dz']);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe('sofiane@example.dz');
    expect(mail.from?.value[0]?.address).toBe('no-reply@ecosouk.dz');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe — EcoSouk');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Bonjour Sofiane');
    expect(mail.html || '').toContain(escapeHtml(link));
    expect(mail.html || '').toContain('lang="fr"');
    expect(mail.html || '').toContain('dir="ltr"');
    expect(extractLinks(mail.text ?? '')).toEqual([link]);

    // Sent, not written; and the secret link is not logged.
    await expect(readdir(path.join(dir, 'unused'))).rejects.toThrow();
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0])).not.toContain('s3cr3t');
  });

  it('rejects quickly when nothing listens on the port', async () => {
    const closedPort = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${closedPort}`, mailFrom: MAIL_FROM, outboxDir: path.join(dir, 'unused-2') },
      recordingLog().log,
    );
    const started = Date.now();
    let promise: Promise<void> | undefined;
    expect(() => {
      promise = mailer.send({ to: 'a@example.dz', ...passwordResetEmail('fr', { name: 'A', link: 'http://localhost:3000/x' }) });
    }).not.toThrow();
    await expect(promise).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('templates', () => {
  const link = 'https://ecosouk.dz/ar/verify-email?token=a1b2&next=%2Far';

  for (const lang of LANGS) {
    for (const [name, make] of [
      ['verification', verificationEmail],
      ['password reset', passwordResetEmail],
    ] as const) {
      it(`${name} in ${lang} has a subject, a text and an HTML part with the link`, () => {
        const mail = make(lang, { name: 'Yacine', link });
        expect(mail.subject.trim()).not.toBe('');
        expect(mail.text.trim()).not.toBe('');
        expect(mail.html.trim()).not.toBe('');
        expect(mail.subject).not.toMatch(/[\r\n]/);
        // The link on its own line in the text, escaped in the HTML (button and fallback).
        expect(mail.text.split('\n')).toContain(link);
        expect(mail.html.split(`href="${escapeHtml(link)}"`).length - 1).toBe(2);
        expect(mail.html).toContain(`>${escapeHtml(link)}</a>`);
        expect(mail.html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(mail.html).toContain('#15803d');
        expect(mail.html).toContain(lang === 'ar' ? 'إيكو سوق' : 'EcoSouk');
        expect(mail.text).toContain('Yacine');
        expect(mail.text).toContain(name === 'verification' ? '24' : '1');
      });
    }
  }

  it('has a different text in each language', () => {
    for (const make of [verificationEmail, passwordResetEmail]) {
      const subjects = new Set(LANGS.map((lang) => make(lang, { name: 'A', link }).subject));
      expect(subjects.size).toBe(LANGS.length);
    }
  });

  it('contact message shows the sender and the message, in French and English', () => {
    const mail = contactMessageEmail({
      name: 'Nadia\r\nBcc: evil@example.com',
      email: 'nadia@example.dz',
      message: 'Bonjour,\nje voudrais signaler une annonce.\nمرحبا',
    });
    expect(mail.subject).toContain('Nouveau message');
    expect(mail.subject).toContain('New contact message');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('nadia@example.dz');
    expect(mail.text).toContain('je voudrais signaler une annonce.');
    expect(mail.text).toContain('مرحبا');
    expect(mail.html).toContain('mailto:nadia@example.dz');
    expect(mail.html).toContain('Bonjour,<br>je voudrais signaler une annonce.<br>مرحبا');
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail.html).toContain('From');
    expect(mail.html).toContain('De');
  });
});
