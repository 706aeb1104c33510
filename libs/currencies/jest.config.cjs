module.exports = { ...require('../../jest.preset.cjs'), displayName: 'currencies', rootDir: __dirname };
