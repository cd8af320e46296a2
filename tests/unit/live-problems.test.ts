/**
 * What a live example tells the reader about the problems of their code
 * (src/plugins/live-examples/LiveService/Live/problems.ts), and where the editor underlines
 * them (Live/lint.ts), with no browser: one item per problem, a syntax error never called a
 * type error, TypeScript's finding on the failed line told inside that line's item, and a
 * sentence on whether the code ran that never contradicts the run.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {TypeDiagnostic} from '../../src/plugins/live-examples/LiveService/protocol';
import {problemsOf} from '../../src/plugins/live-examples/LiveService/Live/problems';
import type {Banner} from '../../src/plugins/live-examples/LiveService/Live/reducer';
import type {Types} from '../../src/plugins/live-examples/LiveService/Live/useTypeCheck';
import {diagnosticsOf} from '../../src/plugins/live-examples/LiveService/Live/lint';

const CODE = "const orders = [{customer: 'ada', amount: '30'}];\n";
const stringForNumber: TypeDiagnostic = {
  kind: 'type',
  line: 5,
  column: 29,
  from: 120,
  to: 126,
  message: "Type 'string' is not assignable to type 'number'.",
  code: 2322,
};
const checked = (errors: TypeDiagnostic[], code = CODE, count = errors.length): Types => ({
  state: 'checked',
  code,
  errors,
  count,
  ms: 12,
});
const threw: Banner = {
  from: 'run',
  phase: 'runtime',
  line: 30,
  message: 'Sum, Min and Max reduce numbers only.',
};

test("amount: '30' tells one story: the runtime error and the type error, each once, and nothing says the code ran", () => {
  const {problems, verdict} = problemsOf(threw, checked([stringForNumber]), null);
  assert.deepEqual(
    problems.map((p) => p.text),
    [
      'Runtime error at line 30: Sum, Min and Max reduce numbers only.',
      "Type error at line 5, column 29: Type 'string' is not assignable to type 'number'. (TS2322)",
    ],
  );
  assert.deepEqual(
    problems.map((p) => p.failedRun),
    [true, false],
  );
  // The status line says the code did not run; no sentence here says it ran all the same.
  assert.equal(verdict, null);
});

test('a type error on the line where the run failed is the same problem: one item, both messages', () => {
  const missing: TypeDiagnostic = {
    ...stringForNumber,
    line: 12,
    column: 39,
    message: "Property 'getFirst' does not exist on type 'Values<Order>'.",
    code: 2339,
  };
  const {problems} = problemsOf(
    {from: 'run', phase: 'runtime', line: 12, message: 'orders.getFirst is not a function'},
    checked([missing]),
    null,
  );
  assert.deepEqual(
    problems.map((p) => p.text),
    [
      "Runtime error at line 12: orders.getFirst is not a function — TypeScript: Property 'getFirst' does not exist on type 'Values<Order>'. (TS2339)",
    ],
  );
});

test('a syntax error is called a syntax error, from the transpiler on Run as from TypeScript', () => {
  const run = problemsOf(
    {from: 'run', phase: 'compile', line: 3, column: 29, message: 'Unexpected token'},
    {state: 'idle'},
    null,
  );
  assert.deepEqual(
    run.problems.map((p) => [p.kind, p.text]),
    [['syntax', 'Syntax error at line 3, column 29: Unexpected token']],
  );
  const typed = problemsOf(
    null,
    checked([{kind: 'syntax', line: 3, column: 29, message: 'Expression expected.', code: 1109}]),
    'an older version',
  );
  assert.deepEqual(
    typed.problems.map((p) => p.text),
    ['Syntax error at line 3, column 29: Expression expected. (TS1109)'],
  );
  assert.equal(typed.verdict, 'The code does not parse: Run will stop at its first syntax error.');
});

test('type errors of the code that ran say it ran all the same; of code not run yet, that they will not stop it', () => {
  assert.equal(
    problemsOf(null, checked([stringForNumber]), CODE).verdict,
    'The code ran all the same: TypeScript’s errors do not stop it, as with tsx.',
  );
  assert.equal(
    problemsOf(null, checked([stringForNumber]), 'an older version').verdict,
    'Type errors do not stop the code from running, as with tsx.',
  );
  const many = problemsOf(null, checked([stringForNumber], CODE, 23), CODE);
  assert.equal(many.more, 22);
});

test('no problem, no item and nothing to say; a download failure or a stop is not a problem of the code', () => {
  assert.deepEqual(problemsOf(null, checked([]), CODE), {problems: [], more: 0, verdict: null});
  for (const banner of [
    {from: 'run', phase: 'load', message: 'The runtime could not be downloaded.'},
    {from: 'stop', phase: 'runtime', message: 'Stopped.'},
    {from: 'write', phase: 'runtime', message: 'Refused.'},
  ] satisfies Banner[]) {
    assert.deepEqual(problemsOf(banner, {state: 'loading'}, null).problems, []);
  }
});

test('the editor underlines each problem where TypeScript places it, at least one character wide', () => {
  const code = 'const a: number = "x";\nfoo(\n';
  assert.deepEqual(
    diagnosticsOf({
      code,
      errors: [
        {kind: 'type', line: 1, column: 7, from: 6, to: 7, message: 'Not a number.', code: 2322},
        {
          kind: 'syntax',
          line: 3,
          column: 1,
          from: code.length,
          to: code.length,
          message: "')' expected.",
          code: 1005,
        },
        {kind: 'type', message: 'A missing lib.', code: 2318},
      ],
    }),
    [
      {from: 6, to: 7, severity: 'error', source: 'Type error TS2322', message: 'Not a number.'},
      {
        from: code.length,
        to: code.length,
        severity: 'error',
        source: 'Syntax error TS1005',
        message: "')' expected.",
      },
      {from: 0, to: 1, severity: 'error', source: 'Type error TS2318', message: 'A missing lib.'},
    ],
  );
});

test('once the code that failed is edited, its syntax error is left to TypeScript, which checked the new code, and a runtime error is told as the last Run’s', () => {
  const syntax: Banner = {from: 'run', phase: 'compile', line: 3, message: 'Unexpected token'};
  const fixed = `${CODE}// fixed\n`;
  // The editor's code is the code that failed: the run speaks.
  const same = problemsOf(syntax, checked([], CODE), null, {failed: CODE, editor: CODE});
  assert.deepEqual(
    same.problems.map((p) => p.text),
    ['Syntax error at line 3: Unexpected token'],
  );
  // Edited, and TypeScript has checked the edited code and found nothing: nothing is listed.
  const gone = problemsOf(syntax, checked([], fixed), null, {failed: CODE, editor: fixed});
  assert.deepEqual(gone.problems, []);
  // Edited, TypeScript not yet done with the edit: the last Run's error, named as such.
  const waiting = problemsOf(syntax, checked([], CODE), null, {failed: CODE, editor: fixed});
  assert.deepEqual(
    waiting.problems.map((p) => p.text),
    ['Last Run: Syntax error at line 3: Unexpected token'],
  );
  // A runtime error stays, as the last Run's, beside TypeScript's findings on the new code.
  const runtime = problemsOf(threw, checked([stringForNumber], fixed), null, {
    failed: CODE,
    editor: fixed,
  });
  assert.deepEqual(
    runtime.problems.map((p) => p.text),
    [
      'Last Run: Runtime error at line 30: Sum, Min and Max reduce numbers only.',
      "Type error at line 5, column 29: Type 'string' is not assignable to type 'number'. (TS2322)",
    ],
  );
});
