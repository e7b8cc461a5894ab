import { useTranslation } from '#i18n';
import type { Route } from './+types/privacy-policy';
import { formatDate } from '../../common/format.ts';
import { privacyPolicy } from '../../common/content/privacy-policy.ts';
import { PageHeader } from '../components/page-header.tsx';
import { seoContext } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { useLang } from '../lib/root-data.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/privacy-policy', title: privacyPolicy.title[lang], description: privacyPolicy.intro[lang] });
};

export default function PrivacyPolicy() {
  const lang = useLang();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={privacyPolicy.title[lang]}>{t('lastUpdated', { date: formatDate(privacyPolicy.updated, lang) })}</PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-10 sm:px-6">
        {privacyPolicy.sections.map((section) => (
          <section key={section.heading.en}>
            <h2 className="text-xl font-semibold text-ink">{section.heading[lang]}</h2>
            <div className="mt-3 space-y-3 leading-relaxed text-ink-muted">
              {section.body.map((paragraph) => (
                <p key={paragraph.en}>{paragraph[lang]}</p>
              ))}
            </div>
          </section>
        ))}
        <p className="rounded-2xl border border-line bg-surface-raised p-5 text-ink-muted">{privacyPolicy.intro[lang]}</p>
      </div>
    </>
  );
}
