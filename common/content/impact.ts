// The "how is this computed?" page (/{lang}/impact) in the three languages: the method of
// docs/impact.md, which holds the same text in English with its sources; the figures
// themselves are rendered from common/impact.ts, never copied here.
import type { Localized } from '../languages.ts';

export const impactPage: {
  title: Localized;
  description: Localized;
  sections: { id: string; heading: Localized; body: Localized[] }[];
} = {
  title: {
    ar: 'كيف نحسب ثاني أكسيد الكربون الذي يوفّره الشراء المستعمل',
    fr: 'Comment nous calculons le CO₂ qu’évite un achat d’occasion',
    en: 'How we compute the CO₂ a second-hand purchase avoids',
  },
  description: {
    ar: 'التقدير المعروض على الإعلانات وفي المتاجر وعلى الصفحة الرئيسية: من أين تأتي الأرقام، وكيف نستعملها، وحدودها.',
    fr: 'L’estimation affichée sur les annonces, les boutiques et la page d’accueil : d’où viennent les chiffres, comment nous les utilisons et leurs limites.',
    en: 'The estimate shown on listings, shops and the home page: where the figures come from, how we use them and their limits.',
  },
  sections: [
    {
      id: 'what',
      heading: { ar: 'ماذا يعني الرقم', fr: 'Ce que dit le chiffre', en: 'What the figure says' },
      body: [
        {
          ar: 'صنع منتج جديد يُطلق غازات دفيئة: استخراج المواد الأولية، والتصنيع، والنقل إلى المتجر. عندما تشتري منتجًا مستعملًا بدل منتج جديد، قد لا يُصنع ذلك المنتج الجديد. الرقم المعروض على الإعلان هو تقدير لهذه الانبعاثات المتجنَّبة، بالكيلوغرام من مكافئ ثاني أكسيد الكربون (كغ مكافئ CO₂)، وهي وحدة تجمع كل الغازات الدفيئة.',
          fr: 'Fabriquer un produit neuf émet des gaz à effet de serre : extraction des matières premières, fabrication, transport jusqu’au magasin. Quand vous achetez d’occasion au lieu de neuf, ce produit neuf n’a peut-être pas à être fabriqué. Le chiffre affiché sur une annonce estime ces émissions évitées, en kilogrammes d’équivalent CO₂ (kg éq. CO₂), l’unité qui additionne tous les gaz à effet de serre.',
          en: 'Making a new product emits greenhouse gases: extracting raw materials, manufacturing, transport to the shop. When you buy second-hand instead of new, that new product may not have to be made. The figure on a listing estimates those avoided emissions, in kilograms of CO₂ equivalent (kg CO₂e), the unit that adds up all greenhouse gases.',
        },
      ],
    },
    {
      id: 'method',
      heading: { ar: 'الطريقة', fr: 'La méthode', en: 'The method' },
      body: [
        {
          ar: 'لكل نوع منتج نأخذ بصمة صنعه جديدًا كما نشرتها الوكالة الفرنسية للانتقال البيئي (ADEME) عبر موقع impactco2.fr، أو دراسة تستعملها ADEME حين لا يوجد رقم في قاعدتها. نحسب مرحلة الإنتاج فقط (المواد والتصنيع والتوزيع)، لا الاستعمال ولا نهاية العمر، لأن المنتج المستعمل يُستعمل ويُرمى مثل الجديد.',
          fr: 'Pour chaque type de produit, nous prenons l’empreinte de sa fabrication neuve publiée par l’ADEME sur impactco2.fr, ou une étude qu’utilise l’ADEME quand sa base n’a pas de chiffre. Nous ne comptons que la production (matières, fabrication, distribution), ni l’usage ni la fin de vie : un produit d’occasion s’utilise et se jette comme un neuf.',
          en: 'For each kind of product we take the footprint of making it new as published by ADEME (the French ecological transition agency) on impactco2.fr, or a study ADEME itself uses where its database has no figure. We count production only (materials, manufacturing, distribution), not use or end of life: a second-hand product is used and thrown away like a new one.',
        },
        {
          ar: 'نحسب نصف هذه البصمة فقط كانبعاثات متجنَّبة. فلا يحلّ كل شراء مستعمل محلّ شراء جديد: بعض المشترين ما كانوا ليشتروا شيئًا، أو كانوا سيشترون منتجًا أرخص. الدراسات التي قاست هذا «الإحلال» تجده أقل من واحد لواحد ومتفاوتًا حسب المنتج؛ النصف رقم مستدير ومتحفّظ عمدًا.',
          fr: 'Nous ne comptons que la moitié de cette empreinte comme évitée. Tout achat d’occasion ne remplace pas un achat neuf : certains acheteurs n’auraient rien acheté, ou un produit moins cher. Les études qui ont mesuré ce « remplacement » le trouvent inférieur à un pour un et variable selon les produits ; la moitié est un chiffre rond, volontairement prudent.',
          en: 'We count only half of that footprint as avoided. Not every second-hand purchase replaces a new one: some buyers would have bought nothing, or something cheaper. Studies that measured this "displacement" find it below one for one and varying by product; half is a round, deliberately cautious figure.',
        },
        {
          ar: 'يُحدَّد نوع المنتج من فئة الإعلان وتفاصيله: النوع في الإلكترونيات والمنزل والملابس والرياضة، والوقود في السيارات. حين يجمع نوعٌ عدة منتجات لها أرقام (مثلًا «أجهزة كهرومنزلية كبيرة»: غسالة، ثلاجة، غسالة صحون) نأخذ أصغرها. وتُقرَّب النتيجة: إلى الكيلوغرام تحت 100 كغ، وإلى العشرات تحت 1000، وإلى المئات فوق ذلك.',
          fr: 'Le type de produit se lit dans la catégorie de l’annonce et ses détails : le type pour l’électronique, la maison, les vêtements et le sport, le carburant pour les véhicules. Quand un type regroupe plusieurs produits chiffrés (« gros électroménager » : lave-linge, réfrigérateur, lave-vaisselle), nous prenons le plus petit. Le résultat est arrondi : au kilo sous 100 kg, à la dizaine sous 1 000, à la centaine au-delà.',
          en: 'The kind of product is read from the listing’s category and details: the type for electronics, home, clothing and sport, the fuel for vehicles. Where a type groups several products with figures ("large appliance": washing machine, fridge, dishwasher) we take the smallest. The result is rounded: to the kilogram below 100 kg, to tens below 1,000, to hundreds above.',
        },
      ],
    },
    {
      id: 'none',
      heading: { ar: 'حين لا نعرض رقمًا', fr: 'Quand nous n’affichons rien', en: 'When we show no figure' },
      body: [
        {
          ar: 'لا نعرض رقمًا حين لا يوجد رقم منشور نزيه: العقارات، والوظائف، والخدمات، والحيوانات، والمأكولات، والكتب، والإكسسوارات، والمجوهرات، وكل إعلان لم يذكر نوع المنتج أو وقود السيارة (قطعة غيار في فئة السيارات ليست سيارة). لا نخمّن.',
          fr: 'Nous n’affichons rien quand aucun chiffre publié honnête n’existe : immobilier, emploi, services, animaux, alimentation, livres, accessoires, bijoux, et toute annonce qui ne précise pas le type de produit ou le carburant du véhicule (une pièce détachée dans la catégorie véhicules n’est pas une voiture). Nous ne devinons pas.',
          en: 'We show nothing where no honest published figure exists: property, jobs, services, animals, food, books, accessories, jewellery, and any listing that does not give the type of product or the vehicle’s fuel (a spare part in the vehicles category is not a car). We do not guess.',
        },
      ],
    },
    {
      id: 'totals',
      heading: { ar: 'المجاميع', fr: 'Les totaux', en: 'The totals' },
      body: [
        {
          ar: 'مجموع المتجر ومجموع الموقع يجمعان تقديرات الإعلانات التي عُلّمت كمبيعة فقط؛ الإعلانات بلا رقم تُحسب صفرًا. يُحدَّث مجموع الموقع كل بضع دقائق.',
          fr: 'Le total d’une boutique et celui du site additionnent les estimations des seules annonces marquées vendues ; les annonces sans chiffre comptent zéro. Le total du site est mis à jour toutes les quelques minutes.',
          en: 'A shop’s total and the site’s add up the estimates of listings marked as sold only; listings without a figure count zero. The site’s total is refreshed every few minutes.',
        },
      ],
    },
    {
      id: 'limits',
      heading: { ar: 'الحدود', fr: 'Les limites', en: 'The limits' },
      body: [
        {
          ar: 'الأرقام متوسطات فرنسية وأوروبية: لا توجد قاعدة جزائرية مماثلة، ومعظم المنتجات المبيعة في الجزائر مستوردة من المصانع نفسها. لا نعرف الطراز الدقيق ولا حجمه، ولا نعرف إن كان المشتري سيشتري جديدًا فعلًا. لا نطرح انبعاثات تنقّل المشتري ولا الإصلاح. إنه ترتيب حجم، لا قياس.',
          fr: 'Les chiffres sont des moyennes françaises et européennes : il n’existe pas de base algérienne équivalente, et la plupart des produits vendus en Algérie sont importés des mêmes usines. Nous ne connaissons ni le modèle exact ni sa taille, ni si l’acheteur aurait vraiment acheté neuf. Nous ne retranchons ni le déplacement de l’acheteur ni les réparations. C’est un ordre de grandeur, pas une mesure.',
          en: 'The figures are French and European averages: there is no equivalent Algerian database, and most products sold in Algeria are imported from the same factories. We know neither the exact model nor its size, nor whether the buyer would really have bought new. We subtract neither the buyer’s trip nor repairs. It is an order of magnitude, not a measurement.',
        },
      ],
    },
  ],
};
