/**
 * The spec's fixed facts, stated once (../shared/spec/site-spec.md §2): the post slugs and the
 * guides that must exist, and the API pages. They are checked against the sources, not used
 * as the site's lists: the tests read those from blog/ and guides.ts (./sources.ts), so a
 * new post or guide needs no edit here.
 */

/** The thirteen post slugs the spec lists (its `{product}` is SkipLabs), alphabetically. */
export const SPEC_POST_SLUGS: readonly string[] = [
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
];

/** The nine guide pages the spec names, as a set (their order is the sidebar's). */
export const SPEC_GUIDES: readonly string[] = [
  'introduction',
  'getting_started',
  'client',
  'community',
  'deploying',
  'externals',
  'functions',
  'glossary',
  'resources',
];

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
    classes: [
      'Count',
      'Max',
      'Min',
      'PolledExternalService',
      'SkipExternalService',
      'SkipServiceBroker',
      'Sum',
    ],
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
      for (const name of names ?? [])
        routes.push({route: `/docs/api/${pkg}/${kind}/${name}`, name});
    }
  }
  return routes;
}

export const API_NAMES: string[] = Object.values(API).flatMap((kinds) =>
  Object.values(kinds).flat(),
);
