module.exports = { ...require('../../jest.preset.cjs'), displayName: 'finance', rootDir: __dirname };
