import { describe, expect, it } from 'vitest';
import { loadScreen } from './routeParts.tsx';

describe('loadScreen', () => {
  it('asks once more when the first request for a screen’s code fails', async () => {
    const answers = [
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      Promise.resolve('Screen'),
    ];
    let asked = 0;
    await expect(loadScreen(() => answers[asked++]!, 1)).resolves.toBe('Screen');
    expect(asked).toBe(2);
  });

  it('asks only once when the first request succeeds', async () => {
    let asked = 0;
    await expect(loadScreen(async () => (asked++, 'Screen'), 1)).resolves.toBe('Screen');
    expect(asked).toBe(1);
  });

  it('gives up after the second failure, with its error, for the route to show', async () => {
    let asked = 0;
    const failure = loadScreen(async () => {
      asked++;
      throw new TypeError(`attempt ${asked}`);
    }, 1);
    await expect(failure).rejects.toThrow('attempt 2');
    expect(asked).toBe(2);
  });
});
