// The e-mails EcoSouk sends, each as a subject, a plain-text part and an HTML part.
// Pure functions: the caller builds the links and sends the result.
// Every value that comes from a user (names, messages, addresses) is escaped in the HTML.
import { dirOf, type Lang, type Localized } from '../../../common/languages.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const BRAND_GREEN = '#15803d';

const APP_NAME: Localized = { ar: 'إيكو سوق', fr: 'EcoSouk', en: 'EcoSouk' };

// French typography wants a no-break space before : ; ! ?
const NBSP = '\u00a0';

const COMMON = {
  colon: { ar: ':', fr: `${NBSP}:`, en: ':' },
  hello: { ar: 'مرحبًا {name}،', fr: 'Bonjour {name},', en: 'Hello {name},' },
  fallback: {
    ar: 'إذا لم يعمل الزر، انسخ هذا الرابط والصقه في متصفحك:',
    fr: `Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur${NBSP}:`,
    en: "If the button doesn't work, copy this link into your browser:",
  },
  footer: {
    ar: 'إيكو سوق — سوق المنتجات الصديقة للبيئة والمستعملة في الجزائر.',
    fr: `EcoSouk — le marché des produits écologiques et d'occasion en Algérie.`,
    en: 'EcoSouk — the marketplace for eco-friendly and second-hand products in Algeria.',
  },
} satisfies Record<string, Localized>;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Fills `{key}` placeholders; unknown keys stay as they are. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A name or subject fragment on one line, so a user cannot bend a header or a layout. */
function oneLine(value: string, max = 80): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const FONT: Record<'rtl' | 'ltr', string> = {
  rtl: "Tahoma, 'Segoe UI', Arial, sans-serif",
  ltr: "'Segoe UI', Helvetica, Arial, sans-serif",
};

interface Layout {
  lang: Lang;
  title: string;
  /** Paragraphs of HTML, already escaped. */
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Paragraphs after the button, already escaped. */
  after?: string[];
}

const paragraph = (html: string) => `<p style="margin:0 0 16px;">${html}</p>`;

/** One column, inline styles only: what mail clients render most reliably. */
function layout({ lang, title, paragraphs, button, after = [] }: Layout): string {
  const dir = dirOf(lang);
  const align = dir === 'rtl' ? 'right' : 'left';
  const buttonHtml = button
    ? `<p style="margin:24px 0;text-align:center;">` +
      `<a href="${escapeHtml(button.url)}" style="display:inline-block;background:${BRAND_GREEN};color:#ffffff;` +
      `text-decoration:none;font-weight:bold;font-size:16px;padding:12px 28px;border-radius:6px;">${escapeHtml(button.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563;">${escapeHtml(COMMON.fallback[lang])}<br>` +
      `<a href="${escapeHtml(button.url)}" dir="ltr" style="color:${BRAND_GREEN};word-break:break-all;">${escapeHtml(button.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:${FONT[dir]};font-size:16px;line-height:1.6;color:#1f2937;text-align:${align};">
<div style="font-size:24px;font-weight:bold;color:${BRAND_GREEN};padding:0 4px 16px;">${escapeHtml(APP_NAME[lang])}</div>
<div style="background:#ffffff;border-top:4px solid ${BRAND_GREEN};border-radius:8px;padding:24px;">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.4;color:#111827;">${escapeHtml(title)}</h1>
${[...paragraphs.map(paragraph), buttonHtml, ...after.map(paragraph)].filter(Boolean).join('\n')}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#6b7280;text-align:center;">${escapeHtml(COMMON.footer[lang])}</p>
</div>
</body>
</html>
`;
}

interface LinkMail {
  subject: Localized;
  title: Localized;
  intro: Localized;
  button: Localized;
  validity: Localized;
  ignore: Localized;
}

function linkEmail(t: LinkMail, lang: Lang, v: { name: string; link: string }): MailContent {
  const name = oneLine(v.name);
  const hello = fill(COMMON.hello[lang], { name });
  const text = [
    hello,
    '',
    t.intro[lang],
    '',
    `${t.button[lang]}${COMMON.colon[lang]}`,
    v.link,
    '',
    t.validity[lang],
    t.ignore[lang],
    '',
    '—',
    COMMON.footer[lang],
    '',
  ].join('\n');
  const html = layout({
    lang,
    title: t.title[lang],
    paragraphs: [fill(escapeHtml(COMMON.hello[lang]), { name: `<bdi>${escapeHtml(name)}</bdi>` }), escapeHtml(t.intro[lang])],
    button: { label: t.button[lang], url: v.link },
    after: [escapeHtml(t.validity[lang]), escapeHtml(t.ignore[lang])],
  });
  return { subject: t.subject[lang], text, html };
}

