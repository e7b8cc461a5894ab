// Content of the "About" page, in the three supported languages.

import type { Localized } from '../languages.ts';

export const about: {
  title: Localized;
  description: Localized;
  sections: { heading: Localized; body: Localized }[];
} = {
  title: {
    ar: 'من نحن',
    fr: 'À propos d’EcoSouk',
    en: 'About EcoSouk',
  },
  description: {
    ar: 'إيكو سوق منصّة جزائرية للإعلانات المبوّبة مخصّصة للمنتجات الصديقة للبيئة والمستعملة. مهمّتنا أن نجعل الشراء المستدام سهلًا وشفّافًا ومجزيًا للجميع، من العاصمة إلى تمنراست.',
    fr: 'EcoSouk est une plateforme algérienne de petites annonces dédiée aux produits écologiques et de seconde main. Notre mission : rendre la consommation durable simple, transparente et gratifiante pour tous, d’Alger à Tamanrasset.',
    en: 'EcoSouk is an Algerian classifieds platform for eco-friendly and second-hand products. Our mission is to make sustainable shopping easy, transparent and rewarding for everyone, from Algiers to Tamanrasset.',
  },
  sections: [
    {
      heading: {
        ar: 'مهمّتنا',
        fr: 'Notre mission',
        en: 'Our mission',
      },
      body: {
        ar: 'نؤمن بأنّ كلّ غرض يستحقّ حياة ثانية. لذلك نوفّر مكانًا بسيطًا يلتقي فيه من يريد التخلّص من أغراض ما زالت صالحة بمن يبحث عنها بسعر معقول، مع معلومات واضحة عن الحالة والسعر والموقع، حتى يصبح الخيار المستدام هو الخيار الطبيعي.',
        fr: 'Nous pensons que chaque objet mérite une seconde vie. Nous offrons donc un lieu simple où ceux qui veulent se séparer d’objets encore utiles rencontrent ceux qui les cherchent à un prix raisonnable, avec des informations claires sur l’état, le prix et la localisation, pour que le choix durable devienne le choix naturel.',
        en: 'We believe every item deserves a second life. So we offer a simple place where people who want to part with things that still work meet people looking for them at a fair price, with clear information on condition, price and location, so that the sustainable choice becomes the obvious one.',
      },
    },
    {
      heading: {
        ar: 'كيف تعمل المنصّة للمشترين والبائعين',
        fr: 'Comment ça marche, pour les acheteurs et les vendeurs',
        en: 'How it works for buyers and sellers',
      },
      body: {
        ar: 'يتصفّح المشتري الإعلانات مجانًا ويبحث حسب الولاية والفئة والسعر، ثم يتّصل بالبائع مباشرة عبر رقم هاتفه. أمّا البائع فيُنشئ حسابًا وينشر إعلانه مع الصور في دقائق، ثم يديره من لوحة التحكّم. لا نتقاضى أيّ عمولة على البيع، فالاتفاق يتمّ بين الطرفين مباشرة.',
        fr: 'L’acheteur parcourt les annonces gratuitement, filtre par wilaya, catégorie et prix, puis contacte directement le vendeur par téléphone. Le vendeur crée un compte, publie son annonce avec des photos en quelques minutes et la gère depuis son tableau de bord. Nous ne prenons aucune commission : la transaction se conclut directement entre les deux parties.',
        en: 'Buyers browse listings for free, filter by wilaya, category and price, then contact the seller directly by phone. Sellers create an account, publish a listing with photos in a few minutes and manage it from their dashboard. We take no commission: the deal is made directly between the two parties.',
      },
    },
    {
      heading: {
        ar: 'لماذا المستعمل مهمّ في الجزائر',
        fr: 'Pourquoi la seconde main compte en Algérie',
        en: 'Why second-hand matters in Algeria',
      },
      body: {
        ar: 'إعادة استعمال الأغراض تخفّف الضغط على ميزانية الأسر في وقت ترتفع فيه الأسعار، وتقلّل كمّيات النفايات التي تنتهي في المكبّات، وتحدّ من الحاجة إلى الاستيراد. كما أنّها تُحيي عادة متجذّرة في ثقافتنا: الإصلاح والتقاسم وعدم التبذير.',
        fr: 'Réutiliser les objets allège le budget des familles quand les prix augmentent, réduit les déchets qui finissent en décharge et limite le recours aux importations. C’est aussi une façon de faire revivre une habitude ancrée dans notre culture : réparer, partager et ne rien gaspiller.',
        en: 'Reusing things eases the pressure on household budgets as prices rise, cuts the waste that ends up in landfills and reduces the need for imports. It also revives a habit rooted in our culture: repairing, sharing and wasting nothing.',
      },
    },
  ],
};
