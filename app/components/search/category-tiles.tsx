import {
  Apple,
  Baby,
  BookOpen,
  Briefcase,
  Car,
  Dumbbell,
  Factory,
  Gamepad2,
  GraduationCap,
  Hammer,
  House,
  Landmark,
  PawPrint,
  Shirt,
  Smartphone,
  Sofa,
  Ticket,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '#i18n';
import { Link } from '../link.tsx';
import { compareText } from '../../../common/format.ts';
import { CATEGORIES, type CategoryKey } from '../../../common/reference-data.ts';
import { useLang } from '../../lib/root-data.ts';

// The categories' icons (reference-data names them), imported one by one: lucide's name
// index would bring every icon to the page.
const ICONS: Record<CategoryKey, LucideIcon> = {
  automobile: Car,
  'real-estate': House,
  jobs: Briefcase,
  electronics: Smartphone,
  'furniture-home': Sofa,
  'clothing-accessories': Shirt,
  'baby-kids': Baby,
  'leisure-hobbies': Gamepad2,
  animals: PawPrint,
  services: Wrench,
  'events-tickets': Ticket,
  'sport-fitness': Dumbbell,
  'music-movies-books': BookOpen,
  'diy-garden': Hammer,
  'food-beverages': Apple,
  'antiques-art': Landmark,
  'education-training': GraduationCap,
  'business-industry': Factory,
};

/** The home page's categories: icon, name and how many listings, each a link to its search. */
export function CategoryTiles({ counts }: { counts: Partial<Record<string, number>> }) {
  const lang = useLang();
  const { t } = useTranslation('browse');
  // The busiest first: what people come for is at hand.
  const byName = compareText(lang);
  const ordered = [...CATEGORIES].sort((a, b) => (counts[b.key] ?? 0) - (counts[a.key] ?? 0) || byName(a.name[lang], b.name[lang]));
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 pt-6 sm:px-6" data-testid="category-tiles">
      <h2 id="categories-heading" className="mb-3 text-xl font-bold text-ink">
        {t('categoriesHeading')}
      </h2>
      {/* On a phone one row that scrolls sideways, so that the newest listings start on the first screen. */}
      <ul className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 md:grid-cols-6 lg:grid-cols-9">
        {ordered.map((category) => {
          const Icon = ICONS[category.key];
          return (
            <li key={category.key} className="flex w-24 shrink-0 snap-start sm:w-auto">
              <Link
                to={`/${lang}?category=${category.key}`}
                className="flex w-full flex-col items-center gap-1 rounded-2xl border border-line bg-surface-raised px-1.5 py-3 text-center hover:border-brand hover:bg-brand-soft"
                data-testid="category-tile"
              >
                <span className="grid size-10 place-items-center rounded-full bg-brand-soft text-brand-strong" aria-hidden="true">
                  <Icon className="size-5" />
                </span>
                <span className="line-clamp-2 text-xs font-semibold leading-tight text-ink sm:text-sm">{category.name[lang]}</span>
                <span className="text-xs text-ink-muted">{t('categoryCount', { count: counts[category.key] ?? 0 })}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
