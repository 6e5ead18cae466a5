// A node:test reporter that says where a run's time went: each test file's wall time (from the
// runner's own per-file event) and its slowest tests, as TSV — file, then test lines. Used by
// scripts/run-tests.mjs when CTXFORGE_TEST_TIMES names a file; the figures are for people, no test
// reads them (speed is never asserted).
import { relative } from 'node:path';

export default async function* times(source) {
  const files = new Map();
  // A file run in a group (scripts/run-tests.mjs) has no event of its own: its time is the sum of
  // its top-level tests (its load time, shared with the group, is not counted).
  const summed = new Map();
  const tests = [];
  for await (const e of source) {
    if (e.type !== 'test:complete' && e.type !== 'test:pass' && e.type !== 'test:fail') continue;
    const d = e.data;
    const ms = d.details?.duration_ms ?? 0;
    const file = d.file ? relative(process.cwd(), d.file) : '(unknown)';
    if (e.type === 'test:complete') {
      // The file itself completes as a test named by its path.
      if (d.nesting === 0 && d.file && d.name === d.file) files.set(file, ms);
      continue;
    }
    if (d.nesting === 0 && d.name !== d.file) {
      tests.push({ file, name: d.name, ms, ok: e.type === 'test:pass' });
      summed.set(file, (summed.get(file) ?? 0) + ms);
    }
  }
  for (const [file, ms] of summed) if (!files.has(file)) files.set(file, ms);
  // A group's own event names its module, not a test file.
  for (const file of [...files.keys()]) if (!file.endsWith('.test.ts')) files.delete(file);
  const s = (ms) => (ms / 1000).toFixed(1);
  const byFile = [...files].sort((a, b) => b[1] - a[1]);
  const total = byFile.reduce((t, [, ms]) => t + ms, 0);
  yield `# ${byFile.length} files, ${s(total)} s of file time (two run at once, so the wall time is about half)\n`;
  yield 'file\tseconds\n';
  for (const [file, ms] of byFile) yield `${file}\t${s(ms)}\n`;
  yield '\ntest\tfile\tseconds\n';
  for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, 60)) yield `${t.ok ? '' : 'FAILED '}${t.name}\t${t.file}\t${s(t.ms)}\n`;
}
