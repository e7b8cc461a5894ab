// The seller's listings held back (under review, hidden, removed), each with why; a hidden one
// can be edited and sent back for review (a plain form: works without JavaScript).
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '#i18n';
import { Form, useSearchParams } from 'react-router';
import { Link } from '../link.tsx';
import { localizedTitle } from '../../../common/product.ts';
import { localePath } from '../../lib/paths.ts';
import { useLang } from '../../lib/root-data.ts';
import { Alert } from '../form/alert.tsx';

export interface ModerationNotice {
  id: string;
  title: string;
  title_ar: string | null;
  title_fr: string | null;
  title_en: string | null;
  moderation: string;
  moderationReason: string | null;
}

export function ModerationNotices({ notices }: { notices: ModerationNotice[] }) {
  const lang = useLang();
  const { t } = useTranslation('report');
  const [params] = useSearchParams();
  const asked = params.get('review') === '1';
  if (notices.length === 0 && !asked) return null;
  return (
    <section aria-labelledby="moderation-notices-title" className="space-y-3 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm" data-testid="moderation-notices">
      <h2 id="moderation-notices-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <ShieldAlert className="size-5 text-danger" aria-hidden="true" />
        {t('noticesTitle')}
      </h2>
      {asked ? <Alert tone="success">{t('reviewAsked')}</Alert> : null}
      <ul className="divide-y divide-line">
        {notices.map((n) => (
          <li key={n.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-testid="moderation-notice" data-state={n.moderation}>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">
                <bdi>{localizedTitle(n, lang)}</bdi>
              </p>
              <p className="text-sm text-ink-muted">{t(`notice_${n.moderation}`, { defaultValue: n.moderation })}</p>
              {n.moderationReason ? (
                <p className="text-sm text-ink" dir="auto">
                  {t('noticeReason', { reason: n.moderationReason })}
                </p>
              ) : null}
            </div>
            {n.moderation === 'hidden' ? (
              <div className="flex gap-2">
                <Link to={localePath(lang, `/products/${n.id}/edit`)} className="rounded-xl border border-line px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface-sunken">
                  {t('edit')}
                </Link>
                <Form method="post" action={localePath(lang, `/products/${n.id}/review`)}>
                  <button type="submit" className="rounded-xl bg-brand px-3 py-1.5 text-sm font-semibold text-on-brand hover:bg-brand-strong">
                    {t('askReview')}
                  </button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
