// Bounded parallelism for per-file work (reads overlap; memory stays bounded by the width).
export async function mapLimit<T>(items: ArrayLike<T>, width: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
