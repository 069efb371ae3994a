import type { AstroIntegration } from 'astro';

/**
 * Registers `client:interaction` (./interaction.ts), `client:request` (./request.ts) and
 * `client:painted` (./painted.ts).
 */
export function interactionDirective(): AstroIntegration {
  return {
    name: 'marketplace:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: new URL('./interaction.ts', import.meta.url).pathname });
        addClientDirective({ name: 'request', entrypoint: new URL('./request.ts', import.meta.url).pathname });
        addClientDirective({ name: 'painted', entrypoint: new URL('./painted.ts', import.meta.url).pathname });
      },
    },
  };
}
