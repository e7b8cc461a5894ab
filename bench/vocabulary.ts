// Words the benchmark builds listings from: per category, things people sell, in the
// three languages (Arabic with its real spelling variants: hamza, ta marbuta, shadda).
import type { CategoryKey } from '../common/reference-data.ts';

type Words = { ar: string[]; fr: string[]; en: string[] };

export const NOUNS: Record<CategoryKey, Words> = {
  automobile: { ar: ['سيّارة', 'شاحنة', 'دراجة نارية', 'عجلات'], fr: ['voiture', 'camionnette', 'moto', 'pneus'], en: ['car', 'van', 'motorbike', 'tyres'] },
  'real-estate': { ar: ['شقة', 'منزل', 'محل تجاري', 'أرض'], fr: ['appartement', 'maison', 'local commercial', 'terrain'], en: ['apartment', 'house', 'shop', 'plot'] },
  jobs: { ar: ['وظيفة', 'عامل', 'سائق', 'بائع'], fr: ['emploi', 'ouvrier', 'chauffeur', 'vendeur'], en: ['job', 'worker', 'driver', 'salesperson'] },
  electronics: { ar: ['هاتف', 'حاسوب محمول', 'تلفاز', 'سماعات'], fr: ['téléphone', 'ordinateur portable', 'télévision', 'écouteurs'], en: ['phone', 'laptop', 'television', 'headphones'] },
  'furniture-home': { ar: ['أريكة', 'طاولة', 'خزانة', 'ثلاجة'], fr: ['canapé', 'table', 'armoire', 'réfrigérateur'], en: ['sofa', 'table', 'wardrobe', 'fridge'] },
  'clothing-accessories': { ar: ['قندورة', 'برنوس', 'حذاء', 'حقيبة'], fr: ['robe', 'burnous', 'chaussures', 'sac'], en: ['dress', 'burnous', 'shoes', 'bag'] },
  'baby-kids': { ar: ['عربة أطفال', 'سرير رضيع', 'ألعاب', 'ملابس أطفال'], fr: ['poussette', 'lit bébé', 'jouets', 'vêtements enfant'], en: ['pushchair', 'cot', 'toys', 'kids clothes'] },
  'leisure-hobbies': { ar: ['جيتار', 'كاميرا', 'خيمة', 'لعبة فيديو'], fr: ['guitare', 'appareil photo', 'tente', 'jeu vidéo'], en: ['guitar', 'camera', 'tent', 'video game'] },
  animals: { ar: ['قطة', 'كلب', 'عصافير', 'دجاج'], fr: ['chaton', 'chien', 'oiseaux', 'poules'], en: ['kitten', 'dog', 'birds', 'hens'] },
  services: { ar: ['تصليح', 'نقل أثاث', 'دروس', 'تنظيف'], fr: ['réparation', 'déménagement', 'cours', 'nettoyage'], en: ['repair', 'removals', 'lessons', 'cleaning'] },
  'events-tickets': { ar: ['تذكرة', 'حفلة', 'مباراة', 'عرض'], fr: ['billet', 'concert', 'match', 'spectacle'], en: ['ticket', 'concert', 'match', 'show'] },
  'sport-fitness': { ar: ['دراجة هوائية', 'جهاز ركض', 'أثقال', 'كرة'], fr: ['vélo', 'tapis de course', 'haltères', 'ballon'], en: ['bicycle', 'treadmill', 'dumbbells', 'football'] },
  'music-movies-books': { ar: ['كتاب', 'رواية', 'أسطوانة', 'مصحف'], fr: ['livre', 'roman', 'vinyle', 'bande dessinée'], en: ['book', 'novel', 'vinyl record', 'comic'] },
  'diy-garden': { ar: ['لوح شمسي', 'مثقاب', 'سماد', 'شتلات'], fr: ['panneau solaire', 'perceuse', 'compost', 'plants'], en: ['solar panel', 'drill', 'compost', 'seedlings'] },
  'food-beverages': { ar: ['زيت زيتون', 'عسل', 'تمر', 'كسكس'], fr: ["huile d'olive", 'miel', 'dattes', 'couscous'], en: ['olive oil', 'honey', 'dates', 'couscous'] },
  'antiques-art': { ar: ['لوحة', 'زربية', 'نحاس', 'فخار'], fr: ['tableau', 'tapis', 'cuivre', 'poterie'], en: ['painting', 'rug', 'copperware', 'pottery'] },
  'education-training': { ar: ['دروس خصوصية', 'تكوين', 'كتب مدرسية', 'حاسبة'], fr: ['soutien scolaire', 'formation', 'manuels', 'calculatrice'], en: ['tutoring', 'training', 'textbooks', 'calculator'] },
  'business-industry': { ar: ['آلة خياطة', 'مولّد', 'رفوف', 'معدات'], fr: ['machine à coudre', 'groupe électrogène', 'étagères', 'matériel'], en: ['sewing machine', 'generator', 'shelving', 'equipment'] },
};

export const QUALIFIERS: Words = {
  ar: ['مستعمل', 'بحالة جيدة', 'جديد', 'نظيف', 'للبيع', 'بسعر مناسب', 'أصلي', 'مُجدَّد'],
  fr: ['occasion', 'très bon état', 'neuf', 'propre', 'à vendre', 'prix négociable', 'original', 'reconditionné'],
  en: ['used', 'good condition', 'brand new', 'clean', 'for sale', 'fair price', 'original', 'refurbished'],
};

export const SENTENCES: Words = {
  ar: [
    'استعمال خفيف ويعمل بشكل ممتاز.',
    'البيع بسبب السفر، السعر قابل للتفاوض.',
    'إعادة الاستعمال أفضل للبيئة ولجيبك.',
    'التسليم ممكن داخل الولاية.',
    'الاتصال في المساء من فضلكم.',
  ],
  fr: [
    'Peu servi, fonctionne parfaitement.',
    'Vente pour cause de départ, prix à débattre.',
    'Donner une seconde vie aux objets, c’est bon pour la planète.',
    'Livraison possible dans la wilaya.',
    'Appelez de préférence le soir.',
  ],
  en: [
    'Lightly used and works perfectly.',
    'Selling because I am moving, price negotiable.',
    'Reuse is better for the planet and your wallet.',
    'Delivery possible within the wilaya.',
    'Please call in the evening.',
  ],
};

/** Typical price range per category, in dinars. */
export const PRICE_RANGE: Partial<Record<CategoryKey, [number, number]>> = {
  automobile: [150_000, 5_000_000],
  'real-estate': [20_000, 30_000_000],
  electronics: [2_000, 250_000],
  'furniture-home': [3_000, 150_000],
  animals: [100, 80_000],
  'food-beverages': [300, 10_000],
};
export const DEFAULT_PRICE_RANGE: [number, number] = [500, 60_000];