const VERIFICATION: LinkMail = {
  subject: {
    ar: 'أكّد بريدك الإلكتروني — إيكو سوق',
    fr: 'Confirmez votre adresse e-mail — EcoSouk',
    en: 'Confirm your email address — EcoSouk',
  },
  title: {
    ar: 'أهلًا بك في إيكو سوق!',
    fr: `Bienvenue sur EcoSouk${NBSP}!`,
    en: 'Welcome to EcoSouk!',
  },
  intro: {
    ar: 'شكرًا على تسجيلك. لتفعيل حسابك، أكّد عنوان بريدك الإلكتروني بالضغط على الزر أدناه.',
    fr: 'Merci pour votre inscription. Pour activer votre compte, confirmez votre adresse e-mail avec le bouton ci-dessous.',
    en: 'Thanks for signing up. To activate your account, please confirm your email address with the button below.',
  },
  button: {
    ar: 'تأكيد بريدي الإلكتروني',
    fr: 'Confirmer mon adresse e-mail',
    en: 'Confirm my email address',
  },
  validity: {
    ar: 'هذا الرابط صالح لمدة 24 ساعة.',
    fr: 'Ce lien est valable 24 heures.',
    en: 'This link is valid for 24 hours.',
  },
  ignore: {
    ar: 'إذا لم تُنشئ حسابًا على إيكو سوق، يمكنك تجاهل هذه الرسالة.',
    fr: `Si vous n'avez pas créé de compte sur EcoSouk, ignorez simplement ce message.`,
    en: "If you didn't create an EcoSouk account, you can ignore this email.",
  },
};

const PASSWORD_RESET: LinkMail = {
  subject: {
    ar: 'إعادة تعيين كلمة المرور — إيكو سوق',
    fr: 'Réinitialisez votre mot de passe — EcoSouk',
    en: 'Reset your password — EcoSouk',
  },
  title: {
    ar: 'إعادة تعيين كلمة المرور',
    fr: 'Réinitialisation du mot de passe',
    en: 'Reset your password',
  },
  intro: {
    ar: 'تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك على إيكو سوق. اضغط على الزر أدناه لاختيار كلمة مرور جديدة.',
    fr: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte EcoSouk. Cliquez sur le bouton ci-dessous pour en choisir un nouveau.',
    en: 'We received a request to reset the password of your EcoSouk account. Use the button below to choose a new one.',
  },
  button: {
    ar: 'اختيار كلمة مرور جديدة',
    fr: 'Choisir un nouveau mot de passe',
    en: 'Choose a new password',
  },
  validity: {
    ar: 'هذا الرابط صالح لمدة ساعة واحدة.',
    fr: 'Ce lien est valable 1 heure.',
    en: 'This link is valid for 1 hour.',
  },
  ignore: {
    ar: 'إذا لم تطلب ذلك، تجاهل هذه الرسالة: كلمة مرورك الحالية لن تتغيّر.',
    fr: `Si vous n'êtes pas à l'origine de cette demande, ignorez ce message${NBSP}: votre mot de passe actuel ne changera pas.`,
    en: "If you didn't ask for this, ignore this email: your current password stays the same.",
  },
};

/** Welcome + confirm your address; the link is valid 24 hours. */
export function verificationEmail(lang: Lang, v: { name: string; link: string }): MailContent {
  return linkEmail(VERIFICATION, lang, v);
}

/** A link to choose a new password, valid 1 hour. */
export function passwordResetEmail(lang: Lang, v: { name: string; link: string }): MailContent {
  return linkEmail(PASSWORD_RESET, lang, v);
}

/**
 * A message from the contact form, for the site team, in French and English.
 * Send it with `replyTo: v.email` so that answering reaches the sender.
 */
