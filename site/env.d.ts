/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate at the first hover, touch, focus or key press on the island (site/directives);
     * `"signed-in"`: also at idle when the session hint says someone is signed in.
     */
    'client:interaction'?: boolean | 'signed-in';
    /** Hydrate when <html> carries the named attribute: a request waits for the island (site/directives). */
    'client:request'?: string;
    /** Hydrate right after the page's first paint: server-rendered first data shows before React runs (site/directives). */
    'client:painted'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /**
       * A GET of an API route as the visitor (api/plugins/site.ts): its JSON on a 200, else null.
       * Only pages rendered per request by the app have it (not `astro dev`, not prerendered pages).
       */
      readApi?: (url: string) => Promise<unknown>;
    }
  }
}

export {};
