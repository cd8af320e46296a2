/**
 * The one call of serve-handler (the `serve` CLI's handler) the tests make, typed: it ships no
 * types. tests/unit/content-security-policy.test.ts serves `serve.json` through it.
 */
declare module 'serve-handler' {
  import type {IncomingMessage, ServerResponse} from 'node:http';

  type Header = {key: string; value: string};
  export type Config = {public?: string; headers?: {source: string; headers: Header[]}[]};
  export default function handler(
    request: IncomingMessage,
    response: ServerResponse,
    config?: Config,
  ): Promise<void>;
}
