// What a built .octx holds, for people (text) and machines (JSON).
import { escapeData } from '../core/log-safe.js';
import { stat } from 'node:fs/promises';
import type { ZipTree } from '../core/zip-tree.js';
import type { InspectResult } from '../format.js';
import type { OctxReport } from './package.js';

export async function inspectOctx(tree: ZipTree, report: OctxReport, archivePath?: string, archiveBytes?: number): Promise<InspectResult> {
  const m = report.manifest;
  const entries = await tree.list();
  const payloadBytes = report.files.reduce((n, f) => n + (entries.find((e) => e.path === f.path)?.size ?? 0), 0);
  const size = archiveBytes ?? (archivePath ? (await stat(archivePath)).size : undefined);
  const json = {
    format: 'octx',
    format_version: m?.format_version,
    valid: report.valid,
    format_valid: report.format_valid,
    fully_validated: report.fully_validated,
    asset: m?.asset,
    release: m?.release,
    capabilities: report.capabilities,
    documents: report.documents.map((d) => ({ path: d.path, document_id: d.id, type: d.type, title: d.title })),
    files: report.files.length,
    entries: entries.length,
    payload_bytes: payloadBytes,
    archive_bytes: size,
    package_digest: report.package_digest,
    diagnostics: report.diagnostics,
  };
  const lines = [
    `OCTX ${m?.format_version ?? '?'} package — ${report.valid ? 'valid' : 'INVALID'}${report.fully_validated ? '' : ' (not fully validated)'}`,
    `asset     ${m?.asset?.name ?? '?'}  (${m?.asset?.id ?? '?'})`,
    `release   ${m?.release?.version ?? '?'}  created ${m?.release?.created_at ?? '?'}`,
    `digest    ${m?.release?.package_digest ?? '?'}`,
    `capabilities  ${Object.entries(report.capabilities).map(([k, v]) => `${k} (${v === true ? 'valid' : v === false ? 'invalid' : 'unsupported'})`).join(', ') || 'none'}`,
    `files     ${report.files.length} listed, ${entries.length} entries, ${payloadBytes} payload bytes${size !== undefined ? `, ${size} bytes on disk` : ''}`,
    `documents ${report.documents.length}:`,
    ...report.documents.map((d) => `  ${d.id ?? '(no id)'}  ${(d.type ?? '?').padEnd(12)} ${d.path}${d.title ? `  — ${d.title}` : ''}`),
  ];
  // One element per line; names, titles and descriptions inside come from the package.
  return { text: lines.map(escapeData).join('\n'), json };
}
