import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

// Pages are prerendered static HTML unless they opt out; the Fastify server in api/ serves the
// build and mounts Astro's renderer (middleware mode) for server-rendered pages.
export default defineConfig({
  srcDir: './site',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  build: { format: 'directory', inlineStylesheets: 'auto' },
  compressHTML: true,
  devToolbar: { enabled: false },
  server: { port: 4321 },
  vite: {
    // Bundle Astro's own cookie@1 into the server build: the root node_modules holds cookie@2
    // (for @fastify/cookie), which has a different API.
    ssr: { noExternal: ['cookie'] },
    plugins: [tailwindcss()],
    server: { proxy: { '/api': 'http://localhost:4322', '/auth': 'http://localhost:4322' } },
  },
});
