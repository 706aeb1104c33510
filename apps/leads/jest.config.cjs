module.exports = { ...require('../../jest.preset.cjs'), displayName: 'leads', rootDir: __dirname };
