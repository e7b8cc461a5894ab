// Reference data shared by the server, the database seed and the UI:
// categories, wilayas and item conditions, each with its names in every language.

import type { Lang, Localized } from './languages.ts';
import { compareText } from './format.ts';

export const CATEGORY_KEYS = [
  'automobile',
  'real-estate',
  'jobs',
  'electronics',
  'furniture-home',
  'clothing-accessories',
  'baby-kids',
  'leisure-hobbies',
  'animals',
  'services',
  'events-tickets',
  'sport-fitness',
  'music-movies-books',
  'diy-garden',
  'food-beverages',
  'antiques-art',
  'education-training',
  'business-industry',
] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

// In official order: the position in this list is the wilaya's number minus one.
export const WILAYA_KEYS = [
  'adrar',
  'chlef',
  'laghouat',
  'oum-el-bouaghi',
  'batna',
  'bejaia',
  'biskra',
  'bechar',
  'blida',
  'bouira',
  'tamanrasset',
  'tebessa',
  'tlemcen',
  'tiaret',
  'tizi-ouzou',
  'alger',
  'djelfa',
  'jijel',
  'setif',
  'saida',
  'skikda',
  'sidi-bel-abbes',
  'annaba',
  'guelma',
  'constantine',
  'medea',
  'mostaganem',
  'msila',
  'mascara',
  'ouargla',
  'oran',
  'el-bayadh',
  'illizi',
  'bordj-bou-arreridj',
  'boumerdes',
  'el-tarf',
  'tindouf',
  'tissemsilt',
  'el-oued',
  'khenchela',
  'souk-ahras',
  'tipaza',
  'mila',
  'ain-defla',
  'naama',
  'ain-temouchent',
  'ghardaia',
  'relizane',
  'timimoun',
  'bordj-badji-mokhtar',
  'ouled-djellal',
  'beni-abbes',
  'in-salah',
  'in-guezzam',
  'touggourt',
  'djanet',
  'el-mghair',
  'el-meniaa',
] as const;
export type WilayaKey = (typeof WILAYA_KEYS)[number];

export const CONDITION_KEYS = ['new', 'like-new', 'good', 'fair', 'for-parts'] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

/** The value a filter takes when it does not restrict anything. */
export const ALL = 'all';

export interface Category {
  key: CategoryKey;
  name: Localized;
  /** Name of a lucide-react icon. */
  icon: string;
}

export interface Wilaya {
  key: WilayaKey;
  /** Official two-digit number, '01'..'58'. */
  code: string;
  name: Localized;
}

export interface Condition {
  key: ConditionKey;
  name: Localized;
}

