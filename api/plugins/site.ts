import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import compression from 'compression';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_HINT_COOKIE } from '../../shared/http/accounts.ts';

type AstroHandler = (req: unknown, res: unknown, next?: (error?: unknown) => void, locals?: object) => Promise<void>;
type NodeMiddleware = (req: unknown, res: unknown, next: (error?: unknown) => void) => void;

/**
 * Pages rendered per request are written by Astro straight to Node's response, past
 * @fastify/compress: this compresses them (brotli or gzip, as the browser accepts). A dashboard's
 * HTML with its first reads is about 70 KB, 12 KB compressed, and on a phone's connection those
 * bytes come before the first paint.
 */
const compressRendered = compression({ threshold: 1024 }) as unknown as NodeMiddleware;

/** The locale cookie the language switch sets (site/i18n/locales.ts). */
const LOCALE_COOKIE = 'lang';

const HINT_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * The session hint (shared/http/accounts.ts) for a page: set for a signed-in visitor, cleared
 * for one whose session has no user any more, nothing for anyone else.
 */
export function sessionHintCookie(request: FastifyRequest): string | null {
  const signedIn = Boolean(request.session?.userId);
  const hinted = request.cookies?.[SESSION_HINT_COOKIE] === '1';
  if (!signedIn && !hinted) return null;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return signedIn
    ? `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${HINT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`
    : `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/**
 * What a page rendered per request may ask of the API (Astro.locals, typed in site/env.d.ts): the
 * JSON a GET of one of its routes answers this visitor, or null for anything but a 200. The read
 * goes through the app itself (`inject`), with the visitor's cookie, language and address, so the
 * page sees exactly what the island's own request would: the same session, role and ownership
 * checks, never more.
 */
export function apiReaderFor(app: FastifyInstance, request: FastifyRequest) {
  return async function readApi(url: string): Promise<unknown> {
    if (!url.startsWith('/api/')) throw new Error(`readApi reads API routes only, not ${url}`);
    const headers: Record<string, string> = {};
    if (request.headers.cookie) headers.cookie = request.headers.cookie;
    const language = request.headers['accept-language'];
    if (language) headers['accept-language'] = language;
    const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    return answer.statusCode === 200 ? answer.json() : null;
  };
}

function splitUrl(url: string): [string, string] {
  const index = url.indexOf('?');
  return index < 0 ? [url, ''] : [url.slice(0, index), url.slice(index)];
}

function frenchPath(path: string): string {
  return path === '/' ? '/fr/' : `/fr${path}`;
}

/** Maps `/pricing` and `/pricing/` to `pricing/index.html`, and so on, for every prerendered page. */
function prerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== '_astro') walk(full);
        continue;
      }
      if (!name.endsWith('.html')) continue;
      const relative = path.relative(clientDir, full).split(path.sep).join('/');
      const route = relative === 'index.html' ? '/' : `/${relative.replace(/(\/index)?\.html$/, '')}`;
      pages.set(route, relative);
      if (route !== '/') pages.set(`${route}/`, relative);
    }
  };
  walk(clientDir);
  return pages;
}

/** The server's page modules (`dist/server/pages`), without the image endpoint (the site has no images to resize). */
function pageModules(pagesDir: string): string[] {
  if (!existsSync(pagesDir)) return [];
  return readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.mjs') && !path.basename(name).startsWith('_image'))
    .map((name) => path.join(pagesDir, name))
    .sort();
}

/**
 * Serves the built Astro site from the same origin as the API (one cookie, no CORS):
 * hashed assets with immutable caching, precompressed (.br/.gz) when the build made them,
 * prerendered pages as files, and everything else through Astro's server renderer.
 */
export default fp<{ distDir: string }>(
  async function site(app: FastifyInstance, options) {
    const clientDir = path.resolve(options.distDir, 'client');
    const serverEntry = path.resolve(options.distDir, 'server', 'entry.mjs');
    if (!existsSync(clientDir)) {
      app.log.warn(`No built site in ${options.distDir}: run "npm run build". Serving the API only.`);
      return;
    }
    const pages = prerenderedPages(clientDir);
    const astro = existsSync(serverEntry)
      ? ((await import(pathToFileURL(serverEntry).href)) as { handler: AstroHandler }).handler
      : null;

    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      serve: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}_astro${path.sep}`);
        res.header(
          'cache-control',
          hashed
            ? 'public, max-age=31536000, immutable'
            : filePath.endsWith('.html')
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });

    // The not-found page in the visitor's language: /fr/... gets the French one.
    const notFound = {
      en: pages.has('/404') ? readFileSync(path.join(clientDir, pages.get('/404')!)) : null,
      fr: pages.has('/fr/404') ? readFileSync(path.join(clientDir, pages.get('/fr/404')!)) : null,
    };

    async function render(request: FastifyRequest, reply: FastifyReply) {
      const [url, query] = splitUrl(request.url);
      const page = pages.get(url);
      // A visitor who chose French gets the French page for an English address (no flash, no script).
      const french = url === '/fr' || url.startsWith('/fr/');
      if (page && !french && request.cookies?.[LOCALE_COOKIE] === 'fr' && pages.has(frenchPath(url))) {
        return reply.redirect(frenchPath(url) + query, 302);
      }
      const hint = sessionHintCookie(request);
      if (page) {
        if (hint) reply.header('set-cookie', hint);
        return reply.sendFile(page);
      }
      const notFoundHtml = (french ? notFound.fr : null) ?? notFound.en;
      if (astro) {
        reply.hijack();
        if (hint) reply.raw.appendHeader('set-cookie', hint);
        // Wraps the response's write and end; it calls back at once.
        compressRendered(request.raw, reply.raw, () => {});
        await astro(
          request.raw,
          reply.raw,
          () => {
            // No Astro route matched: the prerendered 404 page.
            reply.raw.statusCode = 404;
            reply.raw.setHeader('content-type', notFoundHtml ? 'text/html; charset=utf-8' : 'text/plain');
            reply.raw.end(notFoundHtml ?? 'Not found');
          },
          { readApi: apiReaderFor(app, request) },
        );
        return reply;
      }
      if (notFoundHtml) return reply.code(404).type('text/html; charset=utf-8').send(notFoundHtml);
      return reply.code(404).type('text/plain').send('Not found');
    }

    app.decorate('renderSite', render);
    // Astro imports a page's code on its first visit: about half a second for a dashboard (React's
    // server renderer and the page's chunks) that the first visitor after a start would wait for.
    app.decorate('preloadSite', async () => {
      if (!astro) return 0;
      const modules = pageModules(path.resolve(options.distDir, 'server', 'pages'));
      // One at a time: requests served meanwhile keep most of the process.
      for (const file of modules) await import(pathToFileURL(file).href);
      return modules.length;
    });
  },
  { name: 'site' },
);

declare module 'fastify' {
  interface FastifyInstance {
    renderSite?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
    /** Imports every server-rendered page's code ahead of its first visit; answers how many pages. */
    preloadSite?: () => Promise<number>;
  }
}
