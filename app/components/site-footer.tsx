import { useTranslation } from '#i18n';
import { Link } from './link.tsx';
import { localePath } from '../lib/paths.ts';
import { useLang, useRootData } from '../lib/root-data.ts';
import { Logo } from './logo.tsx';
import { LEGAL_NAV, MAIN_NAV } from './nav-links.ts';
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from './social-icons.tsx';

const SOCIAL = [
  { key: 'facebook', href: 'https://www.facebook.com/ecosouk.dz', Icon: FacebookIcon },
  { key: 'instagram', href: 'https://www.instagram.com/ecosouk.dz', Icon: InstagramIcon },
  { key: 'x', href: 'https://x.com/ecosouk_dz', Icon: XIcon },
  { key: 'youtube', href: 'https://www.youtube.com/@ecosouk', Icon: YoutubeIcon },
] as const;

export function SiteFooter() {
  const lang = useLang();
  const { year } = useRootData();
  const { t } = useTranslation(['common', 'layout']);
  const linkClass = 'text-sm text-ink-muted hover:text-ink hover:underline';
  return (
    <footer className="mt-16 border-t border-line bg-surface-raised">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 grid-cols-2 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="col-span-2 space-y-3 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-ink-muted">{t('tagline')}</p>
          <p className="text-sm text-ink-muted">{t('layout:footer.madeIn')}</p>
        </div>
        <nav aria-label={t('layout:footer.explore')} className="space-y-3">
          <h2 className="text-sm font-semibold text-ink">{t('layout:footer.explore')}</h2>
          <ul className="space-y-2">
            {MAIN_NAV.map((item) => (
              <li key={item.label}>
                <Link to={localePath(lang, item.path)} className={linkClass}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('layout:footer.legal')} className="space-y-3">
          <h2 className="text-sm font-semibold text-ink">{t('layout:footer.legal')}</h2>
          <ul className="space-y-2">
            {LEGAL_NAV.map((item) => (
              <li key={item.label}>
                <Link to={localePath(lang, item.path)} className={linkClass}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 space-y-3 md:col-span-1">
          <h2 className="text-sm font-semibold text-ink">{t('layout:footer.followUs')}</h2>
          <ul className="flex gap-2">
            {SOCIAL.map(({ key, href, Icon }) => (
              <li key={key}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={t(`layout:social.${key}`)}
                  className="grid size-10 place-items-center rounded-full border border-line text-ink-muted hover:border-brand hover:text-brand"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-ink-muted sm:px-6">{t('layout:footer.rights', { year })}</p>
      </div>
    </footer>
  );
}
