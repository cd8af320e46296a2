/**
 * Processes the tests start on loopback ports: a free port, and a Skip service started as a
 * process of its own, ready once it has printed the line of each of its ports.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import net from 'node:net';

/** A loopback port that is free now, as the system hands one out. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => done(port));
    });
  });
}

/**
 * Starts `node <args>` in `cwd`, a Skip service listening on `control` and `streaming`, and
 * resolves once its log names both ports (as `runService` logs them); rejects with the log if
 * it exits first.
 */
export async function startService(
  args: string[],
  {cwd, control, streaming}: {cwd: string; control: number; streaming: number},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {cwd, stdio: ['ignore', 'pipe', 'pipe']});
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await new Promise<void>((done, fail) => {
    const ready = () => {
      if (log.includes(`port ${control}`) && log.includes(`port ${streaming}`)) done();
    };
    child.stdout!.on('data', ready);
    child.once('exit', (code) => fail(new Error(`the service exited (${code}):\n${log}`)));
  });
  return child;
}
