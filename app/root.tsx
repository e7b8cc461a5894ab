import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { I18nProvider } from '#i18n';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/root';
import { appContext } from '#app-context';
import { CspNonce, StylesheetText } from './context.ts';
import { LANG_COOKIE, LANG_STORAGE_KEY, THEME_COOKIE, WEB_FONTS_COOKIE } from '../common/constants.ts';
import { readCookie } from '../common/cookies.ts';
import { holdsWebFonts } from '../common/web-fonts.ts';
import { detectLanguage } from '../common/detect-language.ts';
import { dirOf, isLang } from '../common/languages.ts';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { NotFound } from './components/not-found.tsx';
import { UnexpectedError } from './components/unexpected-error.tsx';
import { createI18n, hasNamespaces, pageMessages, registerAllMessages } from './i18n/i18n.ts';
import { allMessagesOf, messagesFor } from './i18n/messages.server.ts';
import { namespacesOfPath, namespacesOfPattern } from './i18n/page-namespaces.ts';
import { PAGE_TEXTS_ID, useDocumentTexts } from './i18n/page-texts.ts';
import { documentTextsContext, isDataRequest } from './i18n/page-texts.server.ts';
import { langOfMatches, pageMeta, translatorFor } from './lib/meta.ts';
import { useRootData, type RootData } from './lib/root-data.ts';
import { currentUser } from './lib/session.server.ts';
import { ThemeProvider, useTheme } from './lib/theme.tsx';
import { fetchWebFontsForNextPages } from './lib/web-fonts.ts';
import { fetchStylesheetForNextPages, STYLESHEET_ID } from './lib/stylesheet.ts';
import { pageNonce } from './lib/csp-browser.ts';
import { isStaffAccount } from '../common/reports.ts';
// Linked by hand with a precedence so that React puts the stylesheet ahead of the scripts'
// preloads, when it is linked: the production build writes it into the head (AppStylesheet).
import appCss from './app.css?url';

/**
 * The site's stylesheet: its text in a <style> when entry.server provides it (decision 0031), so
 * that the first paint needs nothing but the HTML; hydration renders the same element with the
 * text it finds in the page. A link otherwise: the browser holds the file, or the dev server.
 */
function AppStylesheet({ nonce }: { nonce: string | undefined }) {
  const serverText = useContext(StylesheetText);
  const text = serverText ?? (typeof document === 'undefined' ? undefined : document.getElementById(STYLESHEET_ID)?.textContent);
  if (text === undefined || text === null) return <link rel="stylesheet" href={appCss} precedence="default" />;
  return <style id={STYLESHEET_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}

export async function loader({ request, context, params, pattern }: Route.LoaderArgs): Promise<RootData> {
  // The route's `lang` parameter, not the path: a client navigation's data request for
  // the home page is `/fr.data`, whose first segment is not a language.
  const lang = isLang(params.lang) ? params.lang : detectLanguage(request);
  const cookies = request.headers.get('cookie');
  const theme = readCookie(cookies, THEME_COOKIE) === 'dark' ? 'dark' : 'light';
  // Registered before anything that can fail, so that even an error page has its texts.
  registerAllMessages(lang, allMessagesOf(lang));
  // The page's namespaces only (page-namespaces.ts), not the whole language: in the data of a
  // client navigation, in a script of their own in a document (page-texts.ts).
  const texts = messagesFor(lang, namespacesOfPattern(pattern ?? ''));
  const dataRequest = isDataRequest(request);
  if (!dataRequest) context.set(documentTextsContext, texts);
  const user = currentUser(context);
  return {
    lang,
    theme,
    webFonts: holdsWebFonts(readCookie(cookies, WEB_FONTS_COOKIE), lang),
    year: new Date().getFullYear(),
    publicUrl: context.get(appContext).services.config.publicUrl,
    user: user && { id: user.id, name: user.name, email: user.email, image: user.image, isVerified: user.isVerified, staff: isStaffAccount(user) },
    unread: user ? await context.get(appContext).services.messaging.unreadTotal(user.id) : 0,
    messages: dataRequest ? texts.json : undefined,
  };
}

// The root data changes with the language (URL) and after actions (log-in, log-out,
// profile edits); plain navigation inside one language does not need it again, unless the
// next page shows texts of namespaces that have not arrived yet: the root loader then sends
// them in the same request as the page's data, before the page renders.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const nextLang = nextUrl.pathname.split('/')[1];
  if (currentUrl.pathname.split('/')[1] !== nextLang) return true;
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return !isLang(nextLang) || !hasNamespaces(nextLang, namespacesOfPath(nextUrl.pathname));
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

// Error pages get a title too; pages with their own `meta` override it.
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const t = translatorFor(langOfMatches(matches));
  return pageMeta(isRouteErrorResponse(error) && error.status === 404 ? t('notFound:title') : t('errors:unexpected'));
};

/** A document's texts, as JSON (page-texts.ts); hydration renders the same script with what it found. */
function PageTexts({ html }: { html: string | undefined }) {
  if (html === undefined) return null;
  return <script type="application/json" id={PAGE_TEXTS_ID} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Document({ children, texts }: { children: ReactNode; texts: string | undefined }) {
  const { lang, webFonts } = useRootData();
  const { theme } = useTheme();
  // The server's render gets it from entry.server; hydration must render the same attributes.
  const nonce = useContext(CspNonce) ?? pageNonce;
  return (
    <html lang={lang} dir={dirOf(lang)} className={webFonts ? `${theme} web-fonts` : theme} style={{ colorScheme: theme }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#166534" />
        <AppStylesheet nonce={nonce} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* After the scripts, whose module a slow phone can start on while these bytes arrive;
            entry.client.tsx hydrates once they have been parsed. */}
        <PageTexts html={texts} />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { lang, theme, messages, webFonts } = useRootData();
  const documentTexts = useDocumentTexts();
  // The latest root data's texts when a navigation brought some; else the document's.
  const json = messages ?? documentTexts.json;
  const i18n = useMemo(() => createI18n(lang, json ? pageMessages(lang, json) : documentTexts.messages), [lang, json, documentTexts.messages]);
  useEffect(() => {
    // Remember the language the way the specification's detector does.
    if (readCookie(document.cookie, LANG_COOKIE) !== lang) {
      document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
    }
    try {
      localStorage.setItem(LANG_STORAGE_KEY, lang);
    } catch {
      // Storage can be unavailable; the cookie is enough.
    }
  }, [lang]);
  useEffect(() => (webFonts ? undefined : fetchWebFontsForNextPages(lang)), [lang, webFonts]);
  useEffect(() => fetchStylesheetForNextPages(appCss), []);
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider initial={theme}>
        <Document texts={documentTexts.html}>{children}</Document>
      </ThemeProvider>
    </I18nProvider>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof console !== 'undefined' && !isRouteErrorResponse(error)) console.error(error);
  return <Shell>{notFound ? <NotFound /> : <UnexpectedError />}</Shell>;
}
