/**
 * Import rules, checked by `npm run lint:deps` (and `npm run lint`). See docs/decisions.md, "No
 * import cycles". Type-only imports count too (tsPreCompilationDeps), so a rule cannot be passed
 * by turning an import into `import type`, except where a rule says so.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No module imports itself back, directly or through others (dynamic imports included): ' +
        'move what both sides need into a small module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-inner',
      severity: 'error',
      comment: 'shared/ (domain, event store, config) is used by every other folder; it uses none of them.',
      from: { path: '^shared/' },
      to: { path: '^(api|projections|workflows|infrastructure|runtime|site|scripts)/' },
    },
    {
      name: 'infrastructure-knows-no-model',
      severity: 'error',
      comment:
        'infrastructure/ is the machinery (projection runner, checkpoints, defineProjection, the ' +
        'scheduled-job runner): it knows no read model, workflow, route or process.',
      from: { path: '^infrastructure/' },
      to: { path: '^(api|projections|workflows|runtime|site|scripts)/' },
    },
    {
      name: 'projections-are-read-models',
      severity: 'error',
      comment:
        'A read model imports shared/, other read models and infrastructure/projections/ ' +
        '(defineProjection): no workflow, no API code, no scheduler, no process.',
      from: { path: '^projections/' },
      to: { path: '^(api|workflows|runtime|site|scripts)/|^infrastructure/scheduling/' },
    },
    {
      name: 'workflows-below-api',
      severity: 'error',
      comment:
        'A workflow reads read models and issues commands through the deciders; the API calls ' +
        'workflows, never the other way.',
      from: { path: '^workflows/' },
      to: { path: '^(api|runtime|site|scripts)/' },
    },
    {
      name: 'api-not-composition-root',
      severity: 'error',
      comment:
        "runtime/ builds the API's world and hands it in; the API does not reach back (its entry " +
        'point is runtime/api-server.ts). api/app.ts and api/modules/accounts/service.ts take the ' +
        '`Runtime` type (type-only).',
      from: { path: '^api/' },
      to: { path: '^runtime/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'site-no-server-code',
      severity: 'error',
      comment:
        "The site talks to the API over HTTP: it may import the API's response types " +
        '(`import type` from api/modules/*/schemas.ts), never its code; its tests may check against the API.',
      from: { path: '^site/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^api/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'site-not-projections',
      severity: 'error',
      comment: 'The site reads the read models through the API only.',
      from: { path: '^site/' },
      to: { path: '^(projections|workflows|infrastructure|runtime|scripts)/' },
    },
    {
      name: 'server-not-site',
      severity: 'error',
      comment: 'The server side does not import the site.',
      from: { path: '^(api|projections|workflows|infrastructure|runtime)/' },
      to: { path: '^(site|scripts)/' },
    },
    {
      name: 'http-shapes-are-leaves',
      severity: 'error',
      comment:
        'shared/http/ holds the HTTP shapes (zod schemas of bodies, params, queries and views) that ' +
        'the API validates with and the site types and validates its forms with: it imports zod, ' +
        'other shapes and the domain constants they name (limits, states, messages), no server code.',
      from: { path: '^shared/http/' },
      to: {
        path: '^(shared/(db|eventstore|email|payments|storage|uploads|personal-data|audit|ai|quota|geo)/|shared/[^/]+\\.ts$)',
        // The province list and the postal-code patterns are data-free leaves made for browsers.
        pathNot: '^(shared/http/|shared/geo/(provinces|postal-code)\\.ts$)',
      },
    },
    {
      name: 'http-shapes-no-deciders',
      severity: 'error',
      comment: 'A shape may name domain constants, not the decisions: deciders and their state stay on the server.',
      from: { path: '^shared/http/' },
      to: { path: '^shared/domain/.*(decider|evolve|state)\\.ts$' },
    },
    {
      name: 'not-to-tests',
      severity: 'error',
      comment: 'Only tests import tests/ and test files.',
      from: {
        path: '^(api|shared|projections|workflows|infrastructure|runtime|site|scripts)/',
        pathNot: '\\.test\\.tsx?$',
      },
      to: { path: '(^tests/|\\.test\\.tsx?$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
