/**
 * The staff menu's words for coded records: the one formatter both sides use (electron/core/wording/coded-words.ts),
 * given the screen's vue-i18n `t`/`te` and money formatter (docs/cabinet-rules.md#operator-menu-and-key-switch).
 */
export {
  cardText,
  deviceDetailText,
  eventText,
  replayDifferenceText,
  rngFailureText,
  tiltReasonText,
  voidReasonText,
  wordCoded,
  variantOf,
  type Translator,
  type Worded,
} from '../../../electron/core/wording/coded-words.ts';
