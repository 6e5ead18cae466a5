// A deterministic, real-shaped set of Agent Skills, modelled on the most-used public collection:
// a LICENSE.txt at every skill's root (the same bytes in all of them), templates/, fonts with their
// OFL texts, nested scripts (scripts/office/…, ooxml/schemas/…), an agents/ folder, reference/ and
// examples/ folders, UTF-16 and binary assets, an empty file, files shared byte for byte between
// skills, and the frontmatter spellings real skills use (plain, quoted with a colon, folded block
// scalars, CRLF line ends, metadata maps, allowed-tools strings). Every skill is valid for the
// Agent Skills specification, skills-ref and ACX (portable names), and the set fits one lean-ctx
// skills pack.
//
// Options add what hosts write and the formats refuse or normalise: `hostQuirks` (Claude Code keys,
// a list allowed-tools, a byte-order mark) and `unportable` (a file name ACX §3.2 cannot hold).
import { seeded } from './random.js';

export type SkillsSet = Record<string, Buffer>;

const LICENSE = `
                                 Apache License
                           Version 2.0, January 2004
                        http://www.apache.org/licenses/

   TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION

   1. Definitions.

      "License" shall mean the terms and conditions for use, reproduction,
      and distribution as defined by Sections 1 through 9 of this document.
${'      (The full text of the licence continues; this fixture repeats a line.)\n'.repeat(40)}
   END OF TERMS AND CONDITIONS
`.slice(1);

const OFL = `Copyright 2011 The Fixture Font Project Authors

This Font Software is licensed under the SIL Open Font License, Version 1.1.
This license is copied below, and is also available with a FAQ at:
https://openfontlicense.org
${'PERMISSION & CONDITIONS — the licence text, repeated for size.\n'.repeat(20)}`;

function binary(seed: number, size: number, magic: number[]): Buffer {
  const r = seeded(seed);
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = r.below(256);
  Buffer.from(magic).copy(b, 0);
  return b;
}

const ttf = (seed: number) => binary(seed, 6000 + (seed % 7) * 311, [0x00, 0x01, 0x00, 0x00, 0x00, 0x0c]);
const png = (seed: number) => binary(seed, 2400, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const gzip = (seed: number) => binary(seed, 3100, [0x1f, 0x8b, 0x08, 0x00]);
const pdf = (seed: number) => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), binary(seed, 4000, [])]);

function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}
function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) { const t = le[i]!; le[i] = le[i + 1]!; le[i + 1] = t; }
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
}

const text = (s: string) => Buffer.from(s, 'utf8');
const skillMd = (front: string, body: string) => text(`---\n${front}---\n\n${body}`);

/** The OOXML helper scripts docx and pptx both ship, byte for byte. */
const OOXML: Record<string, string> = {
  'ooxml/scripts/unpack.py': '#!/usr/bin/env python3\n"""Unpack an Office file into a folder of pretty-printed XML."""\nimport sys, zipfile\n\nwith zipfile.ZipFile(sys.argv[1]) as z:\n    z.extractall(sys.argv[2])\n',
  'ooxml/scripts/pack.py': '#!/usr/bin/env python3\n"""Pack a folder back into an Office file."""\nimport sys, zipfile, pathlib\n\nroot = pathlib.Path(sys.argv[1])\nwith zipfile.ZipFile(sys.argv[2], "w") as z:\n    for p in sorted(root.rglob("*")):\n        z.write(p, p.relative_to(root))\n',
  'ooxml/schemas/ISO-IEC29500-4_2016/wml.xsd': `<?xml version="1.0" encoding="UTF-8"?>\n<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n${'  <xsd:element name="p" type="CT_P"/>\n'.repeat(30)}</xsd:schema>\n`,
  'scripts/office/validate.py': '#!/usr/bin/env python3\nimport sys\nprint("validating", sys.argv[1])\n',
};

