// The feature folders of server/features/ form a ladder: a feature may build on another, never both on each other
// (through however many others). Shared infrastructure goes to a kernel every feature may use (mail/, links/, live/,
// dinner/) or to contract/. Run by `npm run lint` on server/features/ alone, so that only imports between feature
// folders count (the composition root and the tests import every feature); tests/lint/feature-cycles.test.ts plants a
// cycle to show that it is caught.
const base = require('../../.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-folder-cycles',
      severity: 'error',
      comment:
        'Two feature folders import each other, directly or through others: move what both need to a kernel or contract/.',
      scope: 'folder',
      from: { path: '^server/features/[^/]+' },
      to: { circular: true },
    },
  ],
  options: { ...base.options, includeOnly: '^server/features/' },
};
