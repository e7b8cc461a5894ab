// Work for the next pages (decisions 0031, 0032) waits until this one has loaded and the browser
// has nothing better to do: on a slow line it must not take bandwidth from the page itself.

/** How long after the page's load the fetch waits at most for the browser to be idle. */
const IDLE_TIMEOUT_MS = 3000;

/** Runs `run` once the page has loaded and the browser is idle; returns what cancels it before it runs. */
export function afterLoadAndIdle(run: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const schedule = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 0);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle?.();
  };
}