// Records keyed by the tuples above, so the compiler rejects a missing or extra entry.
const CATEGORY_DATA: Record<CategoryKey, Omit<Category, 'key'>> = {
  automobile: { icon: 'Car', name: { ar: 'سيارات ومركبات', fr: 'Automobiles & Véhicules', en: 'Automobile' } },
  'real-estate': { icon: 'House', name: { ar: 'عقارات', fr: 'Immobilier', en: 'Real Estate' } },
  jobs: { icon: 'Briefcase', name: { ar: 'وظائف', fr: 'Emploi', en: 'Jobs' } },
  electronics: { icon: 'Smartphone', name: { ar: 'إلكترونيات', fr: 'Électronique', en: 'Electronics' } },
  'furniture-home': { icon: 'Sofa', name: { ar: 'أثاث ومنزل', fr: 'Meubles & Maison', en: 'Furniture & Home' } },
  'clothing-accessories': {
    icon: 'Shirt',
    name: { ar: 'ملابس وإكسسوارات', fr: 'Vêtements & Accessoires', en: 'Clothing & Accessories' },
  },
  'baby-kids': { icon: 'Baby', name: { ar: 'رضع وأطفال', fr: 'Bébé & Enfants', en: 'Baby & Kids' } },
  'leisure-hobbies': { icon: 'Gamepad2', name: { ar: 'ترفيه وهوايات', fr: 'Loisirs & Divertissements', en: 'Leisure & Hobbies' } },
  animals: { icon: 'PawPrint', name: { ar: 'حيوانات', fr: 'Animaux', en: 'Animals' } },
  services: { icon: 'Wrench', name: { ar: 'خدمات', fr: 'Services', en: 'Services' } },
  'events-tickets': { icon: 'Ticket', name: { ar: 'فعاليات وتذاكر', fr: 'Événements & Billetterie', en: 'Events & Tickets' } },
  'sport-fitness': { icon: 'Dumbbell', name: { ar: 'رياضة ولياقة بدنية', fr: 'Sport & Fitness', en: 'Sport & Fitness' } },
  'music-movies-books': {
    icon: 'BookOpen',
    name: { ar: 'موسيقى وأفلام وكتب', fr: 'Musique, Films & Livres', en: 'Music, Movies & Books' },
  },
  'diy-garden': { icon: 'Hammer', name: { ar: 'أدوات وبستنة', fr: 'Bricolage & Jardinage', en: 'DIY & Garden' } },
  'food-beverages': { icon: 'Apple', name: { ar: 'مواد غذائية ومشروبات', fr: 'Alimentation & Boissons', en: 'Food & Beverages' } },
  'antiques-art': { icon: 'Landmark', name: { ar: 'تحف وفنون', fr: 'Antiquités & Art', en: 'Antiques & Art' } },
  'education-training': {
    icon: 'GraduationCap',
    name: { ar: 'تعليم وتكوين', fr: 'Éducation & Formation', en: 'Education & Training' },
  },
  'business-industry': { icon: 'Factory', name: { ar: 'أعمال وصناعة', fr: 'Commerce & Industrie', en: 'Business & Industry' } },
};

