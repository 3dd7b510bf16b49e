/**
 * Suffix array and LCP array of a sample sequence, for the tuple counts of SP 800-90B §6.3.5 and §6.3.6
 * (tuple-counts.ts). The suffix array is built by induced sorting (SA-IS, Nong, Zhang & Chan 2009), linear
 * in the length, so the 8,000,000-bit bitstring of a 1,000,000-byte capture sorts in seconds; the LCP
 * array by Kasai et al.'s linear scan.
 */

/** Suffix array of `text`, whose values are in [0, upper]. */
export function suffixArray(text: ArrayLike<number>, upper: number): Int32Array {
  const n = text.length;
  const values = text instanceof Int32Array ? text : Int32Array.from(text);
  return inducedSort(values, n, upper);
}

function naiveSort(s: Int32Array, n: number): Int32Array {
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    while (a < n && b < n) {
      if (s[a] !== s[b]) return s[a]! - s[b]!;
      a++;
      b++;
    }
    return a === n ? -1 : 1; // the shorter suffix (a prefix of the other) sorts first
  });
  return Int32Array.from(order);
}

function inducedSort(s: Int32Array, n: number, upper: number): Int32Array {
  if (n < 16) return naiveSort(s, n);
  const sa = new Int32Array(n);
  // sType[i]: suffix i is S-type (smaller than suffix i + 1); the last suffix is L-type.
  const sType = new Uint8Array(n);
  for (let i = n - 2; i >= 0; i--) sType[i] = s[i] === s[i + 1] ? sType[i + 1]! : s[i]! < s[i + 1]! ? 1 : 0;

  // Bucket c spans [lStart[c], lStart[c + 1]): its L-type suffixes first, its S-type ones from sStart[c].
  const lStart = new Int32Array(upper + 2);
  const sStart = new Int32Array(upper + 1);
  for (let i = 0; i < n; i++) {
    if (sType[i]) lStart[s[i]! + 1]!++;
    else sStart[s[i]!]!++;
  }
  for (let c = 0; c <= upper; c++) {
    sStart[c]! += lStart[c]!;
    if (c < upper) lStart[c + 1]! += sStart[c]!;
  }
  lStart[upper + 1] = n;

  const bucket = new Int32Array(upper + 2);
  const induce = (lms: Int32Array) => {
    sa.fill(-1);
    bucket.set(sStart);
    for (const position of lms) sa[bucket[s[position]!]!++] = position;
    bucket.set(lStart);
    sa[bucket[s[n - 1]!]!++] = n - 1;
    for (let i = 0; i < n; i++) {
      const v = sa[i]!;
      if (v >= 1 && !sType[v - 1]) sa[bucket[s[v - 1]!]!++] = v - 1;
    }
    bucket.set(lStart);
    for (let i = n - 1; i >= 0; i--) {
      const v = sa[i]!;
      if (v >= 1 && sType[v - 1]) sa[--bucket[s[v - 1]! + 1]!] = v - 1;
    }
  };

  // LMS positions: S-type with an L-type left neighbour.
  const lmsIndex = new Int32Array(n + 1).fill(-1);
  let m = 0;
  for (let i = 1; i < n; i++) if (!sType[i - 1] && sType[i]) lmsIndex[i] = m++;
  const lms = new Int32Array(m);
  for (let i = 1, j = 0; i < n; i++) if (!sType[i - 1] && sType[i]) lms[j++] = i;
  induce(lms);

  if (m > 0) {
    // Name the LMS substrings in sorted order, then sort the reduced string recursively.
    const sortedLms = new Int32Array(m);
    for (let i = 0, j = 0; i < n; i++) if (lmsIndex[sa[i]!] !== -1) sortedLms[j++] = sa[i]!;
    const reduced = new Int32Array(m);
    let name = 0;
    reduced[lmsIndex[sortedLms[0]!]!] = 0;
    for (let i = 1; i < m; i++) {
      let l = sortedLms[i - 1]!;
      let r = sortedLms[i]!;
      const endL = lmsIndex[l]! + 1 < m ? lms[lmsIndex[l]! + 1]! : n;
      const endR = lmsIndex[r]! + 1 < m ? lms[lmsIndex[r]! + 1]! : n;
      let same = true;
      if (endL - l !== endR - r) same = false;
      else {
        while (l < endL && s[l] === s[r]) {
          l++;
          r++;
        }
        if (l === n || s[l] !== s[r]) same = false;
      }
      if (!same) name++;
      reduced[lmsIndex[sortedLms[i]!]!] = name;
    }
    const reducedSa = inducedSort(reduced, m, name);
    for (let i = 0; i < m; i++) sortedLms[i] = lms[reducedSa[i]!]!;
    induce(sortedLms);
  }
  return sa;
}

/**
 * lcp[i] = length of the longest common prefix of the suffixes sa[i − 1] and sa[i], for 1 ≤ i < n;
 * lcp[0] = 0 and lcp[n] = 0 (sentinels for the interval scan).
 */
export function lcpArray(text: ArrayLike<number>, sa: Int32Array): Int32Array {
  const n = sa.length;
  const rank = new Int32Array(n);
  for (let i = 0; i < n; i++) rank[sa[i]!] = i;
  const lcp = new Int32Array(n + 1);
  let h = 0;
  for (let i = 0; i < n; i++) {
    if (h > 0) h--;
    const r = rank[i]!;
    if (r === 0) continue;
    const j = sa[r - 1]!;
    while (i + h < n && j + h < n && text[i + h] === text[j + h]) h++;
    lcp[r] = h;
  }
  return lcp;
}
