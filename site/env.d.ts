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
  }
}

export {};
