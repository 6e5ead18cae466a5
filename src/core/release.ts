// Giving a large buffer's memory back when its reader is done with it, not when V8 next runs a full
// collection. A buffer's bytes live outside V8's heap and are freed with the ArrayBuffer that owns
// them; one that survived two young collections is found dead only by a mark-compact, and a
// validate of an archive runs its last one early: the 15 MB manifest of a 100,000-document `.octx`
// stayed resident to the end of the run (issue 39). Transferring the ArrayBuffer detaches it and
// hands its memory to a new one that nothing holds, which the next young collection frees.

/** Below this the memory is not worth a transfer (and small buffers may share Node's pool). */
const WORTH = 1 << 20;

/**
 * Frees `bytes`' memory at the next young collection. Only for a buffer its caller owns: every view
 * of the same memory reads as empty afterwards. Does nothing for a view of part of its memory (a
 * pool's, a block's), for shared memory, or for a small buffer.
 */
export function releaseBytes(bytes: Uint8Array): void {
  const memory = bytes.buffer;
  if (!(memory instanceof ArrayBuffer) || bytes.byteOffset !== 0 || memory.byteLength !== bytes.byteLength || memory.byteLength < WORTH) return;
  try {
    structuredClone(memory, { transfer: [memory] });
  } catch {
    // Not transferable (Node marks some buffers so): it is left to the collector, as before.
  }
}
