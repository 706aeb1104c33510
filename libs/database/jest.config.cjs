module.exports = { ...require('../../jest.preset.cjs'), displayName: 'database', rootDir: __dirname };
