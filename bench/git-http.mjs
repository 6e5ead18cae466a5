// Git's smart HTTP protocol on 127.0.0.1 for the benches: `git http-backend` run as a CGI program
// for each request, serving the repositories below ROOT (what a git host does, minus the host).
// A process of its own, since the bench times its commands with spawnSync, which blocks this one.
//
// Usage: node bench/git-http.mjs ROOT [--no-filter]   (prints `port <n>` once listening; stops on SIGTERM)
// --no-filter: serve as git's own default does, without partial clone (`uploadpack.allowFilter` off).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { resolve } from 'node:path';

const root = resolve(process.argv[2] ?? '.');
const filters = !process.argv.includes('--no-filter');
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const cgi = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH, GIT_PROJECT_ROOT: root, GIT_HTTP_EXPORT_ALL: '1',
      REQUEST_METHOD: req.method ?? 'GET', PATH_INFO: decodeURIComponent(url.pathname), QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '', HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
      ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
      GIT_PROTOCOL: req.headers['git-protocol'] ?? '', REMOTE_ADDR: '127.0.0.1',
      // Partial clone allowed, as GitHub and GitLab serve repositories (git's own default is off).
      GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'uploadpack.allowFilter', GIT_CONFIG_VALUE_0: String(filters),
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  req.pipe(cgi.stdin);
  // The CGI answer: header lines up to an empty line (`Status:` sets the code), then the body.
  let head = Buffer.alloc(0);
  let started = false;
  cgi.stdout.on('data', (chunk) => {
    if (started) { res.write(chunk); return; }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    started = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const i = line.indexOf(':');
      const name = line.slice(0, i).trim();
      const value = line.slice(i + 1).trim();
      if (/^status$/i.test(name)) status = Number.parseInt(value, 10);
      else if (name) res.setHeader(name, value);
    }
    res.writeHead(status);
    res.write(head.subarray(end + 4));
  });
  cgi.on('close', () => { if (!started) res.writeHead(500); res.end(); });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
