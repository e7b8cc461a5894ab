// The details each category asks of a listing (a car's year and mileage, a flat's rooms and
// surface…), defined once for the form, the API, the search filters and the product page,
// with their names in the three languages beside them as in reference-data.ts.
// Kinds are those of docs/api.md (`enum`, `int`, `text`); a yes/no detail is an enum of two
// options so that it reads as a choice in forms and filters alike.
import type { Lang, Localized } from './languages.ts';
import { CATEGORY_KEYS, type CategoryKey } from './reference-data.ts';

export interface AttributeOption {
  key: string;
  name: Localized;
}

interface AttributeBase {
  key: string;
  name: Localized;
  /** Searchable: a choice of options for an enum, a min-max range for an int. Text never is. */
  filter: boolean;
}

export interface EnumAttribute extends AttributeBase {
  type: 'enum';
  options: readonly AttributeOption[];
}

export interface IntAttribute extends AttributeBase {
  type: 'int';
  min: number;
  max: number;
  unit?: AttributeUnit;
}

export interface TextAttribute extends AttributeBase {
  type: 'text';
  maxLength: number;
  filter: false;
}

export type Attribute = EnumAttribute | IntAttribute | TextAttribute;
export type AttributeUnit = 'km' | 'm2' | 'gb';

export const ATTRIBUTE_UNITS: Record<AttributeUnit, Localized> = {
  km: { ar: 'كم', fr: 'km', en: 'km' },
  m2: { ar: 'م²', fr: 'm²', en: 'm²' },
  gb: { ar: 'جيغابايت', fr: 'Go', en: 'GB' },
};

/** Values of one listing's details, as stored and sent: option keys, whole numbers and texts. */
export type AttributeValues = Record<string, string | number>;

const same = (name: string): Localized => ({ ar: name, fr: name, en: name });
const other: AttributeOption = { key: 'other', name: { ar: 'أخرى', fr: 'Autre', en: 'Other' } };
/** Brand names read the same in every language; `other` is last. */
const brands = (names: readonly string[]): AttributeOption[] => [
  ...names.map((name) => ({
    key: name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name: same(name),
  })),
  other,
];
const option = (key: string, ar: string, fr: string, en: string): AttributeOption => ({ key, name: { ar, fr, en } });

/** The makes sold new or commonly found second-hand in Algeria. */
const VEHICLE_BRANDS = brands([
  'Renault', 'Dacia', 'Peugeot', 'Citroën', 'Volkswagen', 'Seat', 'Skoda', 'Audi', 'BMW', 'Mercedes-Benz',
  'Fiat', 'Opel', 'Ford', 'Toyota', 'Hyundai', 'Kia', 'Nissan', 'Suzuki', 'Mitsubishi', 'Mazda', 'Honda',
  'Chevrolet', 'Isuzu', 'Jeep', 'Land Rover', 'Chery', 'Geely', 'JAC', 'Great Wall', 'Haval', 'BAIC', 'DFSK',
  'Changan', 'MG', 'Jetour', 'Mahindra', 'Iveco',
]);

const ELECTRONICS_BRANDS = brands([
  'Samsung', 'Apple', 'Xiaomi', 'Oppo', 'Realme', 'Huawei', 'Honor', 'Infinix', 'Tecno', 'Itel', 'Condor', 'Iris',
  'Nokia', 'Motorola', 'Lenovo', 'HP', 'Dell', 'Asus', 'Acer', 'LG', 'Sony', 'TCL', 'Hisense', 'Stream System',
  'Brandt', 'Canon', 'Nikon',
]);

