/**
 * The dictionaries of the MultiMMC and LZ78Y predictors (SP 800-90B §6.3.9, §6.3.10) for any alphabet:
 * counts of (x, y) pairs, where x is a context of the last 1..16 samples and y the sample that followed.
 *
 * Contexts are nodes of a trie read backwards from the newest sample: the node of (s[i−d], …, s[i−1])
 * is the child of the node of (s[i−d+1], …, s[i−1]) for the symbol s[i−d]. A node can exist without
 * counts (it was only needed on the way to a longer context); "x is in the dictionary" means it has
 * counts. Nodes and counts live in number-keyed maps, so the memory follows what the data holds.
 */
export class ContextTrie {
  private readonly children = new Map<number, number>();
  private readonly pairCounts = new Map<number, number>();
  /** Per node: the highest count of any y, and that y (the largest y among ties). */
  private readonly bestCount: number[] = [0];
  private readonly bestNext: number[] = [0];

  /** The root: the empty context. */
  static readonly ROOT = 0;

  private readonly alphabet: number;

  constructor(alphabet: number) {
    this.alphabet = alphabet;
  }

  /** The child of `node` for `symbol`, or −1. */
  child(node: number, symbol: number): number {
    return this.children.get(node * this.alphabet + symbol) ?? -1;
  }

  /** The child of `node` for `symbol`, created when missing. */
  childOrCreate(node: number, symbol: number): number {
    const key = node * this.alphabet + symbol;
    const existing = this.children.get(key);
    if (existing !== undefined) return existing;
    const created = this.bestCount.length;
    this.bestCount.push(0);
    this.bestNext.push(0);
    this.children.set(key, created);
    return created;
  }

  /** Whether the context `node` has been seen followed by anything. */
  seen(node: number): boolean {
    return node >= 0 && this.bestCount[node]! > 0;
  }

  /** The most frequent next sample after `node` (ties: the largest value), and its count. */
  prediction(node: number): number {
    return this.bestNext[node]!;
  }

  predictionCount(node: number): number {
    return this.bestCount[node]!;
  }

  has(node: number, next: number): boolean {
    return this.pairCounts.has(node * this.alphabet + next);
  }

  /** Counts one more (node, next) pair; the pair must exist or the caller allows a new one. */
  increment(node: number, next: number): void {
    const key = node * this.alphabet + next;
    const count = (this.pairCounts.get(key) ?? 0) + 1;
    this.pairCounts.set(key, count);
    const best = this.bestCount[node]!;
    if (count > best || (count === best && next > this.bestNext[node]!)) {
      this.bestCount[node] = count;
      this.bestNext[node] = next;
    }
  }
}
