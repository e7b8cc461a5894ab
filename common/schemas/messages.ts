// Validation messages, one key each, in the three languages. Schemas carry the key;
// the API answers with the English text (and the key as `code`); pages translate
// the key through the `validation` namespace built from this table.
import type { Localized } from '../languages.ts';

export const VALIDATION_MESSAGES = {
  required: { en: 'This field is required', fr: 'Ce champ est obligatoire', ar: 'هذا الحقل مطلوب' },
  emailRequired: { en: 'Email is required', fr: "L'adresse e-mail est obligatoire", ar: 'البريد الإلكتروني مطلوب' },
  emailInvalid: { en: 'Invalid email', fr: 'Adresse e-mail invalide', ar: 'بريد إلكتروني غير صالح' },
  passwordRequired: { en: 'Password is required', fr: 'Le mot de passe est obligatoire', ar: 'كلمة المرور مطلوبة' },
  passwordMin: {
    en: 'Password must be at least 6 characters long',
    fr: 'Le mot de passe doit contenir au moins 6 caractères',
    ar: 'يجب أن تتكون كلمة المرور من 6 أحرف على الأقل',
  },
  passwordMax: {
    en: 'Password must be at most 128 characters long',
    fr: 'Le mot de passe doit contenir au plus 128 caractères',
    ar: 'يجب ألا تتجاوز كلمة المرور 128 حرفًا',
  },
  passwordNumber: {
    en: 'Password must include at least one number',
    fr: 'Le mot de passe doit contenir au moins un chiffre',
    ar: 'يجب أن تحتوي كلمة المرور على رقم واحد على الأقل',
  },
  passwordUppercase: {
    en: 'Password must include at least one uppercase letter',
    fr: 'Le mot de passe doit contenir au moins une lettre majuscule',
    ar: 'يجب أن تحتوي كلمة المرور على حرف كبير واحد على الأقل',
  },
  passwordCommon: {
    en: 'This password is too common',
    fr: 'Ce mot de passe est trop courant',
    ar: 'كلمة المرور هذه شائعة جدًا',
  },
  passwordMismatch: { en: 'Passwords do not match', fr: 'Les mots de passe ne correspondent pas', ar: 'كلمتا المرور غير متطابقتين' },
  nameMin: {
    en: 'Name must be at least 2 characters long',
    fr: 'Le nom doit contenir au moins 2 caractères',
    ar: 'يجب أن يتكون الاسم من حرفين على الأقل',
  },
  nameMax: { en: 'Name must be at most 80 characters long', fr: 'Le nom doit contenir au plus 80 caractères', ar: 'يجب ألا يتجاوز الاسم 80 حرفًا' },
  termsRequired: {
    en: 'You must accept the terms and the privacy policy',
    fr: 'Vous devez accepter les conditions et la politique de confidentialité',
    ar: 'يجب أن توافق على الشروط وسياسة الخصوصية',
  },
  addressInvalid: { en: 'Choose a wilaya from the list', fr: 'Choisissez une wilaya dans la liste', ar: 'اختر ولاية من القائمة' },
  phoneInvalid: {
    en: 'Enter a valid Algerian phone number (e.g. 0550 12 34 56)',
    fr: 'Saisissez un numéro algérien valide (ex. 0550 12 34 56)',
    ar: 'أدخل رقم هاتف جزائريًا صالحًا (مثال: 0550 12 34 56)',
  },
  bioMin: {
    en: 'Bio must be at least 10 characters long',
    fr: 'La bio doit contenir au moins 10 caractères',
    ar: 'يجب أن تتكون النبذة من 10 أحرف على الأقل',
  },
  bioMax: { en: 'Bio must be at most 500 characters long', fr: 'La bio doit contenir au plus 500 caractères', ar: 'يجب ألا تتجاوز النبذة 500 حرف' },
  chatMessageRequired: { en: 'Write a message', fr: 'Écrivez un message', ar: 'اكتب رسالة' },
  chatMessageMax: {
    en: 'A message is at most 2000 characters long',
    fr: 'Un message fait au plus 2000 caractères',
    ar: 'لا تتجاوز الرسالة 2000 حرف',
  },
  messageMin: {
    en: 'Message must be at least 10 characters long',
    fr: 'Le message doit contenir au moins 10 caractères',
    ar: 'يجب أن تتكون الرسالة من 10 أحرف على الأقل',
  },
  messageMax: {
    en: 'Message must be at most 5000 characters long',
    fr: 'Le message doit contenir au plus 5000 caractères',
    ar: 'يجب ألا تتجاوز الرسالة 5000 حرف',
  },
  tokenMissing: { en: 'Reset token is missing', fr: 'Le jeton de réinitialisation est manquant', ar: 'رمز إعادة التعيين مفقود' },
  titleRequired: { en: 'Title is required', fr: 'Le titre est obligatoire', ar: 'العنوان مطلوب' },
  titleMax: { en: 'Title must be at most 120 characters long', fr: 'Le titre doit contenir au plus 120 caractères', ar: 'يجب ألا يتجاوز العنوان 120 حرفًا' },
  descRequired: { en: 'Description is required', fr: 'La description est obligatoire', ar: 'الوصف مطلوب' },
  descMax: {
    en: 'Description must be at most 5000 characters long',
    fr: 'La description doit contenir au plus 5000 caractères',
    ar: 'يجب ألا يتجاوز الوصف 5000 حرف',
  },
  categoryRequired: { en: 'Choose a category', fr: 'Choisissez une catégorie', ar: 'اختر فئة' },
  conditionRequired: { en: 'Choose the condition', fr: "Choisissez l'état", ar: 'اختر الحالة' },
  priceRequired: { en: 'Price is required', fr: 'Le prix est obligatoire', ar: 'السعر مطلوب' },
  priceInteger: { en: 'Price must be a whole number of dinars', fr: 'Le prix doit être un nombre entier de dinars', ar: 'يجب أن يكون السعر عددًا صحيحًا بالدينار' },
  priceMin: { en: 'Price must be above 0', fr: 'Le prix doit être supérieur à 0', ar: 'يجب أن يكون السعر أكبر من 0' },
  priceMax: {
    en: 'Price must be at most 1,000,000,000 dinars',
    fr: 'Le prix doit être au plus de 1 000 000 000 dinars',
    ar: 'يجب ألا يتجاوز السعر 1.000.000.000 دينار',
  },
  contactRequired: { en: 'Phone is required', fr: 'Le téléphone est obligatoire', ar: 'رقم الهاتف مطلوب' },
  imageRequired: { en: 'Add at least one photo', fr: 'Ajoutez au moins une photo', ar: 'أضف صورة واحدة على الأقل' },
  imageInvalid: { en: 'Image must be a valid URL', fr: "L'image doit être une URL valide", ar: 'يجب أن تكون الصورة رابطًا صالحًا' },
  imagesMax: { en: 'At most 10 photos', fr: '10 photos au maximum', ar: '10 صور كحد أقصى' },
  imageFetchFailed: {
    en: 'The photo at this address could not be fetched (unreachable, too slow or missing)',
    fr: "La photo à cette adresse n'a pas pu être récupérée (injoignable, trop lente ou absente)",
    ar: 'تعذّر جلب الصورة من هذا الرابط (غير متاح أو بطيء جدًا أو غير موجود)',
  },
  imageFetchNotAllowed: {
    en: 'This photo address is not allowed (private network or unsupported link)',
    fr: "Cette adresse de photo n'est pas autorisée (réseau privé ou lien non pris en charge)",
    ar: 'رابط الصورة هذا غير مسموح به (شبكة خاصة أو رابط غير مدعوم)',
  },
  imageFetchTooLarge: {
    en: 'The photo at this address is too large (10 MB, 40 megapixels at most)',
    fr: 'La photo à cette adresse est trop grande (10 Mo, 40 mégapixels au maximum)',
    ar: 'الصورة في هذا الرابط كبيرة جدًا (10 ميغابايت و40 ميغابكسل كحد أقصى)',
  },
  imageFetchNotImage: {
    en: 'The file at this address is not a JPEG, PNG, WebP or AVIF photo',
    fr: "Le fichier à cette adresse n'est pas une photo JPEG, PNG, WebP ou AVIF",
    ar: 'الملف في هذا الرابط ليس صورة JPEG أو PNG أو WebP أو AVIF',
  },
  nameTooLong: { en: 'At most 80 characters', fr: '80 caractères au maximum', ar: '80 حرفًا على الأكثر' },
  nothingToChange: { en: 'Nothing to change', fr: 'Rien à modifier', ar: 'لا شيء لتغييره' },
  searchNeedsFilter: {
    en: 'Choose at least one filter (words, category, wilaya…) before saving this search',
    fr: 'Choisissez au moins un filtre (mots, catégorie, wilaya…) avant d’enregistrer cette recherche',
    ar: 'اختر عاملَ تصفية واحدًا على الأقل (كلمات، فئة، ولاية…) قبل حفظ هذا البحث',
  },
  priceInvalid: { en: 'Enter a number', fr: 'Saisissez un nombre', ar: 'أدخل رقمًا' },
  priceNegative: { en: 'Price cannot be negative', fr: 'Le prix ne peut pas être négatif', ar: 'لا يمكن أن يكون السعر سالبًا' },
  priceRange: {
    en: 'The minimum price must not exceed the maximum',
    fr: 'Le prix minimum ne doit pas dépasser le maximum',
    ar: 'يجب ألا يتجاوز السعر الأدنى السعر الأقصى',
  },
  pageInvalid: { en: 'Page must be a whole number from 1', fr: 'La page doit être un entier à partir de 1', ar: 'يجب أن تكون الصفحة عددًا صحيحًا ابتداءً من 1' },
  pageTooDeep: {
    en: 'Pages stop at 100: narrow the search',
    fr: 'Les pages s’arrêtent à 100 : affinez la recherche',
    ar: 'تتوقف الصفحات عند 100: ضيّق نطاق البحث',
  },
  sellerInvalid: { en: 'This seller link is not valid', fr: "Ce lien de vendeur n'est pas valide", ar: 'رابط البائع هذا غير صالح' },
  searchTooLong: { en: 'Search text is too long', fr: 'Le texte recherché est trop long', ar: 'نص البحث طويل جدًا' },
  invalidValue: { en: 'Invalid value', fr: 'Valeur invalide', ar: 'قيمة غير صالحة' },
  // A listing's category details (common/category-attributes.ts) and price type (common/pricing.ts).
  attributesInvalid: { en: 'Invalid details', fr: 'Détails invalides', ar: 'تفاصيل غير صالحة' },
  attributeUnknown: {
    en: 'This category has no such detail',
    fr: "Cette catégorie n'a pas ce détail",
    ar: 'هذه الفئة لا تحتوي على هذه الخاصية',
  },
  attributeNotFilter: {
    en: 'This detail cannot be used as a filter',
    fr: 'Ce détail ne peut pas servir de filtre',
    ar: 'لا يمكن استعمال هذه الخاصية للتصفية',
  },
  attributeChoice: { en: 'Choose a value from the list', fr: 'Choisissez une valeur dans la liste', ar: 'اختر قيمة من القائمة' },
  attributeNumber: { en: 'Enter a whole number', fr: 'Saisissez un nombre entier', ar: 'أدخل عددًا صحيحًا' },
  attributeRange: {
    en: 'This value is outside the allowed range',
    fr: 'Cette valeur est hors des limites permises',
    ar: 'هذه القيمة خارج المجال المسموح به',
  },
  attributeRangeOrder: {
    en: 'The minimum must not exceed the maximum',
    fr: 'Le minimum ne doit pas dépasser le maximum',
    ar: 'يجب ألا يتجاوز الحد الأدنى الحد الأقصى',
  },
  attributeTextMax: { en: 'This text is too long', fr: 'Ce texte est trop long', ar: 'هذا النص طويل جدًا' },
  priceTypeInvalid: {
    en: 'Choose a fixed, negotiable or free price',
    fr: 'Choisissez un prix fixe, négociable ou gratuit',
    ar: 'اختر سعرًا ثابتًا أو قابلًا للتفاوض أو مجانيًا',
  },
  priceFree: { en: 'A free listing has a price of 0', fr: 'Une annonce gratuite a un prix de 0', ar: 'سعر الإعلان المجاني هو 0' },
  exchangeInvalid: { en: 'Answer yes or no', fr: 'Répondez par oui ou non', ar: 'أجب بنعم أو لا' },
  communeInvalid: { en: 'Choose a commune from the list', fr: 'Choisissez une commune dans la liste', ar: 'اختر بلدية من القائمة' },
  communeWilaya: {
    en: 'This commune is not in the chosen wilaya',
    fr: "Cette commune n'est pas dans la wilaya choisie",
    ar: 'هذه البلدية ليست في الولاية المختارة',
  },
  reportTargetInvalid: { en: 'Choose what you are reporting', fr: 'Choisissez ce que vous signalez', ar: 'اختر ما تريد الإبلاغ عنه' },
  reportReasonInvalid: { en: 'Choose a reason from the list', fr: 'Choisissez un motif dans la liste', ar: 'اختر سببًا من القائمة' },
  reportCommentMax: {
    en: 'The comment must be at most 1000 characters long',
    fr: 'Le commentaire doit contenir au plus 1000 caractères',
    ar: 'يجب ألا يتجاوز التعليق 1000 حرف',
  },
  moderationReasonRequired: {
    en: 'Give a reason (at least 3 characters): the member will read it',
    fr: 'Indiquez un motif (au moins 3 caractères) : le membre le lira',
    ar: 'اكتب السبب (3 أحرف على الأقل): سيقرؤه العضو',
  },
  moderationReasonMax: {
    en: 'The reason must be at most 500 characters long',
    fr: 'Le motif doit contenir au plus 500 caractères',
    ar: 'يجب ألا يتجاوز السبب 500 حرف',
  },
  moderationActionRequired: { en: 'Choose an action', fr: 'Choisissez une action', ar: 'اختر إجراءً' },
  // Requests a page refuses before its form is read (server/plugins/page-body-limit.ts, method-not-allowed.ts).
  bodyTooLarge: {
    en: 'What was sent is too large for this form.',
    fr: 'Ce qui a été envoyé est trop volumineux pour ce formulaire.',
    ar: 'ما تم إرساله كبير جدًا بالنسبة لهذا النموذج.',
  },
  methodNotAllowed: {
    en: 'This page does not accept that kind of request.',
    fr: 'Cette page n’accepte pas ce type de requête.',
    ar: 'هذه الصفحة لا تقبل هذا النوع من الطلبات.',
  },
} satisfies Record<string, Localized>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationKey(value: string): value is ValidationKey {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}
