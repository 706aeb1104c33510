const preset = require('../../jest.preset.cjs');

// Unit tests of the chaos suite's pure parts (arguments, bookkeeping, report); the suite itself
// starts a stack and never runs in npm test.
module.exports = {
  ...preset,
  displayName: 'chaos',
  rootDir: __dirname,
  moduleFileExtensions: [...preset.moduleFileExtensions, 'cjs'],
};