export function contactMessageEmail(v: { name: string; email: string; message: string }): MailContent {
  const name = oneLine(v.name);
  const email = oneLine(v.email, 254);
  const message = v.message.replace(/\r\n?/g, '\n').trim();
  const subject = `[EcoSouk] Nouveau message de contact / New contact message — ${name}`;
  const text = [
    `Nouveau message reçu via le formulaire de contact d'EcoSouk.`,
    'New message received through the EcoSouk contact form.',
    '',
    `De / From: ${name} <${email}>`,
    '',
    'Message:',
    message,
    '',
    '—',
    `Répondez à cet e-mail pour écrire directement à l'expéditeur.`,
    'Reply to this email to answer the sender directly.',
    '',
  ].join('\n');
  const label = (fr: string, en: string) =>
    `<span style="color:#6b7280;font-size:13px;">${escapeHtml(fr === en ? fr : `${fr} / ${en}`)}</span>`;
  const html = layout({
    lang: 'fr',
    title: 'Nouveau message de contact / New contact message',
    paragraphs: [
      `${escapeHtml(`Nouveau message reçu via le formulaire de contact d'EcoSouk.`)}<br>` +
        `<span lang="en">${escapeHtml('New message received through the EcoSouk contact form.')}</span>`,
      `${label('De', 'From')}<br><strong><bdi>${escapeHtml(name)}</bdi></strong> ` +
        `&lt;<a href="mailto:${escapeHtml(email)}" style="color:${BRAND_GREEN};">${escapeHtml(email)}</a>&gt;`,
      `${label('Message', 'Message')}<br>` +
        `<span dir="auto" style="display:block;white-space:pre-wrap;background:#f9fafb;border:1px solid #e5e7eb;border-radius:6px;padding:12px;">` +
        `${escapeHtml(message).replace(/\n/g, '<br>')}</span>`,
    ],
    after: [
      `<span style="font-size:13px;color:#4b5563;">${escapeHtml(`Répondez à cet e-mail pour écrire directement à l'expéditeur.`)}<br>` +
        `<span lang="en">${escapeHtml('Reply to this email to answer the sender directly.')}</span></span>`,
    ],
  });
  return { subject, text, html };
}

const EXPIRY_REMINDER = {
  subject: {
    ar: 'إعلانك «{title}» ينتهي قريبًا — إيكو سوق',
    fr: `Votre annonce «${NBSP}{title}${NBSP}» expire bientôt — EcoSouk`,
    en: 'Your listing "{title}" expires soon — EcoSouk',
  },
  title: { ar: 'إعلانك ينتهي قريبًا', fr: 'Votre annonce expire bientôt', en: 'Your listing expires soon' },
  intro: {
    ar: 'سيختفي إعلانك «{title}» من البحث ومن متجرك في {date}. إذا كان الغرض ما زال متوفرًا، جدّد الإعلان بنقرة واحدة.',
    fr: `Votre annonce «${NBSP}{title}${NBSP}» quittera la recherche et votre boutique le {date}. Si l'objet est toujours disponible, renouvelez-la en un clic.`,
    en: 'Your listing "{title}" leaves the search and your shop on {date}. If the item is still available, renew it in one click.',
  },
  button: { ar: 'تجديد الإعلان', fr: "Renouveler l'annonce", en: 'Renew the listing' },
  after: {
    ar: 'الرابط يعمل دون تسجيل الدخول لمدة 30 يومًا. إذا بعت الغرض، علّمه كمُباع من لوحة التحكم.',
    fr: 'Le lien fonctionne sans connexion pendant 30 jours. Si vous avez vendu l’objet, marquez-le comme vendu depuis votre tableau de bord.',
    en: 'The link works without logging in for 30 days. If you sold the item, mark it as sold from your dashboard.',
  },
} satisfies Record<string, Localized>;

