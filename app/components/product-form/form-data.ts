// What the product form sends, read the same way in the browser (before submitting)
// and in the action: `images` is a repeated field, `photos` echoes the picker's
// state so a failed submission gives the seller back every photo already uploaded.
import { z } from 'zod';
import { MAX_PHOTOS } from '../../../common/constants.ts';
import type { FieldErrors } from '../../../common/schemas/field-errors.ts';
import type { CommuneChoice } from '../form/commune-select.tsx';
import { imageUrlSchema } from '../../../common/schemas/product.ts';

/** A photo the listing will use: its URL (sent to the API), its upload key when it
 * was uploaded in this session (so removing it deletes the file), a small preview. */
export interface PickedPhoto {
  url: string;
  key: string | null;
  thumb: string;
}

export const PHOTOS_FIELD = 'photos';

/** The category whose detail fields the form shows: without JavaScript, not always the one chosen. */
export const FIELDS_FOR = 'fieldsFor';

/** Fields that are not listing fields. */
const NOT_PRODUCT_FIELDS = new Set(['images', PHOTOS_FIELD, 'intent', FIELDS_FOR]);
const ATTRIBUTE_PREFIX = 'attributes.';

/**
 * The object the product schemas validate: text fields as strings, `images` as an array,
 * `attributes.KEY` fields gathered into `attributes` (none when they were shown for another
 * category than the one chosen), the exchange box as a boolean (unticked sends nothing), and
 * a give-away at 0 DA whatever the price field still holds.
 */
export function productObject(form: FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const attributes: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== 'string' || NOT_PRODUCT_FIELDS.has(key)) continue;
    if (key.startsWith(ATTRIBUTE_PREFIX)) attributes[key.slice(ATTRIBUTE_PREFIX.length)] = value;
    else object[key] = value;
  }
  const shownFor = form.get(FIELDS_FOR);
  object.attributes = shownFor === null || shownFor === object.category ? attributes : {};
  object.exchange = form.get('exchange') === 'on';
  if (object.priceType === 'free') object.price = '0';
  object.images = form
    .getAll('images')
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter(Boolean);
  return object;
}

/** The typed values to give back after a failure (no photos: they come back as `photos`). */
export function productValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string' && !NOT_PRODUCT_FIELDS.has(key) && key !== 'img') values[key] = value;
  return values;
}

const pickedPhotosSchema = z
  .array(z.object({ url: imageUrlSchema, key: z.string().max(200).nullable(), thumb: imageUrlSchema }))
  .max(MAX_PHOTOS);

/** The picker's photos as posted; anything malformed is dropped rather than trusted. */
export function pickedPhotosOf(form: FormData): PickedPhoto[] {
  const raw = form.get(PHOTOS_FIELD);
  if (typeof raw !== 'string' || raw === '') return [];
  try {
    const parsed = pickedPhotosSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The photos from their URLs alone (the listing's own, or the `images` fields when the picker's JSON is missing). */
export function photosFromUrls(urls: string[]): PickedPhoto[] {
  return urls
    .filter((url) => imageUrlSchema.safeParse(url).success)
    .slice(0, MAX_PHOTOS)
    .map((url) => ({ url, key: null, thumb: url }));
}

/** What the action answers when the listing was not saved. */
export interface ProductFormFailure {
  fieldErrors?: FieldErrors;
  /** An error code of docs/api.md, translated by the form. */
  formError?: string;
  values?: Record<string, string>;
  photos?: PickedPhoto[];
  /** The communes of the wilaya posted (values.address). */
  communes?: CommuneChoice[];
}