/** Model years up to next year's models, which are on sale from the autumn. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

const CATEGORY_ATTRIBUTE_DATA: Record<CategoryKey, readonly Attribute[]> = {
  automobile: [
    { key: 'brand', type: 'enum', filter: true, name: { ar: 'العلامة', fr: 'Marque', en: 'Make' }, options: VEHICLE_BRANDS },
    { key: 'model', type: 'text', filter: false, maxLength: 60, name: { ar: 'الطراز', fr: 'Modèle', en: 'Model' } },
    { key: 'year', type: 'int', filter: true, min: 1950, max: NEXT_YEAR, name: { ar: 'سنة الصنع', fr: 'Année', en: 'Year' } },
    { key: 'mileage', type: 'int', filter: true, min: 0, max: 2_000_000, unit: 'km', name: { ar: 'عدد الكيلومترات', fr: 'Kilométrage', en: 'Mileage' } },
    {
      key: 'fuel',
      type: 'enum',
      filter: true,
      name: { ar: 'الوقود', fr: 'Carburant', en: 'Fuel' },
      options: [
        option('petrol', 'بنزين', 'Essence', 'Petrol'),
        option('diesel', 'مازوت', 'Diesel', 'Diesel'),
        option('lpg', 'سيرغاز (GPL)', 'GPL / Sirghaz', 'LPG / Sirghaz'),
        option('hybrid', 'هجين', 'Hybride', 'Hybrid'),
        option('electric', 'كهربائي', 'Électrique', 'Electric'),
      ],
    },
    {
      key: 'gearbox',
      type: 'enum',
      filter: true,
      name: { ar: 'علبة السرعات', fr: 'Boîte de vitesses', en: 'Gearbox' },
      options: [option('manual', 'يدوية', 'Manuelle', 'Manual'), option('automatic', 'أوتوماتيكية', 'Automatique', 'Automatic')],
    },
  ],
  'real-estate': [
    {
      key: 'offer',
      type: 'enum',
      filter: true,
      name: { ar: 'نوع العرض', fr: "Type d'offre", en: 'Offer' },
      options: [option('sale', 'بيع', 'Vente', 'For sale'), option('rent', 'كراء (شهريًا)', 'Location (par mois)', 'For rent (per month)')],
    },
    {
      key: 'type',
      type: 'enum',
      filter: true,
      name: { ar: 'نوع العقار', fr: 'Type de bien', en: 'Property type' },
      options: [
        option('apartment', 'شقة', 'Appartement', 'Apartment'),
        option('house', 'منزل / فيلا', 'Maison / Villa', 'House / Villa'),
        option('land', 'أرض', 'Terrain', 'Land'),
        option('shop', 'محل تجاري', 'Local commercial', 'Shop'),
        option('office', 'مكتب', 'Bureau', 'Office'),
      ],
    },
    {
      key: 'rooms',
      type: 'enum',
      filter: true,
      name: { ar: 'عدد الغرف', fr: 'Pièces', en: 'Rooms' },
      options: ['F1', 'F2', 'F3', 'F4', 'F5'].map((f) => ({ key: f.toLowerCase(), name: same(f) })).concat({ key: 'f6-plus', name: same('F6+') }),
    },
    { key: 'surface', type: 'int', filter: true, min: 1, max: 1_000_000, unit: 'm2', name: { ar: 'المساحة', fr: 'Surface', en: 'Surface' } },
    { key: 'floor', type: 'int', filter: false, min: 0, max: 60, name: { ar: 'الطابق (0 = الطابق الأرضي)', fr: 'Étage (0 = rez-de-chaussée)', en: 'Floor (0 = ground floor)' } },
    {
      key: 'furnished',
      type: 'enum',
      filter: true,
      name: { ar: 'الأثاث', fr: 'Ameublement', en: 'Furnishing' },
      options: [option('furnished', 'مفروش', 'Meublé', 'Furnished'), option('unfurnished', 'غير مفروش', 'Non meublé', 'Unfurnished')],
    },
  ],
  jobs: [
    {
      key: 'offer',
      type: 'enum',
      filter: true,
      name: { ar: 'نوع الإعلان', fr: "Type d'annonce", en: 'Listing type' },
      options: [option('offer', 'عرض عمل', "Offre d'emploi", 'Job offer'), option('request', 'طلب عمل', "Demande d'emploi", 'Looking for work')],
    },
    {
      key: 'contract',
      type: 'enum',
      filter: true,
      name: { ar: 'نوع العقد', fr: 'Type de contrat', en: 'Contract' },
      options: [
        option('permanent', 'عقد غير محدد المدة', 'CDI', 'Permanent'),
        option('fixed-term', 'عقد محدد المدة', 'CDD', 'Fixed-term'),
        option('part-time', 'دوام جزئي', 'Temps partiel', 'Part-time'),
        option('internship', 'تربص', 'Stage', 'Internship'),
        option('freelance', 'عمل حر', 'Freelance', 'Freelance'),
      ],
    },
  ],
  electronics: [
    {
      key: 'type',
      type: 'enum',
      filter: true,
      name: { ar: 'النوع', fr: 'Type', en: 'Type' },
      options: [
        option('phone', 'هاتف', 'Téléphone', 'Phone'),
        option('tablet', 'لوحة رقمية', 'Tablette', 'Tablet'),
        option('laptop', 'حاسوب محمول', 'Ordinateur portable', 'Laptop'),
        option('desktop', 'حاسوب مكتبي', 'Ordinateur de bureau', 'Desktop computer'),
        option('tv', 'تلفاز', 'Téléviseur', 'TV'),
        option('console', 'جهاز ألعاب', 'Console de jeux', 'Games console'),
        option('camera', 'آلة تصوير', 'Appareil photo', 'Camera'),
        option('audio', 'صوتيات', 'Audio', 'Audio'),
        option('accessory', 'ملحقات', 'Accessoire', 'Accessory'),
        other,
      ],
    },
    { key: 'brand', type: 'enum', filter: true, name: { ar: 'العلامة', fr: 'Marque', en: 'Brand' }, options: ELECTRONICS_BRANDS },
    { key: 'storage', type: 'int', filter: true, min: 1, max: 100_000, unit: 'gb', name: { ar: 'سعة التخزين', fr: 'Stockage', en: 'Storage' } },
  ],
  'furniture-home': [
    {
      key: 'type',
      type: 'enum',
      filter: true,
      name: { ar: 'النوع', fr: 'Type', en: 'Type' },
      options: [
        option('furniture', 'أثاث', 'Meuble', 'Furniture'),
        option('large-appliance', 'أجهزة كهرومنزلية كبيرة', 'Gros électroménager', 'Large appliance'),
        option('small-appliance', 'أجهزة كهرومنزلية صغيرة', 'Petit électroménager', 'Small appliance'),
        option('kitchenware', 'أواني المطبخ', 'Vaisselle et cuisine', 'Kitchenware'),
        option('decoration', 'ديكور', 'Décoration', 'Decoration'),
        option('bedding', 'أفرشة ومفروشات', 'Literie et linge', 'Bedding and linen'),
        other,
      ],
    },
  ],
  'clothing-accessories': [
    {
      key: 'type',
      type: 'enum',
      filter: true,
      name: { ar: 'النوع', fr: 'Type', en: 'Type' },
      options: [
        option('clothes', 'ملابس', 'Vêtements', 'Clothes'),
        option('shoes', 'أحذية', 'Chaussures', 'Shoes'),
        option('bag', 'حقائب', 'Sacs', 'Bags'),
        option('watch', 'ساعات', 'Montres', 'Watches'),
        option('jewellery', 'مجوهرات', 'Bijoux', 'Jewellery'),
        other,
      ],
    },
    {
      key: 'for',
      type: 'enum',
      filter: true,
      name: { ar: 'لمن', fr: 'Pour', en: 'For' },
      options: [option('women', 'نساء', 'Femmes', 'Women'), option('men', 'رجال', 'Hommes', 'Men'), option('children', 'أطفال', 'Enfants', 'Children')],
    },
    { key: 'size', type: 'text', filter: false, maxLength: 12, name: { ar: 'المقاس', fr: 'Taille', en: 'Size' } },
  ],
  'baby-kids': [],
  'leisure-hobbies': [],
  animals: [
    {
      key: 'species',
      type: 'enum',
      filter: true,
      name: { ar: 'الصنف', fr: 'Espèce', en: 'Species' },
      options: [
        option('sheep', 'أغنام', 'Moutons', 'Sheep'),
        option('goat', 'ماعز', 'Chèvres', 'Goats'),
        option('cattle', 'أبقار', 'Bovins', 'Cattle'),
        option('horse', 'خيول', 'Chevaux', 'Horses'),
        option('poultry', 'دواجن', 'Volailles', 'Poultry'),
        option('bird', 'طيور', 'Oiseaux', 'Birds'),
        option('dog', 'كلاب', 'Chiens', 'Dogs'),
        option('cat', 'قطط', 'Chats', 'Cats'),
        option('fish', 'أسماك', 'Poissons', 'Fish'),
        other,
      ],
    },
  ],
  services: [],
  'events-tickets': [],
  'sport-fitness': [
    {
      key: 'type',
      type: 'enum',
      filter: true,
      name: { ar: 'النوع', fr: 'Type', en: 'Type' },
      options: [
        option('bicycle', 'دراجات هوائية', 'Vélos', 'Bicycles'),
        option('fitness', 'معدات اللياقة', 'Musculation et fitness', 'Fitness equipment'),
        option('team-sports', 'رياضات جماعية', 'Sports collectifs', 'Team sports'),
        option('outdoor', 'تخييم ورياضات الهواء الطلق', 'Camping et plein air', 'Camping and outdoor'),
        option('water-sports', 'رياضات مائية', 'Sports nautiques', 'Water sports'),
        other,
      ],
    },
  ],
  'music-movies-books': [],
  'diy-garden': [],
  'food-beverages': [],
  'antiques-art': [],
  'education-training': [],
  'business-industry': [],
};

export const CATEGORY_ATTRIBUTES: Readonly<Record<CategoryKey, readonly Attribute[]>> = CATEGORY_ATTRIBUTE_DATA;

/** The details of a category, in form order; none for an unknown category. */
export function attributesOf(category: string): readonly Attribute[] {
  return (CATEGORY_KEYS as readonly string[]).includes(category) ? CATEGORY_ATTRIBUTE_DATA[category as CategoryKey] : [];
}

export function attributeOf(category: string, key: string): Attribute | undefined {
  return attributesOf(category).find((a) => a.key === key);
}

/**
 * A value as a reader sees it: the option's name, a quantity with its unit (grouped by
 * `formatNumber`, e.g. "120 000 km"), or the text. Numbers without a unit (a year, a floor)
 * are never grouped: "2018", not "2 018".
 */
export function attributeValueText(attribute: Attribute, value: string | number, lang: Lang, formatNumber: (n: number) => string = String): string {
  if (attribute.type === 'enum') return attribute.options.find((o) => o.key === value)?.name[lang] ?? String(value);
  if (attribute.type === 'int' && attribute.unit && typeof value === 'number') {
    return `${formatNumber(value)} ${ATTRIBUTE_UNITS[attribute.unit][lang]}`;
  }
  return String(value);
}
