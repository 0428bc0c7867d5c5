/**
 * Finds texts a person reads that are written in a screen's code instead of its catalogue
 * (docs/contributing.md, Adding a string): JSX text, strings rendered as JSX children, strings
 * given to the props that carry words (labels, titles, messages...) and the texts of toasts.
 * Only strings with a letter count: "×", "·" or "%" are no language's. Used by
 * no-literal-strings.test.ts; its exceptions are literal-exceptions.ts.
 */
import ts from 'typescript';
import { lineOf, parseSource } from './app-sources';

export interface LiteralFinding {
  /** from the repository's root */
  file: string;
  line: number;
  /** the text as a person would read it (a template with its `${...}`) */
  text: string;
}

export interface LiteralExceptions {
  /** texts allowed in any file */
  anywhere: readonly string[];
  /** texts allowed in one file */
  inFile: readonly { file: string; text: string }[];
}

const LETTER = /\p{L}/u;

/** The ARIA and HTML attributes whose value is read or spoken. */
const WORD_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'message',
  'heading',
  'description',
  'hint',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
]);
/** The kit's props that carry words: `busyLabel`, `emptyText`, `sectionTitle`... */
const WORD_PROP = /[a-z0-9](?:Label|Text|Title|Message|Description|Hint|Heading)$/;
/** HTML attributes named like word props whose values are keywords (`enterKeyHint="done"`). */
const KEYWORD_ATTRIBUTES = new Set(['enterKeyHint']);
const TOAST_KINDS = new Set(['success', 'error', 'info', 'warning']);

export function isWordAttribute(name: string): boolean {
  return WORD_ATTRIBUTES.has(name) || (WORD_PROP.test(name) && !KEYWORD_ATTRIBUTES.has(name));
}

/** The static text of a string or template literal (a template's `${...}` left out). */
function staticText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => span.literal.text).join('');
  return node.text;
}

function shownText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  return ts.isTemplateExpression(node) ? node.getText().slice(1, -1) : node.text;
}

type TextLiteral = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression;

/** The value-returning expressions of a callback (`items.map((item) => ...)`). */
function returnedExpressions(fn: ts.ArrowFunction | ts.FunctionExpression): ts.Expression[] {
  if (!ts.isBlock(fn.body)) return [fn.body];
  const returned: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return returned;
}

/**
 * The literals with letters that end up as the value of `expression`: `'Yes'` in
 * `ok ? 'Yes' : other`, in `error ?? 'Failed'`, in `` `${n} orders` ``, or returned by a `.map`
 * callback. A string given to a call (`t('agent.orders.title')`, `format(date, 'short')`) is the
 * call's business, and a condition's (`status === 'paid' && ...`) is no value.
 */
export function valueLiterals(expression: ts.Expression): TextLiteral[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return LETTER.test(staticText(expression)) ? [expression] : [];
  }
  if (ts.isTemplateExpression(expression)) {
    const inner = expression.templateSpans.flatMap((span) => valueLiterals(span.expression));
    return LETTER.test(staticText(expression)) ? [expression, ...inner] : inner;
  }
  if (
    ts.isParenthesizedExpression(expression) ||
    ts.isAsExpression(expression) ||
    ts.isSatisfiesExpression(expression) ||
    ts.isNonNullExpression(expression) ||
    ts.isTypeAssertionExpression(expression)
  ) {
    return valueLiterals(expression.expression);
  }
  if (ts.isConditionalExpression(expression)) {
    return [...valueLiterals(expression.whenTrue), ...valueLiterals(expression.whenFalse)];
  }
  if (ts.isBinaryExpression(expression)) {
    switch (expression.operatorToken.kind) {
      case ts.SyntaxKind.AmpersandAmpersandToken:
      case ts.SyntaxKind.CommaToken:
        return valueLiterals(expression.right);
      case ts.SyntaxKind.BarBarToken:
      case ts.SyntaxKind.QuestionQuestionToken:
      case ts.SyntaxKind.PlusToken:
        return [...valueLiterals(expression.left), ...valueLiterals(expression.right)];
      default:
        return [];
    }
  }
  if (ts.isArrayLiteralExpression(expression)) {
    return expression.elements.flatMap((element) =>
      ts.isSpreadElement(element) ? valueLiterals(element.expression) : valueLiterals(element),
    );
  }
  if (
    ts.isCallExpression(expression) &&
    ts.isPropertyAccessExpression(expression.expression) &&
    ['map', 'flatMap'].includes(expression.expression.name.text)
  ) {
    const callback = expression.arguments[0];
    if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
      return returnedExpressions(callback).flatMap(valueLiterals);
    }
  }
  return [];
}

function isToastCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'toast';
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'toast' &&
    TOAST_KINDS.has(callee.name.text)
  );
}

function isAllowed(finding: LiteralFinding, exceptions: LiteralExceptions): boolean {
  return (
    exceptions.anywhere.includes(finding.text) ||
    exceptions.inFile.some((allowed) => allowed.file === finding.file && allowed.text === finding.text)
  );
}

/** Every literal a person would read in one source file, less the exceptions. */
export function findLiterals(
  file: string,
  text: string | undefined,
  exceptions: LiteralExceptions = { anywhere: [], inFile: [] },
): LiteralFinding[] {
  const source = parseSource(file, text);
  const found: LiteralFinding[] = [];
  const report = (node: ts.Node, shown: string): void => {
    const finding = { file, line: lineOf(node), text: shown };
    if (!isAllowed(finding, exceptions)) found.push(finding);
  };
  const reportAll = (expression: ts.Expression | undefined): void => {
    if (!expression) return;
    for (const literal of valueLiterals(expression)) report(literal, shownText(literal));
  };

  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      const words = node.text.replace(/\s+/g, ' ').trim();
      if (LETTER.test(words)) report(node, words);
    } else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      reportAll(node.expression);
    } else if (ts.isJsxAttribute(node) && isWordAttribute(node.name.getText(source)) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) reportAll(value);
      else if (ts.isJsxExpression(value)) reportAll(value.expression);
    } else if (ts.isCallExpression(node) && isToastCall(node)) {
      reportAll(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
