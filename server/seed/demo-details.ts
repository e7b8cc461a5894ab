// The demo catalogue's category details, communes, price types and exchange flags (issue 16),
// by listing title: the cars and flats a buyer filters by year, mileage or rooms, a few
// give-aways at 0 DA, some listings open to an exchange. Listings not named here are placed in
// their wilaya's chief town when a commune of that name exists.
import type { AttributeValues } from '../../common/category-attributes.ts';
import type { PriceType } from '../../common/pricing.ts';

export interface DemoDetails {
  commune?: string;
  attributes?: AttributeValues;
  priceType?: PriceType;
  exchange?: boolean;
  /** Marked sold this many days ago: shown as sold for a week, never again in search. */
  soldDaysAgo?: number;
}

export const DEMO_DETAILS: Readonly<Record<string, DemoDetails>> = {
  'Renault Symbol 2016 1.2 essence, 98 000 km, première main': {
    commune: 'setif.el-eulma',
    attributes: { brand: 'renault', model: 'Symbol', year: 2016, mileage: 98_000, fuel: 'petrol', gearbox: 'manual' },
    priceType: 'negotiable',
  },
  'بيجو 208 موديل 2014 ديزل اقتصادية جداً': {
    commune: 'oran.bir-el-djir',
    attributes: { brand: 'peugeot', model: '208', year: 2014, mileage: 176_000, fuel: 'diesel', gearbox: 'manual' },
    exchange: true,
  },
  'Location F3 à Bab Ezzouar, 3e étage, 45 000 DA/mois': {
    commune: 'alger.bab-ezzouar',
    attributes: { offer: 'rent', type: 'apartment', rooms: 'f3', surface: 72, floor: 3, furnished: 'unfurnished' },
  },
  'شقة F4 للبيع في حي الصباح بوهران، عقد ودفتر عقاري': {
    commune: 'oran.sidi-chami',
    attributes: { offer: 'sale', type: 'apartment', rooms: 'f4', surface: 96, floor: 5, furnished: 'unfurnished' },
    priceType: 'negotiable',
  },
  'Restored traditional house in the M’zab valley, Ghardaïa': {
    commune: 'ghardaia.bounoura',
    attributes: { offer: 'sale', type: 'house', rooms: 'f5', surface: 180, furnished: 'furnished' },
  },
  'محل تجاري للكراء وسط مدينة تلمسان، 40 م²': {
    attributes: { offer: 'rent', type: 'shop', surface: 40, floor: 0 },
  },
  'Recrute technicien en installation de panneaux solaires': { attributes: { offer: 'offer', contract: 'permanent' } },
  'مطلوب عمال فرز في ورشة لإعادة تدوير البلاستيك': { attributes: { offer: 'offer', contract: 'fixed-term' } },
  'Seasonal eco-tour guide wanted in Djanet (English/French)': { attributes: { offer: 'offer', contract: 'fixed-term' } },
  'Refurbished iPhone 11, 64 GB, new battery': {
    commune: 'alger.hydra',
    attributes: { type: 'phone', brand: 'apple', storage: 64 },
    exchange: true,
  },
  'PC portable Lenovo ThinkPad T480 reconditionné, i5, 16 Go': { attributes: { type: 'laptop', brand: 'lenovo', storage: 256 } },
  'سامسونغ غالاكسي A52 مستعمل بحالة جيدة مع العلبة': { attributes: { type: 'phone', brand: 'samsung', storage: 128 }, priceType: 'negotiable' },
  'Samsung 43" LED TV for parts (cracked screen)': { attributes: { type: 'tv', brand: 'samsung' } },
  'PS4 Slim 500 GB with two controllers and 4 games': { exchange: true },
  'Veste en cuir vintage homme, taille L': { attributes: { type: 'clothes', for: 'men', size: 'L' } },
  'Karakou algérois bordeaux, porté une seule fois': { attributes: { type: 'clothes', for: 'women', size: '38' }, exchange: true },
  'Men’s leather shoes, size 43, freshly resoled': { attributes: { type: 'shoes', for: 'men', size: '43' } },
  'قطة صغيرة للتبني بسعر رمزي': { attributes: { species: 'cat' } },
  'Poules pondeuses de race locale, élevées en plein air': { attributes: { species: 'poultry' } },
  'VTT d’occasion 26 pouces, 21 vitesses, révisé': { attributes: { type: 'bicycle' }, exchange: true },
  'حذاء جري رياضي مقاس 42، استعمال خفيف': { attributes: { type: 'outdoor' } },
  // Sold: two in their week of being shown as sold, one past it; the two pieces of furniture
  // carry their type, so the shop and the home page have a CO₂ total to show.
  'طاولة أكل خشبية مع 6 كراسي': { soldDaysAgo: 2, attributes: { type: 'furniture' } },
  'Solid wood cot made by a local carpenter, with mattress': { soldDaysAgo: 4, exchange: true },
  'Canapé 3 places en bois massif, retapissé à neuf': { soldDaysAgo: 20, attributes: { type: 'furniture' } },
  // Give-aways: listed at 0 DA.
  'Lot of 40 used wooden pallets for reuse or upcycling': { priceType: 'free' },
  'كتب مدرسية مستعملة للسنة الرابعة متوسط': { priceType: 'free' },
  'Lot de 30 bocaux en verre pour conserves': { priceType: 'free', attributes: { type: 'kitchenware' } },
};
