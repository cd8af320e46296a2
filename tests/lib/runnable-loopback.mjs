// Preloaded (`NODE_OPTIONS=--import=…`) into every Node process that the runnable samples
// start, and nowhere else. A server that listens on a bare port (as `runService` does, on
// every interface) listens on 127.0.0.1 instead, so the tests never open a port beyond
// loopback. Explicit hosts, Unix sockets and handles are left alone.
import net from 'node:net';

const listen = net.Server.prototype.listen;

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port[, host][, backlog][, callback])
    if (typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  } else if (
    first &&
    typeof first === 'object' &&
    first.port !== undefined &&
    first.host === undefined &&
    first.path === undefined
  ) {
    args[0] = {...first, host: '127.0.0.1'};
  }
  return listen.apply(this, args);
};
