// /:lang/products/new ('product-new') and /:lang/products/:productId/edit ('product-edit'):
// the listing form. Private pages: visitors go to log-in, unverified sellers get the
// verification prompt, and a listing that is not the seller's is a 404.
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '#i18n';
import { data, redirect } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/product-form';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from '../../common/languages.ts';
import { toNational } from '../../common/phone.ts';
import type { ApiProduct } from '../../common/product.ts';
import { fieldErrorsOf, type FieldErrors } from '../../common/schemas/field-errors.ts';
import { isValidationKey } from '../../common/schemas/messages.ts';
import { createProductSchema, updateProductSchema } from '../../common/schemas/product.ts';
import type { User } from '../../db/schema.ts';
import { isAppError, type FieldError } from '#errors';
import {
  pickedPhotosOf,
  photosFromUrls,
  productObject,
  productValues,
  type PickedPhoto,
  type ProductFormFailure,
} from '../components/product-form/form-data.ts';
import { ProductForm } from '../components/product-form/product-form.tsx';
import { thumbOf } from '../components/product-form/upload.ts';
import { VerifyPrompt } from '../components/product-form/verify-prompt.tsx';
import { failFromError } from '../lib/forms.ts';
import { seoContext, translatorFor } from '../lib/meta.ts';
import { seoMeta } from '../lib/seo.ts';
import { localePath } from '../lib/paths.ts';
import { useLang } from '../lib/root-data.ts';
import { callerOf, requireUser, servicesOf } from '../lib/session.server.ts';
import { communeChoices } from '../lib/communes.server.ts';

type Services = ReturnType<typeof servicesOf>;

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const { lang, publicUrl } = seoContext(matches);
  return seoMeta({
    lang,
    publicUrl,
    path: params.productId ? `/products/${params.productId}/edit` : '/products/new',
    title: translatorFor(lang)(params.productId ? 'productForm:editTitle' : 'productForm:newTitle'),
    noindex: true,
  });
};

const notFound = () => data(null, { status: 404 });