/** The reminder a few days before a listing expires, with its one-click renew link. */
export function expiryReminderEmail(lang: Lang, v: { name: string; title: string; date: string; link: string }): MailContent {
  const name = oneLine(v.name);
  const title = oneLine(v.title, 60);
  const hello = fill(COMMON.hello[lang], { name });
  const intro = fill(EXPIRY_REMINDER.intro[lang], { title, date: v.date });
  const text = [hello, '', intro, '', `${EXPIRY_REMINDER.button[lang]}${COMMON.colon[lang]}`, v.link, '', EXPIRY_REMINDER.after[lang], '', '—', COMMON.footer[lang], ''].join('\n');
  const html = layout({
    lang,
    title: EXPIRY_REMINDER.title[lang],
    paragraphs: [
      fill(escapeHtml(COMMON.hello[lang]), { name: `<bdi>${escapeHtml(name)}</bdi>` }),
      fill(escapeHtml(EXPIRY_REMINDER.intro[lang]), { title: `<bdi>${escapeHtml(title)}</bdi>`, date: escapeHtml(v.date) }),
    ],
    button: { label: EXPIRY_REMINDER.button[lang], url: v.link },
    after: [escapeHtml(EXPIRY_REMINDER.after[lang])],
  });
  return { subject: fill(EXPIRY_REMINDER.subject[lang], { title }), text, html };
}

export interface AlertListing {
  title: string;
  /** Already formatted in the e-mail's language. */
  price: string;
  place: string;
  category: string;
  /** Absolute URL of a small photo, or null. */
  photo: string | null;
  link: string;
}

const ALERT = {
  subject: {
    ar: 'إعلانات جديدة لبحثك «{search}» — إيكو سوق',
    fr: `Nouvelles annonces pour «${NBSP}{search}${NBSP}» — EcoSouk`,
    en: 'New listings for “{search}” — EcoSouk',
  },
  title: { ar: 'إعلانات جديدة تطابق بحثك', fr: 'Nouvelles annonces pour votre recherche', en: 'New listings for your search' },
  intro: {
    ar: 'نُشرت إعلانات جديدة تطابق بحثك المحفوظ «{search}»:',
    fr: `De nouvelles annonces correspondent à votre recherche enregistrée «${NBSP}{search}${NBSP}»${NBSP}:`,
    en: 'New listings match your saved search “{search}”:',
  },
  more: {
    ar: 'و{count} إعلانات أخرى — اطّلع عليها كلها',
    fr: 'et {count} autres annonces — tout voir',
    en: 'and {count} more listings — see them all',
  },
  all: { ar: 'عرض كل النتائج', fr: 'Voir tous les résultats', en: 'See all results' },
  why: {
    ar: 'تصلك هذه الرسالة لأنك فعّلت تنبيهًا لهذا البحث على إيكو سوق.',
    fr: 'Vous recevez ce message parce que vous avez activé une alerte pour cette recherche sur EcoSouk.',
    en: 'You receive this email because you turned on an alert for this search on EcoSouk.',
  },
  unsubscribe: { ar: 'إيقاف هذا التنبيه بنقرة واحدة', fr: 'Désactiver cette alerte en un clic', en: 'Turn this alert off in one click' },
  anything: { ar: 'كل الإعلانات', fr: 'Toutes les annonces', en: 'All listings' },
} satisfies Record<string, Localized>;

/** A short name of a saved search from its filters, for one without a name of its own. */
export function savedSearchLabel(query: { title?: string | number; category?: string | number; address?: string | number }, lang: Lang, names: { category: (k: string) => string; wilaya: (k: string) => string }): string {
  const parts: string[] = [];
  if (query.title !== undefined) parts.push(String(query.title));
  if (query.category !== undefined) parts.push(names.category(String(query.category)));
  if (query.address !== undefined) parts.push(names.wilaya(String(query.address)));
  return parts.length > 0 ? parts.join(' · ') : ALERT.anything[lang];
}

