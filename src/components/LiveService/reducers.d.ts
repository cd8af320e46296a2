// The plain-code reducers of @skipruntime/helpers, without its HTTP helpers; the alias is
// set by src/plugins/live-service-bundling.
declare module '@skipruntime/helpers/reducers' {
  export {Count, Max, Min, Sum} from '@skipruntime/helpers';
}
