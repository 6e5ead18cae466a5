/**
 * A string that owns its characters. V8 makes a slice of 13 characters or more a view of the string
 * it was cut from: held, a link's target or a key cut from a page would keep the page's whole text
 * alive. Joined to one character and cut again, it is a view of that short copy instead (one copy,
 * no encoding).
 */
export const ownedString = (s: string): string => (s.length < 13 ? s : (` ${s}`).slice(1));
