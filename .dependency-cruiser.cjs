// Layer rules (docs/architecture.md, "Layers"): `npm run lint` runs them, so CI enforces them.
// Test files (*.test.ts) and tests/ may arrange rows directly, so the layer rules skip them; cycles are checked everywhere.
const TEST = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles hide which module depends on which; pass the dependency in instead.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-code-not-server',
      severity: 'error',
      comment: 'Islands and src/lib run in the browser: never import server code (type-only imports included).',
      from: { path: '^src/(islands|lib)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'analysis-is-pure',
      severity: 'error',
      comment:
        'The pack analysis (parse, scan, extract) is a pure layer: no services, jobs, routes, database or storage.',
      from: { path: '^src/server/analysis/', pathNot: TEST },
      to: { path: '^src/server/(services|jobs|routes|db|storage|auth|page-loaders)/' },
    },
    {
      name: 'jobs-are-plumbing',
      severity: 'error',
      comment: 'jobs/ is the queue and worker; the handlers that call services are composed in job-handlers.ts.',
      from: { path: '^src/server/jobs/', pathNot: TEST },
      to: { path: '^src/server/(services|routes|page-loaders)/' },
    },
    {
      name: 'services-not-http',
      severity: 'error',
      comment: 'Services are plain functions over the database: no routes, no Hono, no HTTP adapters.',
      from: { path: '^src/server/services/', pathNot: TEST },
      to: {
        path: [
          '^src/server/(routes|page-loaders)/',
          '^src/server/app(-env)?\\.ts$',
          '^src/server/auth/(viewer|publisher-access)\\.ts$',
          '(^|/)node_modules/(hono|@hono)/',
        ],
      },
    },
    {
      name: 'routes-not-database',
      severity: 'error',
      comment: 'Routes call services; queries (drizzle, db/schema) live in services.',
      from: { path: '^src/server/routes/', pathNot: TEST },
      to: { path: ['^src/server/db/schema/', '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'routes-not-composition',
      severity: 'error',
      comment: 'Routes never build workers or compose job handlers: they call what AppDeps offers (e.g. runDueJobs).',
      from: { path: '^src/server/(routes|services|page-loaders)/', pathNot: TEST },
      to: {
        path: ['^src/server/jobs/worker\\.ts$', '^src/server/job-handlers\\.ts$', '^src/server/compose-services\\.ts$'],
        // A handler's type (JobHandler) is fine: a service declares the handler, job-handlers.ts composes it.
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'queries-in-services',
      severity: 'error',
      comment:
        'Page loaders (page-loaders/), the HTTP plumbing (ops/, http/), the search engine (search/) and the response cache (cache/) never query, nor import db/schema even for a type: they call a service (or jobs/, db/client.ts).',
      from: { path: '^src/server/(page-loaders|ops|http|search|cache)/', pathNot: TEST },
      to: { path: ['^src/server/db/schema/', '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'production-not-tests',
      severity: 'error',
      comment: 'Production code never imports test helpers.',
      from: { path: '^src/', pathNot: TEST },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|\\.astro|\\.builds)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    extraExtensionsToScan: ['.astro'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
