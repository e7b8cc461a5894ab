// Lets the browser paint the server-rendered page before it spends time hydrating it.
//
// React Router's <Scripts> preloads every module of the page from the head and ends the
// page with an inline module that statically imports the route modules. On a slow link
// those ~140 KB of JavaScript then share the bandwidth with the stylesheet, the fonts and
// the main photo, which are what the first paint needs; on a fast link the bundle is
// evaluated and the page hydrated before the first frame, so a phone with a slow CPU
// shows nothing until hydration is over. The page is complete without JavaScript (it is
// rendered on the server, links and forms work), so we rewrite React Router's output:
// the modulepreload links leave the head, and the module first waits for a frame, then
// preloads the modules and imports the routes. See docs/decisions/0006-paint-before-hydration.md.
import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const NONCE = /\bnonce="([^"]*)"/;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"\n]+");?[ \t]*$/gm;
// Past this, the page has no such module (an error page without scripts, say) and is left as it is.
const SEARCH_LIMIT = 1 << 20;

// The timeout queued from the frame callback runs once that frame has been painted. A tab
// opened in the background gets no frame, and has no paint to wait for.
const WAIT_FOR_PAINT =
  "if (document.visibilityState === 'visible') await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));";

/**
 * The module's body with its static imports turned into imports made after the first
 * frame, preceded by the preloads that the head no longer has.
 */
export function deferModuleBody(body: string, preloads: readonly string[] = [], nonce = ''): string {
  const imports: { binding: string | undefined; specifier: string }[] = [];
  const rest = body.replace(STATIC_IMPORT, (_line, binding: string | undefined, specifier: string) => {
    imports.push({ binding, specifier });
    return '';
  });
  const lines = [WAIT_FOR_PAINT];
  if (preloads.length > 0) {
    // All at once, so that the routes' own imports are not discovered one level at a time.
    lines.push(
      `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, nonce: ${JSON.stringify(nonce)} }));`,
    );
  }
  if (imports.length > 0) {
    const bindings = imports.map((i, index) => i.binding ?? `_unused${index}`).join(', ');
    const loads = imports.map((i) => `import(${i.specifier})`).join(', ');
    lines.push(`const [${bindings}] = await Promise.all([${loads}]);`);
  }
  return `${lines.join('\n')}\n${rest}`;
}

/** Rewrites the first inline module script of an HTML document and the preloads before it, if there is one. */
export function deferHydrationInHtml(html: string): { html: string; done: boolean } {
  const match = MODULE_SCRIPT.exec(html);
  if (!match || match[1]!.includes(' src=')) return { html, done: false };
  const [whole, open, body, close] = match;
  const preloads: string[] = [];
  const before = html.slice(0, match.index).replace(MODULE_PRELOAD, (_link, href: string) => {
    preloads.push(href);
    return '';
  });
  const nonce = NONCE.exec(open!)?.[1] ?? '';
  const rewritten = `${open}${deferModuleBody(body!, preloads, nonce)}${close}`;
  return { html: before + rewritten + html.slice(match.index + whole.length), done: true };
}

/**
 * A stream that holds the HTML back until it has seen the route module script, rewrites it,
 * and then lets everything else through untouched. The shell, where the script is, is
 * written in one go, so this delays nothing that could have been sent earlier.
 */
export function hydrationDeferral(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let searching = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!searching) return callback(null, chunk);
      pending += decoder.write(chunk);
      const { html, done } = deferHydrationInHtml(pending);
      if (done || pending.length > SEARCH_LIMIT) {
        searching = false;
        pending = '';
        return callback(null, html);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      const rest = pending + decoder.end();
      pending = '';
      callback(null, rest.length > 0 ? rest : undefined);
    },
  });
}
