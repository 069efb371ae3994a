import { parse } from '@astrojs/compiler';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * French completeness: every string a person reads has a fr-CA version. The catalogues in
 * messages/ are checked key by key (locales.test.ts) and here for English left in the French
 * column; the components and pages are scanned for text written straight into the markup, which
 * would show in English on a French page.
 */

const SITE = path.resolve(import.meta.dirname, '..');
const LETTERS = /\p{L}{2,}/u;
/** Attributes a person reads or hears (screen readers read aria-label and alt). */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);

/** Text that is the same in both languages, each with the reason. */
const SAME_IN_BOTH: Record<string, string> = {
  km: 'the SI symbol for kilometres, written the same in French',
};

/** French values equal to the English ones on purpose (the words are French too). */
const SAME_WORDS: Record<string, string> = {
  'adminModerationMessages.votes': '« {count} votes » is French',
  'bookingMessages.minutes': '« {count} min » is the French abbreviation too',
  'forumMessages.discussionCountOne': '« {count} discussion » is French',
  'forumMessages.discussionCountMany': '« {count} discussions » is French',
  'forumMessages.categoryPostsOne': '« {count} discussion » is French',
  'forumMessages.categoryPostsMany': '« {count} discussions » is French',
  'serverLimitMessages.minutes': '« {count} minutes » is French',
};

function filesUnder(dir: string, extension: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) filesUnder(full, extension, out);
    else if (full.endsWith(extension) && !full.includes('.test.')) out.push(full);
  }
  return out;
}

const where = (file: string, line: number) => `${path.isAbsolute(file) ? path.relative(SITE, file) : file}:${line}`;
/** Any word of two letters or more that is not the same in both languages. */
const isUntranslated = (text: string) =>
  (text.match(/\p{L}+/gu) ?? []).some((word) => LETTERS.test(word) && !(word in SAME_IN_BOTH));

/** Text and read attributes written as literals in the JSX of a component. */
export function literalTextInTsx(file: string, source: string): string[] {
  const found: string[] = [];
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const line = (node: ts.Node) => tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isUntranslated(node.getText().trim())) {
      found.push(`${where(file, line(node))} text ${JSON.stringify(node.getText().trim())}`);
    } else if (
      ts.isJsxAttribute(node) &&
      READ_ATTRIBUTES.has(node.name.getText()) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      isUntranslated(node.initializer.text)
    ) {
      found.push(`${where(file, line(node))} ${node.name.getText()}=${JSON.stringify(node.initializer.text)}`);
    } else if (
      ts.isJsxExpression(node) &&
      !ts.isJsxAttribute(node.parent) &&
      node.expression &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      isUntranslated(node.expression.text)
    ) {
      found.push(`${where(file, line(node))} text ${JSON.stringify(node.expression.text)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

type AstroNode = {
  type: string;
  name?: string;
  value?: string;
  attributes?: { kind: string; name: string; value: string }[];
  children?: AstroNode[];
  position?: { start: { line: number } };
};

/** Text and read attributes written as literals in an Astro page or component. */
export async function literalTextInAstro(file: string, source: string): Promise<string[]> {
  const found: string[] = [];
  const { ast } = await parse(source, { position: true });
  const visit = (node: AstroNode, parent: AstroNode | null) => {
    const line = node.position?.start.line ?? 0;
    // Text directly inside {…} is code; markup nested in it is visited like any other.
    const inCode = parent?.name === 'script' || parent?.name === 'style' || parent?.type === 'expression';
    if (node.type === 'text' && !inCode && isUntranslated(node.value ?? '')) {
      found.push(`${where(file, line)} text ${JSON.stringify((node.value ?? '').trim())}`);
    }
    for (const attribute of node.attributes ?? []) {
      if (attribute.kind === 'quoted' && READ_ATTRIBUTES.has(attribute.name) && isUntranslated(attribute.value)) {
        found.push(`${where(file, line)} ${attribute.name}=${JSON.stringify(attribute.value)}`);
      }
    }
    for (const child of node.children ?? []) visit(child, node);
  };
  visit(ast as unknown as AstroNode, null);
  return found;
}

describe('French completeness', () => {
  it('finds text written into markup (the scanner itself)', async () => {
    expect(
      literalTextInTsx('x.tsx', 'const a = <p title="Hello there">Book now {"or later"} {m.ok} 12 km</p>;'),
    ).toEqual(['x.tsx:1 title="Hello there"', 'x.tsx:1 text "Book now"', 'x.tsx:1 text "or later"']);
    expect(
      await literalTextInAstro(
        'x.astro',
        '---\nconst a = 1;\n---\n<h1 aria-label="Menu">Welcome</h1><p>{m.x}{ok && <b>Oops</b>}</p>',
      ),
    ).toEqual(['x.astro:4 aria-label="Menu"', 'x.astro:4 text "Welcome"', 'x.astro:4 text "Oops"']);
  });

  it('has no English text written into a component (every string comes from a catalogue with fr-CA)', () => {
    const found = filesUnder(SITE, '.tsx').flatMap((file) => literalTextInTsx(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('has no English text written into an Astro page or component', async () => {
    const found: string[] = [];
    for (const file of filesUnder(SITE, '.astro'))
      found.push(...(await literalTextInAstro(file, readFileSync(file, 'utf8'))));
    expect(found).toEqual([]);
  });

  it('has no English left in a French catalogue entry (same words only where French uses them too)', async () => {
    const dir = path.join(SITE, 'i18n', 'messages');
    const copies: string[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.includes('.test.'))) {
      const catalogues = (await import(path.join(dir, file))) as Record<string, { en?: object; fr?: object }>;
      for (const [name, catalogue] of Object.entries(catalogues)) {
        if (!catalogue?.en || !catalogue.fr) continue;
        const fr = catalogue.fr as Record<string, unknown>;
        for (const [key, english] of Object.entries(catalogue.en as Record<string, unknown>)) {
          // Two words or more: a lone word ('Email', 'Date') is often spelled the same.
          const sentence = typeof english === 'string' && /\p{L}{3,}.*\s+\p{L}{3,}/u.test(english);
          if (sentence && fr[key] === english && !(`${name}.${key}` in SAME_WORDS)) copies.push(`${name}.${key}`);
        }
      }
    }
    expect(copies).toEqual([]);
  });
});
