import { useTranslation } from '#i18n';
import { data, redirect } from 'react-router';
import type { Route } from './+types/dashboard';
import { isLang } from '../../common/languages.ts';
import { SHOP_MAX_LIMIT } from '../../common/constants.ts';
import { profileUpdateSchema } from '../../common/schemas/user.ts';
import { AppError } from '#errors';
import { toSelfUser } from '../../common/user-views.ts';
import { ListingsActivity } from '../components/dashboard/listings-activity.tsx';
import { ListingsTable, type DashboardListing } from '../components/dashboard/listings-table.tsx';
import { EmptyListings, ListingsFooter, ListingsTools } from '../components/dashboard/listings-tools.tsx';
import { DASHBOARD_PAGE_SIZE, dashboardQueryOf } from '../lib/dashboard-query.ts';
import { foldForSearch } from '../lib/fold-text.ts';
import { ProfileCard } from '../components/dashboard/profile-card.tsx';
import { ProfileInfo } from '../components/dashboard/profile-info.tsx';
import { MessagePrefs } from '../components/dashboard/message-prefs.tsx';
import { ContactApps } from '../components/buyers/contact-apps.tsx';
import { AccountStatusBanner } from '../components/dashboard/account-status-banner.tsx';
import { VerificationBanner } from '../components/dashboard/verification-banner.tsx';
import { ModerationNotices } from '../components/dashboard/moderation-notices.tsx';
import { fail, failFromError, parseForm } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { callerOf, requireUser, servicesOf } from '../lib/session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({ lang, publicUrl, path: '/dashboard', title: translatorFor(lang)('dashboard:metaTitle'), noindex: true });
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  const services = servicesOf(context);
  const [products, activity, notices] = await Promise.all([
    services.listings.withStats(user, SHOP_MAX_LIMIT),
    // More than shown: repeated views of one listing are grouped into one line.
    services.listings.sellerActivity(user.id, 50),
    services.moderation.sellerNotices(user),
  ]);
  const all: DashboardListing[] = products.map((p) => ({
    id: p.id,
    category: p.category,
    price: p.price,
    status: p.status,
    title: p.title,
    title_ar: p.title_ar,
    title_fr: p.title_fr,
    title_en: p.title_en,
    cover: p.photos[0] ?? null,
    views: p.views,
    reveals: p.reveals,
    expiresAt: p.expiresAt,
    expired: p.expired,
    soldAt: p.soldAt,
    moderation: p.moderation,
    moderationReason: p.moderationReason,
    moderationChecks: p.moderationChecks,
    favourites: p.favourites,
  }));
  // The list's search, state and page come from the URL. A seller has at most SHOP_MAX_LIMIT
  // listings here, all read above for the totals, so the filtering is done on them.
  const query = dashboardQueryOf(new URL(request.url).searchParams);
  const words = foldForSearch(query.q).split(/\s+/).filter(Boolean);
  const matchesWords = (l: DashboardListing) => {
    const text = foldForSearch([l.title, l.title_ar, l.title_fr, l.title_en].filter(Boolean).join(' '));
    return words.every((w) => text.includes(w));
  };
  const found = all.filter(matchesWords);
  const byState = { all: found.length, active: found.filter((l) => l.status === 'active').length, inactive: found.filter((l) => l.status !== 'active').length };
  const filtered = found.filter((l) => query.state === 'all' || (query.state === 'active' ? l.status === 'active' : l.status !== 'active'));
  const totalPages = Math.max(1, Math.ceil(filtered.length / DASHBOARD_PAGE_SIZE));
  const page = Math.min(query.page, totalPages);
  const listings = filtered.slice((page - 1) * DASHBOARD_PAGE_SIZE, page * DASHBOARD_PAGE_SIZE);
  return data(
    {
      user: toSelfUser(user),
      listings,
      list: { query: { ...query, page }, total: filtered.length, totalPages, byState, owned: all.length },
      activity,
      notices,
      now: new Date().toISOString(),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = isLang(params.lang) ? params.lang : 'ar';
  const user = requireUser(request, context, lang);
  const services = servicesOf(context);
  // Bodies past FILE_FORM_BYTES never get here (server/plugins/page-body-limit.ts).
  const form = await request.formData();
  const intent = form.get('intent');
  try {
    switch (intent) {
      case 'sendVerification':
        await services.users.sendVerification(callerOf(context), lang);
        return { intent, ok: true as const };
      case 'updateProfile': {
        const parsed = parseForm(profileUpdateSchema, form);
        if (!parsed.ok) return fail({ ...parsed.failure, formError: 'VALIDATION_ERROR' });
        await services.users.updateProfile(user, user.id, parsed.data);
        return redirect(`/${lang}/dashboard?saved=1`);
      }
      case 'messagePrefs':
        // Unchecked boxes are not sent at all: absent means off.
        await services.users.updateProfile(user, user.id, { messagesEnabled: form.get('messagesEnabled') === 'on', messageEmails: form.get('messageEmails') === 'on' });
        return { intent, ok: true as const };
      case 'avatar': {
        const file = form.get('image');
        if (!(file instanceof File) || file.size === 0) return fail({ formError: 'VALIDATION_ERROR' });
        await services.users.setAvatar(user, user.id, Buffer.from(await file.arrayBuffer()));
        return { intent, ok: true as const };
      }
      case 'toggleStatus': {
        const productId = form.get('productId');
        if (typeof productId !== 'string' || !productId) throw new AppError('VALIDATION_ERROR', 'productId is required');
        const product = await services.listings.toggleStatus(user, productId);
        return { intent, ok: true as const, status: product.status };
      }
      case 'renewListing': {
        const productId = form.get('productId');
        if (typeof productId !== 'string' || !productId) throw new AppError('VALIDATION_ERROR', 'productId is required');
        const product = await services.lifecycle.renew(user, productId);
        return { intent, ok: true as const, expiresAt: product.expiresAt };
      }
      case 'markSold': {
        const productId = form.get('productId');
        const sold = form.get('sold');
        if (typeof productId !== 'string' || !productId || (sold !== 'true' && sold !== 'false')) throw new AppError('VALIDATION_ERROR', 'productId and sold are required');
        const product = await services.lifecycle.markSold(user, productId, sold === 'true');
        return { intent, ok: true as const, soldAt: product.soldAt };
      }
      case 'deleteListing': {
        const productId = form.get('productId');
        if (typeof productId !== 'string' || !productId) throw new AppError('VALIDATION_ERROR', 'productId is required');
        await services.listings.remove(user, productId);
        return { intent, ok: true as const };
      }
      case 'contactApps': {
        // Checkboxes: an unticked one is absent from the form.
        await services.users.updateProfile(user, user.id, { whatsapp: form.has('whatsapp'), viber: form.has('viber') });
        return { intent, ok: true as const };
      }
      default:
        throw new AppError('VALIDATION_ERROR', 'Unknown action');
    }
  } catch (error) {
    return failFromError(error, form);
  }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard');
  const { t: tb } = useTranslation('browse');
  const { user, listings, list, activity, notices, now } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('title')}</h1>
      <AccountStatusBanner user={user} now={now} />
      {user.isVerified ? null : <VerificationBanner />}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <ProfileCard user={user} />
        <ProfileInfo user={user} />
      </div>
      <ModerationNotices notices={notices} />
      <ContactApps user={user} />
      <ListingsActivity activity={activity} now={now} />
      {list.owned === 0 ? (
        <EmptyListings canPublish={user.isVerified} />
      ) : (
        <ListingsTable
          listings={listings}
          canPublish={user.isVerified}
          tools={<ListingsTools query={list.query} byState={list.byState} />}
          footer={<ListingsFooter query={list.query} total={list.total} totalPages={list.totalPages} />}
          empty={tb('dashboardNoMatch')}
        />
      )}
      <MessagePrefs user={user} />
    </div>
  );
}