/** The generated set: path (`<skill>/<file>`) → bytes. */
export function realSkillsSet(o: { hostQuirks?: boolean; unportable?: boolean } = {}): SkillsSet {
  const f: Record<string, string | Buffer> = {};
  const put = (skill: string, files: Record<string, string | Buffer>) => {
    f[`${skill}/LICENSE.txt`] = LICENSE;
    for (const [p, c] of Object.entries(files)) f[`${skill}/${p}`] = c;
  };

  put('algorithmic-art', {
    'SKILL.md': skillMd('name: algorithmic-art\ndescription: Creating algorithmic art using p5.js with seeded randomness and interactive parameter exploration. Use this when users request creating art using code, generative art, algorithmic art, flow fields, or particle systems.\nlicense: Complete terms in LICENSE.txt\n', '# Algorithmic art\n\nStart from `templates/viewer.html` and `templates/generator_template.js`.\n'),
    'templates/viewer.html': '<!doctype html>\n<html><head><meta charset="utf-8"><title>Viewer</title></head>\n<body><script src="generator_template.js"></script></body></html>\n',
    'templates/generator_template.js': 'function setup() {\n  createCanvas(800, 800);\n  randomSeed(42);\n}\n\nfunction draw() {\n  for (let i = 0; i < 100; i++) point(random(width), random(height));\n}\n',
  });
  put('canvas-design', {
    'SKILL.md': skillMd('name: canvas-design\ndescription: "Create beautiful visual art in .png and .pdf documents using design philosophy. Use when: the user asks for a poster, piece of art, or other static piece."\nlicense: Complete terms in LICENSE.txt\n', '# Canvas design\n\nFonts live in `canvas-fonts/`, each with its OFL licence.\n'),
    'canvas-fonts/ArsenalSC-OFL.txt': OFL,
    'canvas-fonts/ArsenalSC-Regular.ttf': ttf(11),
    'canvas-fonts/Lora-OFL.txt': OFL.replace('2011', '2012'),
    'canvas-fonts/Lora-Regular.ttf': ttf(12),
    'canvas-fonts/Lora-Italic.ttf': ttf(13),
    'canvas-fonts/WorkSans-OFL.txt': OFL,
    'canvas-fonts/WorkSans-Regular.ttf': ttf(14),
  });
  put('docx', {
    'SKILL.md': skillMd('name: docx\ndescription: >-\n  Comprehensive document creation, editing, and analysis with support for\n  tracked changes, comments, formatting preservation, and text extraction.\n  Use when working with professional documents (.docx files).\nlicense: Proprietary. LICENSE.txt has complete terms\n', '# DOCX\n\nRead `docx-js.md` to create, `ooxml.md` to edit.\n'),
    'docx-js.md': '# docx-js\n\nCreate documents with the docx library.\n',
    'ooxml.md': '# OOXML\n\nUnpack with `ooxml/scripts/unpack.py`, edit XML, pack again.\n',
    'scripts/document.py': 'class Document:\n    """Tracked-change aware editing."""\n    pass\n',
    'scripts/utilities.py': 'def escape(s):\n    return s.replace("&", "&amp;")\n',
    ...OOXML,
  });
  put('pptx', {
    'SKILL.md': skillMd('name: pptx\ndescription: |\n  Presentation creation, editing, and analysis.\n  Use when working with .pptx files: creating slides, editing layouts, adding speaker notes.\nlicense: Proprietary. LICENSE.txt has complete terms\n', '# PPTX\n\nSee `html2pptx.md`.\n'),
    'html2pptx.md': '# html2pptx\n\nConvert HTML slides to PowerPoint.\n',
    ...OOXML,
  });
  put('xlsx', {
    'SKILL.md': skillMd('name: xlsx\ndescription: \'Comprehensive spreadsheet creation, editing, and analysis with formulas, formatting and charts. Use for .xlsx, .xlsm, .csv and .tsv files.\'\nlicense: Proprietary. LICENSE.txt has complete terms\n', '# XLSX\n\nRecalculate formulas with `recalc.py`.\n'),
    'recalc.py': '#!/usr/bin/env python3\nimport subprocess, sys\nsubprocess.run(["soffice", "--headless", "--convert-to", "xlsx", sys.argv[1]], check=True)\n',
  });
  put('skill-creator', {
    'SKILL.md': skillMd('name: skill-creator\ndescription: Guide for creating effective skills. Use when users want to create a new skill (or update an existing skill) that extends the agent\'s capabilities.\nlicense: Complete terms in LICENSE.txt\nmetadata:\n  author: fixture-org\n  version: "2.1.0"\n', '# Skill creator\n\nThe graders in `agents/` review a draft skill.\n'),
    'agents/grader.md': '# Grader\n\nScore the skill against the rubric in `references/output-patterns.md`.\n',
    'agents/analyzer.md': '# Analyzer\n\nFind where the skill wastes context.\n',
    'agents/openai.yaml': 'interface:\n  display_name: "Skill Creator"\n  short_description: "Create and improve skills"\n',
    'scripts/init_skill.py': '#!/usr/bin/env python3\nimport pathlib, sys\npathlib.Path(sys.argv[1], "SKILL.md").write_text("---\\nname: x\\n---\\n")\n',
    'scripts/package_skill.py': '#!/usr/bin/env python3\nprint("packaging")\n',
    'references/output-patterns.md': '# Output patterns\n\nTemplates for strict and flexible outputs.\n',
  });
  put('mcp-builder', {
    'SKILL.md': skillMd('name: mcp-builder\ndescription: Guide for creating high-quality MCP (Model Context Protocol) servers that enable LLMs to interact with external services through well-designed tools.\nlicense: Complete terms in LICENSE.txt\ncompatibility: Requires Python 3.11+ or Node.js 20+, and network access to the service being wrapped\n', '# MCP builder\n\nRead `reference/mcp_best_practices.md` first.\n'),
    'reference/mcp_best_practices.md': '# Best practices\n\nName tools for what they do.\n',
    'reference/node_mcp_server.md': '# Node MCP server\n\nUse the TypeScript SDK.\n',
    'scripts/connections.py': 'import json\n\ndef connect(url):\n    return json.dumps({"url": url})\n',
    'scripts/requirements.txt': 'anthropic>=0.39.0\nmcp>=1.1.0\n',
    'scripts/example_evaluation.xml': '<evaluation>\n  <qa_pair><question>What?</question><answer>42</answer></qa_pair>\n</evaluation>\n',
  });
  put('slack-gif-creator', {
    'SKILL.md': skillMd('name: slack-gif-creator\ndescription: Knowledge and utilities for creating animated GIFs optimized for Slack. Use when users request animated GIFs for Slack like "make me a GIF of X doing Y".\nlicense: Complete terms in LICENSE.txt\n', '# Slack GIF creator\n\nBuild frames with `core/gif_builder.py`.\n'),
    'core/gif_builder.py': 'class GIFBuilder:\n    def __init__(self, width=480, height=480):\n        self.frames = []\n',
    'core/easing.py': 'def ease_in_out(t):\n    return t * t * (3 - 2 * t)\n',
    'requirements.txt': 'anthropic>=0.39.0\nmcp>=1.1.0\n',
  });
  put('theme-factory', {
    'SKILL.md': skillMd('name: theme-factory\ndescription: Toolkit for styling artifacts with a theme. These artifacts can be slides, docs, reportings, HTML landing pages, etc.\nlicense: Complete terms in LICENSE.txt\n', '# Theme factory\n\nShow `theme-showcase.pdf`, then apply one of `themes/`.\n'),
    'theme-showcase.pdf': pdf(21),
    'themes/arctic-frost.md': '# Arctic Frost\n\n- primary: #d4e4f7\n- accent: #4a6fa5\n',
    'themes/ocean-depths.md': '# Ocean Depths\n\n- primary: #1a2332\n- accent: #2d8b8b\n',
  });
  put('webapp-testing', {
    'SKILL.md': text('---\r\nname: webapp-testing\r\ndescription: Toolkit for interacting with and testing local web applications using Playwright.\r\nlicense: Complete terms in LICENSE.txt\r\nallowed-tools: Bash(python3:*) Read Write\r\n---\r\n\r\n# Webapp testing\r\n\r\nStart servers with `scripts/with_server.py`.\r\n'),
    'examples/console_logging.py': 'from playwright.sync_api import sync_playwright\n\nwith sync_playwright() as p:\n    pass\n',
    'scripts/with_server.py': '#!/usr/bin/env python3\nimport subprocess, sys\nsubprocess.Popen(sys.argv[1:])\n',
  });
  put('brand-guidelines', {
    'SKILL.md': skillMd('name: brand-guidelines\ndescription: Applies the brand colours and typography to any sort of artifact that may benefit from the company look and feel — café menus, résumés, 日本語 slides 🎨.\nlicense: Complete terms in LICENSE.txt\nmetadata:\n  author: fixture-org\n  version: "1.0"\n  audience: "marketing, design"\n', '# Brand guidelines\n\nLogo: `assets/logo.png`. Greetings in other encodings: `assets/`.\n'),
    'assets/logo.png': png(31),
    'assets/greeting-utf16le.txt': utf16le('Grüße aus dem Marketing — 你好！\r\n'),
    'assets/greeting-utf16be.txt': utf16be('Saludos — こんにちは\r\n'),
    'assets/palette.json': '{"primary":"#141413","accent":"#d97757"}\n',
  });
  put('internal-comms', {
    'SKILL.md': skillMd('name: internal-comms\ndescription: A set of resources to help write all kinds of internal communications, using the formats the company likes to use.\nlicense: Complete terms in LICENSE.txt\nallowed-tools: Read Grep\n', '# Internal comms\n\nPick an example from `examples/`.\n'),
    'examples/3p-updates.md': '# 3P updates\n\nProgress, plans, problems.\n',
    'examples/faq-answers.md': '# FAQ answers\n\nShort, linked, kind.\n',
    'examples/general-comms.md': '# General comms\n\nSay what changed and why.\n',
  });
  put('web-artifacts-builder', {
    'SKILL.md': skillMd('name: web-artifacts-builder\ndescription: Suite of tools for creating elaborate, multi-component HTML artifacts using modern frontend web technologies (React, Tailwind CSS, shadcn/ui).\nlicense: Complete terms in LICENSE.txt\n', '# Web artifacts builder\n\nRun `scripts/init-artifact.sh`, then bundle.\n'),
    'scripts/init-artifact.sh': '#!/bin/bash\nset -e\nnpm create vite@latest "$1" -- --template react-ts\n',
    'scripts/shadcn-components.tar.gz': gzip(41),
    'templates/empty.md': '',
  });

  if (o.hostQuirks) {
    // Claude Code's own frontmatter keys, a YAML list of tools, and a byte-order mark.
    f['claude-review/SKILL.md'] = skillMd('name: claude-review\ndescription: Reviews a pull request the way the team does. Use when asked to review a PR.\nmodel: sonnet\nargument-hint: "[pr-number]"\ncontext: fork\nallowed-tools:\n  - Read\n  - Grep\n  - Bash(gh pr view:*)\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      command: echo checked\n', '# Review\n\nRead the diff, then comment.\n');
    f['claude-review/checklist.md'] = '# Checklist\n\n- tests\n- docs\n';
    f['bom-notes/SKILL.md'] = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), skillMd('name: bom-notes\ndescription: Takes meeting notes. Written by an editor that puts a byte-order mark first.\n', '# Notes\n')]);
  }
  if (o.unportable) {
    // A real Python package marker: fine on disk and in a ctxpkg pack, no portable sqlar name.
    f['slack-gif-creator/core/__init__.py'] = '';
  }
  const out: SkillsSet = {};
  for (const k of Object.keys(f).sort()) out[k] = Buffer.isBuffer(f[k]) ? f[k] as Buffer : text(f[k] as string);
  return out;
}

/** The skill folder names of a set. */
export function skillNames(set: SkillsSet): string[] {
  return [...new Set(Object.keys(set).map((p) => p.split('/')[0]!))].sort();
}
