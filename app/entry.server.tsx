// React Router's default Node entry, plus the page's CSP nonce: ServerRouter puts it on the
// scripts and preload links it renders, and CspNonce hands it to our own components.
// Crawlers (isbot) get the complete page in one piece; browsers get it streamed.
import { Transform, type TransformCallback } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';
import { CspNonce, StylesheetText } from './context.ts';
import { holdsStylesheet } from './lib/stylesheet.ts';
import { DocumentTextsProvider } from './i18n/page-texts.ts';
import { documentTextsContext } from './i18n/page-texts.server.ts';
// The stylesheet as text, for the head of a browser that does not hold the file yet (decision
// 0031); the dev server keeps its <link>, which it updates in place.
import stylesheetText from './app.css?inline';
import stylesheetHref from './app.css?url';

export const streamTimeout = 5_000;

/**
 * The stream React renders into, passing on what React wrote each time React says it is done
 * writing for now (its `flush()`, called at the end of every flush of completed work, as it
 * does for a compression stream) in one piece. React writes in pieces of at most 4 KB, and each
 * piece would otherwise make its own way through the web stream React Router returns, the
 * server adapter's stream and the socket: 20 to 40 of them for a page, each a few promises and
 * a copy (issue #18's profile). The page still streams at the moments React chose.
 */
class FlushedChunks extends Transform {
  private pending: Buffer[] = [];
  private readonly onEnd: () => void;

  /** `onEnd`: React has written everything. */
  constructor(onEnd: () => void) {
    super();
    this.onEnd = onEnd;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    callback();
  }

  /** React's signal that a flush is complete. */
  flush() {
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    this.onEnd();
    callback();
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { nonce } = loadContext.get(appContext);
  const inlineStylesheet = import.meta.env.PROD && !holdsStylesheet(request.headers.get('cookie'), stylesheetHref) ? stylesheetText : undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort a little after streamTimeout, so that the rejected boundaries still get flushed.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CspNonce value={nonce}>
        <StylesheetText value={inlineStylesheet}>
          <DocumentTextsProvider value={loadContext.get(documentTextsContext)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </DocumentTextsProvider>
        </StylesheetText>
      </CspNonce>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new FlushedChunks(() => {
            // The timer's closure would otherwise keep the render alive until it fires.
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by React Router; only
          // those while streaming need logging here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
