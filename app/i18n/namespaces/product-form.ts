// Texts of the product form (new and edit). `en` defines the keys; fr and ar must match.
import type { Lang } from '../../../common/languages.ts';
import type { Widen } from '../messages.ts';

const en = {
  newTitle: 'Publish a listing',
  editTitle: 'Edit your listing',
};

export const productForm: Record<Lang, Widen<typeof en>> = {
  en,
  fr: { newTitle: 'Publier une annonce', editTitle: 'Modifier votre annonce' },
  ar: { newTitle: 'نشر إعلان', editTitle: 'تعديل إعلانك' },
};
