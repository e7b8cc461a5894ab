// Vite plugin: on the server, `lucide-react` is app/components/icons.server.tsx (decision 0041).
// Its icons write the same markup as lucide-react's, from the same drawings, in one element
// each instead of one per line of the drawing; the browser keeps lucide-react's components,
// which hydrate that markup as their own, so the JavaScript a page downloads is unchanged.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SERVER_ICONS = fileURLToPath(new URL('../app/components/icons.server.tsx', import.meta.url));

export function serverIcons(): Plugin {
  return {
    name: 'ecosouk:server-icons',
    enforce: 'pre',
    resolveId(source) {
      // The module imports lucide-react's icon modules (`lucide-react/icons/…`), never the package itself.
      if (source !== 'lucide-react' || this.environment?.config.consumer !== 'server') return null;
      return SERVER_ICONS;
    },
  };
}