/** Up to ten new listings of a saved search, a link to the rest and the one-click unsubscribe. */
export function alertEmail(
  lang: Lang,
  v: { name: string; search: string; listings: AlertListing[]; more: number; allLink: string; unsubscribeLink: string },
): MailContent {
  const search = oneLine(v.search);
  const hello = fill(COMMON.hello[lang], { name: oneLine(v.name) });
  const text = [
    hello,
    '',
    fill(ALERT.intro[lang], { search }),
    '',
    ...v.listings.flatMap((l) => [`• ${oneLine(l.title, 120)} — ${l.price} — ${l.place}`, `  ${l.link}`]),
    '',
    v.more > 0 ? fill(ALERT.more[lang], { count: String(v.more) }) : ALERT.all[lang],
    v.allLink,
    '',
    '—',
    ALERT.why[lang],
    `${ALERT.unsubscribe[lang]}${COMMON.colon[lang]} ${v.unsubscribeLink}`,
    COMMON.footer[lang],
    '',
  ].join('\n');
  const rows = v.listings
    .map((l) => {
      const photo = l.photo
        ? `<img src="${escapeHtml(l.photo)}" width="96" height="64" alt="" style="display:block;width:96px;height:64px;object-fit:cover;border-radius:6px;background:#e5e7eb;">`
        : `<div style="width:96px;height:64px;border-radius:6px;background:#e5e7eb;"></div>`;
      return (
        `<tr><td style="padding:8px 0;width:104px;vertical-align:top;"><a href="${escapeHtml(l.link)}">${photo}</a></td>` +
        `<td style="padding:8px;vertical-align:top;"><a href="${escapeHtml(l.link)}" dir="auto" style="color:#111827;font-weight:bold;text-decoration:none;">${escapeHtml(oneLine(l.title, 120))}</a><br>` +
        `<span dir="ltr" style="color:${BRAND_GREEN};font-weight:bold;"><bdi>${escapeHtml(l.price)}</bdi></span><br>` +
        `<span style="color:#4b5563;font-size:14px;">${escapeHtml(l.place)} · ${escapeHtml(l.category)}</span></td></tr>`
      );
    })
    .join('');
  const html = layout({
    lang,
    title: ALERT.title[lang],
    paragraphs: [
      fill(escapeHtml(COMMON.hello[lang]), { name: `<bdi>${escapeHtml(oneLine(v.name))}</bdi>` }),
      fill(escapeHtml(ALERT.intro[lang]), { search: `<bdi>${escapeHtml(search)}</bdi>` }),
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">${rows}</table>`,
    ],
    button: { label: v.more > 0 ? fill(ALERT.more[lang], { count: String(v.more) }) : ALERT.all[lang], url: v.allLink },
    after: [
      `<span style="font-size:13px;color:#4b5563;">${escapeHtml(ALERT.why[lang])}<br>` +
        `<a href="${escapeHtml(v.unsubscribeLink)}" style="color:${BRAND_GREEN};">${escapeHtml(ALERT.unsubscribe[lang])}</a></span>`,
    ],
  });
  return { subject: fill(ALERT.subject[lang], { search }), text, html };
}

/** What a moderator did that the member concerned is told about. */
export type ModerationNotice = 'listing-hidden' | 'listing-removed' | 'user-warned' | 'user-suspended' | 'user-banned';

