import { useTranslation } from '#i18n';
import type { Route } from './+types/about';
import { about } from '../../common/content/about.ts';
import { seoContext } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { useLang } from '../lib/root-data.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/about', title: about.title[lang], description: about.description[lang] });
};

export default function About() {
  const lang = useLang();
  const { t } = useTranslation('layout');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <article className="rounded-3xl border border-line bg-surface-raised p-6 text-center shadow-sm sm:p-10">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('aboutContent.title')}</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-ink-muted">{t('aboutContent.description')}</p>
      </article>
      <div className="mt-10 grid gap-6">
        {about.sections.map((section) => (
          <section key={section.heading.en} className="rounded-2xl border border-line bg-surface-raised p-6">
            <h2 className="text-xl font-semibold text-ink">{section.heading[lang]}</h2>
            <p className="mt-3 leading-relaxed text-ink-muted">{section.body[lang]}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
