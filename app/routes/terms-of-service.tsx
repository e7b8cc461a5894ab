import { useTranslation } from '#i18n';
import type { Route } from './+types/terms-of-service';
import { formatDate } from '../../common/format.ts';
import { termsOfService } from '../../common/content/terms-of-service.ts';
import { PageHeader } from '../components/page-header.tsx';
import { seoContext } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { useLang } from '../lib/root-data.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/terms-of-service', title: termsOfService.title[lang] });
};

export default function TermsOfService() {
  const lang = useLang();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={termsOfService.title[lang]}>{t('lastUpdated', { date: formatDate(termsOfService.updated, lang) })}</PageHeader>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
        {termsOfService.sections.map((section) => (
          <section key={section.heading.en}>
            <h2 className="text-xl font-semibold text-ink">{section.heading[lang]}</h2>
            <p className="mt-3 leading-relaxed text-ink-muted">{section.body[lang]}</p>
          </section>
        ))}
      </div>
    </>
  );
}
