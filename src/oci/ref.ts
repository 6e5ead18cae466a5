// OCI references as ctxforge names them: `oci://<registry>/<repository>[:<tag>][@sha256:<hex>]` for a
// registry and `oci-layout:<DIR>[:<tag>|@sha256:<hex>]` for an image layout on disk. The grammars are
// the distribution spec's, checked without backtracking (each repository component is split on "/"
// and matched by a regex whose alternatives cannot overlap), so a hostile name costs linear time.
import { fail } from '../core/diagnostics.js';

export interface RegistryRef {
  kind: 'registry';
  /** host[:port], lower-cased. */
  host: string;
  repository: string;
  tag?: string;
  /** sha256:<hex> */
  digest?: string;
}

export interface LayoutRef {
  kind: 'layout';
  dir: string;
  tag?: string;
  digest?: string;
}

export type OciRef = RegistryRef | LayoutRef;

const COMPONENT = /^[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
export const DIGEST = /^sha256:[0-9a-f]{64}$/;
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;
const MAX_REF = 4096;

export const isOciSpec = (s: string) => s.startsWith('oci://') || s.startsWith('oci-layout:');

const bad = (spec: string, why: string): never =>
  fail('CTXFORGE_OCI_REFERENCE', `${JSON.stringify(spec.slice(0, 200))} is not an OCI reference: ${why}`, {
    hint: 'e.g. oci://ghcr.io/acme/handbook:1.2.0, oci://127.0.0.1:5000/acme/handbook@sha256:<64 hex>, oci-layout:./layout:1.2.0',
  }, 2);

/** Splits `[:tag][@digest]` off the end of `rest`, checking each. */
function splitTail(spec: string, rest: string, tagAllowedColon: (i: number) => boolean): { head: string; tag?: string; digest?: string } {
  let head = rest;
  let digest: string | undefined;
  const at = head.lastIndexOf('@');
  if (at >= 0) {
    digest = head.slice(at + 1);
    head = head.slice(0, at);
    if (!DIGEST.test(digest)) bad(spec, `the digest must be sha256: and 64 lower-case hex digits`);
  }
  let tag: string | undefined;
  const colon = head.lastIndexOf(':');
  if (colon >= 0 && tagAllowedColon(colon) && !head.slice(colon + 1).includes('/')) {
    tag = head.slice(colon + 1);
    head = head.slice(0, colon);
    if (!TAG.test(tag)) bad(spec, `the tag ${JSON.stringify(tag)} is not [A-Za-z0-9_][A-Za-z0-9._-]{0,127}`);
  }
  return { head, ...(tag !== undefined ? { tag } : {}), ...(digest ? { digest } : {}) };
}

export function parseOciRef(spec: string): OciRef {
  if (spec.length > MAX_REF) bad(spec, `longer than ${MAX_REF} characters`);
  if (/[\s\0-\x1f\x7f]/.test(spec)) bad(spec, 'it contains whitespace or control characters');
  if (spec.startsWith('oci-layout:')) {
    const rest = spec.slice('oci-layout:'.length);
    // A Windows drive letter or a path with ":" in a folder name keeps its colon: only a last segment's colon is a tag.
    const lastSlash = Math.max(rest.lastIndexOf('/'), rest.lastIndexOf('\\'));
    const { head, tag, digest } = splitTail(spec, rest, (i) => i > lastSlash && i > 1);
    if (!head) bad(spec, 'it names no folder');
    return { kind: 'layout', dir: head, ...(tag !== undefined ? { tag } : {}), ...(digest ? { digest } : {}) };
  }
  if (!spec.startsWith('oci://')) bad(spec, 'it starts neither with oci:// nor with oci-layout:');
  const rest = spec.slice('oci://'.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) bad(spec, 'it names no repository after the registry');
  const host = rest.slice(0, slash).toLowerCase();
  if (!HOST.test(host)) bad(spec, `${JSON.stringify(host)} is not a registry host[:port]`);
  const { head, tag, digest } = splitTail(spec, rest.slice(slash + 1), () => true);
  if (!head || head.length > 255) bad(spec, 'the repository name is empty or longer than 255 characters');
  for (const c of head.split('/')) if (!COMPONENT.test(c)) bad(spec, `the repository component ${JSON.stringify(c)} is not lower-case [a-z0-9] separated by ".", "_", "__" or "-"`);
  return { kind: 'registry', host, repository: head, ...(tag !== undefined ? { tag } : {}), ...(digest ? { digest } : {}) };
}

/** The reference as text, with `digest` (when given) in place of the tag. */
export function formatRef(r: OciRef, digest?: string): string {
  const base = r.kind === 'registry' ? `oci://${r.host}/${r.repository}` : `oci-layout:${r.dir}`;
  if (digest) return `${base}@${digest}`;
  return `${base}${r.tag !== undefined ? `:${r.tag}` : ''}${r.digest ? `@${r.digest}` : ''}`;
}

/** `oci://host/repo` without tag or digest: what a lock records as the registry. */
export const repositoryOf = (r: OciRef) => (r.kind === 'registry' ? `oci://${r.host}/${r.repository}` : `oci-layout:${r.dir}`);

/** Is `host` (host[:port]) this machine, the one place ctxforge talks plain http to a registry? */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/:[0-9]+$/, '').replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(?:\.[0-9]{1,3}){3}$/.test(h);
}
