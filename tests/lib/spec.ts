/**
 * Facts the tests check, copied from the spec and its fact sheets (which live outside this
 * repository), not read from the build, so that a missing page fails a test: routes and API
 * pages (spec §2) and the blog's thirteen posts.
 */

/**
 * The thirteen blog posts, oldest first: slug, title and publication date are fixed facts of
 * the site (the slug is the route `/blog/<slug>`; the date, in UTC, decides the order and the
 * year group in the sidebar).
 */
export const BLOG_POSTS: readonly {date: string; slug: string; title: string}[] = [
  {date: '2024-12-24', slug: 'skip-alpha', title: 'Skip alpha'},
  {date: '2025-02-11T12:00:00Z', slug: 'skips-origins', title: "Skip's Origins"},
  {date: '2025-02-11T12:00:01Z', slug: 'why-skip', title: 'Why Skip?'},
  {date: '2025-03-25', slug: 'skiplabs-funding', title: 'SkipLabs Funding'},
  {
    date: '2025-04-14',
    slug: 'non-reactive-dependencies',
    title: 'New built-in resources for Skip services',
  },
  {date: '2025-04-21', slug: 'event-hidden-arch', title: 'Event-Hidden Architectures'},
  {
    date: '2025-04-30',
    slug: 'reactive_social_network_service_poc',
    title: 'Reactive Social Network Service with Skip',
  },
  {
    date: '2025-05-16',
    slug: 'postgresql_and_skip',
    title: 'Building a Real-time Blog with Skip and PostgreSQL',
  },
  {
    date: '2025-05-23',
    slug: 'announcing_create_skip_service_cli',
    title: 'A CLI to streamline the creation of Skip services',
  },
  {
    date: '2025-05-30',
    slug: 'skip_with_react_vite',
    title: 'React + Vite in front of a Skip Service - the template',
  },
  {date: '2025-06-06', slug: 'horizontal-scaling', title: 'Dynamically scaling your Skip services'},
  {
    date: '2025-06-20',
    slug: 'backend_pressure',
    title: 'Backend Pressure from a Reactive Point of View',
  },
  {
    date: '2025-07-04',
    slug: 'cache_invalidation',
    title: 'Cache Invalidation and Reactive Systems',
  },
];

/** The posts' slugs, alphabetically. */
export const BLOG_SLUGS: readonly string[] = BLOG_POSTS.map((post) => post.slug).sort();

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
