import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * @vitejs/plugin-react is hoisted to the root node_modules, where it sees the root's vite 8
 * (rolldown) instead of this package's vite 7. It then hands vite 7 a rolldown-native refresh
 * plugin that breaks `vite` dev ("Missing field moduleType"). Dropping that one plugin keeps dev
 * working (changes reload the page instead of hot-swapping components); builds are unaffected.
 * JSX is compiled by esbuild (automatic runtime), stated here rather than left to detection.
 */
function reactPlugins(): PluginOption[] {
  const plugins = (react() as unknown as Plugin[]).flat();
  return plugins.filter((p) => p && p.name !== 'vite:react:refresh-wrapper') as unknown as PluginOption[];
}

// The backend serves dist/ on the same origin; in dev, /api is proxied to it. The Host header is
// kept (no changeOrigin) so the identity provider's same-origin check sees the page's own origin.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  // The plugins are typed against the root workspace's newer vite; at runtime they work with this one.
  plugins: [...reactPlugins(), ...(tailwindcss() as unknown as PluginOption[])],
  esbuild: { jsx: 'automatic' },
  server: { port: 5173, proxy: { '/api': { target: apiTarget } } },
  preview: { port: 4173, proxy: { '/api': { target: apiTarget } } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      // Two pages: the app, and the public deck viewer with only what it needs (served for /d/:token).
      input: { main: 'index.html', viewer: 'viewer.html' },
      // A feature's index.ts and ui/index.ts only re-export: importing one name from them must not run
      // (and so bundle into the importer's chunk) their other files, e.g. the app shell pulling a page's parts.
      treeshake: { moduleSideEffects: (id) => !/\/src\/(features\/[^/]+|ui)\/index\.ts$/.test(id) },
      output: {
        // Long-lived vendor chunks cache across deploys; SuperTokens stays a lazy chunk of its own.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/@tanstack/')) return 'tanstack';
          if (/node_modules\/(better-auth|@better-auth|@better-fetch|better-call|nanostores|jose|defu)\//.test(id))
            return 'better-auth';
          if (/node_modules\/(zod|react-hook-form|@hookform)\//.test(id)) return 'forms';
          return undefined;
        },
      },
    },
  },
});
