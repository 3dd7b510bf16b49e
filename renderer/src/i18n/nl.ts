import type { Messages } from './index.ts';
import en from './en.ts';

// TODO translation
const m: Messages = en;
export default m;
