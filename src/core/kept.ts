// Values kept under a byte budget: the oldest go first once the kept sizes exceed it. For caches
// whose values are bytes read from a package (git objects, blobs), so that how much is kept does
// not grow with the package.

export class KeptUnderBudget<T> {
  private readonly kept = new Map<string, T>();
  private bytes = 0;
  constructor(private readonly budget: number, private readonly sizeOf: (value: T) => number) {}

  get(key: string): T | undefined { return this.kept.get(key); }

  keep(key: string, value: T): void {
    if (this.kept.has(key)) return;
    this.kept.set(key, value);
    this.bytes += this.sizeOf(value);
    for (const [k, v] of this.kept) {
      if (this.bytes <= this.budget) break;
      this.drop(k, v);
    }
  }

  /** The value under `key`, no longer kept. */
  take(key: string): T | undefined {
    const v = this.kept.get(key);
    if (v !== undefined) this.drop(key, v);
    return v;
  }

  clear(): void { this.kept.clear(); this.bytes = 0; }

  private drop(key: string, v: T): void {
    this.kept.delete(key);
    this.bytes -= this.sizeOf(v);
  }
}
