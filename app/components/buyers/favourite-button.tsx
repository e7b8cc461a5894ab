import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '#i18n';
import { useLocation } from 'react-router';
import { localePath } from '../../lib/paths.ts';
import { useLang, useSessionUser } from '../../lib/root-data.ts';

/**
 * The heart of a listing. A plain form posting to the favourites page's action, so it works
 * before and without JavaScript (a visitor is sent to log in and comes back with the listing
 * saved); once hydrated, a signed-in member's tap calls the API and flips in place.
 */
export function FavouriteButton({ productId, isFavourite = false, variant = 'card' }: { productId: string; isFavourite?: boolean; variant?: 'card' | 'icon' | 'page' }) {
  const lang = useLang();
  const user = useSessionUser();
  const location = useLocation();
  const { t } = useTranslation('buyers');
  const [saved, setSaved] = useState(isFavourite);
  const [busy, setBusy] = useState(false);
  const label = saved ? t('saved') : t('save');
  const card = variant !== 'page';
  return (
    <form
      method="post"
      action={localePath(lang, '/favourites')}
      className={variant === 'card' ? 'absolute end-3 top-3 z-10' : undefined}
      onSubmit={async (event) => {
        // A visitor goes through the form to log in; members stay on the page.
        if (!user) return;
        event.preventDefault();
        if (busy) return;
        const next = !saved;
        setBusy(true);
        setSaved(next);
        try {
          const response = await fetch(`/api/v1/favourites/${encodeURIComponent(productId)}`, { method: next ? 'PUT' : 'DELETE', credentials: 'same-origin' });
          if (!response.ok) setSaved(!next);
        } catch {
          setSaved(!next);
        } finally {
          setBusy(false);
        }
      }}
    >
      <input type="hidden" name="intent" value={saved ? 'remove' : 'add'} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={card ? label : undefined}
        title={label}
        data-testid="favourite-button"
        className={
          card
            ? 'grid size-9 place-items-center rounded-full bg-surface-raised/90 text-ink shadow-sm hover:text-danger focus-visible:outline-2 focus-visible:outline-brand'
            : 'inline-flex items-center gap-2 rounded-xl border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-sunken'
        }
      >
        <Heart className={`size-5 ${saved ? 'fill-danger text-danger' : ''}`} aria-hidden="true" />
        {card ? null : label}
      </button>
    </form>
  );
}
