// Markdown link facts shared by the link check, sync and convert: the relative links of a text
// (outside code), heading anchors as GitHub writes them, and resolving a link against its file.

export interface MdLink {
  /** The target as written, without its title. */
  target: string;
  /** 1-based line in the text given. */
  line: number;
  /** Offset of the target in the text, for rewriting. */
  at: number;
}

const INLINE = /(!?)\[((?:[^\]\\\n]|\\.)*)\]\(\s*(<[^>\n]*>|[^)\s]*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;

/** Inline links and images of `text`, skipping fenced code blocks and inline code spans. */
export function markdownLinks(text: string): MdLink[] {
  const out: MdLink[] = [];
  let fence: string | null = null;
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const c = l.charCodeAt(l.search(/\S|$/));
    const f = c === 96 || c === 126 ? /^\s{0,3}(`{3,}|~{3,})/.exec(l) : null;
    if (f) {
      if (fence === null) fence = f[1]![0]!.repeat(f[1]!.length);
      else if (f[1]!.startsWith(fence)) fence = null;
    } else if (fence === null && l.includes('](')) {
      const masked = l.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length));
      for (const m of masked.matchAll(INLINE)) {
        const raw = m[3]!;
        const open = m.index! + m[0].indexOf('](') + 2;
        const lead = l.slice(open).length - l.slice(open).trimStart().length;
        const t = raw.startsWith('<') ? raw.slice(1, -1) : raw;
        const at = offset + open + lead + (raw.startsWith('<') ? 1 : 0);
        out.push({ target: t, line: i + 1, at });
      }
    }
    offset += l.length + 1;
  }
  return out;
}

/** A link that leaves the package: a scheme, a protocol-relative or absolute URL path. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('/');
}

export function splitTarget(target: string): { path: string; anchor?: string } {
  const h = target.indexOf('#');
  const noQuery = (s: string) => s.replace(/\?.*$/, '');
  return h < 0 ? { path: noQuery(target) } : { path: noQuery(target.slice(0, h)), anchor: target.slice(h + 1) };
}

/** Resolves a relative link path against the file holding it; undefined when it climbs out of the root. */
export function resolveLink(fromFile: string, linkPath: string): string | undefined {
  let decoded = linkPath;
  try { decoded = decodeURIComponent(linkPath); } catch { /* keep as written */ }
  const parts = fromFile.split('/').slice(0, -1);
  for (const seg of decoded.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') { if (!parts.length) return undefined; parts.pop(); } else parts.push(seg);
  }
  return parts.join('/');
}

/** The relative path from one file to another, as a Markdown link writes it. */
export function relativeLink(fromFile: string, toFile: string): string {
  const a = fromFile.split('/').slice(0, -1);
  const b = toFile.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(text: string): Set<string> {
  const out = new Set<string>();
  const count = new Map<string, number>();
  let fence: string | null = null;
  for (const l of text.split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(l);
    if (f) { if (fence === null) fence = f[1]![0]!.repeat(f[1]!.length); else if (f[1]!.startsWith(fence)) fence = null; continue; }
    if (fence !== null) continue;
    const h = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(l);
    if (!h) {
      const explicit = /<a\s+(?:name|id)="([^"]+)"/.exec(l);
      if (explicit) out.add(explicit[1]!);
      continue;
    }
    const title = h[1]!;
    const custom = /\s*\{#([^}]+)\}$/.exec(title);
    if (custom) { out.add(custom[1]!); continue; }
    const slug = title.toLowerCase().replace(/<[^>]*>/g, '').replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
    const n = count.get(slug) ?? 0;
    count.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}
