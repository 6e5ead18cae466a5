// A local OCI registry for the benches (Debian's docker-registry, CNCF distribution 2.8, on
// 127.0.0.1, deletes enabled) and curl moving one blob to and from it: the floor that ctxforge's
// push and pull are compared with. Used by bench/oci-transfer.mjs (the client alone, blob level)
// and bench/run.mjs (the CLI commands).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () => new Promise((res, rej) => {
  const s = createServer();
  s.on('error', rej);
  s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
});

/** Starts docker-registry on a free port; resolves to { host, stop }. Rejects when it is missing or does not answer. */
export async function startRegistry() {
  const dir = mkdtempSync(join(tmpdir(), 'ctxforge-bench-registry-'));
  const port = await freePort();
  writeFileSync(join(dir, 'config.yml'), `version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: ${join(dir, 'data')}\n  delete:\n    enabled: true\nhttp:\n  addr: 127.0.0.1:${port}\n`);
  const proc = spawn('docker-registry', ['serve', join(dir, 'config.yml')], { stdio: 'ignore' });
  const failed = new Promise((_, rej) => proc.on('error', (e) => rej(new Error(`docker-registry cannot start: ${e.message} (apt-get install docker-registry)`))));
  const stop = () => { proc.kill(); rmSync(dir, { recursive: true, force: true }); };
  const host = `127.0.0.1:${port}`;
  const up = (async () => {
    for (let i = 0; i < 100; i++) {
      if (await fetch(`http://${host}/v2/`).then((r) => r.ok, () => false)) return { host, stop };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('docker-registry did not answer on /v2/ within 10 s');
  })();
  try {
    return await Promise.race([up, failed]);
  } catch (e) {
    stop();
    throw e;
  }
}

/**
 * argv of curl uploading `file` as the blob `digest` into `repo` (a POST for the upload session,
 * then one monolithic PUT), as a shell one-liner so that it runs as one timed process.
 */
export function curlPushArgv(host, repo, file, digest) {
  const script = 'loc=$(curl -sS -f -o /dev/null -D - -X POST "http://$1/v2/$2/blobs/uploads/" | tr -d "\\r" | sed -n "s/^[Ll]ocation: //p") && '
    + 'case "$loc" in http*) ;; *) loc="http://$1$loc" ;; esac && '
    + 'case "$loc" in *\\?*) sep="&" ;; *) sep="?" ;; esac && '
    + 'curl -sS -f -o /dev/null -X PUT -H "content-type: application/octet-stream" -T "$3" "$loc${sep}digest=$4"';
  return ['sh', '-c', script, 'sh', host, repo, file, digest];
}

/** argv of curl downloading the blob `digest` of `repo` to `out`. */
export function curlPullArgv(host, repo, digest, out) {
  return ['curl', '-sS', '-f', '-L', '-o', out, `http://${host}/v2/${repo}/blobs/${digest}`];
}
