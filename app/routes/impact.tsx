import { useTranslation } from '#i18n';
import type { Route } from './+types/impact';
import { impactPage } from '../../common/content/impact.ts';
import { AVOIDED_SHARE, avoidedKg, formatCo2e, IMPACT_FIGURES, roundKg, type ImpactBasis } from '../../common/impact.ts';
import { seoContext } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { useLang } from '../lib/root-data.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/impact', title: impactPage.title[lang], description: impactPage.description[lang] });
};

const BASES = Object.keys(IMPACT_FIGURES) as ImpactBasis[];

/** The method of docs/impact.md in the page's language, and every figure with its source (each row an anchor the product page links to). */
export default function ImpactMethod() {
  const lang = useLang();
  const { t } = useTranslation('impact');
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6" data-testid="impact-page">
      <header className="rounded-3xl border border-line bg-surface-raised p-6 shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{impactPage.title[lang]}</h1>
        <p className="mt-3 text-ink-muted">{impactPage.description[lang]}</p>
      </header>
      <div className="mt-8 grid gap-6">
        {impactPage.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="rounded-2xl border border-line bg-surface-raised p-6">
            <h2 id={`${section.id}-title`} className="text-xl font-semibold text-ink">
              {section.heading[lang]}
            </h2>
            {section.body.map((paragraph) => (
              <p key={paragraph.en} className="mt-3 leading-relaxed text-ink-muted">
                {paragraph[lang]}
              </p>
            ))}
          </section>
        ))}
        <section aria-labelledby="figures-title" className="rounded-2xl border border-line bg-surface-raised p-6">
          <h2 id="figures-title" className="text-xl font-semibold text-ink">
            {t('pageFigures')}
          </h2>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-start text-sm" data-testid="impact-figures">
              <thead>
                <tr className="border-b border-line text-ink-muted">
                  <th scope="col" className="py-2 pe-3 text-start font-semibold">{t('colItem')}</th>
                  <th scope="col" className="py-2 pe-3 text-start font-semibold">{t('colNew')}</th>
                  <th scope="col" className="py-2 pe-3 text-start font-semibold">{`${t('colAvoided')} (${AVOIDED_SHARE * 100} %)`}</th>
                  <th scope="col" className="py-2 text-start font-semibold">{t('colSource')}</th>
                </tr>
              </thead>
              <tbody>
                {BASES.map((basis) => {
                  const figure = IMPACT_FIGURES[basis];
                  return (
                    <tr key={basis} id={basis} className="border-b border-line/60 align-top target:bg-brand-soft">
                      <th scope="row" className="py-2 pe-3 text-start font-medium text-ink">{figure.item[lang]}</th>
                      <td className="py-2 pe-3 whitespace-nowrap text-ink">{formatCo2e(figure.newKg, lang)}</td>
                      <td className="py-2 pe-3 whitespace-nowrap font-semibold text-ink">{`≈ ${formatCo2e(roundKg(avoidedKg(basis)), lang)}`}</td>
                      <td className="py-2 text-ink-muted">
                        <a href={figure.source.url} className="underline underline-offset-4 hover:text-ink" dir="ltr" rel="noopener noreferrer">
                          {`${figure.source.publisher}, ${figure.source.year}`}
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </div>
  );
}
