import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './tooling/precompress.ts';
import { serverIcons } from './tooling/server-icons.ts';
import { subsetArabicFont } from './tooling/subset-arabic-font.ts';

// Every page needs these libraries; one chunk is one request instead of a dozen. On a phone
// over HTTP/1.1 each extra request costs a round trip, which is what the audit measures.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/;
// Icons are a few hundred bytes each: those that several pages share go with the shared app
// modules (one request fewer on every page), the others stay with their page.
const ICONS = /node_modules[\\/]lucide-react[\\/]/;
// Our own small modules that most pages share (layout, helpers, cards): one request instead
// of a dozen tiny ones. This group is loaded by every page, so whatever only some pages need
// stays out: forms and the dashboard (they bring zod or radix-ui), the 1,541 communes (search
// and the listing form only), the blog's articles and the moderators' console. Anything that
// imports zod must stay out too, or zod comes with it: e2e/web-performance.spec.ts guards this.
// Two form parts that nearly every page shows (a notice, a button with its spinner) and that import no zod.
const FORM_PARTS_WITHOUT_ZOD = /[\\/]app[\\/]components[\\/]form[\\/](alert|submit-button)\.tsx$/;
// The bundler's own helpers (its module runtime, Vite's preload helper for lazy imports) would
// otherwise be files of a kilobyte each. Browsers open six connections to a host over HTTP/1.1:
// on slow 4G the product page asked for 12 files at once, so the last, tiny one waited for a
// connection to free and arrived a full round trip (~0.56 s) after the rest, and hydration with it.
const BUNDLER_HELPERS = /^\0(rolldown[\\/]runtime|vite[\\/]preload-helper)/;
// The parts of the search form that the home page shares with the listing form and the
// dashboard: one file on the home page instead of three. Below the app group's priority, so
// that what they import from the shared modules stays there.
const SEARCH_PARTS = /[\\/]app[\\/]components[\\/](search[\\/]pagination|form[\\/](wilaya-options|commune-select))\.tsx$/;
// The account forms' shared parts (log-in, sign-up, password pages): one file instead of four.
const ACCOUNT_FORM_PARTS = /[\\/](app[\\/]components[\\/]form[\\/](auth-card|password-field)\.tsx|app[\\/]lib[\\/]use-form-errors\.ts|common[\\/]schemas[\\/](field-errors|messages)\.ts)$/;
const SHARED_APP = (id: string) =>
  (/[\\/](app|common)[\\/]/.test(id) &&
    !/node_modules|[\\/]app[\\/]routes[\\/]|[\\/](dashboard|product-form|form|search|admin|content)[\\/]|schemas|communes|forms\.ts|use-form-errors|\.css/.test(id)) ||
  FORM_PARTS_WITHOUT_ZOD.test(id) ||
  BUNDLER_HELPERS.test(id);

export default defineConfig({
  plugins: [
    tailwindcss(),
    serverIcons(),
    reactRouter(),
    fastifyReactRouterDev({ entry: './server/dev-entry.ts', externalizeServerEntryImports: ['#app-context', '#errors'] }),
    subsetArabicFont(),
    precompress(),
  ],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 30 },
                { name: 'app', test: (id: string) => ICONS.test(id) || SHARED_APP(id), priority: 10, minShareCount: 2 },
                { name: 'search-parts', test: SEARCH_PARTS, priority: 5 },
                { name: 'account-form-parts', test: ACCOUNT_FORM_PARTS, priority: 5 },
              ],
            },
          },
        },
      },
    },
  },
});
