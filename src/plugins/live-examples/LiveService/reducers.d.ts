// The plain-code reducers of @skipruntime/helpers, without its HTTP helpers; the alias is
// set by src/plugins/live-examples.
declare module '@skipruntime/helpers/reducers' {
  export {Count, Max, Min, Sum} from '@skipruntime/helpers';
}

// The type checker's files, by path (written and aliased by src/plugins/live-examples).
declare module 'live-type-files' {
  const files: Record<string, string>;
  export default files;
}
