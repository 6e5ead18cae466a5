// Secret scan: credential-shaped strings in content about to be packaged (CTXPKG §11; ACX export).
import { error, warning, type Diagnostic } from './diagnostics.js';

interface Pattern {
  name: string;
  re: RegExp;
}

const PATTERNS: Pattern[] = [
  { name: 'AWS access key id', re: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b/ },
  { name: 'AWS secret access key', re: /aws_secret_access_key\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}\b/i },
  { name: 'private key block', re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/ },
  { name: 'GitHub token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/ },
  { name: 'Slack token', re: /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/ },
  { name: 'Slack webhook', re: /https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9]+\/B[A-Za-z0-9]+\/[A-Za-z0-9]+/ },
  { name: 'Stripe key', re: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/ },
  { name: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'JSON Web Token', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/ },
];

const ASSIGNMENT = /\b([A-Za-z0-9_.-]*(?:secret|token|password|passwd|api[_-]?key|access[_-]?key|private[_-]?key|credential)[A-Za-z0-9_.-]*)\s*[:=]\s*["']?([A-Za-z0-9/+_=.-]{20,})["']?/i;

function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

export interface SecretFinding {
  kind: string;
  line: number;
  column: number;
}

/** Finds credential-shaped strings; never returns the secret itself. */
export function findSecrets(text: string): SecretFinding[] {
  const out: SecretFinding[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 100_000) continue;
    for (const p of PATTERNS) {
      const m = p.re.exec(line);
      if (m) out.push({ kind: p.name, line: i + 1, column: m.index + 1 });
    }
    const a = ASSIGNMENT.exec(line);
    if (a && entropy(a[2]!) >= 3.5 && /\d/.test(a[2]!) && /[A-Za-z]/.test(a[2]!)) {
      out.push({ kind: `high-entropy value assigned to "${a[1]}"`, line: i + 1, column: a.index + 1 });
    }
  }
  return out;
}

/**
 * Diagnostics for the secrets in `text`: errors (the build fails) unless `allow`, then warnings.
 * `where` names the unit (e.g. "node security-notes") for the message.
 */
export function scanSecrets(text: string, file: string, where: string, allow = false, lineOffset = 0): Diagnostic[] {
  return findSecrets(text).map((f) => {
    const msg = `${where} contains what looks like a ${f.kind}; refusing to package credentials`;
    const loc = { file, line: f.line + lineOffset, column: f.column, hint: 'remove it, or pass --allow-secrets to build anyway (local use only)' };
    return allow ? warning('CTXFORGE_SECRET_FOUND', msg, loc) : error('CTXFORGE_SECRET_FOUND', msg, loc);
  });
}
