/**
 * Why a stadium terminal locked nothing at its close, in Czech (`stadiumSitOut`; the view's `sitOut`,
 * docs/stadium.md#one-round-at-a-terminal). Every language has the same keys.
 */
export default {
  skipped: 'Toto kolo jste vynechali.',
  'no-bets': 'V tomto kole nebyly vsazeny žádné sázky.',
  tilted: 'Automat je pozastaven, proto v tomto kole nebyly přijaty žádné sázky.',
  'round-in-progress': 'Vaše předchozí kolo stále čeká na výsledek, proto v tomto kole nebyly přijaty žádné sázky.',
  'below-spot-min': 'Sázka byla pod minimem svého pole, proto v tomto kole nebyly přijaty žádné sázky.',
  'above-spot-max': 'Sázka byla nad maximem svého pole, proto v tomto kole nebyly přijaty žádné sázky.',
  'above-table-max': 'Vaše sázky přesáhly maximum stolu, proto v tomto kole nebyly přijaty žádné sázky.',
  'above-max-win':
    'Vaše sázky mohly vyhrát víc než nejvyšší výhru za kolo, proto v tomto kole nebyly přijaty žádné sázky.',
  'insufficient-credits': 'Váš kredit na tyto sázky nestačil, proto v tomto kole nebyly přijaty žádné sázky.',
  'reality-check-open': 'Vaše kontrola reality čekala na odpověď, proto v tomto kole nebyly přijaty žádné sázky.',
  'session-limit':
    'Vaše herní relace dosáhla limitu stanoveného herním místem, proto v tomto kole nebyly přijaty žádné sázky.',
};
