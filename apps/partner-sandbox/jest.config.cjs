module.exports = { ...require('../../jest.preset.cjs'), displayName: 'partner-sandbox', rootDir: __dirname };
