// Words that hold a listing for review at publish and edit (server/services/listing-checks.ts),
// grouped by what they point to, each group with the categories it applies to (`all`: every
// category). Matched as whole words (or phrases) after the search's normalization
// (ecosouk_normalize: case, accents, Arabic alef/ta marbuta/ya variants and harakat ignored),
// so spell them plainly here. A match is not a refusal: a moderator decides (the review queue).
import type { CategoryKey } from './reference-data.ts';

export interface ProhibitedGroup {
  key: string;
  name: { ar: string; fr: string; en: string };
  /** The categories whose listings are checked against these words. */
  categories: readonly CategoryKey[] | 'all';
  words: { ar: readonly string[]; fr: readonly string[]; en: readonly string[] };
}

export const PROHIBITED_GROUPS: readonly ProhibitedGroup[] = [
  {
    key: 'weapons',
    name: { ar: 'أسلحة', fr: 'armes', en: 'weapons' },
    categories: 'all',
    words: {
      ar: ['سلاح', 'اسلحة', 'مسدس', 'بندقية', 'كلاشنيكوف', 'ذخيرة', 'خرطوش', 'قنبلة', 'متفجرات'],
      fr: ['arme a feu', 'pistolet', 'revolver', 'fusil', 'carabine', 'kalachnikov', 'munitions', 'explosif', 'explosifs'],
      en: ['firearm', 'handgun', 'pistol', 'revolver', 'rifle', 'shotgun', 'ammunition', 'ammo', 'grenade', 'explosives'],
    },
  },
  {
    key: 'drugs',
    name: { ar: 'مخدرات', fr: 'drogues', en: 'drugs' },
    categories: 'all',
    words: {
      ar: ['مخدرات', 'حشيش', 'زطلة', 'كوكايين', 'هيروين', 'اقراص مهلوسة', 'ريفوتريل', 'بريغابالين', 'ليريكا'],
      fr: ['cannabis', 'haschich', 'hashish', 'zetla', 'cocaine', 'heroine', 'ecstasy', 'psychotropes', 'rivotril', 'pregabaline', 'lyrica'],
      en: ['cannabis', 'marijuana', 'hashish', 'cocaine', 'heroin', 'ecstasy', 'mdma', 'methamphetamine', 'rivotril', 'pregabalin', 'lyrica'],
    },
  },
  {
    key: 'counterfeit-documents',
    name: { ar: 'وثائق مزورة', fr: 'faux documents', en: 'counterfeit documents' },
    categories: 'all',
    words: {
      ar: ['وثائق مزورة', 'جواز سفر مزور', 'بطاقة تعريف مزورة', 'شهادة مزورة', 'رخصة سياقة مزورة', 'اوراق مزورة', 'عملة مزورة'],
      fr: ['faux papiers', 'faux passeport', 'fausse carte d identite', 'faux diplome', 'faux permis', 'faux billets', 'fausse monnaie'],
      en: ['fake passport', 'fake id', 'counterfeit passport', 'fake diploma', 'fake driving licence', 'fake driver license', 'counterfeit money', 'fake banknotes'],
    },
  },
  {
    key: 'protected-animals',
    name: { ar: 'حيوانات محمية', fr: 'animaux protégés', en: 'protected animals' },
    categories: ['animals', 'antiques-art', 'leisure-hobbies', 'clothing-accessories', 'furniture-home', 'food-beverages'],
    words: {
      ar: ['فنك', 'غزال', 'غزالة', 'حبارى', 'صقر', 'قرد ماغو', 'سلحفاة برية', 'عاج', 'جلد نمر', 'ضبع'],
      fr: ['fennec', 'gazelle', 'outarde', 'faucon', 'magot', 'macaque de barbarie', 'tortue mauresque', 'ivoire', 'peau de panthere', 'hyene'],
      en: ['fennec', 'gazelle', 'houbara', 'falcon', 'barbary macaque', 'spur-thighed tortoise', 'ivory', 'leopard skin', 'hyena'],
    },
  },
];
