// The CO₂ a second-hand purchase saves (issue #16): published footprints of making a new
// product, the share of it a second-hand purchase is counted as avoiding, and the one function
// that maps a listing (category, and its details where they narrow the product down) to an
// estimate. Used by the API's Product shape, the site and shop totals, and the pages.
// Method, sources and limits: docs/impact.md (and common/content/impact.ts for the page).
import type { AttributeValues } from './category-attributes.ts';
import { INTL_LOCALE, type Lang, type Localized } from './languages.ts';

export interface ImpactSource {
  /** Who published the figure and where it can be checked. */
  publisher: string;
  title: string;
  url: string;
  year: number;
}

export interface ImpactFigure {
  /** kg CO₂e of making and delivering one new product (raw materials, manufacturing, transport to the shop); use and end of life excluded. */
  newKg: number;
  /** What the figure describes, e.g. "smartphone (average of three configurations)". */
  item: Localized;
  source: ImpactSource;
}

const ADEME_ARCEP_2022: ImpactSource = {
  publisher: 'ADEME / Arcep, via impactco2.fr',
  title: "Évaluation de l'impact environnemental du numérique en France et analyse prospective (2022)",
  url: 'https://librairie.ademe.fr/consommer-autrement/5226-evaluation-de-l-impact-environnemental-du-numerique-en-france-et-analyse-prospective.html',
  year: 2022,
};

const ADEME_PRODUCTS_2018: ImpactSource = {
  publisher: 'ADEME, via impactco2.fr',
  title: "Modélisation et évaluation environnementale de produits de consommation et biens d'équipement (2018)",
  url: 'https://librairie.ademe.fr/dechets-economie-circulaire/127-modelisation-et-evaluation-environnementale-de-produits-de-consommation-et-biens-d-equipement.html',
  year: 2018,
};

const CARBONE4_FNH_2017: ImpactSource = {
  publisher: 'Carbone 4 / Fondation pour la Nature et l’Homme, as used by ADEME’s Nos Gestes Climat',
  title: 'Quelle contribution du véhicule électrique à la transition écologique en France ? (2017), production and end of life, 2016 figures; rule "transport . voiture . construction" in data/transport/voiture.publicodes',
  url: 'https://github.com/incubateur-ademe/nosgestesclimat',
  year: 2017,
};

const TREK_2021: ImpactSource = {
  publisher: 'Trek Bicycle, as used by ADEME’s Nos Gestes Climat (the Base Empreinte has no conventional bicycle)',
  title: 'Trek Bicycle 2021 Sustainability Report; rule "transport . mobilité douce . vélo . construction" in data/transport/mobilité douce.publicodes',
  url: 'https://github.com/incubateur-ademe/nosgestesclimat',
  year: 2021,
};

/**
 * Footprints of a new product, in kg CO₂e. Digital devices: "construction" plus "assemblage et
 * distribution" of impactco2.fr's data. Appliances and clothes: the four production stages
 * (raw materials, supply, shaping, assembly and distribution). Furniture: the published total of
 * making and distribution.
 */
export const IMPACT_FIGURES = {
  smartphone: { newKg: 85.1, item: { ar: 'هاتف ذكي', fr: 'smartphone', en: 'smartphone' }, source: ADEME_ARCEP_2022 },
  tablet: { newKg: 59.7, item: { ar: 'لوحة رقمية', fr: 'tablette', en: 'tablet' }, source: ADEME_ARCEP_2022 },
  laptop: { newKg: 182.6, item: { ar: 'حاسوب محمول', fr: 'ordinateur portable', en: 'laptop' }, source: ADEME_ARCEP_2022 },
  desktop: { newKg: 261.5, item: { ar: 'حاسوب مكتبي (دون شاشة)', fr: 'ordinateur fixe (sans écran)', en: 'desktop computer (without screen)' }, source: ADEME_ARCEP_2022 },
  tv: { newKg: 375.8, item: { ar: 'تلفاز', fr: 'téléviseur', en: 'television' }, source: ADEME_ARCEP_2022 },
  // The lowest of the large appliances with a figure (dishwasher 243.9, fridge 254.7, washing machine 295.7).
  largeAppliance: { newKg: 243.9, item: { ar: 'جهاز كهرومنزلي كبير (غسالة صحون)', fr: 'gros électroménager (lave-vaisselle)', en: 'large appliance (dishwasher)' }, source: ADEME_PRODUCTS_2018 },
  // The lowest of the small appliances with a figure (kettle 9.7; coffee makers 22–47, vacuum cleaner 47.3).
  smallAppliance: { newKg: 9.7, item: { ar: 'جهاز كهرومنزلي صغير (غلاية)', fr: 'petit électroménager (bouilloire)', en: 'small appliance (kettle)' }, source: ADEME_PRODUCTS_2018 },
  // The lowest piece of furniture with a figure (wooden chair 18.6; table 80.2, sofa 179, bed 444.3, wardrobe 907).
  furniture: { newKg: 18.6, item: { ar: 'قطعة أثاث (كرسي خشبي)', fr: 'meuble (chaise en bois)', en: 'furniture (wooden chair)' }, source: ADEME_PRODUCTS_2018 },
  // The lowest garment with a figure (cotton T-shirt 5.1; polo 8.3, shirt 11.3, jeans 22.7).
  clothes: { newKg: 5.1, item: { ar: 'ملابس (قميص قطني)', fr: 'vêtement (T-shirt en coton)', en: 'clothing (cotton T-shirt)' }, source: ADEME_PRODUCTS_2018 },
  // The lowest pair with a figure (leather 13.4; fabric 17.3, sports 18.7).
  shoes: { newKg: 13.4, item: { ar: 'زوج أحذية (جلد)', fr: 'paire de chaussures (cuir)', en: 'pair of shoes (leather)' }, source: ADEME_PRODUCTS_2018 },
  // Small and medium combustion cars (city car, Mégane/Golf class), the most sold in Algeria.
  carCombustion: { newKg: 6700, item: { ar: 'سيارة حرارية (صغيرة أو متوسطة)', fr: 'voiture thermique (citadine ou moyenne)', en: 'combustion car (small or mid-size)' }, source: CARBONE4_FNH_2017 },
  carHybrid: { newKg: 9600, item: { ar: 'سيارة هجينة (صغيرة أو متوسطة)', fr: 'voiture hybride (citadine ou moyenne)', en: 'hybrid car (small or mid-size)' }, source: CARBONE4_FNH_2017 },
  carElectric: { newKg: 10200, item: { ar: 'سيارة كهربائية (صغيرة أو متوسطة)', fr: 'voiture électrique (citadine ou moyenne)', en: 'electric car (small or mid-size)' }, source: CARBONE4_FNH_2017 },
  bicycle: { newKg: 116, item: { ar: 'دراجة هوائية', fr: 'vélo', en: 'bicycle' }, source: TREK_2021 },
} as const satisfies Record<string, ImpactFigure>;

