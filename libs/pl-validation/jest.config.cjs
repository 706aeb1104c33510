module.exports = { ...require('../../jest.preset.cjs'), displayName: 'pl-validation', rootDir: __dirname };
