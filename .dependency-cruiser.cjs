/**
 * Architecture boundaries (docs/architecture.md "Repository"), checked by `npm run boundaries` in lint:
 * features talk to each other only through their index.ts, web features never import each other,
 * only repositories and the db layer touch Drizzle or the schema, and the packages do not reach upwards.
 */
const tests = '(\\.test\\.tsx?$|\\.int\\.test\\.ts$|^apps/api/test/|^apps/api/bench/|^apps/api/scripts/)'

module.exports = {
  forbidden: [
    {
      name: 'api-feature-internals',
      comment: 'An API feature may use another feature only through its public index.ts.',
      severity: 'error',
      from: { path: '^apps/api/src/features/([^/]+)/' },
      to: { path: '^apps/api/src/features/([^/]+)/(?!index\\.ts$)', pathNot: '^apps/api/src/features/$1/' },
    },
    {
      name: 'web-feature-to-feature',
      comment: 'Web features never import each other; app/routes composes them (bulletproof-react).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'schema-only-in-repositories',
      comment: 'Only *.repository.ts, db/** and platform/db/** import the database schema (Immich).',
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: ['\\.repository\\.ts$', '^apps/api/src/db/', '^apps/api/src/platform/db/', tests],
      },
      to: { path: '^apps/api/src/db/schema/' },
    },
    {
      name: 'drizzle-only-in-repositories',
      comment: 'Only *.repository.ts, db/** and platform/db/** use Drizzle.',
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: ['\\.repository\\.ts$', '^apps/api/src/db/', '^apps/api/src/platform/db/', tests],
      },
      to: { path: 'node_modules/drizzle-orm/' },
    },
    {
      name: 'no-dev-fakes-in-production-code',
      comment:
        'The local fakes (dev/) are started by the entry point (server.ts) and tests; the code that calls ' +
        'an external service only knows its base URL.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: ['^apps/api/src/dev/', '^apps/api/src/server\\.ts$', tests] },
      to: { path: '^apps/api/src/dev/' },
    },
    {
      name: 'domain-is-a-leaf',
      comment: 'packages/domain is shared by api and web and depends on neither.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'apps-apart',
      comment: 'The web never imports server code and the server never imports web code.',
      severity: 'error',
      from: { path: '^apps/(api|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data|node_modules/\\.vite)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
