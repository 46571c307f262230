/**
 * The direction of imports (DESIGN.md, "The accounts core and the direction of imports"), checked by
 * `npm run lint` through scripts/depcruise.ts (which also fails when nothing was cruised).
 *
 *   shared  <-  server layers (db, http, auth, mail, config, audit, storage, esign)  <-  accounts  <-  domain modules
 *   shared  <-  web components/lib  <-  web features  <-  web app (routes, menus, dashboards)
 */

/**
 * The server rules (a domain module imports only accounts, the auth module and the shared layers; the
 * shared layers import no domain module) are reported as warnings until the accounts core lands
 * (issue 8). Set this to true to make them fail the lint.
 */
const ENFORCE_SERVER_MODULE_RULES = true;
const serverModuleRuleSeverity = ENFORCE_SERVER_MODULE_RULES ? 'error' : 'warn';

/** Layers of the server every domain module may use. */
const SERVER_SHARED_LAYERS =
  '^server/src/(db|http|auth|mail|config|audit|storage|esign|jobs|payments|exports|workers)/';

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
      severity: serverModuleRuleSeverity,
      comment:
        'A domain module imports only its own folder, modules/accounts, modules/auth (linked-session ' +
        'helpers), the shared server layers and shared/; never another domain module. When two need the ' +
        'same fact it belongs in accounts (a relationship) or in shared (a rule).',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        dependencyTypesNot: EXTERNAL,
        pathNot: [
          '^server/src/modules/$1/',
          '^server/src/modules/(accounts|auth)/',
          SERVER_SHARED_LAYERS,
          '^shared/src/',
        ],
      },
    },
    {
      name: 'server-shared-layers-import-no-domain-module',
      severity: serverModuleRuleSeverity,
      comment: 'db, http, auth, mail, config, audit, storage and esign sit below every domain module.',
      from: { path: SERVER_SHARED_LAYERS },
      to: { path: '^server/src/modules/' },
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
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp)/' },
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
