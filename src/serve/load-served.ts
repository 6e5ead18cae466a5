// One artifact made ready to serve in one pass over its documents (issue 39): the verifier hands
// each document over as it reads it and checks its bytes (DocumentsOptions.documentSink), and each
// goes straight into the search index being built (index-build.ts) and is let go, so serve's start
// never holds every text, and the index is built in the verification's own sweep. The verdict is
// the whole verification's: a package refused at the end (tampered, a signature or a signer that
// does not pass, an unbound path, a document that does not parse) has its unfinished index
// discarded with its private folder, and nothing is cached.
//
// The cache is looked up before verifying, by the artifact's SHA-256: when it holds an index for
// this artifact, the documents are only hashed on the way (nothing is built) and the cached index is
// used once it is shown to hold exactly the verified documents; when it does not, the artifact is
// verified again with the index built as it reads (rare: a cache written for other documents).
import type { Diagnostic } from '../core/diagnostics.js';
import type { SqliteDb } from '../core/sqlite.js';
import type { Doc } from '../format.js';
import { verifySpec } from '../install/index.js';
import { PackageIntake, refuseUnbound, servedMeta, type LoadOptions } from './corpus.js';
import { FtsTokens } from './fts-tokens.js';
import { IndexBuilder } from './index-build.js';
import { cachedCandidateOf, finishIndex, openCandidate, storedMinOf, type IndexOptions } from './search-index.js';
import type { Served } from './tools.js';

interface Pass { intake?: PackageIntake; builder?: IndexBuilder; tokens?: FtsTokens; candidate?: SqliteDb }

/** `spec` verified as install verifies it, with its index built (or found in the cache) in the same pass. */
export async function loadServedArtifact(spec: string, o: LoadOptions, notes: Diagnostic[], io: IndexOptions & { rebuild?: boolean } = {}): Promise<Served> {
  const env = o.env ?? process.env;
  const min = storedMinOf(io);
  const pass: Pass = {};
  const sinkFor = (sha256: string) => {
    pass.candidate = io.rebuild ? undefined : cachedCandidateOf(sha256, env, min);
    if (!pass.candidate) {
      pass.tokens = new FtsTokens();
      pass.builder = new IndexBuilder(pass.tokens);
    }
    const intake = new PackageIntake(pass.builder, false);
    pass.intake = intake;
    return (doc: Doc) => intake.add(doc);
  };
  try {
    const v = await verifySpec(spec, o, sinkFor);
    const intake = pass.intake!;
    // What the format did not hand over (a format without a streaming reader: all of them) goes the same way.
    for (const d of v.docs.docs) intake.add(d);
    v.docs.docs = [];
    refuseUnbound(spec, v.unbound, [...intake.paths, ...v.docs.assets.map((a) => a.path)]);
    notes.push(...v.diagnostics);
    const pkg = intake.finish(servedMeta(v, v.source.location), notes);
    if (pass.candidate) {
      const db = pass.candidate;
      pass.candidate = undefined;
      const index = openCandidate(db, pkg, env, io);
      if (index) return { pkg, index };
      // The cached index is for other documents: verify again, building as it reads. Its notes
      // were said by this pass; only what the index adds is new.
      const again: Diagnostic[] = [];
      const s = await loadServedArtifact(spec, o, again, { ...io, rebuild: true });
      notes.push(...again.filter((n) => n.code === 'CTXFORGE_SERVE_INDEX_CACHE'));
      return s;
    }
    const { builder, tokens } = pass;
    pass.builder = undefined;
    pass.tokens = undefined;
    return { pkg, index: await finishIndex(pkg, builder!, tokens!, env, notes, io) };
  } catch (e) {
    pass.candidate?.close();
    pass.builder?.discard();
    pass.tokens?.close();
    throw e;
  }
}
