// The two hard-coded blog articles, in the three supported languages.

import type { Localized } from '../languages.ts';

export interface BlogArticle {
  /** URL slug. */
  id: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  author: Localized;
  title: Localized;
  excerpt: Localized;
  /** Paragraphs, per language. */
  content: { ar: string[]; fr: string[]; en: string[] };
}

const TEAM: Localized = {
  ar: 'فريق إيكو سوق',
  fr: 'L’équipe EcoSouk',
  en: 'The EcoSouk team',
};

export const BLOG_ARTICLES: readonly BlogArticle[] = [
  {
    id: 'welcome-to-ecosouk',
    date: '2025-06-10',
    author: TEAM,
    title: {
      ar: 'مرحبًا بكم في إيكو سوق',
      fr: 'Bienvenue sur EcoSouk',
      en: 'Welcome to EcoSouk',
    },
    excerpt: {
      ar: 'انطلقت إيكو سوق: سوق جزائري للإعلانات المبوّبة يمنح الأغراض حياة ثانية ويجعل الشراء المستدام في متناول الجميع.',
      fr: 'EcoSouk est en ligne : un marché algérien de petites annonces qui donne une seconde vie aux objets et rend la consommation durable accessible à tous.',
      en: 'EcoSouk is live: an Algerian classifieds marketplace that gives things a second life and puts sustainable shopping within everyone’s reach.',
    },
    content: {
      ar: [
        'يسعدنا أن نعلن عن انطلاق إيكو سوق، المنصّة الجزائرية للإعلانات المبوّبة المخصّصة للمنتجات المستعملة والصديقة للبيئة. فكرتنا بسيطة: في كلّ بيت أغراض لم نعد نحتاجها لكنّها ما زالت صالحة، وفي مكان آخر من يبحث عنها تمامًا.',
        'على إيكو سوق يمكنك أن تبيع دراجة لم يعد أبناؤك يركبونها، أو أثاثًا تغيّر بعد الانتقال، أو ملابس وكتبًا وأجهزة في حالة جيّدة. ويمكنك أيضًا أن تجد منتجات صديقة للبيئة مثل الألواح الشمسية الصغيرة والأكياس القابلة لإعادة الاستعمال والمنتجات المحلّية.',
        'صمّمنا المنصّة لتكون سهلة وشفّافة: كلّ إعلان يبيّن السعر بالدينار الجزائري وحالة المنتج والولاية التي يوجد فيها، والتواصل يتمّ مباشرة بين المشتري والبائع دون وسيط ولا عمولة.',
        'الشراء المستعمل ليس مجرّد توفير للمال؛ إنّه أيضًا طريقة لتقليل النفايات والحدّ من استهلاك الموارد. كلّ غرض يُعاد استعماله هو غرض لا يُرمى ولا يحتاج إلى أن يُصنع أو يُستورد من جديد.',
        'المنصّة متوفّرة بالعربية والفرنسية والإنجليزية، وتعمل جيّدًا على الهاتف كما على الحاسوب. ونعمل باستمرار على تحسينها بناءً على ملاحظاتكم.',
        'شكرًا لانضمامكم إلينا. أنشئوا حسابكم، انشروا إعلانكم الأوّل، وشاركوا إيكو سوق مع من حولكم: معًا نجعل الاستهلاك المسؤول عادة يومية.',
      ],
      fr: [
        'Nous sommes heureux d’annoncer le lancement d’EcoSouk, la plateforme algérienne de petites annonces dédiée aux produits de seconde main et écologiques. L’idée est simple : chaque foyer garde des objets dont il n’a plus besoin mais qui fonctionnent encore, et quelqu’un, ailleurs, les cherche justement.',
        'Sur EcoSouk, vous pouvez vendre le vélo que vos enfants n’utilisent plus, les meubles devenus encombrants après un déménagement, des vêtements, des livres ou des appareils en bon état. Vous pouvez aussi y trouver des produits écologiques : petits panneaux solaires, sacs réutilisables, produits locaux.',
        'Nous avons voulu une plateforme simple et transparente : chaque annonce indique le prix en dinars algériens, l’état du produit et la wilaya où il se trouve, et le contact se fait directement entre acheteur et vendeur, sans intermédiaire ni commission.',
        'Acheter d’occasion, ce n’est pas seulement faire des économies ; c’est aussi réduire les déchets et préserver les ressources. Chaque objet réutilisé est un objet qu’on ne jette pas et qu’il n’est pas nécessaire de fabriquer ou d’importer à nouveau.',
        'La plateforme est disponible en arabe, en français et en anglais, et fonctionne aussi bien sur téléphone que sur ordinateur. Nous l’améliorons en continu grâce à vos retours.',
        'Merci de nous rejoindre. Créez votre compte, publiez votre première annonce et parlez d’EcoSouk autour de vous : ensemble, faisons de la consommation responsable une habitude de tous les jours.',
      ],
      en: [
        'We are delighted to announce the launch of EcoSouk, the Algerian classifieds platform for second-hand and eco-friendly products. The idea is simple: every home has things it no longer needs that still work, and somewhere else, someone is looking for exactly those things.',
        'On EcoSouk you can sell the bike your children have outgrown, furniture that no longer fits after a move, or clothes, books and appliances in good condition. You can also find eco-friendly products such as small solar panels, reusable bags and locally made goods.',
        'We built the platform to be simple and transparent: every listing shows the price in Algerian dinars, the condition of the item and the wilaya where it is located, and buyers and sellers talk directly, with no middleman and no commission.',
        'Buying second-hand is not just about saving money; it also means less waste and fewer resources used. Every item that gets reused is one that is not thrown away and does not need to be made or imported again.',
        'The platform is available in Arabic, French and English, and works just as well on a phone as on a computer. We keep improving it based on your feedback.',
        'Thank you for joining us. Create your account, publish your first listing and tell the people around you about EcoSouk: together, let’s make responsible consumption an everyday habit.',
      ],
    },
  },
  {
    id: 'how-to-use-ecosouk',
    date: '2025-06-17',
    author: TEAM,
    title: {
      ar: 'دليل استخدام إيكو سوق',
      fr: 'Guide d’utilisation d’EcoSouk',
      en: 'How to use EcoSouk',
    },
    excerpt: {
      ar: 'من البحث عن إعلان إلى نشر إعلانك الأوّل: كلّ ما تحتاج معرفته لتشتري وتبيع على إيكو سوق بسهولة وأمان.',
      fr: 'De la recherche d’une annonce à la publication de la vôtre : tout ce qu’il faut savoir pour acheter et vendre sur EcoSouk simplement et en toute sécurité.',
      en: 'From finding a listing to publishing your own: everything you need to know to buy and sell on EcoSouk easily and safely.',
    },
    content: {
      ar: [
        'ابدأ بتصفّح الإعلانات من الصفحة الرئيسية، دون الحاجة إلى حساب. اكتب ما تبحث عنه في خانة البحث ليُبحث في عناوين الإعلانات، ثم ضيّق النتائج باختيار الولاية والفئة وتحديد سعر أدنى وأقصى بالدينار الجزائري.',
        'عندما يلفت انتباهك إعلان، افتحه لترى الصور والوصف وحالة المنتج وتاريخ النشر. رقم هاتف البائع لا يظهر مباشرة؛ اضغط على زرّ إظهار الرقم لتراه، ثم اتّصل به أو راسله لتتّفقا على التفاصيل.',
        'إذا أردت البيع، أنشئ حسابًا ببريدك الإلكتروني وكلمة مرور، ثم افتح الرابط الذي نرسله إليك لتأكيد بريدك الإلكتروني. هذا التأكيد ضروري قبل نشر أيّ إعلان، وهو يساعدنا على مكافحة الحسابات المزيّفة.',
        'لنشر إعلان، اختر عنوانًا واضحًا، وحدّد الفئة والولاية والسعر، واكتب وصفًا صادقًا يذكر حالة المنتج وعيوبه إن وُجدت. أضف صورًا حقيقية واضحة الإضاءة من عدّة زوايا، فالإعلانات المصوّرة جيّدًا تُباع أسرع.',
        'تجد كلّ إعلاناتك في لوحة التحكّم، ومنها يمكنك تعديل إعلان أو تغيير سعره، أو إخفاءه مؤقّتًا، أو حذفه بعد البيع، حتى تبقى الإعلانات المعروضة محدّثة للجميع.',
        'وأخيرًا، بعض نصائح الأمان: التقِ بالطرف الآخر في مكان عامّ ومزدحم وفي النهار، وافحص المنتج جيّدًا وجرّبه قبل الدفع، ولا تدفع أبدًا أيّ مبلغ مسبقًا قبل رؤية المنتج، مهما كانت الحجّة.',
        'إن صادفت إعلانًا مريبًا أو واجهت مشكلة، راسلنا عبر صفحة الاتصال. نتمنّى لك تجربة ممتعة على إيكو سوق!',
      ],
      fr: [
        'Commencez par parcourir les annonces depuis la page d’accueil, sans avoir besoin de compte. Tapez ce que vous cherchez dans la barre de recherche pour chercher dans les titres des annonces, puis affinez les résultats en choisissant une wilaya, une catégorie et un prix minimum et maximum en dinars algériens.',
        'Quand une annonce vous intéresse, ouvrez-la pour voir les photos, la description, l’état du produit et la date de publication. Le numéro du vendeur n’est pas affiché d’emblée : cliquez sur le bouton pour l’afficher, puis appelez-le ou envoyez-lui un message pour vous mettre d’accord.',
        'Pour vendre, créez un compte avec votre adresse e-mail et un mot de passe, puis ouvrez le lien que nous vous envoyons pour vérifier votre adresse. Cette vérification est obligatoire avant de publier une annonce et nous aide à lutter contre les faux comptes.',
        'Pour publier une annonce, choisissez un titre clair, indiquez la catégorie, la wilaya et le prix, et rédigez une description honnête qui précise l’état du produit et ses éventuels défauts. Ajoutez de vraies photos, bien éclairées et prises sous plusieurs angles : les annonces bien illustrées partent plus vite.',
        'Toutes vos annonces se trouvent dans votre tableau de bord. Vous pouvez y modifier une annonce, changer son prix, la désactiver temporairement ou la supprimer une fois l’objet vendu, pour que les annonces visibles restent à jour pour tout le monde.',
        'Enfin, quelques conseils de sécurité : rencontrez l’autre personne dans un lieu public et fréquenté, de préférence en journée ; examinez et essayez le produit avant de payer ; et ne payez jamais à l’avance sans avoir vu l’objet, quel que soit le prétexte.',
        'Si une annonce vous semble suspecte ou si vous rencontrez un problème, écrivez-nous via la page de contact. Bonnes affaires sur EcoSouk !',
      ],
      en: [
        'Start by browsing listings from the home page; you do not need an account for that. Type what you are looking for in the search box to search listing titles, then narrow down the results by choosing a wilaya, a category and a minimum and maximum price in Algerian dinars.',
        'When a listing catches your eye, open it to see the photos, the description, the condition of the item and when it was posted. The seller’s phone number is not shown straight away: click the button to reveal it, then call or text the seller to agree on the details.',
        'To sell, create an account with your e-mail address and a password, then open the link we send you to verify your e-mail. Verification is required before you can publish a listing, and it helps us fight fake accounts.',
        'To publish a listing, pick a clear title, choose the category, wilaya and price, and write an honest description that mentions the item’s condition and any flaws. Add real, well-lit photos taken from several angles: listings with good photos sell faster.',
        'All your listings are in your dashboard. From there you can edit a listing, change its price, deactivate it for a while or delete it once the item is sold, so that the listings on display stay up to date for everyone.',
        'Finally, a few safety tips: meet the other person in a busy public place, ideally during the day; inspect and test the item before paying; and never pay anything in advance before seeing the item, whatever the excuse.',
        'If a listing looks suspicious or you run into a problem, write to us through the contact page. Happy trading on EcoSouk!',
      ],
    },
  },
];

/** The article with the given slug, if any. */
export function findArticle(id: string): BlogArticle | undefined {
  return BLOG_ARTICLES.find((article) => article.id === id);
}
