/**
 * The shape every language must have: en.ts's tree with every leaf a string. Kept apart from index.ts (which imports
 * every language) so a language file can name its own type without importing the files that import it.
 */
import type en from './en.ts';

/** The shape of a message tree with every leaf a string. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** Same shape as en.ts with every leaf a string: the compiler rejects a language file with missing keys. */
export type Messages = Shape<typeof en>;
