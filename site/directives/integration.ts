import type { AstroIntegration } from 'astro';

/** Registers `client:interaction` (./interaction.ts) and `client:request` (./request.ts). */
export function interactionDirective(): AstroIntegration {
  return {
    name: 'marketplace:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: new URL('./interaction.ts', import.meta.url).pathname });
        addClientDirective({ name: 'request', entrypoint: new URL('./request.ts', import.meta.url).pathname });
      },
    },
  };
}
