// A generated doc set that looks like a real one (folders, a root README, nested index pages,
// Docusaurus frontmatter on some pages, none on others, relative links, an image) and a second
// version of it with known edits, additions, deletions, moves and a folder rename.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { relativeLink } from '../../src/links/markdown.js';

export interface Page { key: string; path: string; title: string; text: string }

const WORDS = 'agent build cache commit config deploy docs error event file flag git hook index key link log merge node option package path queue release repo schema search signal state tag test token tree user value version worker'.split(' ');

function para(seed: number, n: number): string {
  let x = seed * 2654435761 >>> 0;
  const out: string[] = [];
  for (let i = 0; i < n; i++) { x = (x * 1103515245 + 12345) >>> 0; out.push(WORDS[x % WORDS.length]!); }
  return `${out.join(' ')}.`;
}

function pageText(p: { key: string; title: string; path: string; fm: boolean }, links: { title: string; path: string }[], seed: number, extra = ''): string {
  const head = p.fm ? `---\nid: ${p.key.replace(/\W/g, '-')}\ntitle: ${p.title}\nsidebar_position: ${seed % 10}\ntags: [docs, ${p.path.split('/')[0]}]\n---\n\n` : `# ${p.title}\n\n`;
  const l = links.map((t) => `See [${t.title}](${relativeLink(p.path, t.path)}).`).join(' ');
  return `${head}${para(seed, 40)}\n\n## Usage\n\n${para(seed + 1, 30)} ${l}\n${extra}`;
}

/** Version 1: `n` pages in 10 folders, plus a README and nested index pages. */
export function version1(n: number): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (let i = 0; i < n; i++) {
    const folder = `area-${i % 10}`;
    const key = `p${i}`;
    pages.set(key, { key, path: `${folder}/cmd-${i}.md`, title: `Command ${i}`, text: '' });
  }
  for (let f = 0; f < 10; f++) pages.set(`idx${f}`, { key: `idx${f}`, path: `area-${f}/index.md`, title: `Area ${f}`, text: '' });
  pages.set('readme', { key: 'readme', path: 'README.md', title: 'Example Tool Manual', text: '' });
  return pages;
}

/** Fills in the texts (links point at other pages by their current paths). */
export function render(pages: Map<string, Page>, edited: ReadonlySet<string> = new Set()): void {
  const fallback = pages.get('readme')!;
  for (const p of pages.values()) {
    const n = Number(p.key.replace(/\D/g, '') || 0) + (p.key.startsWith('new') ? 100000 : p.key.startsWith('idx') ? 50000 : 0);
    // Links go to pages by key, so a page's text changes only when a page it links to moves or goes.
    const targets = [`p${(n + 7) % 2000}`, `p${(n + 131) % 2000}`].map((k) => pages.get(k) ?? fallback).filter((t) => t.key !== p.key);
    p.text = pageText({ key: p.key, title: p.title, path: p.path, fm: n % 3 === 0 }, targets, n, edited.has(p.key) ? `\n${para(n + 99, 12)}\n` : '');
  }
}

export interface Version2 { pages: Map<string, Page>; edited: Set<string>; added: Set<string>; removed: Set<string>; moved: Set<string> }

/** Version 2 of version 1: edits, additions, deletions, single moves and area-3 renamed to area-three. */
export function version2(v1: Map<string, Page>): Version2 {
  const pages = new Map([...v1].map(([k, p]) => [k, { ...p }]));
  const edited = new Set<string>(), added = new Set<string>(), removed = new Set<string>(), moved = new Set<string>();
  const n = [...v1.keys()].filter((k) => /^p\d+$/.test(k)).length;
  for (let i = 1; i < n; i += 97) edited.add(`p${i}`);
  for (let i = 5; i < n; i += 89) if (!edited.has(`p${i}`)) removed.add(`p${i}`);
  for (let i = 11; i < n; i += 83) if (!edited.has(`p${i}`) && !removed.has(`p${i}`) && i % 10 !== 3) moved.add(`p${i}`);
  for (const k of removed) pages.delete(k);
  for (const k of moved) pages.get(k)!.path = `moved/${pages.get(k)!.path.split('/')[1]}`;
  for (const p of pages.values()) if (p.path.startsWith('area-3/')) { p.path = `area-three/${p.path.slice(7)}`; moved.add(p.key); }
  for (let i = 0; i < 25; i++) { const key = `new${i}`; pages.set(key, { key, path: `area-${i % 10 === 3 ? 'three' : i % 10}/added-${i}.md`, title: `Added ${i}`, text: '' }); added.add(key); }
  return { pages, edited, added, removed, moved };
}

export function writePages(dir: string, pages: Map<string, Page>): void {
  for (const p of pages.values()) {
    const abs = join(dir, ...p.path.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, p.text);
  }
}
