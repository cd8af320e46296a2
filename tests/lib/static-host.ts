/**
 * The plainest static host, for tests that must not lean on `docusaurus serve`'s clean URLs:
 * files are served as they are; a folder is served from its `index.html`, after a redirect
 * from `/dir` to `/dir/` (as GitHub Pages, S3 websites, nginx and Apache do); anything else is
 * `404.html` with status 404. No rewrite rules, no `.html` guessing, no dependency.
 *
 * `prefix` mounts the folder below a path (`/prefix/` serves `build/index.html`), to serve a
 * build under a base path it was not built for.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type {AddressInfo} from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export type StaticHost = {
  /** Origin and prefix without the trailing slash: `http://127.0.0.1:1234/prefix`. */
  url: string;
  close(): Promise<void>;
};

const isFile = (file: string) => fs.statSync(file, {throwIfNoEntry: false})?.isFile() ?? false;
const isDir = (file: string) => fs.statSync(file, {throwIfNoEntry: false})?.isDirectory() ?? false;

export async function startStaticHost(
  root: string,
  {prefix = '/'}: {prefix?: string} = {},
): Promise<StaticHost> {
  const mount = prefix.endsWith('/') ? prefix : `${prefix}/`;
  const send = (res: http.ServerResponse, status: number, file: string) => {
    res.writeHead(status, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    res.end(fs.readFileSync(file));
  };
  const notFound = (res: http.ServerResponse) => {
    const page = path.join(root, '404.html');
    if (isFile(page)) send(res, 404, page);
    else res.writeHead(404).end();
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound(res);
    }
    if (`${pathname}/` === mount) {
      res.writeHead(301, {location: `${url.pathname}/${url.search}`}).end();
      return;
    }
    if (!pathname.startsWith(mount) || pathname.includes('\0')) return notFound(res);
    const file = path.join(root, pathname.slice(mount.length));
    if (path.relative(root, file).startsWith('..')) return notFound(res);
    if (isDir(file)) {
      if (!url.pathname.endsWith('/')) {
        res.writeHead(301, {location: `${url.pathname}/${url.search}`}).end();
        return;
      }
      const index = path.join(file, 'index.html');
      return isFile(index) ? send(res, 200, index) : notFound(res);
    }
    // `/a/` names a folder: a file there is not served under it.
    if (isFile(file) && !url.pathname.endsWith('/')) return send(res, 200, file);
    return notFound(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mount.replace(/\/$/, '')}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
