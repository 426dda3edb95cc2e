/** Web component tests: Jest + Testing Library in jsdom (see test/jsdom-env.cjs). */
module.exports = {
  rootDir: __dirname,
  testEnvironment: '<rootDir>/test/jsdom-env.cjs',
  // jsdom's own condition, plus the TypeScript source of @studio/rules (the field rules shared with the API).
  testEnvironmentOptions: { customExportConditions: ['browser', '@studio/source'] },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.(css)$': 'identity-obj-proxy',
  },
  clearMocks: true,
  restoreMocks: true,
};
