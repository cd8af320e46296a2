export {PostgresExternalService, SkipPostgresError} from '@skip-adapter/postgres';
export type {PostgresPKey} from '@skip-adapter/postgres';
