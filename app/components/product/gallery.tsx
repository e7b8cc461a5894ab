import { ChevronLeft, ChevronRight, ImageOff, Maximize2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '#i18n';
import type { ApiImage } from '../../../common/product.ts';
import { dirOf } from '../../../common/languages.ts';
import { useLang } from '../../lib/root-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { PHONE_PHOTO_WIDTH, srcSetOf } from '../product-card.tsx';
import { fullSizeUrl, openLightbox } from './lightbox.ts';

const SIZES = `(min-width: 1152px) 720px, (min-width: 1024px) 60vw, ${PHONE_PHOTO_WIDTH}`;

/**
 * The listing's photos: a horizontal scroll-snap strip that swipes on a phone, with
 * previous/next buttons (mirrored in right-to-left) and thumbnails. The first photo is
 * the page's largest paint: fetched early and never lazy. Each photo is a link to its full-size
 * file; with JavaScript it opens the full-screen viewer (./lightbox.ts) there instead.
 */
export function Gallery({ photos, title }: { photos: ApiImage[]; title: string }) {
  const lang = useLang();
  const dir = dirOf(lang);
  const { t } = useTranslation(['listings', 'impact']);
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const hydrated = useHydrated();
  const count = photos.length;
  const slideImage = (photo: ApiImage) => ({
    src: photo.variants['1200'] ?? photo.variants['640'] ?? photo.url,
    width: photo.width || 1200,
    height: photo.height || 800,
    className: 'absolute inset-0 size-full object-contain',
  });
  const altOf = (index: number) => (count > 1 ? `${title} — ${t('photoOf', { index: index + 1, count })}` : title);

  const goTo = useCallback(
    (index: number) => {
      const el = strip.current;
      if (!el) return;
      const target = Math.max(0, Math.min(count - 1, index));
      // In right-to-left, scrollLeft runs from 0 towards negative values.
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ left: (dir === 'rtl' ? -1 : 1) * target * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
      setCurrent(target);
    },
    [count, dir],
  );

  const open = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    // A new tab, a download or a visitor who holds a modifier key gets the plain link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const alts = photos.map((_, i) => altOf(i));
    void openLightbox(
      photos,
      index,
      alts,
      {
        close: t('impact:lightboxClose'),
        zoom: t('impact:lightboxZoom'),
        previous: t('previousPhoto'),
        next: t('nextPhoto'),
        error: t('impact:lightboxError'),
        dialog: t('impact:lightboxDialog', { title }),
        photoOf: (i, n) => t('photoOf', { index: i, count: n }),
      },
      (shown) => goTo(shown),
      dir === 'rtl',
    ).catch(() => {
      // The viewer could not load (offline?): the link still leads to the photo.
      window.location.assign(fullSizeUrl(photos[index]!));
    });
  };

  useEffect(() => {
    const el = strip.current;
    if (!el || count < 2) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (el.clientWidth > 0) setCurrent(Math.max(0, Math.min(count - 1, Math.round(Math.abs(el.scrollLeft) / el.clientWidth))));
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [count]);

  if (count === 0) {
    return (
      <div className="grid aspect-[3/2] place-items-center rounded-2xl border border-line bg-surface-sunken text-ink-muted" data-testid="gallery-empty">
        <div className="flex flex-col items-center gap-2">
          <ImageOff className="size-12" aria-hidden="true" />
          <p className="text-sm">{t('noPhoto')}</p>
        </div>
      </div>
    );
  }

  const navButton =
    'absolute top-1/2 z-10 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-surface-raised/90 text-ink shadow-md ring-1 ring-line transition hover:bg-surface-raised disabled:pointer-events-none disabled:opacity-0';

  return (
    <section aria-roledescription="carousel" aria-label={t('photos')} className="space-y-3" data-testid="gallery">
      <div className="relative overflow-hidden rounded-2xl border border-line bg-surface-sunken">
        <ul
          ref={strip}
          // A scrollable region must be reachable by keyboard (WCAG 2.1.1); arrow keys then scroll it.
          // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label={t('photos')}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:outline-offset-[-4px] [&::-webkit-scrollbar]:hidden"
          data-testid="gallery-strip"
        >
          {photos.map((photo, index) => (
            <li
              key={photo.url}
              className="relative aspect-[3/2] w-full shrink-0 snap-center snap-always"
              aria-roledescription="slide"
              aria-label={t('photoOf', { index: index + 1, count })}
              data-testid="gallery-slide"
            >
              <a
                href={fullSizeUrl(photo)}
                onClick={(event) => open(event, index)}
                className="group absolute inset-0 block focus-visible:outline-offset-[-4px]"
                aria-label={t('impact:openPhoto', { alt: altOf(index) })}
                data-testid="gallery-open"
              >
                {index === 0 || hydrated ? (
                  <img
                    {...slideImage(photo)}
                    alt={altOf(index)}
                    srcSet={srcSetOf(photo.variants) || undefined}
                    sizes={SIZES}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                    decoding={index === 0 ? 'sync' : 'async'}
                    draggable={false}
                  />
                ) : (
                  // The other photos wait for the page to be up: on a phone over 4G their bytes
                  // would otherwise share the line with the first paint's.
                  <noscript>
                    <img {...slideImage(photo)} alt={altOf(index)} loading="lazy" />
                  </noscript>
                )}
                <span className="absolute end-3 top-3 grid size-9 place-items-center rounded-full bg-black/55 text-white opacity-80 transition group-hover:opacity-100" aria-hidden="true">
                  <Maximize2 className="size-4" />
                </span>
              </a>
            </li>
          ))}
        </ul>
        {count > 1 ? (
          <>
            <button type="button" className={`${navButton} start-3`} onClick={() => goTo(current - 1)} disabled={current === 0} aria-label={t('previousPhoto')}>
              <ChevronLeft className="size-6 rtl:rotate-180" aria-hidden="true" />
            </button>
            <button type="button" className={`${navButton} end-3`} onClick={() => goTo(current + 1)} disabled={current === count - 1} aria-label={t('nextPhoto')}>
              <ChevronRight className="size-6 rtl:rotate-180" aria-hidden="true" />
            </button>
            <p className="absolute bottom-3 end-3 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-white" dir="ltr" aria-live="polite" data-testid="gallery-counter">
              <span className="sr-only">{t('photoOf', { index: current + 1, count })}</span>
              <span aria-hidden="true">{`${current + 1} / ${count}`}</span>
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]" aria-label={t('photos')}>
          {photos.map((photo, index) => (
            <li key={photo.url} className="shrink-0">
              <button
                type="button"
                onClick={() => goTo(index)}
                aria-label={t('showPhoto', { index: index + 1, count })}
                aria-current={index === current ? 'true' : undefined}
                className={`block overflow-hidden rounded-lg ring-2 transition ${index === current ? 'ring-brand' : 'opacity-70 ring-transparent hover:opacity-100'}`}
              >
                <img
                  src={photo.variants['320'] ?? photo.url}
                  width={72}
                  height={48}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="h-12 w-[4.5rem] bg-surface-sunken object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
