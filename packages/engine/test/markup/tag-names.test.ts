// sharedTagName hands back the name it is given, as one kept string per name, and stays bounded.
import { describe, expect, it } from 'vitest';
import { sharedTagName } from '../../src/markup/tag-names.js';

describe('sharedTagName', () => {
  it('gives back an equal name, for built-in and custom elements alike', () => {
    for (const name of ['div', 'h1', 'my-widget', '__proto__', 'constructor', 'toString', 'a']) {
      expect(sharedTagName(name.split('').join(''))).toBe(name);
      expect(sharedTagName(name)).toBe(name);
    }
  });

  it('still answers once more names were seen than it keeps', () => {
    for (let i = 0; i < 3000; i++) expect(sharedTagName(`x-element-${i}`)).toBe(`x-element-${i}`);
    expect(sharedTagName('div')).toBe('div');
  });
});
