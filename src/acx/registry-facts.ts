// What a cartridge says about itself that a registry index card is made of: its meta rows, its
// capability claims, whether it carries level credentials, and what its SAVE zone holds. Read from
// one private copy, never trusted on its own: the registry verifies the cartridge before it asks.
import type { ArtifactInput, CommonOptions, RegistryFacts } from '../format.js';
import { openCartridge } from './open.js';

function count(db: { prepare(sql: string): { get(): Record<string, unknown> | undefined } }, sql: string): number {
  // A table the cartridge does not have holds nothing.
  try { return Number(db.prepare(sql).get()?.n ?? 0); } catch { return 0; }
}

export async function cartridgeRegistryFacts(input: ArtifactInput, opts: CommonOptions): Promise<RegistryFacts> {
  const { data, db } = await openCartridge(input, opts.limits);
  try {
    const meta: Record<string, string> = {};
    for (const r of data.meta) if (typeof r.key === 'string' && typeof r.value === 'string') meta[r.key] = r.value;
    const capabilities = data.capabilities
      .map((r) => ({ id: String(r.id), json: typeof r.json === 'string' ? r.json : '' }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return {
      meta,
      capabilities,
      credentials: data.attestations.filter((a) => a.type === 'vc-2.0').length,
      save: {
        memory: count(db, "SELECT COUNT(*) n FROM memory WHERE zone='save'"),
        files: count(db, "SELECT COUNT(*) n FROM sqlar WHERE name GLOB 'save/*'"),
        objects: count(db, "SELECT COUNT(*) n FROM objects WHERE zone='save'"),
        vectors: count(db, "SELECT COUNT(*) n FROM vectors WHERE zone='save'"),
      },
    };
  } finally {
    db.close();
  }
}
