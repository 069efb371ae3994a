import type { AstroIntegration } from 'astro';

/** Registers `client:interaction` (see ./interaction.ts). */
export function interactionDirective(): AstroIntegration {
  return {
    name: 'marketplace:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: new URL('./interaction.ts', import.meta.url).pathname });
      },
    },
  };
}
