import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Every error text the API can send, read from the source: what `new <Something>Error(...)` is
 * thrown with, every `error: '...'` property (reply bodies, zod's `{ error }` option) and `const error = …`, the string
 * arguments of zod checks (`.min(3, '...')`), `message: '...'` options, the default messages of
 * shared/errors.ts, every text in a `*_MESSAGES` object and what a `…Message()` builder returns. A template literal becomes a pattern
 * with `{0}`, `{1}`… where its `${…}` parts are (the catalogue keys templates the same way).
 */
export type ErrorText = { text: string; where: string };

const ROOTS = ['api', 'shared'];
/** Checked at start-up, never sent to a client. */
const NOT_SENT = new Set(['shared/config.ts']);
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'superRefine',
  'email',
  'url',
  'uuid',
  'int',
  'positive',
  'nonnegative',
  'nonempty',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'trim',
]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') out.push(...sourceFiles(path));
    } else if (
      name.endsWith('.ts') &&
      !name.endsWith('.test.ts') &&
      !name.endsWith('.d.ts') &&
      // The demo seed's texts are content (a barter offer's `message`, say), never an error answer.
      !/^seed(-[a-z-]+)?\.ts$/.test(name)
    ) {
      out.push(path);
    }
  }
  return out;
}

/** A string literal's text, or a template's pattern; null for anything else. */
export function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    node.templateSpans.forEach((span, index) => {
      text += `{${index}}` + span.literal.text;
    });
    return text;
  }
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  return null;
}

/** Texts anywhere under a node (a messages object, a function returning a template). */
function allTextsUnder(node: ts.Node, found: (text: string, at: ts.Node) => void) {
  const visit = (child: ts.Node) => {
    // Keys, call arguments and lookups are not messages; values are.
    if (ts.isPropertyAssignment(child)) {
      visit(child.initializer);
      return;
    }
    if (ts.isCallExpression(child) || ts.isElementAccessExpression(child)) return;
    const text = textOf(child);
    if (text !== null) {
      found(text, child);
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
}

function calleeName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return null;
}

/** AppError and every class that extends it (directly or not): what the error handler sends. */
function sentErrorClasses(sources: ts.SourceFile[]): Set<string> {
  const parents = new Map<string, string>();
  for (const source of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isClassDeclaration(node) && node.name) {
        const heritage = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
        const parent = heritage?.types[0]?.expression;
        if (parent && ts.isIdentifier(parent)) parents.set(node.name.text, parent.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const family = new Set(['AppError']);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parents) {
      if (family.has(parent) && !family.has(child)) {
        family.add(child);
        grew = true;
      }
    }
  }
  return family;
}

export function apiErrorTexts(root: string): ErrorText[] {
  const texts = new Map<string, string>();
  const sources = ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))
    .filter((file) => !NOT_SENT.has(relative(root, file)))
    .map((file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  const sent = sentErrorClasses(sources);
  {
    for (const source of sources) {
      const file = source.fileName;
      const where = (node: ts.Node) =>
        `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const add = (text: string, at: ts.Node) => {
        if (!text.trim() || texts.has(text)) return;
        texts.set(text, where(at));
      };
      const isErrorsModule = relative(root, file) === join('shared', 'errors.ts');
      const visit = (node: ts.Node) => {
        if (ts.isNewExpression(node)) {
          const name = calleeName(node.expression);
          if (name && sent.has(name)) {
            for (const arg of node.arguments ?? []) {
              const text = textOf(arg);
              if (text !== null) add(text, arg);
            }
          }
        }
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
          if (node.name.text === 'error' || node.name.text === 'message') {
            const text = textOf(node.initializer);
            if (text !== null) add(text, node.initializer);
          }
        }
        // `const error = \`…\`` handed to zod as `{ error }` (one message for every check of a field).
        if (
          ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          (node.name.text === 'error' || node.name.text === 'message') &&
          node.initializer
        ) {
          const text = textOf(node.initializer);
          if (text !== null) add(text, node.initializer);
        }
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
          if (ZOD_CHECKS.has(node.expression.name.text)) {
            const last = node.arguments[node.arguments.length - 1];
            const text = last && node.arguments.length >= 1 ? textOf(last) : null;
            if (text !== null && !(node.expression.name.text === 'includes' && node.arguments.length === 1)) {
              add(text, last!);
            }
          }
        }
        if (
          ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          /(MESSAGES?|REFUSALS)$/.test(node.name.text) &&
          node.initializer
        ) {
          allTextsUnder(node.initializer, add);
        }
        // A function that builds a message (abuseLimitMessage, tooLargeMessage): what it returns.
        const builder =
          (ts.isFunctionDeclaration(node) && node.name && /Message$/.test(node.name.text) && node.body) ||
          (ts.isVariableDeclaration(node) &&
            ts.isIdentifier(node.name) &&
            /Message$/.test(node.name.text) &&
            node.initializer &&
            ts.isArrowFunction(node.initializer) &&
            node.initializer.body);
        if (builder) {
          const visitReturns = (child: ts.Node) => {
            if (ts.isReturnStatement(child) && child.expression) {
              const text = textOf(child.expression);
              if (text !== null) add(text, child.expression);
            }
            if (!ts.isFunctionLike(child)) ts.forEachChild(child, visitReturns);
          };
          const body = builder as ts.Node;
          const text = textOf(body);
          if (text !== null) add(text, body);
          else ts.forEachChild(body, visitReturns);
        }
        if (isErrorsModule && ts.isParameter(node) && node.initializer) {
          const text = textOf(node.initializer);
          if (text !== null) add(text, node.initializer);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return [...texts].map(([text, where]) => ({ text, where }));
}