export type ImpactBasis = keyof typeof IMPACT_FIGURES;

export function isImpactBasis(value: unknown): value is ImpactBasis {
  return typeof value === 'string' && Object.hasOwn(IMPACT_FIGURES, value);
}

/**
 * The share of a new product's production footprint counted as avoided by a second-hand
 * purchase. Not every second-hand purchase replaces a new one (surveys of "displacement" find
 * well under one for one, varying by product); half is a round, deliberately low figure.
 */
export const AVOIDED_SHARE = 0.5;

/** The details the mapping reads; totals group sold listings by them (server/services/impact.ts). */
export const IMPACT_ATTRIBUTE_KEYS = ['type', 'fuel'] as const;

export interface Impact {
  /** kg CO₂e avoided, rounded (roundKg). */
  co2eKg: number;
  basis: ImpactBasis;
}

/** What each detail value maps to; a value missing here (an accessory, jewellery, "other") has no honest figure. */
const BY_TYPE: Partial<Record<string, Partial<Record<string, ImpactBasis>>>> = {
  electronics: { phone: 'smartphone', tablet: 'tablet', laptop: 'laptop', desktop: 'desktop', tv: 'tv' },
  'furniture-home': { furniture: 'furniture', 'large-appliance': 'largeAppliance', 'small-appliance': 'smallAppliance' },
  'clothing-accessories': { clothes: 'clothes', shoes: 'shoes' },
  'sport-fitness': { bicycle: 'bicycle' },
};

const BY_FUEL: Record<string, ImpactBasis> = {
  petrol: 'carCombustion',
  diesel: 'carCombustion',
  lpg: 'carCombustion',
  hybrid: 'carHybrid',
  electric: 'carElectric',
};

/**
 * Which published figure describes a listing, or null. Every category holds goods too different
 * for one figure (a phone and a cable, a car and a tyre), so the detail that names the product
 * is required: the type for electronics, home, clothing and sport; the fuel for vehicles (a
 * listing of spare parts has none).
 */
export function impactBasisOf(category: string, attributes?: AttributeValues | null): ImpactBasis | null {
  if (category === 'automobile') {
    const fuel = attributes?.fuel;
    return typeof fuel === 'string' ? (BY_FUEL[fuel] ?? null) : null;
  }
  const type = attributes?.type;
  if (typeof type !== 'string') return null;
  return BY_TYPE[category]?.[type] ?? null;
}

/** Rounded as the estimate deserves: whole kg below 100, tens below 1 000, hundreds above. */
export function roundKg(kg: number): number {
  if (kg < 100) return Math.round(kg);
  if (kg < 1000) return Math.round(kg / 10) * 10;
  return Math.round(kg / 100) * 100;
}

/** kg CO₂e avoided by buying one product of this basis second-hand, before rounding. */
export function avoidedKg(basis: ImpactBasis): number {
  return IMPACT_FIGURES[basis].newKg * AVOIDED_SHARE;
}

/** The estimate of the Product shape: `{ co2eKg, basis }`, or null where no honest figure exists. */
export function impactOf(listing: { category: string; attributes?: AttributeValues | null }): Impact | null {
  const basis = impactBasisOf(listing.category, listing.attributes);
  return basis ? { co2eKg: roundKg(avoidedKg(basis)), basis } : null;
}

/** The method in one line, for the API's `method` field. */
export const IMPACT_METHOD =
  `Sum over sold listings of ${AVOIDED_SHARE * 100}% of the production footprint of the same product bought new ` +
  '(ADEME/impactco2.fr and cited studies), per category and details; listings without an honest figure count 0. See docs/impact.md.';

const kgFormats = new Map<Lang, Intl.NumberFormat>();
const UNIT: Record<Lang, { kg: string; t: string }> = {
  ar: { kg: 'كغ مكافئ CO₂', t: 'طن مكافئ CO₂' },
  fr: { kg: 'kg éq. CO₂', t: 't éq. CO₂' },
  en: { kg: 'kg CO₂e', t: 't CO₂e' },
};

/** "43 kg CO₂e", "3,4 t éq. CO₂": tonnes from 10 t up, where kilograms stop being read. */
export function formatCo2e(kg: number, lang: Lang): string {
  let format = kgFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], { maximumFractionDigits: 1 });
    kgFormats.set(lang, format);
  }
  if (kg >= 10_000) return `${format.format(Math.round(kg / 100) / 10)} ${UNIT[lang].t}`;
  return `${format.format(Math.round(kg))} ${UNIT[lang].kg}`;
}
