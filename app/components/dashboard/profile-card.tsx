import { BadgeCheck, Camera, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#i18n';
import { useFetcher } from 'react-router';
import { MAX_UPLOAD_BYTES } from '../../../common/constants.ts';
import { formatDate } from '../../../common/format.ts';
import type { SelfUser } from '../../../common/user-views.ts';
import { useLang } from '../../lib/root-data.ts';
import { Avatar } from '../avatar.tsx';

export function ProfileCard({ user }: { user: SelfUser }) {
  const lang = useLang();
  const { t } = useTranslation('dashboard');
  const fetcher = useFetcher<{ ok?: boolean; formError?: string }>();
  const uploading = fetcher.state !== 'idle';
  // Too large to send: the server would refuse it before reading it (a plain 413), so say it here.
  const [tooLarge, setTooLarge] = useState(false);
  const failed = tooLarge || (!uploading && fetcher.data && !fetcher.data.ok);
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface-raised p-6 text-center shadow-sm" data-testid="profile-card">
      <div className="relative">
        <Avatar name={user.name} image={user.image} size="lg" />
        {uploading ? (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-black/40" role="status" aria-label={t('uploading')}>
            <LoaderCircle className="size-7 animate-spin text-white" aria-hidden="true" />
          </span>
        ) : null}
      </div>
      <div>
        <p className="text-lg font-semibold text-ink" dir="auto">
          {user.name}
        </p>
        <p className="text-sm text-ink-muted" dir="ltr">
          {user.email}
        </p>
      </div>
      <p className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${user.isVerified ? 'bg-brand-soft text-brand-strong' : 'bg-danger-soft text-danger'}`}>
        {user.isVerified ? <BadgeCheck className="size-3.5" aria-hidden="true" /> : null}
        {user.isVerified ? t('verified') : t('unverified')}
      </p>
      <p className="text-xs text-ink-muted">{t('memberSince', { date: formatDate(user.createdAt, lang) })}</p>
      <fetcher.Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="avatar" />
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-line px-4 py-2 text-sm font-semibold text-ink focus-within:ring-2 focus-within:ring-brand hover:bg-surface-sunken">
          <Camera className="size-4" aria-hidden="true" />
          {uploading ? t('uploading') : t('changeImage')}
          <input
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="sr-only"
            disabled={uploading}
            data-testid="avatar-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setTooLarge(!!file && file.size > MAX_UPLOAD_BYTES);
              if (file && file.size <= MAX_UPLOAD_BYTES) void fetcher.submit(event.currentTarget.form);
            }}
          />
        </label>
      </fetcher.Form>
      <p className="text-xs text-ink-muted">{t('imageHint')}</p>
      {failed ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {t(tooLarge ? 'imageHint' : 'imageError')}
        </p>
      ) : null}
    </section>
  );
}
