// jsdom lacks a few globals React Router 7, Apollo Client 4 and MUI need; copy Node's own onto the window.
const { TestEnvironment } = require('jest-environment-jsdom');
const { TextDecoder, TextEncoder } = require('node:util');

class StudioJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    if (!g.TextEncoder) g.TextEncoder = TextEncoder;
    if (!g.TextDecoder) g.TextDecoder = TextDecoder;
    if (!g.structuredClone) g.structuredClone = globalThis.structuredClone;
  }
}

module.exports = StudioJsdomEnvironment;
