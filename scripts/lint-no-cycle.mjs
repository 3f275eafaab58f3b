/**
 * The ESLint rule `kafue/no-cycle`: no module imports itself through others, type-only imports
 * included. import-x/no-cycle skips `import type` (it cannot fail at run time), but a cycle of
 * types still ties together modules the layers keep apart, and hides the next cycle that is not
 * type-only. Imports are read and resolved as TypeScript reads them (its pre-processor and module
 * resolution, with the linted file's compiler options), packages in node_modules left out.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

/** For files without a TypeScript program (plain JavaScript). */
const defaultOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true };

/** The imports of each file, per compiler options (the lint of one program reads each file once). */
const graphs = new WeakMap();

function importsOf(file, options) {
  let graph = graphs.get(options);
  if (!graph) graphs.set(options, (graph = new Map()));
  let imports = graph.get(file);
  if (imports) return imports;
  imports = [];
  graph.set(file, imports);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return imports;
  }
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolve(fileName, file, options);
    if (target) imports.push(target);
  }
  return imports;
}

function resolve(specifier, from, options) {
  const resolved = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule?.resolvedFileName;
  return resolved && !resolved.includes('/node_modules/') && !resolved.endsWith('.d.ts') ? resolved : undefined;
}

/** The shortest chain of imports from `start` back to `file`, or undefined. */
function pathBack(start, file, options) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const current = queue.shift();
    for (const next of importsOf(current, options)) {
      if (next === file) {
        const chain = [current];
        for (let at = previous.get(current); at; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    messages: { cycle: 'Import cycle: {{chain}}' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const options = context.sourceCode.parserServices?.program?.getCompilerOptions() ?? defaultOptions;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolve(specifier, file, options);
      if (!target || target === file) return;
      const chain = pathBack(target, file, options);
      if (chain) {
        const names = [file, ...chain, file].map((f) => relative(context.cwd, f));
        context.report({ node, messageId: 'cycle', data: { chain: names.join(' -> ') } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'kafue' }, rules: { 'no-cycle': noCycle } };
