// Sends e-mail through SMTP when SMTP_URL is set; otherwise writes each message,
// complete and ready to open in a mail client, to the outbox folder and logs where it is
// and its links (tokens redacted: logs are shipped and kept where secrets must not be).
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import { redactUrl } from '../redact.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe of the alert e-mails). */
  headers?: Record<string, string>;
}

/**
 * Who a message is, when it is sent by a job: the same id on every re-run of the job, so that
 * the outbox overwrites rather than duplicates and SMTP sends the same Message-ID.
 */
export interface Delivery {
  /** Unique and stable: the job id. */
  id: string;
  /** When the message was asked for (the job's creation); orders the outbox. */
  queuedAt: Date;
}

export interface Mailer {
  /** Resolves once the message is handed over (SMTP) or written (outbox); rejects on failure. */
  send(message: MailMessage, delivery?: Delivery): Promise<void>;
}

/** The part of a pino logger the mailer uses. */
export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A dead or silent SMTP server fails the send after this long instead of hanging a request. */
const SMTP_TIMEOUT_MS = 10_000;

/** The http(s) URLs in a plain-text body, in order, without trailing punctuation. */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return found.map((url) => url.replace(/[.,;:!?)\]]+$/, ''));
}

/**
 * `2026-01-31T12-34-56.789Z-1a2b3c4d….eml`: sorts by time, safe on every file system, and the
 * same for every attempt at one delivery.
 */
function outboxFileName(delivery: Delivery): string {
  return `${delivery.queuedAt.toISOString().replace(/:/g, '-')}-${delivery.id.replace(/[^0-9a-zA-Z]/g, '').toLowerCase()}.eml`;
}

function freshDelivery(): Delivery {
  return { id: randomBytes(8).toString('hex'), queuedAt: new Date() };
}

/** `<id@domain>` with the sender's domain, as mail servers expect. */
function messageIdOf(delivery: Delivery, mailFrom: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'ecosouk.invalid';
  return `<${delivery.id}@${domain}>`;
}

// nodemailer is loaded on the first message, not at start: a web server that sends none (most
// requests, every benchmark) does not carry its modules (decision 0049).
type TransportOptions = Parameters<typeof import('nodemailer').createTransport>[0];
function lazyTransport(options: TransportOptions): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>, log: MailLog): Mailer {
  const fields = (message: MailMessage, delivery: Delivery) => ({
    messageId: messageIdOf(delivery, config.mailFrom),
    from: config.mailFrom,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  });

  if (config.smtpUrl) {
    // Options in the URL (?connectionTimeout=… etc.) win over these defaults.
    const transport = lazyTransport({
      url: config.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      dnsTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async send(message, delivery = freshDelivery()) {
        const info = await (await transport()).sendMail(fields(message, delivery));
        // No links here: in production they carry secret tokens.
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent');
      },
    };
  }

  const composer = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, delivery = freshDelivery()) {
      const info = await (await composer()).sendMail(fields(message, delivery));
      await mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, outboxFileName(delivery));
      // Written under another name first, so a reader never sees half a message; the rename
      // replaces what an earlier attempt of the same delivery wrote: one message, not two.
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, info.message as Buffer);
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true }).catch(() => {});
        throw error;
      }
      // The links without their tokens (the file itself has them, for whoever reads the outbox).
      log.info(
        { to: message.to, subject: message.subject, links: extractLinks(message.text).map(redactUrl), file },
        'e-mail written to the outbox',
      );
    },
  };
}
