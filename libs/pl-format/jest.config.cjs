module.exports = { ...require('../../jest.preset.cjs'), displayName: 'pl-format', rootDir: __dirname };
