// Babel options for dependency-cruiser only (see .dependency-cruiser.cjs). TypeScript 7 has no compiler API that
// dependency-cruiser could use, so Babel parses the TypeScript and hands dependency-cruiser nothing but the
// module's imports, as plain JavaScript: `import 'x';` for every static import or re-export (type-only ones
// included, as tsc with tsPreCompilationDeps counts them) and `import('x');` for every dynamic import with a
// literal path. Only parsing, and no Babel traversal of the whole file, keeps a run over the tree fast.

const SKIPPED_KEYS = new Set([
  'loc',
  'start',
  'end',
  'extra',
  'comments',
  'leadingComments',
  'trailingComments',
  'innerComments',
]);

function collect(node, statics, dynamics) {
  if (Array.isArray(node)) {
    for (const child of node) collect(child, statics, dynamics);
    return;
  }
  if (!node || typeof node.type !== 'string') return;
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
      statics.add(node.source.value);
      break;
    case 'ExportNamedDeclaration':
      if (node.source) statics.add(node.source.value);
      break;
    case 'TSExternalModuleReference': // import x = require('y')
      statics.add(node.expression.value);
      break;
    case 'TSImportType': // type T = import('y').T
      statics.add((node.argument.literal ?? node.argument).value);
      break;
    case 'CallExpression': {
      const [argument] = node.arguments;
      if (node.callee.type === 'Import' && argument?.type === 'StringLiteral') dynamics.add(argument.value);
      if (node.callee.type === 'Import' && argument?.type === 'TemplateLiteral' && argument.expressions.length === 0)
        dynamics.add(argument.quasis[0].value.cooked);
      break;
    }
  }
  for (const key of Object.keys(node))
    if (!SKIPPED_KEYS.has(key) && node[key] && typeof node[key] === 'object') collect(node[key], statics, dynamics);
}

const dependenciesOnly = () => ({
  name: 'dependencies-only',
  // Per file: JSX only in .tsx (in a .ts file `<T>value` is a type assertion).
  manipulateOptions(options, parserOptions) {
    parserOptions.plugins.push('typescript');
    if (options.filename?.endsWith('.tsx')) parserOptions.plugins.push('jsx');
  },
  parserOverride(code, parserOptions, parse) {
    const statics = new Set();
    const dynamics = new Set();
    collect(parse(code, parserOptions).program, statics, dynamics);
    const lines = [
      ...[...statics].map((source) => `import ${JSON.stringify(source)};`),
      ...[...dynamics].map((source) => `import(${JSON.stringify(source)});`),
    ];
    return parse(lines.join('\n'), parserOptions);
  },
});

module.exports = {
  babelrc: false,
  configFile: false,
  comments: false,
  sourceType: 'module',
  plugins: [dependenciesOnly],
};
