export {runService} from '@skipruntime/server';
export type {SkipServer} from '@skipruntime/server';
