export {
  Count,
  Max,
  Min,
  PolledExternalService,
  SkipExternalService,
  SkipServiceBroker,
  Sum,
  asFollower,
  asLeader,
  defaultParamEncoder,
  fetchJSON,
} from '@skipruntime/helpers';
export type {PolledHTTPResource, Entrypoint} from '@skipruntime/helpers';
