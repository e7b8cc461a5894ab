// The moderation console's frame: its sections, for moderators and admins only.
import { ClipboardCheck, Flag, LayoutDashboard, ScrollText, Users } from 'lucide-react';
import { useTranslation } from '#i18n';
import { isRouteErrorResponse, Outlet } from 'react-router';
import { NavLink } from '../../components/link.tsx';
import type { Route } from './+types/layout';
import { NotFound } from '../../components/not-found.tsx';
import { requireStaffPage } from '../../lib/admin.server.ts';
import { seoContext, translatorFor } from '../../lib/meta.ts';
import { seoMeta } from '../../lib/seo.ts';
import { useLang } from '../../lib/root-data.ts';

export const meta: Route.MetaFunction = ({ matches, error }) => {
  const { lang, publicUrl } = seoContext(matches);
  const t = translatorFor(lang);
  return seoMeta({ lang, publicUrl, path: '/admin', title: error ? t('notFound:title') : t('admin:title'), noindex: true });
};

export function loader({ context }: Route.LoaderArgs) {
  const user = requireStaffPage(context);
  return { role: user.role };
}

const SECTIONS = [
  { to: '', key: 'overview', Icon: LayoutDashboard },
  { to: '/reports', key: 'reports', Icon: Flag },
  { to: '/review', key: 'review', Icon: ClipboardCheck },
  { to: '/users', key: 'account', Icon: Users },
  { to: '/audit', key: 'audit', Icon: ScrollText },
] as const;

export default function AdminLayout() {
  const lang = useLang();
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" data-testid="admin">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t('title')}</h1>
      <nav aria-label={t('nav')} className="mt-4 flex flex-wrap gap-2 border-b border-line pb-3">
        {SECTIONS.map(({ to, key, Icon }) => (
          <NavLink
            key={key}
            to={`/${lang}/admin${to}`}
            end={to === ''}
            className={({ isActive }) =>
              `inline-flex items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold ${isActive ? 'bg-brand-soft text-brand-strong' : 'text-ink-muted hover:bg-surface-sunken hover:text-ink'}`
            }
          >
            <Icon className="size-4" aria-hidden="true" />
            {t(key)}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
