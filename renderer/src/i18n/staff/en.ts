/**
 * The staff menu in English: the table lives beside the shared formatter (electron/core/wording/staff-words-en.ts)
 * because the exports word the journal in English from the same table the screen uses.
 */
export { default } from '../../../../electron/core/wording/staff-words-en.ts';