/** The seller's own listing, or a 404 (missing, someone else's, or a malformed id). */
async function ownListing(services: Services, user: User, id: string): Promise<ApiProduct> {
  try {
    return await services.listings.ownListing(user, id);
  } catch (error) {
    if (isAppError(error) && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')) throw notFound();
    throw error;
  }
}

/** The form's starting values for a listing. Translations equal to the main text are
 * that text (the server files it under its language), so they start empty. */
function listingValues(product: ApiProduct): Record<string, string> {
  const values: Record<string, string> = {
    title: product.title,
    desc: product.desc,
    category: product.category,
    condition: product.condition,
    price: String(product.price),
    contact: product.contact ? toNational(product.contact) : '',
    address: product.address,
    commune: product.commune ?? '',
    priceType: product.priceType,
    exchange: product.exchange ? 'on' : '',
  };
  for (const [key, value] of Object.entries(product.attributes)) values[`attributes.${key}`] = String(value);
  for (const l of LANGS) {
    const title = product[`title_${l}`];
    const desc = product[`desc_${l}`];
    values[`title_${l}`] = title && title !== product.title ? title : '';
    values[`desc_${l}`] = desc && desc !== product.desc ? desc : '';
  }
  return values;
}

function listingPhotos(product: ApiProduct): PickedPhoto[] {
  if (product.photos.length > 0) return product.photos.map((photo) => ({ url: photo.url, key: null, thumb: thumbOf(photo) }));
  return photosFromUrls(product.images);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang: Lang = isLang(params.lang) ? params.lang : DEFAULT_LANG;
  const user = requireUser(request, context, lang);
  const headers = { 'Cache-Control': 'private, no-store' };
  const product = params.productId ? await ownListing(servicesOf(context), user, params.productId) : null;
  let values: Record<string, string> = {};
  let photos: PickedPhoto[] = [];
  if (user.isVerified) {
    values = product ? listingValues(product) : { contact: user.phone ? toNational(user.phone) : '', address: user.address ?? '' };
    photos = product ? listingPhotos(product) : [];
  }
  return data({ verified: user.isVerified, productId: product?.id ?? null, values, photos, communes: communeChoices(values.address, lang) }, { headers });
}

/** Field errors of a service's VALIDATION_ERROR (`body.img`, `body.images.2`…). */
function fieldErrorsOfService(errors: FieldError[] | undefined): FieldErrors | undefined {
  if (!errors?.length) return undefined;
  const found: FieldErrors = {};
  for (const error of errors) {
    const [first, second] = error.path.replace(/^body\./, '').split('.');
    const field = first === 'attributes' && second ? `attributes.${second}` : (first ?? 'form');
    const name = field === 'images' ? 'img' : field;
    found[name] ??= isValidationKey(error.code) ? error.code : 'invalidValue';
  }
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang: Lang = isLang(params.lang) ? params.lang : DEFAULT_LANG;
  const user = requireUser(request, context, lang);
  const services = servicesOf(context);
  const form = await request.formData();

  // The verification banner (shown to unverified sellers) posts here.
  if (form.get('intent') === 'sendVerification') {
    try {
      await services.users.sendVerification(callerOf(context), lang);
      return { ok: true as const };
    } catch (error) {
      return failFromError(error, form);
    }
  }

  const editing = params.productId !== undefined;
  const object = productObject(form);
  const sent = pickedPhotosOf(form);
  const photos = sent.length > 0 ? sent : photosFromUrls(object.images as string[]);
  const values = productValues(form);
  const communes = communeChoices(values.address, lang);
  const fail = (failure: ProductFormFailure, status: number) => data<ProductFormFailure>({ ...failure, values, photos, communes }, { status });

  // Without JavaScript, the form asks for the fields of the category and the communes of the
  // wilaya just chosen: the same form again, with what was typed, nothing saved.
  if (form.get('intent') === 'refresh') return data<ProductFormFailure>({ values, photos, communes }, { status: 200 });

  try {
    if (params.productId) {
      const parsed = updateProductSchema.safeParse(object);
      if (!parsed.success) return fail({ fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      await services.listings.update(user, params.productId, parsed.data);
    } else {
      const parsed = createProductSchema.safeParse(object);
      if (!parsed.success) return fail({ fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      await services.listings.create(user, parsed.data);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (editing && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN')) throw notFound();
    return fail({ formError: error.code, fieldErrors: fieldErrorsOfService(error.errors) }, error.status);
  }
  return redirect(`/${lang}/dashboard`);
}

export default function ProductFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLang();
  const { t } = useTranslation('productForm');
  const editing = loaderData.productId !== null;
  const failure = actionData && 'values' in actionData ? (actionData as ProductFormFailure) : undefined;
  return (
    <div className={`mx-auto px-4 py-8 sm:px-6 sm:py-10 ${loaderData.verified ? 'max-w-6xl' : 'max-w-2xl'}`}>
      <Link
        to={localePath(lang, '/dashboard')}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink-muted hover:text-brand"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t('backToDashboard')}
      </Link>
      <header className="mt-3 mb-6 sm:mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{editing ? t('editTitle') : t('newTitle')}</h1>
        {loaderData.verified ? <p className="mt-2 max-w-2xl text-ink-muted">{editing ? t('editIntro') : t('newIntro')}</p> : null}
      </header>
      {loaderData.verified ? (
        <ProductForm
          key={loaderData.productId ?? 'new'}
          mode={editing ? 'edit' : 'new'}
          values={loaderData.values}
          photos={loaderData.photos}
          failure={failure}
          communes={failure?.communes ?? loaderData.communes}
          communesWilaya={(failure?.values ?? loaderData.values).address ?? ''}
        />
      ) : (
        <VerifyPrompt />
      )}
    </div>
  );
}
