// Content of the terms of service page, in the three supported languages.

import type { Localized } from '../languages.ts';

export const termsOfService: {
  title: Localized;
  /** ISO date of the last update. */
  updated: string;
  sections: { heading: Localized; body: Localized }[];
} = {
  title: {
    ar: 'شروط الاستخدام',
    fr: 'Conditions d’utilisation',
    en: 'Terms of service',
  },
  updated: '2025-06-01',
  sections: [
    {
      heading: {
        ar: '1. قبول الشروط',
        fr: '1. Acceptation des conditions',
        en: '1. Acceptance of the terms',
      },
      body: {
        ar: 'باستخدامك لإيكو سوق، سواء بتصفّح الإعلانات أو بإنشاء حساب أو بنشر إعلان، فإنّك تقرّ بأنّك قرأت هذه الشروط وتوافق عليها، وكذلك على سياسة الخصوصية. إذا كنت لا توافق عليها، فيُرجى عدم استخدام المنصّة.',
        fr: 'En utilisant EcoSouk, que ce soit pour parcourir les annonces, créer un compte ou publier une annonce, vous reconnaissez avoir lu et accepté les présentes conditions, ainsi que notre politique de confidentialité. Si vous ne les acceptez pas, merci de ne pas utiliser la plateforme.',
        en: 'By using EcoSouk, whether to browse listings, create an account or publish a listing, you confirm that you have read and accept these terms, as well as our privacy policy. If you do not accept them, please do not use the platform.',
      },
    },
    {
      heading: {
        ar: '2. الحسابات',
        fr: '2. Comptes',
        en: '2. Accounts',
      },
      body: {
        ar: 'لنشر الإعلانات يجب إنشاء حساب بمعلومات صحيحة وتأكيد البريد الإلكتروني. أنت مسؤول عن سرّية كلمة مرورك وعن كلّ ما يتمّ عبر حسابك، ويجب أن تُعلمنا فورًا إن اشتبهت في استخدامه دون إذنك. يحقّ لنا تعليق أيّ حساب أو حذفه إذا خالف صاحبه هذه الشروط.',
        fr: 'Pour publier des annonces, vous devez créer un compte avec des informations exactes et vérifier votre adresse e-mail. Vous êtes responsable de la confidentialité de votre mot de passe et de tout ce qui est fait depuis votre compte, et devez nous prévenir sans délai si vous soupçonnez une utilisation non autorisée. Nous pouvons suspendre ou supprimer tout compte dont le titulaire enfreint ces conditions.',
        en: 'To publish listings you must create an account with accurate information and verify your e-mail address. You are responsible for keeping your password secret and for everything done through your account, and you must tell us straight away if you suspect it is being used without your permission. We may suspend or delete any account whose holder breaks these terms.',
      },
    },
    {
      heading: {
        ar: '3. قواعد الإعلانات',
        fr: '3. Règles de publication des annonces',
        en: '3. Listing rules',
      },
      body: {
        ar: 'يجب أن يتعلّق كلّ إعلان بمنتج حقيقي وقانوني تملكه أو يحقّ لك بيعه، وأن يصفه وصفًا دقيقًا وصادقًا بصور حقيقية وسعر واضح. وينبغي أن ينسجم الإعلان مع روح إيكو سوق: منتجات مستعملة أو صديقة للبيئة. يُمنع نشر الأسلحة والمخدّرات والأدوية والمنتجات المقلّدة أو المسروقة والحيوانات المحميّة وكلّ ما يحظره القانون الجزائري، كما يُمنع نشر الإعلانات المكرّرة أو المضلّلة. يحقّ لنا حذف أيّ إعلان مخالف دون إشعار مسبق.',
        fr: 'Chaque annonce doit porter sur un produit réel et légal que vous possédez ou avez le droit de vendre, et le décrire de façon exacte et honnête, avec de vraies photos et un prix clair. L’annonce doit respecter l’esprit d’EcoSouk : des produits de seconde main ou écologiques. Sont interdits les armes, les stupéfiants, les médicaments, les contrefaçons, les objets volés, les espèces protégées et tout ce que la loi algérienne prohibe, ainsi que les annonces en double ou trompeuses. Nous pouvons retirer toute annonce non conforme sans préavis.',
        en: 'Every listing must be for a real, legal item that you own or have the right to sell, and must describe it accurately and honestly, with real photos and a clear price. Listings should fit the spirit of EcoSouk: second-hand or eco-friendly products. Weapons, drugs, medicines, counterfeit or stolen goods, protected species and anything else banned by Algerian law are prohibited, as are duplicate or misleading listings. We may remove any listing that breaks these rules without prior notice.',
      },
    },
    {
      heading: {
        ar: '4. المعاملات بين المستخدمين',
        fr: '4. Transactions entre utilisateurs',
        en: '4. Transactions between users',
      },
      body: {
        ar: 'إيكو سوق منصّة للتعارف بين البائعين والمشترين فقط، وليست طرفًا في أيّ عملية بيع. لا نستلم أموالًا ولا نضمن جودة المنتجات أو مطابقتها للوصف أو قدرة الطرفين على إتمام الصفقة. تُعرض الأسعار بالدينار الجزائري (دج)، ويتّفق البائع والمشتري مباشرة على السعر النهائي وطريقة الدفع والتسليم، وعلى مسؤوليتهما.',
        fr: 'EcoSouk se contente de mettre en relation vendeurs et acheteurs et n’est partie à aucune vente. Nous ne recevons aucun paiement et ne garantissons ni la qualité des produits, ni leur conformité à l’annonce, ni la capacité des parties à conclure la transaction. Les prix sont indiqués en dinars algériens (DZD) ; le vendeur et l’acheteur s’entendent directement, et sous leur propre responsabilité, sur le prix final, le mode de paiement et la remise de l’objet.',
        en: 'EcoSouk only puts sellers and buyers in touch and is not a party to any sale. We do not handle payments and do not guarantee the quality of items, that they match their listing, or that either party will complete the deal. Prices are shown in Algerian dinars (DZD); the seller and the buyer agree directly, and at their own risk, on the final price, the payment method and the handover.',
      },
    },
    {
      heading: {
        ar: '5. المحتوى والملكية الفكرية',
        fr: '5. Contenus et propriété intellectuelle',
        en: '5. Content and intellectual property',
      },
      body: {
        ar: 'تبقى مالكًا للنصوص والصور التي تنشرها، لكنّك تمنح إيكو سوق ترخيصًا مجانيًا وغير حصري لعرضها ونسخها وتعديل حجمها وترجمتها بالقدر اللازم لتشغيل المنصّة والتعريف بها، وينتهي هذا الترخيص بحذف المحتوى. يجب ألّا تنشر إلّا محتوى يحقّ لك نشره. أمّا اسم إيكو سوق وشعاره وتصميم الموقع فهي ملك لنا ولا يجوز استعمالها دون إذن.',
        fr: 'Vous restez propriétaire des textes et photos que vous publiez, mais vous accordez à EcoSouk une licence gratuite et non exclusive pour les afficher, les reproduire, les redimensionner et les traduire dans la mesure nécessaire au fonctionnement et à la promotion de la plateforme ; cette licence prend fin lorsque le contenu est supprimé. Vous ne devez publier que des contenus que vous avez le droit de diffuser. Le nom EcoSouk, son logo et le design du site nous appartiennent et ne peuvent être utilisés sans autorisation.',
        en: 'You keep ownership of the texts and photos you publish, but you grant EcoSouk a free, non-exclusive licence to display, copy, resize and translate them as far as needed to run and promote the platform; this licence ends when the content is deleted. You must only publish content you have the right to share. The EcoSouk name, logo and site design belong to us and may not be used without permission.',
      },
    },
    {
      heading: {
        ar: '6. المسؤولية والتعديلات والقانون المطبّق',
        fr: '6. Responsabilité, modifications et droit applicable',
        en: '6. Liability, changes and governing law',
      },
      body: {
        ar: 'نبذل جهدنا لإبقاء المنصّة متاحة وآمنة، لكنّنا نقدّمها كما هي، ولا نتحمّل المسؤولية عن محتوى الإعلانات ولا عن أيّ ضرر ينتج عن المعاملات بين المستخدمين أو عن انقطاع الخدمة. قد نعدّل هذه الشروط من حين لآخر، وننشر النسخة الجديدة هنا مع تاريخ التحديث، ويُعدّ استمرارك في استخدام المنصّة قبولًا لها. تخضع هذه الشروط للقانون الجزائري، وتختصّ المحاكم الجزائرية بالنظر في أيّ نزاع يتعلّق بها.',
        fr: 'Nous faisons de notre mieux pour que la plateforme reste disponible et sûre, mais elle est fournie en l’état : nous ne sommes responsables ni du contenu des annonces, ni des dommages résultant des transactions entre utilisateurs ou d’une interruption du service. Nous pouvons modifier ces conditions de temps à autre ; la nouvelle version est publiée ici avec sa date de mise à jour, et continuer à utiliser la plateforme vaut acceptation. Les présentes conditions sont régies par le droit algérien, et les tribunaux algériens sont compétents pour tout litige s’y rapportant.',
        en: 'We do our best to keep the platform available and safe, but it is provided as is: we are not responsible for the content of listings, nor for any harm arising from transactions between users or from an interruption of the service. We may change these terms from time to time; the new version is published here with its update date, and continuing to use the platform means you accept it. These terms are governed by Algerian law, and the Algerian courts have jurisdiction over any dispute relating to them.',
      },
    },
  ],
};