const WILAYA_DATA: Record<WilayaKey, Omit<Wilaya, 'key'>> = {
  adrar: { code: '01', name: { ar: 'أدرار', fr: 'Adrar', en: 'Adrar' } },
  chlef: { code: '02', name: { ar: 'الشلف', fr: 'Chlef', en: 'Chlef' } },
  laghouat: { code: '03', name: { ar: 'الأغواط', fr: 'Laghouat', en: 'Laghouat' } },
  'oum-el-bouaghi': { code: '04', name: { ar: 'أم البواقي', fr: 'Oum El Bouaghi', en: 'Oum El Bouaghi' } },
  batna: { code: '05', name: { ar: 'باتنة', fr: 'Batna', en: 'Batna' } },
  bejaia: { code: '06', name: { ar: 'بجاية', fr: 'Béjaïa', en: 'Bejaia' } },
  biskra: { code: '07', name: { ar: 'بسكرة', fr: 'Biskra', en: 'Biskra' } },
  bechar: { code: '08', name: { ar: 'بشار', fr: 'Béchar', en: 'Bechar' } },
  blida: { code: '09', name: { ar: 'البليدة', fr: 'Blida', en: 'Blida' } },
  bouira: { code: '10', name: { ar: 'البويرة', fr: 'Bouira', en: 'Bouira' } },
  tamanrasset: { code: '11', name: { ar: 'تمنراست', fr: 'Tamanrasset', en: 'Tamanrasset' } },
  tebessa: { code: '12', name: { ar: 'تبسة', fr: 'Tébessa', en: 'Tebessa' } },
  tlemcen: { code: '13', name: { ar: 'تلمسان', fr: 'Tlemcen', en: 'Tlemcen' } },
  tiaret: { code: '14', name: { ar: 'تيارت', fr: 'Tiaret', en: 'Tiaret' } },
  'tizi-ouzou': { code: '15', name: { ar: 'تيزي وزو', fr: 'Tizi Ouzou', en: 'Tizi Ouzou' } },
  alger: { code: '16', name: { ar: 'الجزائر', fr: 'Alger', en: 'Algiers' } },
  djelfa: { code: '17', name: { ar: 'الجلفة', fr: 'Djelfa', en: 'Djelfa' } },
  jijel: { code: '18', name: { ar: 'جيجل', fr: 'Jijel', en: 'Jijel' } },
  setif: { code: '19', name: { ar: 'سطيف', fr: 'Sétif', en: 'Setif' } },
  saida: { code: '20', name: { ar: 'سعيدة', fr: 'Saïda', en: 'Saida' } },
  skikda: { code: '21', name: { ar: 'سكيكدة', fr: 'Skikda', en: 'Skikda' } },
  'sidi-bel-abbes': { code: '22', name: { ar: 'سيدي بلعباس', fr: 'Sidi Bel Abbès', en: 'Sidi Bel Abbes' } },
  annaba: { code: '23', name: { ar: 'عنابة', fr: 'Annaba', en: 'Annaba' } },
  guelma: { code: '24', name: { ar: 'قالمة', fr: 'Guelma', en: 'Guelma' } },
  constantine: { code: '25', name: { ar: 'قسنطينة', fr: 'Constantine', en: 'Constantine' } },
  medea: { code: '26', name: { ar: 'المدية', fr: 'Médéa', en: 'Medea' } },
  mostaganem: { code: '27', name: { ar: 'مستغانم', fr: 'Mostaganem', en: 'Mostaganem' } },
  msila: { code: '28', name: { ar: 'المسيلة', fr: "M'Sila", en: "M'Sila" } },
  mascara: { code: '29', name: { ar: 'معسكر', fr: 'Mascara', en: 'Mascara' } },
  ouargla: { code: '30', name: { ar: 'ورقلة', fr: 'Ouargla', en: 'Ouargla' } },
  oran: { code: '31', name: { ar: 'وهران', fr: 'Oran', en: 'Oran' } },
  'el-bayadh': { code: '32', name: { ar: 'البيض', fr: 'El Bayadh', en: 'El Bayadh' } },
  illizi: { code: '33', name: { ar: 'إليزي', fr: 'Illizi', en: 'Illizi' } },
  'bordj-bou-arreridj': { code: '34', name: { ar: 'برج بوعريريج', fr: 'Bordj Bou Arréridj', en: 'Bordj Bou Arreridj' } },
  boumerdes: { code: '35', name: { ar: 'بومرداس', fr: 'Boumerdès', en: 'Boumerdes' } },
  'el-tarf': { code: '36', name: { ar: 'الطارف', fr: 'El Tarf', en: 'El Tarf' } },
  tindouf: { code: '37', name: { ar: 'تندوف', fr: 'Tindouf', en: 'Tindouf' } },
  tissemsilt: { code: '38', name: { ar: 'تيسمسيلت', fr: 'Tissemsilt', en: 'Tissemsilt' } },
  'el-oued': { code: '39', name: { ar: 'الوادي', fr: 'El Oued', en: 'El Oued' } },
  khenchela: { code: '40', name: { ar: 'خنشلة', fr: 'Khenchela', en: 'Khenchela' } },
  'souk-ahras': { code: '41', name: { ar: 'سوق أهراس', fr: 'Souk Ahras', en: 'Souk Ahras' } },
  tipaza: { code: '42', name: { ar: 'تيبازة', fr: 'Tipaza', en: 'Tipaza' } },
  mila: { code: '43', name: { ar: 'ميلة', fr: 'Mila', en: 'Mila' } },
  'ain-defla': { code: '44', name: { ar: 'عين الدفلى', fr: 'Aïn Defla', en: 'Ain Defla' } },
  naama: { code: '45', name: { ar: 'النعامة', fr: 'Naâma', en: 'Naama' } },
  'ain-temouchent': { code: '46', name: { ar: 'عين تموشنت', fr: 'Aïn Témouchent', en: 'Ain Temouchent' } },
  ghardaia: { code: '47', name: { ar: 'غرداية', fr: 'Ghardaïa', en: 'Ghardaia' } },
  relizane: { code: '48', name: { ar: 'غليزان', fr: 'Relizane', en: 'Relizane' } },
  timimoun: { code: '49', name: { ar: 'تيميمون', fr: 'Timimoun', en: 'Timimoun' } },
  'bordj-badji-mokhtar': { code: '50', name: { ar: 'برج باجي مختار', fr: 'Bordj Badji Mokhtar', en: 'Bordj Badji Mokhtar' } },
  'ouled-djellal': { code: '51', name: { ar: 'أولاد جلال', fr: 'Ouled Djellal', en: 'Ouled Djellal' } },
  'beni-abbes': { code: '52', name: { ar: 'بني عباس', fr: 'Béni Abbès', en: 'Beni Abbes' } },
  'in-salah': { code: '53', name: { ar: 'عين صالح', fr: 'In Salah', en: 'In Salah' } },
  'in-guezzam': { code: '54', name: { ar: 'عين قزام', fr: 'In Guezzam', en: 'In Guezzam' } },
  touggourt: { code: '55', name: { ar: 'تقرت', fr: 'Touggourt', en: 'Touggourt' } },
  djanet: { code: '56', name: { ar: 'جانت', fr: 'Djanet', en: 'Djanet' } },
  'el-mghair': { code: '57', name: { ar: 'المغير', fr: "El M'Ghair", en: "El M'Ghair" } },
  'el-meniaa': { code: '58', name: { ar: 'المنيعة', fr: 'El Meniaa', en: 'El Meniaa' } },
};

