// A small deterministic YAML emitter for source trees (ctxpkg.yaml and node frontmatter): block
// style, scalars quoted whenever a plain form could be read back as anything else, doubles always
// with a fraction or exponent so `1.0` stays a float when read back with integers as bigint.
import { formatDouble } from './canonical-json.js';
import type { JsonValue } from './model.js';

const PLAIN = /^[A-Za-z_][A-Za-z0-9 _.@/+-]*$/;
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;

export function yamlScalar(v: JsonValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') {
    const s = formatDouble(v);
    return s;
  }
  if (typeof v === 'string') {
    if (PLAIN.test(v) && !RESERVED.test(v) && !v.endsWith(' ') && !/[:#]/.test(v)) return v;
    return JSON.stringify(v);
  }
  throw new Error('not a scalar');
}

function isScalar(v: JsonValue): boolean {
  return v === null || typeof v !== 'object';
}

function key(k: string): string {
  return PLAIN.test(k) && !RESERVED.test(k) && !k.includes(' ') ? k : JSON.stringify(k);
}

/** Block YAML for a mapping, one `key: value` per line, nested collections indented by two spaces. */
export function yamlMapping(obj: Record<string, JsonValue>, indent = ''): string {
  let out = '';
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    out += `${indent}${key(k)}:${valueText(v, indent)}`;
  }
  return out;
}

function valueText(v: JsonValue, indent: string): string {
  if (isScalar(v)) return ` ${yamlScalar(v)}\n`;
  if (Array.isArray(v)) {
    if (v.length === 0) return ' []\n';
    let out = '\n';
    for (const item of v) {
      if (isScalar(item)) out += `${indent}  - ${yamlScalar(item)}\n`;
      else if (Array.isArray(item)) out += `${indent}  - ${flowText(item)}\n`;
      else {
        const body = yamlMapping(item as Record<string, JsonValue>, `${indent}    `);
        out += body === '' ? `${indent}  - {}\n` : `${indent}  - ${body.slice(indent.length + 4)}`;
      }
    }
    return out;
  }
  const entries = Object.keys(v as object);
  if (entries.length === 0) return ' {}\n';
  return `\n${yamlMapping(v as Record<string, JsonValue>, `${indent}  `)}`;
}

/** Flow style for arrays nested in arrays (rare; kept exact rather than pretty). */
function flowText(v: JsonValue): string {
  if (isScalar(v)) return yamlScalar(v);
  if (Array.isArray(v)) return `[${v.map(flowText).join(', ')}]`;
  return `{${Object.entries(v as Record<string, JsonValue>).map(([k, x]) => `${JSON.stringify(k)}: ${flowText(x)}`).join(', ')}}`;
}
