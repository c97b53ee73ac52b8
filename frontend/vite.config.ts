import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The backend serves dist/ on the same origin; in dev, /api is proxied to it.
export default defineConfig({
  // The plugins are typed against the root workspace's newer vite; at runtime they work with this one.
  plugins: [react(), tailwindcss()] as unknown as PluginOption[],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks cache across deploys; SuperTokens stays a lazy chunk of its own.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/@tanstack/')) return 'tanstack';
          if (/node_modules\/(better-auth|@better-auth|@better-fetch|better-call|nanostores|jose|defu)\//.test(id)) return 'better-auth';
          if (/node_modules\/(zod|react-hook-form|@hookform)\//.test(id)) return 'forms';
          return undefined;
        },
      },
    },
  },
});