const CONDITION_DATA: Record<ConditionKey, Localized> = {
  new: { ar: 'جديد', fr: 'Neuf', en: 'New' },
  'like-new': { ar: 'شبه جديد', fr: 'Comme neuf', en: 'Like new' },
  good: { ar: 'حالة جيدة', fr: 'Bon état', en: 'Good' },
  fair: { ar: 'حالة مقبولة', fr: 'État correct', en: 'Fair' },
  'for-parts': { ar: 'لقطع الغيار', fr: 'Pour pièces', en: 'For parts' },
};

export const CATEGORIES: readonly Category[] = CATEGORY_KEYS.map((key) => ({ key, ...CATEGORY_DATA[key] }));
export const WILAYAS: readonly Wilaya[] = WILAYA_KEYS.map((key) => ({ key, ...WILAYA_DATA[key] }));
export const CONDITIONS: readonly Condition[] = CONDITION_KEYS.map((key) => ({ key, name: CONDITION_DATA[key] }));

const CATEGORIES_BY_NAME = new Map<Lang, readonly Category[]>();

/** The categories in the alphabetical order of their names in `lang` (the search's list), sorted once a language. */
export function categoriesByName(lang: Lang): readonly Category[] {
  let sorted = CATEGORIES_BY_NAME.get(lang);
  if (!sorted) {
    const byName = compareText(lang);
    sorted = [...CATEGORIES].sort((a, b) => byName(a.name[lang], b.name[lang]));
    CATEGORIES_BY_NAME.set(lang, sorted);
  }
  return sorted;
}

const CATEGORY_BY_KEY: ReadonlyMap<string, Category> = new Map(CATEGORIES.map((c) => [c.key, c]));
const WILAYA_BY_KEY: ReadonlyMap<string, Wilaya> = new Map(WILAYAS.map((w) => [w.key, w]));
const CONDITION_BY_KEY: ReadonlyMap<string, Condition> = new Map(CONDITIONS.map((c) => [c.key, c]));

// Unknown keys come back unchanged so stale or hand-typed values still render as something.
export function categoryName(key: string, lang: Lang): string {
  return CATEGORY_BY_KEY.get(key)?.name[lang] ?? key;
}

export function wilayaName(key: string, lang: Lang): string {
  return WILAYA_BY_KEY.get(key)?.name[lang] ?? key;
}

export function conditionName(key: string, lang: Lang): string {
  return CONDITION_BY_KEY.get(key)?.name[lang] ?? key;
}

export function isCategoryKey(v: unknown): v is CategoryKey {
  return typeof v === 'string' && CATEGORY_BY_KEY.has(v);
}

export function isWilayaKey(v: unknown): v is WilayaKey {
  return typeof v === 'string' && WILAYA_BY_KEY.has(v);
}

export function isConditionKey(v: unknown): v is ConditionKey {
  return typeof v === 'string' && CONDITION_BY_KEY.has(v);
}
