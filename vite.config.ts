import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: './server/dev-entry.ts', externalizeServerEntryImports: ['#app-context'] }),
  ],
  resolve: { tsconfigPaths: true },
});
