import { describe, expect, it } from 'vitest';
import { expectLinear, growthRatio } from './growth.ts';

// A linear scan and a quadratic one (every position rescans what came before it), on the same input.
function linearScan(s: string): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += s.charCodeAt(i);
  return sum;
}
function quadraticScan(s: string): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) for (let j = 0; j < i; j++) sum += s.charCodeAt(j) & 1;
  return sum;
}

describe('growthRatio', () => {
  it('passes a linear scan', () => {
    expectLinear((n) => 'a'.repeat(n), linearScan, { size: 1024, what: 'linear scan' });
  });

  it('tells a quadratic scan from a linear one', () => {
    const ratio = growthRatio((n) => 'a'.repeat(n), quadraticScan, { size: 1024, tries: 3 });
    expect(ratio).toBeGreaterThan(64); // 16 × the input: about 256 × the time
  });
});
