/**
 * Routes and API pages copied from the spec (../shared/spec/site-spec.md, §2), not read
 * from the build, so that a missing page fails a test.
 */
export const BLOG_SLUGS = [
  'announcing_create_skip_service_cli',
  'backend_pressure',
  'cache_invalidation',
  'event-hidden-arch',
  'horizontal-scaling',
  'non-reactive-dependencies',
  'postgresql_and_skip',
  'reactive_social_network_service_poc',
  'skip_with_react_vite',
  'skip-alpha',
  'skiplabs-funding',
  'skips-origins',
  'why-skip',
] as const;

/** Guide pages, in sidebar order. */
export const GUIDES = [
  'introduction',
  'getting_started',
  'functions',
  'resources',
  'externals',
  'client',
  'deploying',
  'glossary',
  'community',
] as const;

type Kind = 'classes' | 'functions' | 'interfaces' | 'type-aliases';

/** Every API page the spec lists, by package route under /docs/api/. */
export const API: Record<string, Partial<Record<Kind, string[]>>> = {
  core: {
    classes: [
      'SkipClassNameError',
      'SkipError',
      'SkipFetchError',
      'SkipNonUniqueValueError',
      'SkipResourceInstanceInUseError',
      'SkipRESTError',
      'SkipUnknownCollectionError',
      'SkipUnknownResourceError',
    ],
    functions: ['deepFreeze'],
    interfaces: [
      'Context',
      'EagerCollection',
      'ExternalService',
      'LazyCollection',
      'LazyCompute',
      'Mapper',
      'Reducer',
      'Resource',
      'SkipService',
      'Values',
    ],
    'type-aliases': [
      'CollectionUpdate',
      'DepSafe',
      'Entry',
      'InitialData',
      'Json',
      'JsonObject',
      'Managed',
      'NamedCollections',
      'Nullable',
      'Opaque',
      'Watermark',
    ],
  },
  helpers: {
    classes: ['Count', 'Max', 'Min', 'PolledExternalService', 'SkipExternalService', 'SkipServiceBroker', 'Sum'],
    functions: ['asFollower', 'asLeader', 'defaultParamEncoder', 'fetchJSON'],
    interfaces: ['PolledHTTPResource'],
    'type-aliases': ['Entrypoint'],
  },
  server: {
    functions: ['runService'],
    'type-aliases': ['SkipServer'],
  },
  'adapters/kafka': {
    classes: ['KafkaExternalService'],
  },
  'adapters/postgres': {
    classes: ['PostgresExternalService', 'SkipPostgresError'],
    'type-aliases': ['PostgresPKey'],
  },
};

/** Every API route: one index page per package plus one page per name. */
export function apiRoutes(): {route: string; name: string}[] {
  const routes: {route: string; name: string}[] = [];
  for (const [pkg, kinds] of Object.entries(API)) {
    routes.push({route: `/docs/api/${pkg}`, name: pkg});
    for (const [kind, names] of Object.entries(kinds)) {
      for (const name of names ?? []) routes.push({route: `/docs/api/${pkg}/${kind}/${name}`, name});
    }
  }
  return routes;
}

export const API_NAMES: string[] = Object.values(API).flatMap((kinds) => Object.values(kinds).flat());

/** The landing and blog routes of §2, plus the docs. */
export const SITE_ROUTES = [
  '/',
  '/blog',
  '/blog/page/2',
  '/blog/archive',
  '/blog/authors',
  ...BLOG_SLUGS.map((slug) => `/blog/${slug}`),
  ...GUIDES.map((id) => `/docs/${id}`),
];
