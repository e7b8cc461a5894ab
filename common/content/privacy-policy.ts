// Content of the privacy policy page, in the three supported languages.

import type { Localized } from '../languages.ts';

export const privacyPolicy: {
  title: Localized;
  /** ISO date of the last update. */
  updated: string;
  sections: { heading: Localized; body: Localized[] }[];
  /** Closing text shown after the sections. */
  intro: Localized;
} = {
  title: {
    ar: 'سياسة الخصوصية',
    fr: 'Politique de confidentialité',
    en: 'Privacy policy',
  },
  updated: '2025-06-01',
  sections: [
    {
      heading: {
        ar: 'المعلومات التي نجمعها',
        fr: 'Les informations que nous collectons',
        en: 'Information we collect',
      },
      body: [
        {
          ar: 'بيانات الحساب: عند التسجيل نطلب اسمك وبريدك الإلكتروني وكلمة مرور، ولا نحتفظ بكلمة المرور إلّا في شكل مشفّر لا يمكن قراءته. ويمكنك أن تضيف إلى ملفّك الشخصي، إن شئت، رقم هاتف وعنوانًا ونبذة عنك وصورة.',
          fr: 'Données de compte : à l’inscription, nous demandons votre nom, votre adresse e-mail et un mot de passe, que nous ne conservons que sous forme chiffrée et illisible. Vous pouvez, si vous le souhaitez, ajouter à votre profil un numéro de téléphone, une adresse, une courte présentation et une photo.',
          en: 'Account data: when you sign up we ask for your name, your e-mail address and a password, which we only store in a hashed form that cannot be read. You may also add a phone number, an address, a short bio and a photo to your profile if you wish.',
        },
        {
          ar: 'الإعلانات: كلّ ما تنشره في إعلاناتك من عنوان ووصف وسعر وفئة وحالة وولاية ورقم للتواصل يكون ظاهرًا للعموم. أمّا رقم الهاتف فلا يُعرض مباشرة، بل يظهر فقط عندما يطلبه زائر بالضغط على زرّ إظهار الرقم.',
          fr: 'Annonces : tout ce que vous publiez dans vos annonces (titre, description, prix, catégorie, état, wilaya et numéro de contact) est public. Le numéro de téléphone n’est toutefois pas affiché d’emblée : il n’apparaît que lorsqu’un visiteur le demande en cliquant sur le bouton prévu à cet effet.',
          en: 'Listings: everything you put in your listings (title, description, price, category, condition, wilaya and contact number) is public. Your phone number, however, is not shown straight away: it only appears when a visitor asks for it by clicking the reveal button.',
        },
        {
          ar: 'الصور: نعالج الصور التي ترفعها ونحوّلها إلى أحجام مناسبة للعرض، ونحذف منها البيانات الوصفية المخفيّة، مثل الموقع الجغرافي وطراز الجهاز وتاريخ الالتقاط، قبل نشرها.',
          fr: 'Photos : les photos que vous envoyez sont traitées et converties en plusieurs tailles adaptées à l’affichage. Nous en retirons les métadonnées cachées, comme la position géographique, le modèle de l’appareil ou la date de prise de vue, avant de les publier.',
          en: 'Photos: the photos you upload are processed and converted into sizes suited for display. Before publishing them we remove their hidden metadata, such as GPS location, device model and the date the picture was taken.',
        },
        {
          ar: 'السجلّات التقنية: كأيّ موقع إلكتروني، تُسجّل خوادمنا معلومات تقنية مثل عنوان IP ونوع المتصفّح والصفحات التي زرتها ووقت الزيارة، كما نحصي مشاهدات الإعلانات ومرّات إظهار الأرقام. نستعمل ملفّات تعريف الارتباط الضرورية فقط للإبقاء على جلستك مفتوحة وتذكّر لغتك ومظهر الموقع الذي اخترته، ولمعرفة ما إذا كان متصفّحك يحتفظ بخطوط الموقع وأنماط عرضه.',
          fr: 'Journaux techniques : comme tout site web, nos serveurs enregistrent des informations techniques telles que l’adresse IP, le type de navigateur, les pages consultées et l’heure de la visite ; nous comptons aussi les vues des annonces et les affichages de numéros. Nous n’utilisons que les cookies nécessaires pour garder votre session ouverte, retenir votre langue et le thème choisi, et savoir si votre navigateur a déjà les polices et la feuille de style du site.',
          en: 'Technical logs: like any website, our servers record technical information such as your IP address, browser type, the pages you visited and the time of your visit; we also count listing views and phone-number reveals. We only use the cookies needed to keep you signed in, remember your language and chosen theme, and know whether your browser already holds the site’s fonts and stylesheet.',
        },
      ],
    },
    {
      heading: {
        ar: 'كيف نستخدم معلوماتك',
        fr: 'Comment nous utilisons vos informations',
        en: 'How we use your information',
      },
      body: [
        {
          ar: 'نستخدم معلوماتك لتشغيل السوق: إنشاء حسابك وتسجيل دخولك، ونشر إعلاناتك وعرضها في نتائج البحث، وتمكين المشترين من التواصل معك، وتزويدك بإحصاءات عن إعلاناتك في لوحة التحكّم.',
          fr: 'Nous utilisons vos informations pour faire fonctionner la place de marché : créer votre compte et vous connecter, publier vos annonces et les afficher dans les résultats de recherche, permettre aux acheteurs de vous contacter et vous fournir des statistiques sur vos annonces dans votre tableau de bord.',
          en: 'We use your information to run the marketplace: creating your account and signing you in, publishing your listings and showing them in search results, letting buyers contact you and giving you statistics about your listings in your dashboard.',
        },
        {
          ar: 'نستعمل بريدك الإلكتروني لإرسال الرسائل الضرورية فقط، مثل رابط تأكيد البريد بعد التسجيل ورابط إعادة تعيين كلمة المرور عند طلبه، وللردّ على رسائلك إلينا. لا نرسل رسائل إشهارية.',
          fr: 'Nous utilisons votre adresse e-mail uniquement pour les messages nécessaires, comme le lien de vérification après l’inscription et le lien de réinitialisation du mot de passe lorsque vous le demandez, ainsi que pour répondre à vos messages. Nous n’envoyons pas de publicité.',
          en: 'We use your e-mail address only for necessary messages, such as the verification link after you sign up and the password reset link when you ask for one, and to reply to your messages. We do not send advertising.',
        },
        {
          ar: 'نستعين بالسجلّات التقنية لحماية المنصّة ومستخدميها، أي لمكافحة الرسائل المزعجة والإعلانات الاحتيالية ومحاولات الاختراق، ولفهم طريقة استخدام الموقع بهدف تحسينه.',
          fr: 'Les journaux techniques nous servent à protéger la plateforme et ses utilisateurs, c’est-à-dire à lutter contre le spam, les annonces frauduleuses et les tentatives d’intrusion, ainsi qu’à comprendre comment le site est utilisé afin de l’améliorer.',
          en: 'We use technical logs to protect the platform and its users, that is, to fight spam, fraudulent listings and break-in attempts, and to understand how the site is used so we can improve it.',
        },
        {
          ar: 'لا نبيع بياناتك الشخصية ولا نؤجّرها لأيّ جهة، ولا نشاركها إلّا عند الضرورة مع مزوّدي الخدمات التقنية الذين نعتمد عليهم، كالاستضافة وإرسال البريد الإلكتروني، أو عندما يُلزمنا القانون بذلك.',
          fr: 'Nous ne vendons ni ne louons vos données personnelles à quiconque. Nous ne les partageons que si nécessaire avec les prestataires techniques sur lesquels nous nous appuyons, comme l’hébergement et l’envoi d’e-mails, ou lorsque la loi nous y oblige.',
          en: 'We never sell or rent your personal data to anyone. We only share it when necessary with the technical providers we rely on, such as hosting and e-mail delivery, or when the law requires us to.',
        },
      ],
    },
    {
      heading: {
        ar: 'حقوقك والتواصل معنا',
        fr: 'Vos droits et comment nous contacter',
        en: 'Your rights and how to contact us',
      },
      body: [
        {
          ar: 'يحقّ لك في أيّ وقت الاطّلاع على بياناتك الشخصية وتصحيحها، ويمكنك القيام بمعظم ذلك بنفسك من صفحة ملفّك الشخصي ولوحة التحكّم.',
          fr: 'Vous pouvez à tout moment accéder à vos données personnelles et les corriger ; la plupart de ces opérations se font directement depuis votre profil et votre tableau de bord.',
          en: 'You can access and correct your personal data at any time; you can do most of this yourself from your profile page and your dashboard.',
        },
        {
          ar: 'ويحقّ لك أيضًا حذف حسابك. يؤدّي حذف الحساب إلى حذف جميع إعلاناتك وصورها نهائيًا، ولا نحتفظ بعده إلّا بما يفرضه علينا القانون.',
          fr: 'Vous pouvez aussi supprimer votre compte. La suppression du compte efface définitivement toutes vos annonces et leurs photos ; nous ne conservons ensuite que ce que la loi nous impose de garder.',
          en: 'You can also delete your account. Deleting your account permanently deletes all your listings and their photos; afterwards we only keep what the law requires us to keep.',
        },
        {
          ar: 'نعالج بياناتك وفقًا للقانون الجزائري رقم 18-07 المؤرّخ في 10 جوان 2018 المتعلّق بحماية الأشخاص الطبيعيين في مجال معالجة المعطيات ذات الطابع الشخصي، والذي يكفل لك حقوق الإعلام والاطّلاع والتصحيح والاعتراض.',
          fr: 'Nous traitons vos données conformément à la loi algérienne n° 18-07 du 10 juin 2018 relative à la protection des personnes physiques dans le traitement des données à caractère personnel, qui vous garantit notamment les droits d’information, d’accès, de rectification et d’opposition.',
          en: 'We process your data in accordance with Algerian Law No. 18-07 of 10 June 2018 on the protection of natural persons in the processing of personal data, which guarantees you in particular the rights to information, access, rectification and objection.',
        },
        {
          ar: 'لأيّ سؤال أو طلب يخصّ بياناتك، راسلنا عبر صفحة الاتصال، وسنردّ عليك في أقرب وقت.',
          fr: 'Pour toute question ou demande concernant vos données, écrivez-nous via la page de contact ; nous vous répondrons dans les meilleurs délais.',
          en: 'For any question or request about your data, write to us through the contact page and we will get back to you as soon as possible.',
        },
      ],
    },
  ],
  intro: {
    ar: 'خصوصيتك تهمّنا. نجمع أقلّ قدر ممكن من المعلومات، ونستخدمها فقط لتشغيل إيكو سوق وحمايته. باستخدامك للمنصّة فإنّك توافق على هذه السياسة، وسننشر هنا أيّ تعديل عليها مع تاريخ التحديث.',
    fr: 'Votre vie privée compte pour nous. Nous collectons le moins d’informations possible et ne les utilisons que pour faire fonctionner et protéger EcoSouk. En utilisant la plateforme, vous acceptez cette politique ; toute modification sera publiée ici avec sa date de mise à jour.',
    en: 'Your privacy matters to us. We collect as little information as possible and use it only to run and protect EcoSouk. By using the platform you agree to this policy; any change will be published here along with its update date.',
  },
};
