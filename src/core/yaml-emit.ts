// A small deterministic YAML emitter for the frontmatter and fields the format writers generate: block
// mappings, flow lists of scalars, and every string quoted unless its plain form reads back as the same string.
const PLAIN = /^[A-Za-z_][A-Za-z0-9 _.@/+()-]*$/;
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  const s = String(v);
  return PLAIN.test(s) && !RESERVED.test(s) && !s.endsWith(' ') ? s : JSON.stringify(s);
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const key = (k: string) => (/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(k) && !RESERVED.test(k) ? k : JSON.stringify(k));

export function yamlLines(obj: Record<string, unknown>, indent = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    if (isMap(v)) {
      if (!Object.keys(v).length) { out.push(`${indent}${key(k)}: {}`); continue; }
      out.push(`${indent}${key(k)}:`, ...yamlLines(v, `${indent}  `));
    } else if (Array.isArray(v)) {
      if (v.every((x) => !isMap(x) && !Array.isArray(x))) out.push(`${indent}${key(k)}: [${v.map(scalar).join(', ')}]`);
      else {
        out.push(`${indent}${key(k)}:`);
        for (const x of v) {
          if (isMap(x)) {
            const inner = yamlLines(x, `${indent}    `);
            out.push(`${indent}  - ${inner[0]!.trimStart()}`, ...inner.slice(1));
          } else out.push(`${indent}  - ${JSON.stringify(x)}`);
        }
      }
    } else out.push(`${indent}${key(k)}: ${scalar(v)}`);
  }
  return out;
}

export function frontmatter(obj: Record<string, unknown>): string {
  return `---\n${yamlLines(obj).join('\n')}\n---\n`;
}
