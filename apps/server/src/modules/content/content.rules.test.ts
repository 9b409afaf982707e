import { describe, expect, it } from 'vitest';
import { summarize } from './content.rules';

describe('notice summaries', () => {
  it.each([
    ['<h2>Deposits</h2><p>After you submit.</p>', 'Deposits After you submit.'],
    ['<p>One<br>two</p><ul><li>a</li><li>b</li></ul>', 'One two a b'],
    ['<p>Fish &amp; chips &lt;3 &#169; &#x4e2d;</p>', 'Fish & chips <3 © 中'],
  ])('%s -> %s', (html, text) => {
    expect(summarize(html)).toBe(text);
  });

  it('cuts long text at a word with an ellipsis', () => {
    const long = `<p>${'word '.repeat(100)}</p>`;
    const summary = summarize(long, 30);
    expect(summary.length).toBeLessThanOrEqual(31);
    expect(summary.endsWith('…')).toBe(true);
  });
});