const MODERATION: Record<ModerationNotice, { subject: Localized; intro: Localized; next: Localized }> = {
  'listing-hidden': {
    subject: { ar: 'تم إخفاء إعلانك — إيكو سوق', fr: 'Votre annonce a été masquée — EcoSouk', en: 'Your listing has been hidden — EcoSouk' },
    intro: {
      ar: 'أخفى أحد المشرفين إعلانك «{title}»: لم يعد يظهر لأحد غيرك.',
      fr: `Un modérateur a masqué votre annonce «${NBSP}{title}${NBSP}»${NBSP}: personne d'autre que vous ne la voit plus.`,
      en: 'A moderator has hidden your listing "{title}": nobody but you can see it now.',
    },
    next: {
      ar: 'يمكنك تعديله من لوحة التحكم ثم طلب مراجعته من جديد.',
      fr: 'Vous pouvez la modifier depuis votre tableau de bord, puis demander une nouvelle vérification.',
      en: 'You can edit it from your dashboard, then ask for it to be reviewed again.',
    },
  },
  'listing-removed': {
    subject: { ar: 'تم حذف إعلانك — إيكو سوق', fr: 'Votre annonce a été retirée — EcoSouk', en: 'Your listing has been removed — EcoSouk' },
    intro: {
      ar: 'سحب أحد المشرفين إعلانك «{title}» من الموقع.',
      fr: `Un modérateur a retiré votre annonce «${NBSP}{title}${NBSP}» du site.`,
      en: 'A moderator has removed your listing "{title}" from the site.',
    },
    next: {
      ar: 'إذا كنت ترى أن هذا خطأ، راسلنا عبر صفحة الاتصال.',
      fr: 'Si vous pensez que c’est une erreur, écrivez-nous depuis la page de contact.',
      en: 'If you think this is a mistake, write to us from the contact page.',
    },
  },
  'user-warned': {
    subject: { ar: 'تحذير بخصوص حسابك — إيكو سوق', fr: 'Avertissement concernant votre compte — EcoSouk', en: 'A warning about your account — EcoSouk' },
    intro: {
      ar: 'وجّه إليك أحد المشرفين تحذيرًا. حسابك يبقى نشطًا، لكن تكرار ذلك قد يؤدي إلى تعليقه.',
      fr: 'Un modérateur vous adresse un avertissement. Votre compte reste actif, mais une récidive peut mener à sa suspension.',
      en: 'A moderator has sent you a warning. Your account stays active, but doing it again may get it suspended.',
    },
    next: {
      ar: 'يُرجى احترام شروط الاستخدام.',
      fr: 'Merci de respecter les conditions d’utilisation.',
      en: 'Please follow the terms of service.',
    },
  },
  'user-suspended': {
    subject: { ar: 'تم تعليق حسابك — إيكو سوق', fr: 'Votre compte est suspendu — EcoSouk', en: 'Your account is suspended — EcoSouk' },
    intro: {
      ar: 'علّق أحد المشرفين حسابك {until}: يمكنك تسجيل الدخول والتصفح، لكن لا يمكنك النشر أو التعديل أو المراسلة أو الإبلاغ.',
      fr: `Un modérateur a suspendu votre compte {until}${NBSP}: vous pouvez vous connecter et consulter le site, mais pas publier, modifier, écrire ni signaler.`,
      en: 'A moderator has suspended your account {until}: you can log in and read, but not publish, edit, message or report.',
    },
    next: {
      ar: 'إذا كنت ترى أن هذا خطأ، راسلنا عبر صفحة الاتصال.',
      fr: 'Si vous pensez que c’est une erreur, écrivez-nous depuis la page de contact.',
      en: 'If you think this is a mistake, write to us from the contact page.',
    },
  },
  'user-banned': {
    subject: { ar: 'تم حظر حسابك — إيكو سوق', fr: 'Votre compte est banni — EcoSouk', en: 'Your account has been banned — EcoSouk' },
    intro: {
      ar: 'حظر أحد المشرفين حسابك: لم يعد بإمكانك تسجيل الدخول، ولم تعد إعلاناتك ظاهرة.',
      fr: 'Un modérateur a banni votre compte : vous ne pouvez plus vous connecter et vos annonces ne sont plus visibles.',
      en: 'A moderator has banned your account: you can no longer log in and your listings are no longer shown.',
    },
    next: {
      ar: 'إذا كنت ترى أن هذا خطأ، راسلنا عبر صفحة الاتصال.',
      fr: 'Si vous pensez que c’est une erreur, écrivez-nous depuis la page de contact.',
      en: 'If you think this is a mistake, write to us from the contact page.',
    },
  },
};

const REASON_LABEL: Localized = { ar: 'السبب', fr: 'Motif', en: 'Reason' };
const UNTIL: Localized = { ar: 'حتى {date}', fr: 'jusqu’au {date}', en: 'until {date}' };
const UNTIL_LIFTED: Localized = { ar: 'إلى أن يُرفع التعليق', fr: 'jusqu’à nouvel ordre', en: 'until it is lifted' };
const MODERATION_BUTTON: Localized = { ar: 'فتح لوحة التحكم', fr: 'Ouvrir mon tableau de bord', en: 'Open my dashboard' };

