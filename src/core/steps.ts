// Counting the work a scanner does over content, so a test can prove it reads its input in a fixed
// number of passes (its steps grow with the input, never with its square) without timing anything.
// A scanner takes an optional sink and reports the characters it examines: each loop over text, and
// the span it hands to a regular expression that is anchored and bounded (or a plain literal search).

export type StepSink = (n: number) => void;

/** The sink of callers that do not count. */
export const NO_STEPS: StepSink = () => {};
