// The product page's table of a listing's category details (common/category-attributes.ts),
// in the category's order, each value as a reader sees it: the option's name, a quantity with
// its unit, the text. Details the seller left out are not listed; no table when none is given.
import { useTranslation } from '#i18n';
import { attributesOf, attributeValueText } from '../../../common/category-attributes.ts';
import { formatCount } from '../../../common/format.ts';
import type { ApiProduct } from '../../../common/product.ts';
import { useLang } from '../../lib/root-data.ts';

export function AttributeTable({ product }: { product: Pick<ApiProduct, 'category' | 'attributes'> }) {
  const lang = useLang();
  const { t } = useTranslation('details');
  const rows = attributesOf(product.category).filter((a) => product.attributes[a.key] !== undefined);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="attributes-title" data-testid="attribute-table">
      <h2 id="attributes-title" className="text-base font-semibold text-ink">
        {t('detailsTitle')}
      </h2>
      <dl className="mt-2 overflow-hidden rounded-2xl border border-line">
        {rows.map((attribute) => (
          <div key={attribute.key} className="flex items-baseline justify-between gap-4 border-b border-line px-4 py-2.5 text-sm odd:bg-surface-sunken/60 last:border-b-0">
            <dt className="text-ink-muted">{attribute.name[lang]}</dt>
            <dd className="text-end font-medium text-ink" dir="auto" data-attribute={attribute.key}>
              {attributeValueText(attribute, product.attributes[attribute.key]!, lang, (n) => formatCount(n, lang))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