/** A moderator's action, told to the member concerned in their language, with the reason. */
export function moderationEmail(
  lang: Lang,
  v: { name: string; notice: ModerationNotice; reason: string; title?: string; until?: Date | null; link?: string },
): MailContent {
  const t = MODERATION[v.notice];
  const name = oneLine(v.name);
  const until = v.until
    ? fill(UNTIL[lang], { date: new Intl.DateTimeFormat(lang === 'ar' ? 'ar-DZ' : lang === 'fr' ? 'fr-DZ' : 'en-GB', { dateStyle: 'long', timeZone: 'Africa/Algiers' }).format(v.until) })
    : UNTIL_LIFTED[lang];
  const intro = fill(t.intro[lang], { title: oneLine(v.title ?? ''), until });
  const reason = v.reason.replace(/\r\n?/g, '\n').trim();
  const hello = fill(COMMON.hello[lang], { name });
  const text = [hello, '', intro, '', `${REASON_LABEL[lang]}${COMMON.colon[lang]} ${reason}`, '', t.next[lang], ...(v.link ? ['', v.link] : []), '', '—', COMMON.footer[lang], ''].join('\n');
  const html = layout({
    lang,
    title: t.subject[lang].replace(/ — .*$/, ''),
    paragraphs: [
      fill(escapeHtml(COMMON.hello[lang]), { name: `<bdi>${escapeHtml(name)}</bdi>` }),
      fill(escapeHtml(t.intro[lang]), { title: `<bdi>${escapeHtml(oneLine(v.title ?? ''))}</bdi>`, until: escapeHtml(until) }),
      `<strong>${escapeHtml(REASON_LABEL[lang])}${escapeHtml(COMMON.colon[lang])}</strong> <span dir="auto">${escapeHtml(reason).replace(/\n/g, '<br>')}</span>`,
      escapeHtml(t.next[lang]),
    ],
    ...(v.link ? { button: { label: MODERATION_BUTTON[lang], url: v.link } } : {}),
  });
  return { subject: t.subject[lang], text, html };
}

const UNREAD_MESSAGES = {
  subject: {
    ar: 'رسالة جديدة من {name} — إيكو سوق',
    fr: 'Nouveau message de {name} — EcoSouk',
    en: 'New message from {name} — EcoSouk',
  },
  title: { ar: 'لديك رسالة لم تقرأها', fr: `Vous avez un message non lu`, en: 'You have an unread message' },
  intro: {
    ar: 'أرسل إليك {name} رسائل ({count}) بخصوص «{listing}».',
    fr: `{name} vous a écrit ({count} message(s)) à propos de «${NBSP}{listing}${NBSP}».`,
    en: '{name} wrote to you ({count} message(s)) about “{listing}”.',
  },
  button: { ar: 'قراءة المحادثة', fr: 'Lire la conversation', en: 'Read the conversation' },
  optOut: {
    ar: 'لا تريد هذه الرسائل؟ أوقفها من لوحة التحكم، في «معلومات الملف الشخصي».',
    fr: `Vous ne voulez plus de ces e-mails${NBSP}? Désactivez-les dans votre tableau de bord, «${NBSP}Informations du profil${NBSP}».`,
    en: "Don't want these e-mails? Turn them off in your dashboard, under “Profile information”.",
  },
} satisfies Record<string, Localized>;

/**
 * A message left unread: who wrote, about which listing, how many, and the link to the
 * conversation. Never the message itself: mailboxes are read over shoulders and forwarded.
 */
export function unreadMessagesEmail(lang: Lang, v: { recipientName: string; senderName: string; listingTitle: string; count: number; link: string }): MailContent {
  const values = { name: oneLine(v.senderName, 60), listing: oneLine(v.listingTitle, 80), count: String(v.count) };
  const hello = fill(COMMON.hello[lang], { name: oneLine(v.recipientName) });
  const intro = fill(UNREAD_MESSAGES.intro[lang], values);
  const text = [hello, '', intro, '', `${UNREAD_MESSAGES.button[lang]}${COMMON.colon[lang]}`, v.link, '', UNREAD_MESSAGES.optOut[lang], '', '—', COMMON.footer[lang], ''].join('\n');
  const escaped = Object.fromEntries(Object.entries(values).map(([k, value]) => [k, `<bdi>${escapeHtml(value)}</bdi>`]));
  const html = layout({
    lang,
    title: UNREAD_MESSAGES.title[lang],
    paragraphs: [fill(escapeHtml(COMMON.hello[lang]), { name: `<bdi>${escapeHtml(oneLine(v.recipientName))}</bdi>` }), fill(escapeHtml(UNREAD_MESSAGES.intro[lang]), escaped)],
    button: { label: UNREAD_MESSAGES.button[lang], url: v.link },
    after: [`<span style="font-size:13px;color:#4b5563;">${escapeHtml(UNREAD_MESSAGES.optOut[lang])}</span>`],
  });
  return { subject: fill(UNREAD_MESSAGES.subject[lang], { name: values.name }), text, html };
}
