/**
 * The direction of imports (docs/architecture.md), checked by `npm run lint` through
 * scripts/depcruise.ts (which also fails when fewer modules than the tree has were cruised).
 *
 *   shared  <-  server layers  <-  http  <-  modules/accounts  <-  domain modules  <-  flows  <-  app.ts
 *   shared  <-  web components/lib  <-  web features  <-  web app (routes, menus, dashboards)
 *
 * Every rule is an error: the tree satisfies them all.
 */

/** Layers of the server below http/: infrastructure every module may use; none knows the web layer. */
const SERVER_LOWER_LAYERS =
  '^server/src/(errors|config|db|auth|mail-delivery|audit-chain|storage|pdf-signing|jobs|payment-gateways|exports|workers)/';
/** The lower layers and http/: what a domain module may import besides accounts and sign-in. */
const SERVER_SHARED_LAYERS = `${SERVER_LOWER_LAYERS}|^server/src/http/`;

/** npm packages and node built-ins: not part of these rules. */
const EXTERNAL = [
  'core',
  'npm',
  'npm-dev',
  'npm-optional',
  'npm-peer',
  'npm-bundled',
  'npm-no-pkg',
  'npm-unknown',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle means two modules cannot be understood, tested or moved apart. Type-only imports count.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve would also escape every rule below.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'server-domain-module-imports-allowed-layers-only',
      severity: 'error',
      comment:
        'A domain module imports only its own folder, modules/accounts, the shared server layers and ' +
        'shared/; never another domain module. When two need the same fact it belongs in accounts (a ' +
        'relationship) or in shared (a rule); a use case that needs two modules is a flow.',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        dependencyTypesNot: EXTERNAL,
        pathNot: [
          '^server/src/modules/$1/',
          '^server/src/modules/accounts/',
          SERVER_SHARED_LAYERS,
          '^shared/src/',
        ],
      },
    },
    {
      name: 'server-shared-layers-import-no-domain-module',
      severity: 'error',
      comment: 'The layers (http/ among them) sit below every domain module and every flow.',
      from: { path: SERVER_SHARED_LAYERS },
      to: { path: '^server/src/(modules|flows)/' },
    },
    {
      name: 'server-lower-layers-import-no-http',
      severity: 'error',
      comment:
        'http/ (Fastify: routes, hooks, replies) sits on the other layers. A layer below it that needs ' +
        'a request takes the facts it needs as arguments; errors/ and auth/actor.ts hold AppError and Actor.',
      from: { path: SERVER_LOWER_LAYERS },
      to: { path: '^server/src/http/' },
    },
    {
      name: 'server-module-http-in-routes-only',
      severity: 'error',
      comment:
        'In a module only route files (*.routes.ts) speak HTTP; services, repositories and policies ' +
        'take plain values and throw AppError (errors/), so a flow or a job can call them.',
      from: { path: '^server/src/modules/', pathNot: '\\.routes\\.ts$' },
      to: { path: '^server/src/http/' },
    },
    {
      name: 'account-links-only-in-accounts',
      severity: 'error',
      comment:
        'The role and link tables (db/schema/account-links.ts) have one owner, modules/accounts ' +
        '(docs/decisions/007): other modules read them through its functions, scopes and published ' +
        'columns and joins, and change them through its writes, so a link has one set of rules. Two ' +
        'exceptions: db/ (other tables reference the role rows by foreign key) and server/test/ ' +
        '(tests arrange and inspect rows directly).',
      from: { pathNot: ['^server/src/modules/accounts/', '^server/src/db/', '^server/test/'] },
      to: { path: '^server/src/db/schema/account-links\\.ts$' },
    },
    {
      name: 'server-module-sql-in-repositories-only',
      severity: 'error',
      comment:
        'In a module only repositories (*.repository.ts) speak SQL (drizzle-orm): services, policies ' +
        'and routes take and return plain values, so the rules read without the queries and every ' +
        'query of a module is found in its repositories. Colocated unit tests (*.test.ts) may build SQL.',
      from: { path: '^server/src/modules/', pathNot: '\\.(repository|test)\\.ts$' },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'server-modules-import-no-flow',
      severity: 'error',
      comment: 'A flow composes modules; a module never reaches up into a flow.',
      from: { path: '^server/src/modules/' },
      to: { path: '^server/src/flows/' },
    },
    {
      name: 'server-flow-imports-no-other-flow',
      severity: 'error',
      comment:
        'A flow is one use case read top to bottom: it imports its own folder and the runner ' +
        '(flows/steps.ts), never another flow. What two flows share belongs in a module.',
      from: { path: '^server/src/flows/([^/]+)/' },
      to: { path: '^server/src/flows/', pathNot: ['^server/src/flows/$1/', '^server/src/flows/steps\\.ts$'] },
    },
    {
      name: 'server-flow-calls-no-repository',
      severity: 'error',
      comment:
        "A flow calls the modules' services, which keep their rules; a module's repositories are its " +
        'own (a flow that wrote through one would skip the checks the service makes).',
      from: { path: '^server/src/flows/' },
      to: { path: '^server/src/modules/.+\\.repository\\.ts$' },
    },
    {
      name: 'server-flow-http-in-routes-only',
      severity: 'error',
      comment:
        "As in modules: a flow's steps take plain values and throw AppError; only its *.routes.ts speaks HTTP.",
      from: { path: '^server/src/flows/', pathNot: '\\.routes\\.ts$' },
      to: { path: '^server/src/http/' },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      severity: 'error',
      comment:
        'Features do not import each other: web/src/app composes them (routes, menus, dashboards), and ' +
        'UI several features need lives in web/src/components.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-app-is-imported-by-nothing-below-it',
      severity: 'error',
      comment: 'web/src/app composes features; features, components and lib never reach back into it.',
      from: { path: '^web/src/(features|components|lib)/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-shared-ui-imports-no-feature',
      severity: 'error',
      comment: 'web/src/components and web/src/lib serve every feature, so they depend on none.',
      from: { path: '^web/src/(components|lib)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'shared-imports-nothing-from-the-apps',
      severity: 'error',
      comment: 'shared/ is imported by server and web; it imports neither (nor the browser tests).',
      from: { path: '^shared/' },
      to: { path: '^(server|web|e2e)/' },
    },
    {
      name: 'web-and-server-apart',
      severity: 'error',
      comment: 'The browser bundle and the server share code through shared/ only.',
      from: { path: '^(web|server)/' },
      to: { path: '^(web|server)/', pathNot: '^$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages are left out of the graph, but drizzle-orm's entry points stay in (as leaves,
    // doNotFollow) so that server-module-sql-in-repositories-only can see who imports it.
    exclude: { path: '(^|/)(dist|\\.tmp)/|(^|/)node_modules/(?!drizzle-orm/)' },
    // typescript 7 has no compiler API for dependency-cruiser; swc parses TS and TSX and reports
    // type-only imports as edges too (so no tsPreCompilationDeps, which would ask for tsc).
    parser: 'swc',
    // Workspace packages (@portal/shared) resolve through their package.json exports to shared/src.
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
