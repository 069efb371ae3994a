/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate at the first hover, touch, focus or key press on the island (site/directives). */
    'client:interaction'?: boolean;
  }
}

export {};
