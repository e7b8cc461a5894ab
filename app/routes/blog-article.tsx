import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useTranslation } from '#i18n';
import { data } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/blog-article';
import { formatDate } from '../../common/format.ts';
import { findArticle } from '../../common/content/blog.ts';
import { seoContext } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';

export function loader({ params }: Route.LoaderArgs) {
  if (!findArticle(params.articleId)) throw data(null, { status: 404 });
  return { articleId: params.articleId };
}

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const article = findArticle(params.articleId ?? '');
  const { lang, publicUrl } = seoContext(matches);
  return article
    ? seoMeta({ lang, publicUrl, path: `/blog/${article.id}`, title: article.title[lang], description: article.excerpt[lang], type: 'article' })
    : [];
};

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation();
  const article = findArticle(loaderData.articleId);
  if (!article) return null;
  const Back = lang === 'ar' ? ArrowRight : ArrowLeft;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={localePath(lang, '/blog')} className="inline-flex items-center gap-2 text-sm font-semibold text-brand hover:underline">
        <Back className="size-4" aria-hidden="true" />
        {t('backToBlog')}
      </Link>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{article.title[lang]}</h1>
      <p className="mt-3 text-sm text-ink-muted">
        <time dateTime={article.date}>{formatDate(article.date, lang)}</time>
        <span aria-hidden="true"> · </span>
        {t('by', { author: article.author[lang] })}
      </p>
      <div className="mt-8 space-y-5 text-lg leading-relaxed text-ink">
        {article.content[lang].map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
