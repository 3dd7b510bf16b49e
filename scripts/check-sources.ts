/**
 * The project stands alone: its sources and docs cite only what is inside the repository.
 * This check (part of `npm run lint`) fails on
 *  - a citation of notes or rule sheets kept outside the repository (the shared domain notes, "seed 004",
 *    a path into a shared folder): cite `docs/<file>.md#<anchor>` instead;
 *  - an issue number or "the brief" in a comment or test name: say the rule instead;
 *  - an absolute path into somebody's machine (/work/, /home/, /root/, /Users/, C:\);
 *  - a `docs/….md#anchor` citation whose file or heading does not exist.
 *
 *   node scripts/check-sources.ts           checks every tracked and new file
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Problem {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

interface Rule {
  readonly pattern: RegExp;
  readonly message: string;
}

const RULES: readonly Rule[] = [
  {
    // Written with a character class so this file does not match its own rule.
    pattern: /domain[-]notes/i,
    message: 'cites notes kept outside the repository; cite docs/<file>.md#<anchor> instead',
  },
  {
    pattern: /\.\.[/]shared\b|\bshared\/(seeds|domain[-]notes|style)/,
    message: 'points outside the repository; the project must stand alone (cite docs/…)',
  },
  {
    pattern: /\bseeds? 00\d\b/i,
    message: 'cites a rule sheet kept outside the repository; cite docs/rules.md#rule-sheets (or a section of it)',
  },
  {
    pattern: /\(issue \d+\)|\bissues? #?\d+\b/i,
    message: 'names an issue number; say the rule the code or test checks instead',
  },
  {
    pattern: /\(brief\b|\bbrief:|\bthe brief\b|\binternal brief\b/i,
    message: 'cites "the brief"; say the rule the code or test checks instead',
  },
  {
    pattern: /(^|[\s'"`(=])(\/work\/|\/home\/|\/root\/|\/Users\/|[A-Z]:\\\\)/,
    message: "is an absolute path into a developer's machine; use a path relative to the repository",
  },
];

const DOC_LINK = /\bdocs\/([\w./-]+\.md)(?:#([\w-]+))?/g;

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file offers: one per heading, repeats numbered as GitHub does. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = headingAnchor(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Problems in one file's text. `readDoc` returns a docs/ file's text, or null when it does not exist. */
export function findProblems(file: string, text: string, readDoc: (docPath: string) => string | null): Problem[] {
  const problems: Problem[] = [];
  const lines = text.split('\n');
  lines.forEach((content, i) => {
    for (const rule of RULES) {
      const m = rule.pattern.exec(content);
      if (m) problems.push({ file, line: i + 1, message: `"${m[0].trim()}" ${rule.message}` });
    }
    for (const link of content.matchAll(DOC_LINK)) {
      const [cited, docFile, anchor] = link;
      const doc = readDoc(`docs/${docFile}`);
      if (doc === null) {
        problems.push({ file, line: i + 1, message: `"${cited}" cites a docs file that does not exist` });
      } else if (anchor && !anchorsOf(doc).has(anchor)) {
        problems.push({
          file,
          line: i + 1,
          message: `"${cited}" cites a heading that docs/${docFile} does not have; its anchors are: ${[...anchorsOf(doc)].join(', ')}`,
        });
      }
    }
  });
  return problems;
}

const CHECKED = /\.(ts|js|mjs|cjs|vue|md|json|yml|yaml|html|css)$|(^|\/)(run|\.gitignore)$/;
const SKIPPED = new Set(['package-lock.json', 'scripts/check-sources.ts', 'scripts/check-sources.test.ts']);

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && CHECKED.test(f) && !SKIPPED.has(f) && existsSync(path.join(root, f)));
  const docs = new Map<string, string | null>();
  const readDoc = (docPath: string): string | null => {
    if (!docs.has(docPath)) {
      const full = path.join(root, docPath);
      docs.set(docPath, existsSync(full) ? readFileSync(full, 'utf8') : null);
    }
    return docs.get(docPath)!;
  };
  const problems = files.flatMap((f) => findProblems(f, readFileSync(path.join(root, f), 'utf8'), readDoc));
  for (const p of problems) process.stderr.write(`${p.file}:${p.line}: ${p.message}\n`);
  if (problems.length > 0) {
    process.stderr.write(`check-sources: ${problems.length} problem(s) in ${files.length} files\n`);
    process.exit(1);
  }
  process.stdout.write(`check-sources: ${files.length} files cite only what is in the repository\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
