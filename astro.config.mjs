import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { interactionDirective } from './site/directives/integration.ts';

/**
 * No page runs React before the first interaction (docs/decisions.md): the shell (header, footer,
 * toasts, dialog host, announcement check) hydrates on first use, or when asked. What the first
 * interaction with the header or footer needs then comes in one chunk: left alone, Rollup splits it
 * into ~25 tiny shared chunks, each paying its own request, imports and compression overhead. Code
 * fetched on demand (popovers, menus, dialogs) is not listed, so it stays in its own chunks; nor
 * are the announcement rules, which the plain due-check script of every page loads on its own.
 */
const SHELL_MODULES = [
  /\/site\/islands\/shell\/(?!AccentPanel|DashboardMenu|MobileSheet|ToastList|Footer|Typewriter|typewriter|led)[^/]+$/,
  /\/site\/islands\/dialogs\/(DialogHost\.tsx|registry\.ts)$/,
  /\/site\/islands\/announcements\/(AnnouncementCheck\.tsx|store\.ts)$/,
  /\/site\/(stores|lib)\/[^/]+$/,
  /\/site\/ui\/(island|ErrorBoundary|Button|Skeleton|use-mounted|on-demand)\.tsx?$/,
  /\/site\/i18n\/(index|locales)\.ts$/,
  /\/site\/i18n\/messages\/common\.ts$/,
  /\/node_modules\/(nanostores|@nanostores\/[^/]+)\//,
];

/**
 * The plain script that looks whether an announcement is due (Base.astro) runs on every page before
 * any interaction: its modules get a chunk of their own. Left to Rollup they would join the shell
 * chunk (the announcement store, in it, imports them too), and that script would load the shell.
 */
const DUE_CHECK_MODULES = /\/site\/(islands\/announcements\/(due-check|popup|rules|catalogue|keys)|lib\/haptics)\.ts$/;

/** Each language's announcement texts in a chunk of their own, so neither rides in the other's. */
const ANNOUNCEMENT_TEXTS = /\/site\/i18n\/messages\/announcements\/(en|fr)\.ts$/;

function shellChunk(id) {
  if (DUE_CHECK_MODULES.test(id)) return 'due-check';
  const texts = ANNOUNCEMENT_TEXTS.exec(id);
  if (texts) return `announcements-${texts[1]}`;
  return SHELL_MODULES.some((pattern) => pattern.test(id)) ? 'shell' : undefined;
}

/**
 * The build bundles everything the pages import into the server build, React included, as
 * production code. The server's React otherwise came from node_modules and chose its build by the
 * server's NODE_ENV, so `npm start` (the development configuration) rendered every page per request
 * with React's development build: the contractor dashboard's server time was 40 ms at the median
 * instead of 28 (docs/performance.md). `astro dev` keeps its development React and its warnings.
 */
const productionServerBuild = {
  name: 'production-server-build',
  apply: 'build',
  config: () => ({ ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
};

// Pages are prerendered static HTML unless they opt out; the Fastify server in api/ serves the
// build and mounts Astro's renderer (middleware mode) for server-rendered pages.
export default defineConfig({
  srcDir: './site',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), interactionDirective()],
  build: { format: 'directory', inlineStylesheets: 'auto' },
  compressHTML: true,
  devToolbar: { enabled: false },
  server: { port: 4321 },
  vite: {
    // Bundle Astro's own cookie@1 into the server build: the root node_modules holds cookie@2
    // (for @fastify/cookie), which has a different API.
    ssr: { noExternal: ['cookie'] },
    plugins: [tailwindcss(), productionServerBuild],
    build: { rollupOptions: { output: { manualChunks: shellChunk } } },
    server: { proxy: { '/api': 'http://localhost:4322', '/auth': 'http://localhost:4322' } },
  },
});
