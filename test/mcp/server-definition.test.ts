import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidBearerToken, toMcpServerDefinition } from '../../src/mastra/mcp/server-definition.js';

describe('stored server → @mastra/mcp server definition', () => {
  it('[mcp.transport.stdio] passes command, args, env and timeout as stored, and nothing else', () => {
    const def = toMcpServerDefinition(
      { type: 'stdio', command: 'node', args: ['srv.mjs', '--x'], env: { A: '1' }, timeout: 1234, tools: { t: { description: 'd' } } },
      undefined,
      'pipe',
    );
    expect(def).toEqual({ command: 'node', args: ['srv.mjs', '--x'], env: { A: '1' }, timeout: 1234, stderr: 'pipe' });
    expect(toMcpServerDefinition({ type: 'stdio', command: 'srv' }, undefined, 'inherit')).toEqual({ command: 'srv', stderr: 'inherit' });
  });

  it('[mcp.transport.http] passes url (parsed) and timeout; a token adds only the Authorization header', () => {
    const plain = toMcpServerDefinition({ type: 'http', url: 'https://docs.example.test/mcp?x=1', timeout: 900 }, undefined, 'inherit');
    expect(plain).toEqual({ url: new URL('https://docs.example.test/mcp?x=1'), timeout: 900 });
    const withToken = toMcpServerDefinition({ type: 'http', url: 'https://docs.example.test/mcp' }, 'abc', 'inherit', 5000);
    expect(withToken).toEqual({
      url: new URL('https://docs.example.test/mcp'),
      connectTimeout: 5000,
      requestInit: { headers: { Authorization: 'Bearer abc' } },
    });
  });

  it('[mcp.auth.token-syntax] accepts exactly RFC 6750 b64tokens', () => {
    const b64char = fc.constantFrom(...'ABCXYZabcxyz0189-._~+/'.split(''));
    fc.assert(
      fc.property(fc.array(b64char, { minLength: 1, maxLength: 40 }), fc.nat({ max: 3 }), (chars, pad) => {
        expect(isValidBearerToken(chars.join('') + '='.repeat(pad))).toBe(true);
      }),
    );
    // Any character outside the b64token alphabet, anywhere, makes a token unusable.
    fc.assert(
      fc.property(
        fc.array(b64char, { maxLength: 10 }),
        fc.constantFrom(' ', '\r', '\n', '\t', ',', '"', ':', '@', '\u00e9', '\u0000'),
        fc.array(b64char, { maxLength: 10 }),
        (before, bad, after) => {
          expect(isValidBearerToken(`${before.join('')}${bad}${after.join('')}`)).toBe(false);
        },
      ),
    );
    for (const bad of ['', '=', 'a b', 'tok\r\nX: y', '=abc', 'a=b']) expect(isValidBearerToken(bad)).toBe(false);
  });
});
