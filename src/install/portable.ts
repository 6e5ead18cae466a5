// Package paths that may become files in a host folder: safe (relative, no "..", NFC) and portable
// (names every file system holds), checked before anything is written.
import { unsafePathReason, WINDOWS_DEVICE_NAME } from '../core/paths.js';

// Characters no Windows or macOS file name can hold, and controls, which no agent host expects.
const UNPORTABLE = /[\u0000-\u001f\u007f<>:"|?*]/;

/** Why `p` cannot be written as a path below a host folder, or null when it can. */
export function portablePathProblem(p: string): string | null {
  const unsafe = unsafePathReason(p);
  if (unsafe) return unsafe;
  if (Buffer.byteLength(p, 'utf8') > 1024) return 'path longer than 1024 bytes';
  for (const seg of p.split('/')) {
    if (UNPORTABLE.test(seg)) return `"${printable(seg)}" holds a character Windows cannot store (< > : " | ? * or a control)`;
    if (/[. ]$/.test(seg)) return `"${printable(seg)}" ends with a dot or a space, which Windows drops`;
    if (WINDOWS_DEVICE_NAME.test(seg)) return `"${printable(seg)}" is a reserved device name on Windows`;
    if (Buffer.byteLength(seg, 'utf8') > 255) return 'a path segment is longer than 255 bytes';
  }
  return null;
}

/** Why `name` cannot be a skill's folder name below a host's skills folder, or null. */
export function skillNameProblem(name: string): string | null {
  if (name.includes('/')) return 'a skill name is one folder name, without "/"';
  if (name.startsWith('.')) return 'a skill name may not start with "." (hosts skip hidden folders)';
  return portablePathProblem(name);
}

/** A name for messages: controls and quotes never reach a terminal as they are. */
export function printable(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}
