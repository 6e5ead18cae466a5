// What the skills commands say about formats: a format's Agent Skills layout is the `skills` of its
// module in the registry (src/format.ts, src/formats.ts); a format without one holds no skills, and
// the commands never know a layout of their own.

/** Where the skills commands' help and errors send a user who named a format that holds none. */
export const SKILL_FORMATS_HINT = 'skills live in a cartridge (.acx) or a ctxpkg kind: skills pack';
