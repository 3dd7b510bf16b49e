/** The result banner's score line on a Tie (section `resultBanner` of en.ts): the two totals alone, since the title already names the Tie. */
export default {
  tieScore: '{first} – {second}',
};
