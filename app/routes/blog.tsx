import { useTranslation } from '#i18n';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/blog';
import { formatDate } from '../../common/format.ts';
import { BLOG_ARTICLES } from '../../common/content/blog.ts';
import { PageHeader } from '../components/page-header.tsx';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  const t = translatorFor(lang);
  return seoMeta({ lang, publicUrl, path: '/blog', title: t('blog:title'), description: t('blog:intro') });
};

export default function Blog() {
  const lang = useLang();
  const { t } = useTranslation(['blog', 'common']);
  return (
    <>
      <PageHeader title={t('title')}>{t('intro')}</PageHeader>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
        {BLOG_ARTICLES.map((article) => (
          <article key={article.id} className="rounded-2xl border border-line bg-surface-raised p-6 shadow-sm">
            <p className="text-sm text-ink-muted">
              <time dateTime={article.date}>{formatDate(article.date, lang)}</time>
              <span aria-hidden="true"> · </span>
              {t('common:by', { author: article.author[lang] })}
            </p>
            <h2 className="mt-2 text-xl font-semibold text-ink">
              <Link to={localePath(lang, `/blog/${article.id}`)} className="hover:text-brand">
                {article.title[lang]}
              </Link>
            </h2>
            <p className="mt-2 text-ink-muted">{article.excerpt[lang]}</p>
            <Link
              to={localePath(lang, `/blog/${article.id}`)}
              className="mt-4 inline-block font-semibold text-brand hover:underline"
              aria-label={`${t('common:readMore')}: ${article.title[lang]}`}
            >
              {t('common:readMore')}
            </Link>
          </article>
        ))}
      </div>
    </>
  );
}
