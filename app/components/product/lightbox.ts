// The full-screen photo viewer (PhotoSwipe 5: zoom, swipe, keyboard, focus trap, ARIA). Nothing
// of it is in the product page's bundle: the library and its stylesheet are fetched on the first
// opening. Without JavaScript each photo is a plain link to its largest file.
import type { ApiImage } from '../../../common/product.ts';

export interface LightboxTexts {
  close: string;
  zoom: string;
  previous: string;
  next: string;
  error: string;
  /** "Photo {{index}} of {{count}}", filled in per slide for screen readers. */
  photoOf: (index: number, count: number) => string;
  dialog: string;
}

/** The largest stored variant of a photo: what the link points to and the viewer shows. */
export function fullSizeUrl(photo: ApiImage): string {
  const widths = Object.keys(photo.variants).map(Number).sort((a, b) => a - b);
  const largest = widths[widths.length - 1];
  return (largest !== undefined ? photo.variants[String(largest)] : undefined) ?? photo.url;
}

/** Pixel size of the largest variant (variants keep the aspect ratio of the original). */
function fullSize(photo: ApiImage): { width: number; height: number } {
  const widths = Object.keys(photo.variants).map(Number);
  const largest = widths.length ? Math.max(...widths) : photo.width;
  const width = Math.min(largest || 1200, photo.width || largest || 1200);
  const height = photo.width && photo.height ? Math.round((width * photo.height) / photo.width) : Math.round(width * (2 / 3));
  return { width, height };
}

let loading: Promise<typeof import('photoswipe').default> | null = null;

function loadPhotoSwipe() {
  loading ??= Promise.all([import('photoswipe'), import('photoswipe/style.css')]).then(([module]) => module.default);
  return loading;
}

/**
 * Opens the viewer at `index`. Focus returns to the element that had it when the viewer closes
 * (PhotoSwipe's returnFocus); `onChange` learns which photo is shown, so the page's strip follows.
 *
 * PhotoSwipe only knows left-to-right. In Arabic the photos run from right to left, as the page's
 * strip does: the viewer is given them in reverse order, so the first photo sits at the right, the
 * next one comes from the left, the left arrow and the left key go forward, and a swipe towards the
 * right brings the next photo. Indices are mapped back at every boundary, and the counter is ours.
 */
export async function openLightbox(
  photos: ApiImage[],
  index: number,
  alts: string[],
  texts: LightboxTexts,
  onChange?: (index: number) => void,
  rtl = false,
) {
  const PhotoSwipe = await loadPhotoSwipe();
  const count = photos.length;
  // The same function maps both ways: it is its own inverse.
  const mapped = (i: number) => (rtl ? count - 1 - i : i);
  const slides = photos.map((photo, i) => ({ src: fullSizeUrl(photo), ...fullSize(photo), alt: alts[i] ?? '' }));
  const pswp = new PhotoSwipe({
    dataSource: rtl ? slides.reverse() : slides,
    index: mapped(index),
    closeTitle: texts.close,
    zoomTitle: texts.zoom,
    // PhotoSwipe's "previous" arrow is the left one: in Arabic, that is the way forward.
    arrowPrevTitle: rtl ? texts.next : texts.previous,
    arrowNextTitle: rtl ? texts.previous : texts.next,
    errorMsg: texts.error,
    indexIndicatorSep: ' / ',
    counter: !rtl,
    bgOpacity: 0.92,
    showHideAnimationType: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'none' : 'fade',
  });
  const shown = () => mapped(pswp.currIndex);
  if (rtl) {
    // The built-in counter would count from the end; this one counts in reading order.
    pswp.on('uiRegister', () => {
      pswp.ui?.registerElement({
        name: 'reading-order-counter',
        className: 'pswp__counter',
        appendTo: 'bar',
        order: 5,
        onInit: (element) => {
          element.setAttribute('dir', 'rtl');
          const update = () => (element.textContent = `${shown() + 1} / ${count}`);
          pswp.on('change', update);
          update();
        },
      });
    });
  }
  // The current slide says which photo it is (PhotoSwipe's own label is only "slide").
  const labelCurrent = () => pswp.currSlide?.holderElement?.setAttribute('aria-label', texts.photoOf(shown() + 1, count));
  pswp.on('afterInit', () => {
    pswp.element?.setAttribute('aria-label', texts.dialog);
    pswp.element?.setAttribute('aria-modal', 'true');
    labelCurrent();
  });
  pswp.on('change', () => {
    labelCurrent();
    onChange?.(shown());
  });
  pswp.init();
  return pswp;
}
